import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import {
  ZEmail,
  ZId,
  ZIsoDate,
  ZName,
  ZPagePagination,
  ZPhone,
  ZQueryBoolean,
  ZSortOrder,
  zQueryArray,
} from './common';
import { zQueryText } from './properties';

/** Maintenance (spec 02 §3 "Maintenance", §7 calls, §8 messages; issue 12). */

export const MAINTENANCE_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const MAINTENANCE_STATUSES = [
  'open',
  'assigned',
  'in_progress',
  'on_hold',
  'resolved',
  'closed',
  'cancelled',
] as const;
export const MAINTENANCE_SOURCES = ['staff', 'tenant', 'public', 'assignee_portal'] as const;
export const ASSIGNMENT_STRATEGIES = ['round_robin', 'least_open'] as const;

export const ZMaintenancePriority = z.enum(MAINTENANCE_PRIORITIES);
export const ZMaintenanceStatus = z.enum(MAINTENANCE_STATUSES);
export const ZMaintenanceSource = z.enum(MAINTENANCE_SOURCES);
export type MaintenancePriority = z.infer<typeof ZMaintenancePriority>;
export type MaintenanceStatus = z.infer<typeof ZMaintenanceStatus>;
export type MaintenanceSource = z.infer<typeof ZMaintenanceSource>;

/** Statuses in which a request still needs work (and can become overdue). */
export const OPEN_MAINTENANCE_STATUSES: readonly MaintenanceStatus[] = [
  'open',
  'assigned',
  'in_progress',
  'on_hold',
];

/** open → assigned → in_progress ↔ on_hold → resolved → closed; cancelled; reopen from resolved. */
export const MAINTENANCE_TRANSITIONS: Record<MaintenanceStatus, readonly MaintenanceStatus[]> = {
  open: ['assigned', 'in_progress', 'cancelled'],
  assigned: ['open', 'in_progress', 'on_hold', 'cancelled'],
  in_progress: ['on_hold', 'resolved', 'cancelled'],
  on_hold: ['in_progress', 'cancelled'],
  resolved: ['closed', 'in_progress'],
  closed: [],
  cancelled: [],
};

/** What an assignee may set from the portal. */
export const PORTAL_STATUSES = ['in_progress', 'on_hold', 'resolved'] as const;

export function canMoveMaintenance(from: MaintenanceStatus, to: MaintenanceStatus): boolean {
  return MAINTENANCE_TRANSITIONS[from].includes(to);
}

export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  open: 'Open',
  assigned: 'Assigned',
  in_progress: 'In progress',
  on_hold: 'On hold',
  resolved: 'Resolved',
  closed: 'Closed',
  cancelled: 'Cancelled',
};
export const MAINTENANCE_PRIORITY_LABELS: Record<MaintenancePriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export function formatRequestNumber(number: number): string {
  return `MR-${String(number).padStart(6, '0')}`;
}

/** Spec 02 §8, word for word. */
export const MAINTENANCE_MESSAGES = {
  typeCreated: 'Maintenance type created successfully',
  typeUpdated: 'Maintenance type updated successfully',
  typeDeleted: 'Maintenance type deleted successfully',
  typeActivated: 'Maintenance type activated successfully',
  typeDeactivated: 'Maintenance type deactivated successfully',
  defaultsCreated: 'Default maintenance types created successfully',
  assignmentSaved: 'Assignment saved successfully',
  settingsUpdated: 'Settings updated successfully',
  assigneeAdded: 'Assignee added successfully',
  assigneeRemoved: 'Assignee removed successfully',
  assigneeStatusUpdated: 'Assignee status updated successfully',
  watcherAdded: 'Watcher added successfully',
  watcherRemoved: 'Watcher removed successfully',
} as const;

