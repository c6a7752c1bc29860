import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * The in-process job runner's queue (core/jobs.ts), used on the embedded database. On PostgreSQL pg-boss keeps
 * its own tables in the `pgboss` schema instead. Rows survive a restart; an `active` row found at start-up
 * belonged to a process that died and runs again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    name: text().notNull(),
    data: jsonb().$type<unknown>().notNull(),
    status: text({ enum: ['queued', 'active', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    runAfter: timestamp({ withTimezone: true }).defaultNow().notNull(),
    singletonKey: text(),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_status_run_after_idx').on(t.status, t.runAfter),
    index('jobs_name_status_idx').on(t.name, t.status),
    // A singleton key is held by at most one waiting job of a name (as pg-boss's 'short' queue policy).
    uniqueIndex('jobs_singleton_idx')
      .on(t.name, t.singletonKey)
      .where(sql`${t.singletonKey} is not null and ${t.status} = 'queued'`),
  ],
);

/** Cron schedules of the in-process runner: the next tick is claimed by moving `next_run_at` forward. */
export const jobSchedules = pgTable('job_schedules', {
  name: text().primaryKey(),
  cron: text().notNull(),
  data: jsonb().$type<unknown>().notNull(),
  nextRunAt: timestamp({ withTimezone: true }).notNull(),
});
