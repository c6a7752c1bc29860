import { type MaintenanceStatus, OPEN_MAINTENANCE_STATUSES } from '@rentora/shared';
import { and, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

export const assignee = alias(users, 'assignee');

/** A request with what its DTO shows: type, property, unit and assignee names, comment and media counts. */
export const requestColumns = {
  request: maintenanceRequests,
  typeName: maintenanceTypes.name,
  typeKey: maintenanceTypes.key,
  propertyName: properties.name,
  unitNumber: rentalUnits.unitNumber,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  assigneeEmail: assignee.email,
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
const listRequestColumns = Object.fromEntries(LIST_KEYS.map((key) => [key, maintenanceRequests[key]])) as {
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
