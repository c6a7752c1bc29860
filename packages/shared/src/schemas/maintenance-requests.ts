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
import {
  type MaintenancePriority,
  type MaintenanceSource,
  type MaintenanceStatus,
  PORTAL_STATUSES,
  ZMaintenancePriority,
  ZMaintenanceSource,
  ZMaintenanceStatus,
  ZText,
  ZTypeRef,
} from './maintenance';
import { ZPersonSummary } from './maintenance-assignments';
import { zQueryText } from './properties';

// Requests as staff file, list, change and count them, and as tenants and portals see them.

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