/** Fallbacks shown when the server sends no error text (spec 02 §8). */
export const MAINTENANCE_FALLBACKS = {
  createRequest: 'Failed to create maintenance request',
  fetchRequests: 'Failed to fetch maintenance requests',
  fetchRequest: 'Failed to fetch maintenance request',
  updateRequest: 'Failed to update maintenance request',
  assignRequest: 'Failed to assign maintenance request',
  updateStatus: 'Failed to update request status',
  addComment: 'Failed to add comment',
  addNote: 'Failed to add internal note',
  addMedia: 'Failed to add media',
  fetchStats: 'Failed to fetch maintenance statistics',
  fetchTypes: 'Failed to fetch maintenance types',
  fetchType: 'Failed to fetch maintenance type',
  createType: 'Failed to create maintenance type',
  updateType: 'Failed to update maintenance type',
  deleteType: 'Failed to delete maintenance type',
  toggleType: 'Failed to toggle maintenance type',
  createDefaults: 'Failed to create default maintenance types',
  fetchAssignments: 'Failed to fetch maintenance assignments',
  fetchAssignmentByType: 'Failed to fetch assignment by type',
  saveAssignment: 'Failed to create/update assignment',
  updateSettings: 'Failed to update assignment settings',
  addAssignee: 'Failed to add assignee',
  removeAssignee: 'Failed to remove assignee',
  updateAssigneeStatus: 'Failed to update assignee status',
  addWatcher: 'Failed to add watcher',
  removeWatcher: 'Failed to remove watcher',
  fetchAvailableUsers: 'Failed to fetch available assignees',
} as const;

/** Media: images, short videos and PDFs, told by their bytes. */
export const MAINTENANCE_MEDIA_UPLOAD = {
  field: 'media',
  maxBytes: 20 * 1024 * 1024,
  maxFilesPerRequest: 5,
  maxPerRequest: 30,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm', 'application/pdf'] as const,
} as const;

const ZText = (max: number) => z.string().trim().max(max);
/** An id or a type key (slug). */
export const ZTypeRef = z
  .string()
  .trim()
  .min(1, 'Choose a maintenance type')
  .max(60)
  .regex(/^[a-z0-9-]+$/i, 'Must be a type id or key');

// ---------- Types ----------

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

// ---------- Assignments ----------

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

// ---------- Requests ----------

export const ZMaintenanceMediaDto = z.object({
  _id: ZId,
  kind: z.enum(['image', 'video', 'pdf']),
  url: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  fileName: z.string(),
  uploadedAt: ZIsoDate,
});
export type MaintenanceMediaDto = z.infer<typeof ZMaintenanceMediaDto>;

export const ZMaintenanceCommentDto = z.object({
  _id: ZId,
  text: z.string(),
  author: z.object({
    type: z.enum(['staff', 'tenant', 'public', 'assignee', 'system']),
    userId: ZId.nullable(),
    name: z.string(),
  }),
  createdAt: ZIsoDate,
});
export type MaintenanceCommentDto = z.infer<typeof ZMaintenanceCommentDto>;

export const ZMaintenanceEventDto = z.object({
  _id: ZId,
  kind: z.enum(['created', 'status', 'assigned', 'updated', 'comment', 'note', 'media', 'watchers']),
  visibility: z.enum(['public', 'internal']),
  author: ZMaintenanceCommentDto.shape.author,
  text: z.string().nullable(),
  /** A status name (see MAINTENANCE_STATUSES), or null. */
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: ZIsoDate,
});
export type MaintenanceEventDto = z.infer<typeof ZMaintenanceEventDto>;

/** What a tenant, a portal or public tracking sees of a timeline entry: no internal notes, no status notes. */
export const ZMaintenancePublicEventDto = ZMaintenanceEventDto.omit({ visibility: true, data: true });
export type MaintenancePublicEventDto = z.infer<typeof ZMaintenancePublicEventDto>;

const ZRequestBase = z.object({
  _id: ZId,
  requestNumber: z.string(),
  company: ZId,
  title: z.string(),
  description: z.string(),
  type: z.object({ _id: ZId, name: z.string(), key: z.string() }).nullable(),
  priority: ZMaintenancePriority,
  status: ZMaintenanceStatus,
  source: ZMaintenanceSource,
  property: z.object({ _id: ZId, name: z.string() }),
  rentalUnit: z.object({ _id: ZId, unitNumber: z.string() }).nullable(),
  assignee: z.object({ _id: ZId, name: z.string() }).nullable(),
  dueDate: ZIsoDate.nullable(),
  overdue: z.boolean(),
  resolvedAt: ZIsoDate.nullable(),
  closedAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});

