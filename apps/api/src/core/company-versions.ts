import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { analyticsVersions, companyUsers } from '../db/schema';
import { installTriggerSet } from './trigger-sets';

/**
 * One data version per company, for exact caches of what the company's pages show (the reports of
 * modules/analytics and the list pages of core/page-cache.ts).
 *
 * Every transaction that writes a row of a company's data bumps the company's row of `analytics_versions` once, at
 * commit: a deferred constraint trigger locks the row only at the very end of the writing transaction, after every
 * other lock it takes, so it adds no lock-order deadlock. An answer computed while the version was v is served again
 * only while the version still reads v, so any committed change, whatever code path made it (services, jobs, straight
 * SQL), is visible at once on every API process. The version is read before an answer is computed: an answer built
 * from data newer than the version it was read with is stored under the older version and never served again.
 *
 * The SQL objects keep the `analytics_` names they were created with, so databases made before the versions covered
 * every table keep working. Bulk loads in `session_replication_role = replica` (the benchmarks' generators) bypass
 * the triggers, like every other trigger; they run before the server starts.
 */
export const COMPANY_VERSIONED_TABLES = [
  'properties',
  'rental_units',
  'inventory_images',
  'rental_unit_users',
  'tenant_documents',
  'tenant_entries',
  'tenant_status_history',
  'tenant_codes',
  'bookings',
  'booking_agreement_templates',
  'payment_orders',
  'payments',
  'invoices',
  'invoice_payments',
  'invoice_templates',
  'credit_notes',
  'company_tax_settings',
  'maintenance_requests',
  'maintenance_types',
  'maintenance_assignments',
  'maintenance_events',
  'maintenance_media',
  'maintenance_forms',
  'assignee_codes',
  'company_users',
  'company_user_goals',
  'company_user_notes',
  'invitations',
  'audit_logs',
] as const;

/**
 * Rows without a company that every company's pages show: the platform's global unit templates. A change to one
 * moves every company's version.
 */
const SHARED_ROW_TABLES = ['rental_unit_templates'] as const;

/**
 * Chat has a version of its own per company (a message must not move every other page of the company), kept in the
 * row of `analytics_versions` keyed `md5('chat:' || company_id)::uuid`; chat pages are keyed by both versions.
 */
const CHAT_VERSIONED_TABLES = [
  'chat_channels',
  'chat_channel_members',
  'chat_messages',
  'chat_attachments',
] as const;

// Not versioned, so never cached as pages: in-app notifications (written many times a minute and pushed live), the
// notification log and the number counters (written with a versioned row anyway).

/** Columns of `users` that no page shows: a sign-in or a new password moves no company's version. */
const UNSHOWN_USER_COLUMNS = ['last_login_at', 'updated_at', 'password_hash'];

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
  `create or replace function chat_touch() returns trigger language plpgsql as $$
declare
  company uuid := case when tg_op = 'DELETE' then old.company_id else new.company_id end;
  flag text := 'rentora.chat_' || replace(company::text, '-', '_');
begin
  if current_setting(flag, true) = '1' then
    return null;
  end if;
  insert into analytics_versions (company_id, version) values (md5('chat:' || company::text)::uuid, 1)
    on conflict (company_id) do update set version = analytics_versions.version + 1;
  perform set_config(flag, '1', true);
  return null;
end $$`,
  // Every company, in id order (two such transactions lock the rows in the same order).
  `create or replace function company_versions_bump_all() returns void language plpgsql as $$
begin
  if current_setting('rentora.company_versions_all', true) = '1' then
    return;
  end if;
  insert into analytics_versions (company_id, version)
    select id, 1 from companies order by id
    on conflict (company_id) do update set version = analytics_versions.version + 1;
  perform set_config('rentora.company_versions_all', '1', true);
end $$`,
  // tg_argv[0] = 'all_when_null': a row without a company is shared by every company.
  `create or replace function analytics_touch() returns trigger language plpgsql as $$
declare
  shared boolean := tg_nargs > 0 and tg_argv[0] = 'all_when_null';
begin
  if tg_op <> 'INSERT' then
    if shared and old.company_id is null then
      perform company_versions_bump_all();
    end if;
    perform analytics_bump_version(old.company_id);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.company_id is distinct from old.company_id) then
    if shared and new.company_id is null then
      perform company_versions_bump_all();
    end if;
    perform analytics_bump_version(new.company_id);
  end if;
  return null;
end $$`,
  // A plan's name is shown with every company on it.
  `create or replace function company_versions_touch_plans() returns trigger language plpgsql as $$
begin
  perform analytics_bump_version(id) from companies where plan_id = old.id order by id;
  return null;
end $$`,
  `create or replace function company_versions_touch_companies() returns trigger language plpgsql as $$
begin
  perform analytics_bump_version(case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end $$`,
  // A person's name, email, phone or avatar is shown in the lists of the companies they deal with: as a member, a
  // tenant or a booker (requesters, assignees, authors and audit actors are members or tenants). Platform staff act in
  // any company's audit log, so a change to one of them moves every company's version.
  `create or replace function company_versions_touch_users() returns trigger language plpgsql as $$
declare
  person users := case when tg_op = 'DELETE' then old else new end;
begin
  if tg_op = 'UPDATE' and (to_jsonb(old) - '{${UNSHOWN_USER_COLUMNS.join(',')}}'::text[])
      is not distinct from (to_jsonb(new) - '{${UNSHOWN_USER_COLUMNS.join(',')}}'::text[]) then
    return null;
  end if;
  if old.role in ('super_admin', 'admin') or person.role in ('super_admin', 'admin') then
    perform company_versions_bump_all();
    return null;
  end if;
  perform analytics_bump_version(company_id) from (
    select company_id from company_users where user_id = person.id
    union select company_id from rental_unit_users where user_id = person.id
    union select company_id from bookings where user_id = person.id
  ) related order by company_id;
  return null;
end $$`,
];

