import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';

/**
 * Analytics: one change counter per company, bumped at commit by the triggers that
 * apps/api/src/modules/analytics/analytics.versions.ts installs on the tables the reports read. A report computed at
 * version v stays exact while the company's version is still v, so each API process keeps computed reports until it
 * moves. No foreign key: a company being deleted cascades into those tables, and their triggers still bump its row.
 */
export const analyticsVersions = pgTable('analytics_versions', {
  companyId: uuid().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