/** A row of the staff list. */
export const ZMaintenanceRequestListItemDto = ZRequestBase.extend({
  assignee: ZPersonSummary.nullable(),
  requester: z.object({
    type: z.enum(['staff', 'tenant', 'public']),
    userId: ZId.nullable(),
    name: z.string(),
  }),
  commentsCount: z.number().int(),
  mediaCount: z.number().int(),
});
export type MaintenanceRequestListItemDto = z.infer<typeof ZMaintenanceRequestListItemDto>;

/** The staff detail: everything, internal notes apart from public comments. */
export const ZMaintenanceRequestDto = ZMaintenanceRequestListItemDto.extend({
  requester: z.object({
    type: z.enum(['staff', 'tenant', 'public']),
    userId: ZId.nullable(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  watchers: z.array(ZPersonSummary),
  comments: z.array(ZMaintenanceCommentDto),
  internalNotes: z.array(ZMaintenanceCommentDto),
  media: z.array(ZMaintenanceMediaDto),
  timeline: z.array(ZMaintenanceEventDto),
  allowedStatuses: z.array(ZMaintenanceStatus),
});
export type MaintenanceRequestDto = z.infer<typeof ZMaintenanceRequestDto>;

/** What tenants, assignee portals and public tracking see: public comments only. */
export const ZMaintenancePublicRequestDto = ZRequestBase.extend({
  comments: z.array(ZMaintenanceCommentDto),
  media: z.array(ZMaintenanceMediaDto),
  timeline: z.array(ZMaintenancePublicEventDto),
});
export type MaintenancePublicRequestDto = z.infer<typeof ZMaintenancePublicRequestDto>;

export const ZMaintenanceRequestCreateBody = z.object({
  title: ZName.max(200),
  description: ZText(5000).default(''),
  type: ZTypeRef,
  priority: ZMaintenancePriority.optional(),
  propertyId: ZId,
  rentalUnitId: ZId.nullable().optional(),
  /** Filed on behalf of someone who is not a user (a phone call, say). */
  requester: z.object({ name: ZName, email: ZEmail.optional(), phone: ZPhone.optional() }).optional(),
  assigneeId: ZId.optional(),
  watcherIds: z.array(ZId).max(50).optional(),
});
export type MaintenanceRequestCreateBody = z.infer<typeof ZMaintenanceRequestCreateBody>;
export type MaintenanceRequestCreateInput = z.input<typeof ZMaintenanceRequestCreateBody>;

export const ZMaintenanceRequestUpdateBody = z.object({
  title: ZName.max(200).optional(),
  description: ZText(5000).optional(),
  type: ZTypeRef.optional(),
  priority: ZMaintenancePriority.optional(),
  rentalUnitId: ZId.nullable().optional(),
  dueDate: z.iso.datetime({ offset: true }).nullable().optional(),
  watcherIds: z.array(ZId).max(50).optional(),
});
export type MaintenanceRequestUpdateBody = z.infer<typeof ZMaintenanceRequestUpdateBody>;

export const ZMaintenanceAssignBody = z.object({ userId: ZId.nullable() });
export const ZMaintenanceStatusBody = z.object({
  status: ZMaintenanceStatus,
  notes: ZText(2000).optional(),
});
export type MaintenanceStatusBody = z.infer<typeof ZMaintenanceStatusBody>;
export const ZMaintenanceCommentBody = z.object({ comment: ZText(5000).min(1, 'Write a comment') });
export const ZMaintenanceNoteBody = z.object({ note: ZText(5000).min(1, 'Write a note') });
export const ZPortalStatusBody = z.object({
  status: z.enum(PORTAL_STATUSES),
  notes: ZText(2000).optional(),
});

export const MAINTENANCE_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'dueDate',
  'priority',
  'requestNumber',
  'status',
] as const;

export const ZMaintenanceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.maintenanceRequests),
  sortBy: z.enum(MAINTENANCE_SORT_FIELDS).default('createdAt'),
  sortOrder: ZSortOrder.default('desc'),
  status: zQueryArray(ZMaintenanceStatus).optional(),
  priority: zQueryArray(ZMaintenancePriority).optional(),
  type: ZTypeRef.optional(),
  propertyId: ZId.optional(),
  rentalUnitId: ZId.optional(),
  /** A user id, or `unassigned`. */
  assignee: z.union([ZId, z.literal('unassigned')]).optional(),
  source: ZMaintenanceSource.optional(),
  overdue: ZQueryBoolean.optional(),
  search: zQueryText(100),
});
export type MaintenanceListQuery = z.infer<typeof ZMaintenanceListQuery>;
/** What a screen sends to GET /maintenance/requests (all optional). */
export interface MaintenanceListFilters {
  page?: number;
  limit?: number;
  sortBy?: (typeof MAINTENANCE_SORT_FIELDS)[number];
  sortOrder?: 'asc' | 'desc';
  status?: MaintenanceStatus[];
  priority?: MaintenancePriority[];
  type?: string;
  propertyId?: string;
  rentalUnitId?: string;
  assignee?: string;
  source?: MaintenanceSource;
  overdue?: 'true' | 'false';
  search?: string;
}

