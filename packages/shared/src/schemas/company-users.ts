import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { isFeature } from '../permissions/features';
import { ZId, ZIsoDate, ZQueryBoolean, zListQuery, zQueryArray } from './common';
import { ZCompanyRole, ZCompanyUserDto, ZFeature, ZUpdateCompanyMemberBody } from './companies';

/**
 * Company users: `/company-users/:id` takes the company-user record id (`_id` of ZCompanyUserDto)
 * and acts in the caller's current company (x-company-id) unless a companyId is given.
 */

const ZText = (max: number) => z.string().trim().max(max);

/** GET /company-users — the current company, or `companyIds[]` (each needs users_read there). */
export const ZCompanyUserListQuery = zListQuery({
  sortBy: ['createdAt', 'joinedAt', 'name', 'email', 'role'],
  defaultSortBy: 'createdAt',
  defaultLimit: PAGE_SIZES.companyUsers,
  defaultSortOrder: 'asc',
}).extend({
  search: ZText(100).optional(),
  role: zQueryArray(ZCompanyRole).optional(),
  isActive: ZQueryBoolean.optional(),
  department: ZText(100).optional(),
  companyIds: zQueryArray(ZId).pipe(z.array(ZId).max(20, 'At most 20 companies')).optional(),
});
export type CompanyUserListQuery = z.infer<typeof ZCompanyUserListQuery>;

/** GET /company-users/by-company?companyId — one company's users (users_read in that company). */
export const ZCompanyUsersByCompanyQuery = ZCompanyUserListQuery.omit({ companyIds: true }).extend({
  companyId: ZId,
});

/** GET /company-users/get-limited — active users only, at most 100; the client caches it 5 minutes. */
export const ZLimitedCompanyUsersQuery = z.object({
  search: ZText(100).optional(),
  role: zQueryArray(ZCompanyRole).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_SIZES.limitedCompanyUsers)
    .default(PAGE_SIZES.limitedCompanyUsers),
});

/** The small shape of a colleague, for pickers (assignees, watchers). */
export const ZCompanyUserSummaryDto = z.object({
  _id: ZId,
  userId: ZId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: ZCompanyRole,
  designation: z.string().nullable(),
  department: z.string().nullable(),
});
export type CompanyUserSummaryDto = z.infer<typeof ZCompanyUserSummaryDto>;

export const ZLimitedCompanyUsers = z.object({
  success: z.literal(true),
  data: z.array(ZCompanyUserSummaryDto),
  /** How long the client may reuse this answer (300000 ms). */
  cacheTtlMs: z.number().int(),
});

export const GOAL_STATUSES = ['not_started', 'in_progress', 'completed', 'cancelled'] as const;
export const ZGoalStatus = z.enum(GOAL_STATUSES);

