import { z } from 'zod';
import { ZId, ZIsoDate, ZName, ZQueryBoolean } from './common';
import { type MaintenancePriority, ZMaintenancePriority, ZText } from './maintenance';

// Maintenance types (the categories of requests), with their SLA and default priority.

export const ZMaintenanceTypeDto = z.object({
  _id: ZId,
  company: ZId,
  name: z.string(),
  key: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  slaHours: z.number().int(),
  defaultPriority: ZMaintenancePriority,
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type MaintenanceTypeDto = z.infer<typeof ZMaintenanceTypeDto>;

export const ZMaintenanceTypeCreateBody = z.object({
  name: ZName,
  key: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes')
    .max(40)
    .optional(),
  description: ZText(500).optional(),
  isActive: z.boolean().optional(),
  slaHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .optional(),
  defaultPriority: ZMaintenancePriority.optional(),
});
export type MaintenanceTypeCreateBody = z.infer<typeof ZMaintenanceTypeCreateBody>;
export const ZMaintenanceTypeUpdateBody = ZMaintenanceTypeCreateBody.partial();
export type MaintenanceTypeUpdateBody = z.infer<typeof ZMaintenanceTypeUpdateBody>;

export const ZMaintenanceTypesQuery = z.object({ isActive: ZQueryBoolean.optional() });
export const ZCompanyIdParams = z.object({ companyId: ZId });
export const ZCreateDefaultsBody = z.object({ companyId: ZId });

export const DEFAULT_MAINTENANCE_TYPES: readonly {
  key: string;
  name: string;
  description: string;
  slaHours: number;
  defaultPriority: MaintenancePriority;
}[] = [
  {
    key: 'plumbing',
    name: 'Plumbing',
    description: 'Leaks, taps, drains, toilets and water heaters',
    slaHours: 24,
    defaultPriority: 'high',
  },
  {
    key: 'electrical',
    name: 'Electrical',
    description: 'Wiring, switches, sockets, lights and power cuts',
    slaHours: 24,
    defaultPriority: 'high',
  },
  {
    key: 'carpentry',
    name: 'Carpentry',
    description: 'Doors, windows, cupboards and furniture',
    slaHours: 72,
    defaultPriority: 'medium',
  },
  {
    key: 'painting',
    name: 'Painting',
    description: 'Walls, ceilings, damp patches and touch-ups',
    slaHours: 168,
    defaultPriority: 'low',
  },
  {
    key: 'appliance',
    name: 'Appliance',
    description: 'Fridge, washing machine, geyser, AC and other appliances',
    slaHours: 48,
    defaultPriority: 'medium',
  },
  {
    key: 'pest-control',
    name: 'Pest control',
    description: 'Cockroaches, termites, rodents and mosquitoes',
    slaHours: 72,
    defaultPriority: 'medium',
  },
  {
    key: 'cleaning',
    name: 'Cleaning',
    description: 'Common areas, deep cleaning and garbage',
    slaHours: 48,
    defaultPriority: 'low',
  },
  {
    key: 'hvac',
    name: 'HVAC',
    description: 'Heating, ventilation and air conditioning',
    slaHours: 48,
    defaultPriority: 'medium',
  },
  {
    key: 'lift',
    name: 'Lift',
    description: 'Lift breakdowns and servicing',
    slaHours: 8,
    defaultPriority: 'urgent',
  },
  {
    key: 'security',
    name: 'Security',
    description: 'Locks, gates, CCTV and intercoms',
    slaHours: 24,
    defaultPriority: 'high',
  },
  { key: 'other', name: 'Other', description: 'Anything else', slaHours: 72, defaultPriority: 'medium' },
];