export type PagePagination = z.infer<typeof ZPagePagination>;

export function makePagePagination(page: number, limit: number, totalItems: number): PagePagination {
  return {
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(totalItems / limit)),
    totalItems,
    itemsPerPage: limit,
  };
}

/** `{ success, data: [...], pagination: { currentPage, totalPages, totalItems, itemsPerPage } }` */
export function zOkPageList<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    pagination: ZPagePagination,
    message: z.string().optional(),
  });
}

export const ZMaintenanceStatsDto = z.object({
  total: z.number().int(),
  open: z.number().int(),
  overdue: z.number().int(),
  byStatus: z.record(ZMaintenanceStatus, z.number().int()),
  byPriority: z.record(ZMaintenancePriority, z.number().int()),
  byType: z.array(z.object({ typeId: ZId.nullable(), name: z.string(), count: z.number().int() })),
  bySource: z.record(ZMaintenanceSource, z.number().int()),
  /** Hours from creation to resolution, over resolved and closed requests. */
  averageResolutionHours: z.number().nullable(),
  p90ResolutionHours: z.number().nullable(),
  byMonth: z.array(z.object({ month: z.string(), created: z.number().int(), resolved: z.number().int() })),
});
export type MaintenanceStatsDto = z.infer<typeof ZMaintenanceStatsDto>;

export const ZRequestParams = z.object({ id: ZId });
export const ZMediaFileParams = z.object({ mediaId: ZId });

// ---------- Assignee codes and the portal ----------

export const ZAssigneeCodeDto = z.object({
  assigneeCode: z.string(),
  userId: ZId,
  companyId: ZId,
  portalUrl: z.string(),
  createdAt: ZIsoDate,
});
export type AssigneeCodeDto = z.infer<typeof ZAssigneeCodeDto>;

export const ZAssigneeCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{8,64}$/, 'Invalid assignee code');
export const ZPortalParams = z.object({ code: ZAssigneeCode });
export const ZPortalRequestParams = z.object({ code: ZAssigneeCode, id: ZId });

export const ZAssigneePortalDto = z.object({
  assignee: z.object({ _id: ZId, name: z.string() }),
  company: z.object({ _id: ZId, name: z.string() }),
  open: z.array(ZMaintenancePublicRequestDto),
  recent: z.array(ZMaintenancePublicRequestDto),
});
export type AssigneePortalDto = z.infer<typeof ZAssigneePortalDto>;

// ---------- Public ticket forms ----------

