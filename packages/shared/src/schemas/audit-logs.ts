import { z } from 'zod';
import { ZId, ZIsoDate, ZPagination } from './common';

export const ZAuditLogDto = z.object({
  _id: ZId,
  companyId: ZId.nullable(),
  actor: z.object({ _id: ZId, firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  /** `API key "<name>"` when the change was made with a company API key. */
  actorLabel: z.string().nullable().optional(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  summary: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: ZIsoDate,
});
export type AuditLogDto = z.infer<typeof ZAuditLogDto>;

const ZDayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const ZAuditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  action: z.string().trim().max(100).optional(),
  entityType: z.string().trim().max(60).optional(),
  entityId: z.string().trim().max(100).optional(),
  actorUserId: ZId.optional(),
  from: ZDayOrInstant.optional(),
  to: ZDayOrInstant.optional(),
  /** Super admin: one company; omitted, every company. */
  companyId: ZId.optional(),
});
export type AuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditLogList = z.object({
  success: z.literal(true),
  data: z.array(ZAuditLogDto),
  pagination: ZPagination,
});