export const ZCompanyUserGoalDto = z.object({
  _id: ZId,
  companyUserId: ZId,
  title: z.string(),
  description: z.string().nullable(),
  targetValue: z.number().int().nullable(),
  currentValue: z.number().int(),
  unit: z.string().nullable(),
  dueDate: ZIsoDate.nullable(),
  status: ZGoalStatus,
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type CompanyUserGoalDto = z.infer<typeof ZCompanyUserGoalDto>;

const ZGoalValue = z.number().int().min(0).max(1_000_000_000);
const ZGoalFields = z.object({
  title: z.string().trim().min(1, 'Required').max(200),
  description: ZText(2000).nullable(),
  targetValue: ZGoalValue.nullable(),
  currentValue: ZGoalValue,
  unit: ZText(40).nullable(),
  dueDate: z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' }).or(z.iso.date()).nullable(),
  status: ZGoalStatus,
});

/** POST /company-users/:id/goals */
export const ZCompanyUserGoalCreateBody = ZGoalFields.partial().required({ title: true });
export type CompanyUserGoalCreateBody = z.infer<typeof ZCompanyUserGoalCreateBody>;

/** PUT /company-users/:id/goals/:goalId */
export const ZCompanyUserGoalUpdateBody = ZGoalFields.partial().refine(
  (value) => Object.keys(value).length > 0,
  { message: 'Give at least one field to change' },
);
export type CompanyUserGoalUpdateBody = z.infer<typeof ZCompanyUserGoalUpdateBody>;

export const ZCompanyUserNoteDto = z.object({
  _id: ZId,
  companyUserId: ZId,
  content: z.string(),
  author: z.object({ _id: ZId, firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: ZIsoDate,
});
export type CompanyUserNoteDto = z.infer<typeof ZCompanyUserNoteDto>;

/** POST /company-users/:id/notes */
export const ZCompanyUserNoteBody = z.object({
  content: z.string().trim().min(1, 'Required').max(5000),
});

/** GET /company-users/:id — the record with its goals. */
export const ZCompanyUserDetailDto = ZCompanyUserDto.extend({
  goals: z.array(ZCompanyUserGoalDto),
  notesCount: z.number().int(),
  invitedBy: z.object({ _id: ZId, firstName: z.string(), lastName: z.string() }).nullable(),
  lastLoginAt: ZIsoDate.nullable(),
});
export type CompanyUserDetailDto = z.infer<typeof ZCompanyUserDetailDto>;

/**
 * PUT /company-users/:id. A role change resets featurePermissions to the new role's defaults,
 * unless featurePermissions are given or keepPermissions is true.
 */
export const ZCompanyUserUpdateBody = ZUpdateCompanyMemberBody.extend({
  keepPermissions: z.boolean().optional(),
});
export type CompanyUserUpdateBody = z.infer<typeof ZCompanyUserUpdateBody>;

/** PUT /company-users/:id/role */
export const ZCompanyUserRoleBody = z.object({
  role: ZCompanyRole,
  keepPermissions: z.boolean().default(false),
});

/** A permission in the module/actions form; every `module_action` must be a catalogue name. */
export const ZModulePermissionInput = z
  .object({
    module: z.string().trim().min(1).max(40),
    actions: z.array(z.string().trim().min(1).max(20)).min(1).max(10),
  })
  .superRefine((value, ctx) => {
    value.actions.forEach((action, index) => {
      if (!isFeature(`${value.module}_${action}`)) {
        ctx.addIssue({
          code: 'custom',
          path: ['actions', index],
          message: `Unknown permission: ${value.module}_${action}`,
        });
      }
    });
  });

/** PUT /company-users/:id/permissions — catalogue names, or the module/actions form, or both mixed. */
export const ZCompanyUserPermissionsBody = z.object({
  permissions: z.array(z.union([ZFeature, ZModulePermissionInput])).max(60),
});
export type CompanyUserPermissionsBody = z.infer<typeof ZCompanyUserPermissionsBody>;

/**
 * POST /company-users/migrate-permissions — converts the module/actions form to featurePermissions.
 * No body (or null): the caller's own record. `userId`: that user's record. `all: true`: every user of the company.
 */
export const ZMigratePermissionsBody = z
  .object({ userId: ZId.optional(), all: z.boolean().optional() })
  .refine((value) => !(value.userId && value.all), {
    message: 'Give either userId or all, not both',
    path: ['all'],
  })
  .nullish();

export const ZMigratePermissionsResult = z.object({
  /** The featurePermissions of the migrated record (the caller's own with `all`). */
  featurePermissions: z.array(z.string()),
  /** How many records changed. */
  migrated: z.number().int(),
});
export type MigratePermissionsResult = z.infer<typeof ZMigratePermissionsResult>;

/** GET /companies/:id/users/stats */
export const ZCompanyUsersStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  byRole: z.record(z.string(), z.number().int()),
  byDepartment: z.record(z.string(), z.number().int()),
  pendingInvitations: z.number().int(),
  joinedLast30Days: z.number().int(),
  seats: z.object({
    used: z.number().int(),
    /** -1: unlimited. */
    limit: z.number().int(),
    /** null when unlimited; pending invitations hold seats too. */
    remaining: z.number().int().nullable(),
  }),
});
export type CompanyUsersStats = z.infer<typeof ZCompanyUsersStats>;

/** The feature list a permissions body grants (duplicates removed, module form expanded). */
export function featuresOfPermissionsBody(permissions: CompanyUserPermissionsBody['permissions']): string[] {
  const result = new Set<string>();
  for (const entry of permissions) {
    if (typeof entry === 'string') result.add(entry);
    else for (const action of entry.actions) result.add(`${entry.module}_${action}`);
  }
  return [...result];
}