export const ZTicketFormDto = z.object({
  _id: ZId,
  company: ZId,
  name: z.string(),
  enabled: z.boolean(),
  propertyIds: z.array(ZId),
  typeIds: z.array(ZId),
  intro: z.string(),
  publicUrl: z.string(),
  ticketCount: z.number().int(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TicketFormDto = z.infer<typeof ZTicketFormDto>;

export const ZTicketFormBody = z.object({
  name: ZName,
  enabled: z.boolean().default(true),
  propertyIds: z.array(ZId).min(1, 'Choose at least one property').max(200),
  typeIds: z.array(ZId).max(100).default([]),
  intro: ZText(1000).default(''),
});
export type TicketFormBody = z.infer<typeof ZTicketFormBody>;
export type TicketFormInput = z.input<typeof ZTicketFormBody>;
export const ZTicketFormUpdateBody = z.object({
  name: ZName.optional(),
  enabled: z.boolean().optional(),
  propertyIds: z.array(ZId).min(1, 'Choose at least one property').max(200).optional(),
  typeIds: z.array(ZId).max(100).optional(),
  intro: ZText(1000).optional(),
});
export type TicketFormUpdateBody = z.infer<typeof ZTicketFormUpdateBody>;

export const ZPublicTicketFormDto = z.object({
  _id: ZId,
  name: z.string(),
  intro: z.string(),
  companyName: z.string(),
  properties: z.array(
    z.object({
      _id: ZId,
      name: z.string(),
      city: z.string(),
      units: z.array(z.object({ _id: ZId, unitNumber: z.string() })),
    }),
  ),
  types: z.array(z.object({ _id: ZId, name: z.string(), key: z.string(), description: z.string() })),
});
export type PublicTicketFormDto = z.infer<typeof ZPublicTicketFormDto>;

export const ZFormIdParams = z.object({ formId: ZId });
export const ZTrackingParams = z.object({
  trackingToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid tracking link'),
});

export const ZPublicTicketBody = z.object({
  name: ZName,
  email: ZEmail,
  phone: ZPhone.optional(),
  propertyId: ZId,
  rentalUnitId: ZId.nullable().optional(),
  type: ZTypeRef,
  title: ZName.max(200),
  description: ZText(5000).default(''),
  /** Honeypot: people leave it empty; a filled one is treated as a bot. */
  website: z.string().max(200).optional(),
});
export type PublicTicketBody = z.infer<typeof ZPublicTicketBody>;
export type PublicTicketInput = z.input<typeof ZPublicTicketBody>;

export const ZPublicTicketCreatedDto = z.object({
  ticketNumber: z.string(),
  trackingToken: z.string(),
  trackingUrl: z.string(),
});
export type PublicTicketCreatedDto = z.infer<typeof ZPublicTicketCreatedDto>;

export const ZPublicTicketTrackingDto = z.object({
  ticketNumber: z.string(),
  title: z.string(),
  status: ZMaintenanceStatus,
  priority: ZMaintenancePriority,
  companyName: z.string(),
  propertyName: z.string(),
  unitNumber: z.string().nullable(),
  type: z.string().nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  resolvedAt: ZIsoDate.nullable(),
  comments: z.array(ZMaintenanceCommentDto),
  timeline: z.array(ZMaintenancePublicEventDto),
});
export type PublicTicketTrackingDto = z.infer<typeof ZPublicTicketTrackingDto>;

// ---------- Tenant side ----------

export const ZTenantMaintenanceOptionsDto = z.object({
  units: z.array(
    z.object({
      tenantId: ZId,
      companyId: ZId,
      companyName: z.string(),
      propertyId: ZId,
      propertyName: z.string(),
      rentalUnitId: ZId,
      unitNumber: z.string(),
      types: z.array(z.object({ _id: ZId, name: z.string(), key: z.string() })),
    }),
  ),
});
export type TenantMaintenanceOptionsDto = z.infer<typeof ZTenantMaintenanceOptionsDto>;

export const ZTenantRequestCreateBody = z.object({
  rentalUnitId: ZId,
  type: ZTypeRef,
  title: ZName.max(200),
  description: ZText(5000).default(''),
  priority: ZMaintenancePriority.optional(),
});
export type TenantRequestCreateBody = z.infer<typeof ZTenantRequestCreateBody>;
export type TenantRequestCreateInput = z.input<typeof ZTenantRequestCreateBody>;

export const ZTenantRequestListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.maintenanceRequests),
  status: zQueryArray(ZMaintenanceStatus).optional(),
});

// ---------- Tenant portal by code ----------

export const ZTenantPortalCodeParams = z.object({
  tenantCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,40}$/, 'Invalid tenant code'),
});
export const ZTenantPortalRequestParams = ZTenantPortalCodeParams.extend({ id: ZId });
export const ZTenantPortalQuery = z.object({ companyId: ZId.optional() });
export const ZTenantPortalRequestBody = ZTenantRequestCreateBody.omit({ rentalUnitId: true });
export type TenantPortalRequestInput = z.input<typeof ZTenantPortalRequestBody>;

export const ZTenantPortalMaintenanceDto = z.object({
  tenant: z.object({ firstName: z.string() }),
  companyName: z.string(),
  propertyName: z.string(),
  unitNumber: z.string(),
  types: z.array(z.object({ _id: ZId, name: z.string(), key: z.string() })),
  requests: z.array(ZMaintenancePublicRequestDto),
});
export type TenantPortalMaintenanceDto = z.infer<typeof ZTenantPortalMaintenanceDto>;
