import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { analyticsVersions } from '../../db/schema';

/**
 * Exact caching of the reports. Every write to a table the reports read bumps its company's row of
 * `analytics_versions` once per transaction, at commit (a deferred constraint trigger: the row is locked only at the
 * very end of the writing transaction, after every other lock it takes, so it adds no lock-order deadlock). A report
 * computed while the company's version was v is served again while the version is still v: any committed change to
 * the company's units, tenancies, bookings, payments or maintenance requests moves it.
 *
 * Bulk loads in `session_replication_role = replica` (the benchmarks' generators) bypass the triggers, like every
 * other trigger; they run before any report is asked for.
 */
export const VERSIONED_TABLES = [
  'properties',
  'rental_units',
  'rental_unit_users',
  'bookings',
  'payment_orders',
  'payments',
  'maintenance_requests',
  'maintenance_types',
] as const;

const FUNCTIONS = [
  `create or replace function analytics_bump_version(company uuid) returns void language plpgsql as $$
declare
  flag text := 'rentora.analytics_' || replace(company::text, '-', '_');
begin
  if company is null or current_setting(flag, true) = '1' then
    return;
  end if;
  insert into analytics_versions (company_id, version) values (company, 1)
    on conflict (company_id) do update set version = analytics_versions.version + 1;
  perform set_config(flag, '1', true);
end $$`,
  `create or replace function analytics_touch() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform analytics_bump_version(old.company_id);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.company_id is distinct from old.company_id) then
    perform analytics_bump_version(new.company_id);
  end if;
  return null;
end $$`,
];

/** Creates the trigger function and the triggers once (idempotent; serialised across API processes). */
export async function installAnalyticsVersioning(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rentora.analytics_versions'))`);
    for (const statement of FUNCTIONS) await tx.execute(sql.raw(statement));
    const existing = await tx.execute(
      sql`select tgname from pg_trigger where tgname like 'analytics_version_%' and not tgisinternal`,
    );
    const names = new Set(
      (existing as unknown as { rows: { tgname: string }[] }).rows.map((row) => row.tgname),
    );
    for (const table of VERSIONED_TABLES) {
      const name = `analytics_version_${table}`;
      if (names.has(name)) continue;
      await tx.execute(
        sql.raw(`create constraint trigger ${name} after insert or update or delete on ${table}
          deferrable initially deferred for each row execute function analytics_touch()`),
      );
    }
  });
}

export async function companyVersion(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ version: analyticsVersions.version })
    .from(analyticsVersions)
    .where(eq(analyticsVersions.companyId, companyId))
    .limit(1);
  return Number(row?.version ?? 0);
}

/** Reports per company, kept while the company's version stands (a bounded, least-recently-used map). */
export function createReportCache(db: DbOrTx, maxEntries = 500) {
  const entries = new Map<string, { version: number; value: unknown }>();
  return {
    async get<T>(companyId: string | null, key: string, compute: () => Promise<T>): Promise<T> {
      // The platform view (no company) is not cached: it spans every company.
      if (!companyId) return compute();
      const cacheKey = `${companyId}|${key}`;
      const version = await companyVersion(db, companyId);
      const hit = entries.get(cacheKey);
      if (hit && hit.version === version) {
        entries.delete(cacheKey);
        entries.set(cacheKey, hit);
        return hit.value as T;
      }
      const value = await compute();
      entries.delete(cacheKey);
      entries.set(cacheKey, { version, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}
