import { type MaintenanceStatus, OPEN_MAINTENANCE_STATUSES } from '@rentora/shared';
import { and, inArray, lt, sql } from 'drizzle-orm';
import { lookedUp } from '../../core/page-rows';
import {
  type maintenanceEvents,
  type maintenanceMedia,
  maintenanceRequests,
  maintenanceTypes,
  properties,
  rentalUnits,
  users,
} from '../../db/schema';

export type RequestRow = typeof maintenanceRequests.$inferSelect;
export type EventRow = typeof maintenanceEvents.$inferSelect;
export type MediaRow = typeof maintenanceMedia.$inferSelect;

/**
 * A request with what its DTO shows: type, property, unit and assignee names (looked up by key, no joins: see
 * `lookedUp`), comment and media counts.
 */
export const requestColumns = {
  request: maintenanceRequests,
  typeName: lookedUp<string | null>(maintenanceTypes.name, maintenanceTypes.id, maintenanceRequests.typeId),
  typeKey: lookedUp<string | null>(maintenanceTypes.key, maintenanceTypes.id, maintenanceRequests.typeId),
  propertyName: lookedUp<string>(properties.name, properties.id, maintenanceRequests.propertyId),
  unitNumber: lookedUp<string | null>(
    rentalUnits.unitNumber,
    rentalUnits.id,
    maintenanceRequests.rentalUnitId,
  ),
  assigneeFirstName: lookedUp<string | null>(users.firstName, users.id, maintenanceRequests.assigneeId),
  assigneeLastName: lookedUp<string | null>(users.lastName, users.id, maintenanceRequests.assigneeId),
  assigneeEmail: lookedUp<string | null>(users.email, users.id, maintenanceRequests.assigneeId),
  commentsCount: sql<number>`(select count(*)::int from maintenance_events e
    where e.company_id = "maintenance_requests"."company_id" and e.request_id = "maintenance_requests"."id" and e.kind = 'comment')`,
  mediaCount: sql<number>`(select count(*)::int from maintenance_media m
    where m.company_id = "maintenance_requests"."company_id" and m.request_id = "maintenance_requests"."id")`,
};

/** The request columns lists and public views read (lists select only these). */
const LIST_KEYS = [
  'id',
  'companyId',
  'number',
  'title',
  'description',
  'typeId',
  'priority',
  'status',
  'source',
  'propertyId',
  'rentalUnitId',
  'requesterType',
  'requesterUserId',
  'requesterName',
  'assigneeId',
  'dueAt',
  'resolvedAt',
  'closedAt',
  'createdAt',
  'updatedAt',
] as const;
export type ListRequestFields = Pick<RequestRow, (typeof LIST_KEYS)[number]>;
export const listRequestColumns = Object.fromEntries(
  LIST_KEYS.map((key) => [key, maintenanceRequests[key]]),
) as {
  [K in (typeof LIST_KEYS)[number]]: (typeof maintenanceRequests)[K];
};
export const listColumns = { ...requestColumns, request: listRequestColumns };

export type RequestListRow = Omit<RequestJoinedRow, 'request'> & { request: ListRequestFields };

export type RequestJoinedRow = {
  request: RequestRow;
  typeName: string | null;
  typeKey: string | null;
  propertyName: string;
  unitNumber: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeEmail: string | null;
  commentsCount: number;
  mediaCount: number;
};

export const openStatuses = [...OPEN_MAINTENANCE_STATUSES] as MaintenanceStatus[];

export const overdueSql = (now: Date | ReturnType<typeof sql.placeholder>) =>
  and(inArray(maintenanceRequests.status, openStatuses), lt(maintenanceRequests.dueAt, now))!;

export const PRIORITY_RANK = sql`case ${maintenanceRequests.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;
