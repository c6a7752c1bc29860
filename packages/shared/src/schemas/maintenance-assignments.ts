import { z } from 'zod';
import { ZId, ZIsoDate, ZQueryBoolean } from './common';
import { ASSIGNMENT_STRATEGIES, ZTypeRef } from './maintenance';

// Who gets a request of each type: assignees, watchers and the auto-assignment settings.

export const ZAssignmentSettings = z.object({
  autoAssign: z.boolean(),
  strategy: z.enum(ASSIGNMENT_STRATEGIES),
  notifyWatchers: z.boolean(),
  slaHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .nullable(),
});
export type AssignmentSettings = z.infer<typeof ZAssignmentSettings>;
export const DEFAULT_ASSIGNMENT_SETTINGS: AssignmentSettings = {
  autoAssign: true,
  strategy: 'round_robin',
  notifyWatchers: true,
  slaHours: null,
};

export const ZPersonSummary = z.object({
  _id: ZId,
  name: z.string(),
  email: z.string(),
});
export type PersonSummary = z.infer<typeof ZPersonSummary>;

export const ZAssignmentDto = z.object({
  _id: ZId,
  company: ZId,
  maintenanceType: z.object({ _id: ZId, name: z.string(), key: z.string(), isActive: z.boolean() }),
  isActive: z.boolean(),
  assignees: z.array(
    z.object({
      userId: ZId,
      isActive: z.boolean(),
      name: z.string(),
      email: z.string(),
      /** Open requests assigned to this person (all types). */
      openCount: z.number().int(),
    }),
  ),
  watchers: z.array(ZPersonSummary),
  settings: ZAssignmentSettings,
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type AssignmentDto = z.infer<typeof ZAssignmentDto>;

export const ZAssignmentSaveBody = z.object({
  companyId: ZId,
  maintenanceType: ZTypeRef,
  assignees: z
    .array(z.union([ZId, z.object({ userId: ZId, isActive: z.boolean().default(true) })]))
    .max(50)
    .default([]),
  watchers: z.array(ZId).max(50).default([]),
  settings: ZAssignmentSettings.partial().default({}),
  isActive: z.boolean().optional(),
});
export type AssignmentSaveBody = z.infer<typeof ZAssignmentSaveBody>;
export type AssignmentSaveInput = z.input<typeof ZAssignmentSaveBody>;

export const ZAssignmentSettingsBody = z.object({ settings: ZAssignmentSettings.partial() });
export const ZUserIdBody = z.object({ userId: ZId });
export const ZIsActiveBody = z.object({ isActive: z.boolean() });
export const ZAssignmentsQuery = z.object({ isActive: ZQueryBoolean.optional() });
export const ZAssignmentTypeParams = z.object({ companyId: ZId, type: ZTypeRef });
export const ZAssignmentUserParams = z.object({ id: ZId, userId: ZId });

export const ZAvailableUserDto = z.object({
  _id: ZId,
  name: z.string(),
  email: z.string(),
  role: z.string(),
});
export type AvailableUserDto = z.infer<typeof ZAvailableUserDto>;