/** The trigger of each table: name, events and the function it runs. */
const TRIGGERS: { name: string; table: string; events: string; run: string }[] = [
  ...COMPANY_VERSIONED_TABLES.map((table) => ({
    name: `analytics_version_${table}`,
    table,
    events: 'insert or update or delete',
    run: 'analytics_touch()',
  })),
  ...SHARED_ROW_TABLES.map((table) => ({
    name: `analytics_version_${table}`,
    table,
    events: 'insert or update or delete',
    run: `analytics_touch('all_when_null')`,
  })),
  ...CHAT_VERSIONED_TABLES.map((table) => ({
    name: `company_version_${table}`,
    table,
    events: 'insert or update or delete',
    run: 'chat_touch()',
  })),
  {
    name: 'company_version_companies',
    table: 'companies',
    events: 'update or delete',
    run: 'company_versions_touch_companies()',
  },
  {
    name: 'company_version_users',
    table: 'users',
    events: 'update or delete',
    run: 'company_versions_touch_users()',
  },
];

/**
 * Installs (or updates) the version functions and triggers (core/trigger-sets.ts: once per set of definitions,
 * serialised across API processes).
 */
export function installCompanyVersioning(db: DbOrTx): Promise<void> {
  return installTriggerSet(db, {
    lockName: 'rentora.analytics_versions',
    functions: FUNCTIONS,
    triggers: TRIGGERS,
    markedFunction: 'company_versions_touch_users()',
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

/** The SQL of a company's chat version (0 before its first chat write), for a prepared statement. */
export function chatVersionQuery(db: DbOrTx) {
  return db
    .select({ version: analyticsVersions.version })
    .from(analyticsVersions)
    .where(eq(analyticsVersions.companyId, sql`md5('chat:' || ${sql.placeholder('companyId')}::text)::uuid`))
    .limit(1)
    .prepare('chat_version');
}

/**
 * The data versions of every company a person belongs to, as one string (`<company>:<version>,…` in company order): it
 * changes when any of those companies changes, or when the person joins or leaves one. Keeps their companies list.
 */
export function membershipVersionsQuery(db: DbOrTx) {
  return db
    .select({
      versions: sql<
        string | null
      >`string_agg(${companyUsers.companyId}::text || ':' || coalesce(${analyticsVersions.version}, 0)::text, ',' order by ${companyUsers.companyId})`,
    })
    .from(companyUsers)
    .leftJoin(analyticsVersions, eq(analyticsVersions.companyId, companyUsers.companyId))
    .where(eq(companyUsers.userId, sql.placeholder('userId')))
    .prepare('membership_versions');
}
