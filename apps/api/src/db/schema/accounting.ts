import type { AccountingLedgers } from '@rentora/shared';
import { jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { companies } from './companies';

/** The ledger names a company's accounting exports post to (absent: the defaults of packages/shared). */
export const accountingExportSettings = pgTable('accounting_export_settings', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  ledgers: jsonb().$type<AccountingLedgers>().notNull(),
  updatedAt: updatedAt(),
});
