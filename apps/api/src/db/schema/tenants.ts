import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { companies } from './companies';
import { users } from './identity';
import { rentalUnitUsers } from './properties';

/** Tenancies live in rental_unit_users (schema/properties.ts); these are their satellites. */

/** Every transition of a tenancy (rental_unit_users row): who, when, why. */
export const tenantStatusHistory = pgTable(
  'tenant_status_history',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    reason: text(),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('tenant_status_history_tenant_idx').on(t.companyId, t.tenantId, t.createdAt)],
);

/** Private tenant documents; the bytes are in Storage under `tenant-docs/<companyId>/<id>`. */
export const tenantDocuments = pgTable(
  'tenant_documents',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    type: text({
      enum: ['aadhaar', 'pan', 'salary_slip', 'id_proof', 'address_proof', 'agreement', 'other'],
    }).notNull(),
    verified: boolean().notNull().default(false),
    storageKey: text().notNull(),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('tenant_documents_tenant_idx').on(t.companyId, t.tenantId, t.createdAt)],
);

/** Notes, complaints and warnings on a tenancy (`kind`), newest first. */
export const tenantEntries = pgTable(
  'tenant_entries',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['note', 'complaint', 'warning'] }).notNull(),
    /** The note's type (general, payment, …) or the complaint/warning's severity. */
    type: text().notNull(),
    content: text().notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('tenant_entries_tenant_idx').on(t.companyId, t.tenantId, t.kind, t.createdAt)],
);

/** One portal code per tenancy; generating a new one replaces the old. */
export const tenantCodes = pgTable(
  'tenant_codes',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tenant_codes_tenant_uq').on(t.tenantId),
    uniqueIndex('tenant_codes_code_uq').on(t.code),
    index('tenant_codes_company_idx').on(t.companyId, t.tenantId),
  ],
);
