import { eq } from 'drizzle-orm';
import type { SharedCache } from '../../core/shared-cache';
import { installTriggerSet } from '../../core/trigger-sets';
import type { Db, DbOrTx } from '../../db/client';
import { analyticsVersions } from '../../db/schema';

/**
 * Exact server-side caching of the public listing (GET /api/public/properties and its detail).
 *
 * The listing spans every company, so one version stands for all of it: the row of `analytics_versions` keyed by
 * the nil UUID (no company has that id; the table is the one the per-company report versions live in, see
 * modules/analytics/analytics.versions.ts). Deferred constraint triggers on the tables the listing shows bump it
 * once per writing transaction, at commit, and only when a written row can be part of the listing (a public
 * property, a listed unit, any image, a company's shown fields or state): a committed edit moves the version in
 * the same transaction as the edit, whatever code path made it (services, jobs, bulk imports).
 *
 * A cached answer is stored as `<version>\n<body>` in the shared cache (Redis with REDIS_URL, memory otherwise) and
 * served only while the version still reads the same, so an edit is visible at once on every API process; the
 * TTL only bounds memory. The version is read before the answer is computed, so an answer computed from data
 * older than a concurrent commit is stored under the old version and never served again.
 */
export const PUBLIC_LISTING_VERSION_KEY = '00000000-0000-0000-0000-000000000000';

/** Seconds a cached answer may live (as long as browsers may keep it: `max-age=60`). */
export const PUBLIC_LISTING_CACHE_TTL_SECONDS = 60;

/** When a written row of each table can change what the listing shows (`r` is the old or the new row). */
const SHOWN: Record<string, string> = {
  properties: `r.verification_status = 'verified' and r.is_listed and r.listed_units > 0`,
  rental_units: `r.is_available and r.status = 'Available' and r.verification_status <> 'rejected'`,
  inventory_images: 'true',
};

const FUNCTIONS = [
  `create or replace function public_listing_bump_version() returns void language plpgsql as $$
begin
  if current_setting('rentora.public_listing_bumped', true) = '1' then
    return;
  end if;
  insert into analytics_versions (company_id, version) values ('${PUBLIC_LISTING_VERSION_KEY}', 1)
    on conflict (company_id) do update set version = analytics_versions.version + 1;
  perform set_config('rentora.public_listing_bumped', '1', true);
end $$`,
  ...Object.entries(SHOWN).map(
    ([table, shown]) => `create or replace function public_listing_touch_${table}() returns trigger
language plpgsql as $$
declare
  r ${table};
  shown boolean := false;
begin
  if tg_op <> 'INSERT' then
    r := old;
    shown := ${shown};
  end if;
  if not shown and tg_op <> 'DELETE' then
    r := new;
    shown := ${shown};
  end if;
  if shown and (tg_op <> 'UPDATE' or to_jsonb(old) is distinct from to_jsonb(new)) then
    perform public_listing_bump_version();
  end if;
  return null;
end $$`,
  ),
  // A company is shown by name and contacts, and only while verified and active.
  `create or replace function public_listing_touch_companies() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old.name, old.phone, old.email, old.is_verified, old.is_active)
      is distinct from (new.name, new.phone, new.email, new.is_verified, new.is_active)) then
    perform public_listing_bump_version();
  end if;
  return null;
end $$`,
];

const TABLES = [...Object.keys(SHOWN), 'companies'];

/**
 * Installs (or updates) the listing's functions and triggers (core/trigger-sets.ts: once per set of definitions,
 * serialised across API processes).
 */
export function installPublicListingVersioning(db: DbOrTx): Promise<void> {
  return installTriggerSet(db, {
    lockName: 'rentora.public_listing_version',
    functions: FUNCTIONS,
    triggers: TABLES.map((table) => ({
      name: `public_listing_${table}`,
      table,
      events: 'insert or update or delete',
      run: `public_listing_touch_${table}()`,
    })),
    markedFunction: 'public_listing_touch_companies()',
  });
}

export interface ListingCache {
  /**
   * The cached bodies of `keys` that are still current, and the version they were checked against (pass it to
   * `store`). One database read (the version) and, with Redis, one round trip (the commands are pipelined).
   */
  lookup(keys: readonly string[]): Promise<{ version: number; values: (string | undefined)[] }>;
  store(key: string, version: number, value: string): Promise<void>;
}

export function createListingCache(
  db: Db,
  cache: SharedCache,
  onError: (error: unknown) => void,
): ListingCache {
  const versionQuery = db
    .select({ version: analyticsVersions.version })
    .from(analyticsVersions)
    .where(eq(analyticsVersions.companyId, PUBLIC_LISTING_VERSION_KEY))
    .limit(1)
    .prepare('public_listing_version');
  // A cache that does not answer makes every request a miss, never an error.
  const read = (key: string) =>
    cache.get(key).catch((error: unknown) => {
      onError(error);
      return undefined;
    });

  return {
    async lookup(keys) {
      const [rows, ...stored] = await Promise.all([versionQuery.execute(), ...keys.map(read)]);
      const version = Number(rows[0]?.version ?? 0);
      const prefix = `${version}\n`;
      return {
        version,
        values: stored.map((value) => (value?.startsWith(prefix) ? value.slice(prefix.length) : undefined)),
      };
    },
    async store(key, version, value) {
      await cache.set(key, `${version}\n${value}`, PUBLIC_LISTING_CACHE_TTL_SECONDS).catch(onError);
    },
  };
}
