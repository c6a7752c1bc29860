import type { ImportRowError } from '@rentora/shared';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';

/**
 * Spreadsheet imports: one row per uploaded file (kept in the file store under `storage_key` until the import is
 * done), its status, progress, counts and the first row errors. A dry run stops at `ready`; its commit runs the same
 * job again.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['properties', 'units', 'tenancies'] }).notNull(),
    format: text({ enum: ['csv', 'xlsx'] }).notNull(),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    dryRun: boolean().notNull(),
    status: text({ enum: ['queued', 'validating', 'ready', 'importing', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    totalRows: integer().notNull().default(0),
    doneRows: integer().notNull().default(0),
    valid: integer().notNull().default(0),
    invalid: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    errors: jsonb().$type<ImportRowError[]>().notNull().default([]),
    planLimit: jsonb().$type<{
      limitType: 'properties' | 'rentalUnits';
      current: number;
      limit: number;
      adding: number;
    } | null>(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('import_jobs_company_created_idx').on(t.companyId, t.createdAt, t.id)],
);
