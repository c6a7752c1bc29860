import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';
import { properties, rentalUnits, rentalUnitUsers } from './properties';

/** Maintenance: types, per-type assignments, requests with their timeline and media, forms, codes. */

export const MAINTENANCE_PRIORITY_VALUES = ['low', 'medium', 'high', 'urgent'] as const;
export const MAINTENANCE_STATUS_VALUES = [
  'open',
  'assigned',
  'in_progress',
  'on_hold',
  'resolved',
  'closed',
  'cancelled',
] as const;

export const maintenanceTypes = pgTable(
  'maintenance_types',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** A slug, unique per company; the `{type}` path parameter and a request's `type` accept it. */
    key: text().notNull(),
    description: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    slaHours: integer().notNull().default(72),
    defaultPriority: text({ enum: MAINTENANCE_PRIORITY_VALUES }).notNull().default('medium'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('maintenance_types_company_key_uq').on(t.companyId, t.key),
    index('maintenance_types_company_active_idx').on(t.companyId, t.isActive, t.name),
  ],
);

export interface AssignmentAssignee {
  userId: string;
  isActive: boolean;
  addedAt: string;
}
export interface AssignmentSettings {
  autoAssign: boolean;
  strategy: 'round_robin' | 'least_open';
  notifyWatchers: boolean;
  /** Overrides the type's SLA when set. */
  slaHours: number | null;
}

/** One per company and type: who works that type's requests, who watches them, how new ones are assigned. */
export const maintenanceAssignments = pgTable(
  'maintenance_assignments',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    typeId: uuid()
      .notNull()
      .references(() => maintenanceTypes.id, { onDelete: 'cascade' }),
    isActive: boolean().notNull().default(true),
    assignees: jsonb().$type<AssignmentAssignee[]>().notNull().default([]),
    watchers: jsonb().$type<string[]>().notNull().default([]),
    settings: jsonb().$type<AssignmentSettings>().notNull(),
    /** Round robin: the assignee who got the last request. */
    lastAssignedUserId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('maintenance_assignments_company_type_uq').on(t.companyId, t.typeId),
    index('maintenance_assignments_company_active_idx').on(t.companyId, t.isActive),
  ],
);

/** The last request number of each company (MR-000123), bumped in the create transaction. */
export const maintenanceCounters = pgTable(
  'maintenance_counters',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId] })],
);

/** Public ticket forms (`/create-ticket/{formId}`). */
export const maintenanceForms = pgTable(
  'maintenance_forms',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    enabled: boolean().notNull().default(true),
    propertyIds: jsonb().$type<string[]>().notNull().default([]),
    /** Empty: every active type of the company. */
    typeIds: jsonb().$type<string[]>().notNull().default([]),
    intro: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('maintenance_forms_company_idx').on(t.companyId, t.createdAt)],
);

export const maintenanceRequests = pgTable(
  'maintenance_requests',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    typeId: uuid().references(() => maintenanceTypes.id, { onDelete: 'set null' }),
    priority: text({ enum: MAINTENANCE_PRIORITY_VALUES }).notNull().default('medium'),
    status: text({ enum: MAINTENANCE_STATUS_VALUES }).notNull().default('open'),
    source: text({ enum: ['staff', 'tenant', 'public', 'assignee_portal'] })
      .notNull()
      .default('staff'),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    rentalUnitId: uuid().references(() => rentalUnits.id, { onDelete: 'set null' }),
    /** The tenancy a tenant filed it from. */
    tenantId: uuid().references(() => rentalUnitUsers.id, { onDelete: 'set null' }),
    requesterType: text({ enum: ['staff', 'tenant', 'public'] }).notNull(),
    requesterUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    requesterName: text().notNull(),
    requesterEmail: text(),
    requesterPhone: text(),
    assigneeId: uuid().references(() => users.id, { onDelete: 'set null' }),
    watcherIds: jsonb().$type<string[]>().notNull().default([]),
    formId: uuid().references(() => maintenanceForms.id, { onDelete: 'set null' }),
    /** SHA-256 of the public tracking token (the token itself is only ever shown to the submitter). */
    trackingTokenHash: text(),
    dueAt: timestamp({ withTimezone: true }),
    assignedAt: timestamp({ withTimezone: true }),
    resolvedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    overdueNotifiedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('maintenance_requests_company_number_uq').on(t.companyId, t.number),
    uniqueIndex('maintenance_requests_tracking_uq').on(t.trackingTokenHash),
    index('maintenance_requests_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('maintenance_requests_company_status_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('maintenance_requests_company_priority_idx').on(t.companyId, t.priority, t.createdAt, t.id),
    index('maintenance_requests_company_type_idx').on(t.companyId, t.typeId, t.createdAt, t.id),
    index('maintenance_requests_company_property_idx').on(t.companyId, t.propertyId, t.createdAt, t.id),
    index('maintenance_requests_company_unit_idx').on(t.companyId, t.rentalUnitId, t.createdAt),
    index('maintenance_requests_company_assignee_idx').on(t.companyId, t.assigneeId, t.status, t.createdAt),
    index('maintenance_requests_company_source_idx').on(t.companyId, t.source, t.createdAt, t.id),
    index('maintenance_requests_company_requester_idx').on(t.companyId, t.requesterUserId, t.createdAt),
    index('maintenance_requests_requester_idx').on(t.requesterUserId, t.createdAt),
    index('maintenance_requests_company_due_idx')
      .on(t.companyId, t.dueAt)
      .where(sql`${t.status} in ('open', 'assigned', 'in_progress', 'on_hold')`),
    // The list's search (ILIKE on title and requester; pg_trgm, see db/client.ts).
    index('maintenance_requests_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('maintenance_requests_requester_trgm_idx').using('gin', sql`${t.requesterName} gin_trgm_ops`),
  ],
);

/**
 * The timeline of a request: creation, status changes, assignments, edits, public comments and internal notes.
 * `visibility = 'internal'` rows (notes) are staff-only and never leave the staff calls.
 */
export const maintenanceEvents = pgTable(
  'maintenance_events',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestId: uuid()
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    kind: text({
      enum: ['created', 'status', 'assigned', 'updated', 'comment', 'note', 'media', 'watchers'],
    }).notNull(),
    visibility: text({ enum: ['public', 'internal'] }).notNull(),
    authorType: text({ enum: ['staff', 'tenant', 'public', 'assignee', 'system'] }).notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorName: text().notNull(),
    /** Comment or note text; on a status change its notes (staff-only). */
    body: text(),
    fromStatus: text(),
    toStatus: text(),
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('maintenance_events_request_idx').on(t.companyId, t.requestId, t.createdAt)],
);

/** Photos, short videos and PDFs of a request; bytes in Storage under `maintenance/<companyId>/<requestId>/`. */
export const maintenanceMedia = pgTable(
  'maintenance_media',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestId: uuid()
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['image', 'video', 'pdf'] }).notNull(),
    storageKey: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    fileName: text().notNull(),
    uploadedByType: text({ enum: ['staff', 'tenant', 'public', 'assignee'] }).notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('maintenance_media_request_idx').on(t.companyId, t.requestId, t.createdAt)],
);

/** One assignee-portal code per staff member and company; generating a new one replaces the old. */
export const assigneeCodes = pgTable(
  'assignee_codes',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('assignee_codes_company_user_uq').on(t.companyId, t.userId),
    uniqueIndex('assignee_codes_code_uq').on(t.code),
  ],
);
