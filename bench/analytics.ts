// The analytics benchmark (not a test): `cd bench && node --import tsx analytics.ts`.
// Bundles the API from the working tree (bench/lib/bundle.ts), starts it on a scratch PostgreSQL database with the demo
// seed, fills it with the 1,000,000-unit inventory of bench/inventory-data.ts and, on top of it, the data the analytics
// read: a tenancy for every occupied unit (plus moved-out ones), maintenance requests, bookings and the payments
// ledger. Then measures GET /api/analytics/overview (and the other reports) as the owner of Sunrise Estates, the big
// company of the data set (200,000 units), against the floor of any signed-in request with autocannon, prints EXPLAIN
// (ANALYZE) of the heaviest statements and writes the "Analytics" section of docs/performance.md.
// Env: BENCH_DURATION (s per case, default 10), BENCH_WARMUP (default 2), BENCH_CONNECTIONS (default 10),
// BENCH_WRITE_DOC=false, BENCH_PG_ADMIN_URL, BENCH_ANALYTICS_SMALL=true (the PGlite scale of the inventory, a quick trial),
// BENCH_KEEP_DATABASE=true (keep the generated database and print its URL), BENCH_ANALYTICS_DATABASE_URL (measure a
// database kept by an earlier run instead of generating one).
import pg from 'pg';
import { generateInventory, PGLITE_SCALE, POSTGRES_SCALE } from './inventory-data';
import { bundleServer } from './lib/bundle';
import { type LoadCase, type LoadResult, measure } from './lib/load';
import { createScratchDatabase, postgresAvailable, type ScratchDatabase } from './lib/postgres';
import { machineLine, markdownTable, ms, percent, saveResults, writeDocSection } from './lib/report';
import { type BenchProcess, spawnAndWait } from './lib/server';

process.env.BENCH_PORT_RANGE ??= '3300-3399';
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10').split(',').map(Number);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const SCALE = process.env.BENCH_ANALYTICS_SMALL === 'true' ? PGLITE_SCALE : POSTGRES_SCALE;
const OWNER = { email: 'owner@sunrise.test', password: 'Password123!' };
/** The aim of issue 13: the overview at p99 ≤ 200 ms with 10 connections on the 1M-unit data set. */
const AIM_P99_MS = 200;
const AIM_CONNECTIONS = 10;
/** The measured company's extra data (the other companies get a tenancy per occupied unit too). */
const MEASURED = { movedOut: 40_000, requests: 100_000, bookings: 20_000, rentPayments: 120_000 };

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Generated {
  companyId: string;
  seconds: Record<string, number>;
  rows: Record<string, number>;
}

/** Everything set-based (INSERT … SELECT generate_series), deterministic apart from the uuids. */
async function generate(client: pg.Client): Promise<Generated> {
  const run = async (sql: string) => (await client.query(sql)).rows as Record<string, unknown>[];
  const inventory = await generateInventory(run, SCALE);
  const seconds: Record<string, number> = {};
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const started = performance.now();
    await client.query(sql, params);
    seconds[name] = Math.round((performance.now() - started) / 100) / 10;
    console.log(`  ${name}: ${seconds[name]} s`);
  };
  const [company] = (await client.query(`select id from companies where email = 'hello@sunrise.test'`))
    .rows as {
    id: string;
  }[];
  const [tenant] = (await client.query(`select id from users where email = 'tenant@rentora.test'`)).rows as {
    id: string;
  }[];
  const [anyUser] = (await client.query(`select owner_id as id from companies where id = $1`, [company!.id]))
    .rows as { id: string }[];
  const companyId = company!.id;
  const userId = tenant?.id ?? anyUser!.id;

  // A current tenancy in every occupied unit of every company: moved in over the last three years, a tenth of them
  // with rent or penalty dues; the measured company also has tenancies that ended over the last two years.
  await step(
    'tenancies',
    `insert into rental_unit_users (id, company_id, rental_unit_id, property_id, user_id, role, status, start_date,
       end_date, rent, security_deposit, tenancy_status, lease_start_date, rent_due_day, dues_rent, dues_penalties,
       source, created_at, updated_at)
     select gen_random_uuid(), u.company_id, u.id, u.property_id, $1, 'primary', 'current',
       (now() - (h % 1095) * interval '1 day')::date, (now() + (30 + h % 400) * interval '1 day')::date,
       u.rent, u.security_deposit, case when h % 20 = 0 then 'notice_given' else 'active' end,
       (now() - (h % 1095) * interval '1 day')::date, 1 + h % 28,
       case when h % 10 = 0 then u.rent else 0 end, case when h % 50 = 0 then 50000 else 0 end,
       'staff', now() - (h % 1095) * interval '1 day', now()
     from (select id, company_id, property_id, rent, security_deposit,
                  ((('x' || substr(md5(id::text), 1, 8))::bit(32)::bigint)) as h
           from rental_units where status = 'Occupied') u
     on conflict do nothing`,
    [userId],
  );
  await step(
    'moved-out tenancies',
    `insert into rental_unit_users (id, company_id, rental_unit_id, property_id, user_id, role, status, start_date,
       end_date, moved_out_at, rent, tenancy_status, rent_due_day, source, created_at, updated_at)
     select gen_random_uuid(), u.company_id, u.id, u.property_id, $2, 'primary', 'past',
       (now() - (400 + g % 700) * interval '1 day')::date, (now() - (g % 700) * interval '1 day')::date,
       (now() - (g % 700) * interval '1 day')::date, u.rent, 'moved_out', 1 + g % 28, 'staff',
       now() - (400 + g % 700) * interval '1 day', now()
     from generate_series(1, $3) g
     join (select id, company_id, property_id, rent, row_number() over (order by id) - 1 as n
           from rental_units where company_id = $1 and status = 'Available') u on u.n = g % 5000`,
    [companyId, userId, MEASURED.movedOut],
  );
  await step(
    'maintenance requests',
    `with types as (select id, row_number() over (order by key) - 1 as n, count(*) over () as total
                    from maintenance_types where company_id = $1),
          props as (select id, row_number() over (order by id) - 1 as n, count(*) over () as total
                    from properties where company_id = $1),
          base as (select coalesce(max(number), 0) as last from maintenance_requests where company_id = $1),
          g as (select g, (array['open','assigned','in_progress','on_hold','resolved','closed','resolved','closed','cancelled'])[1 + g % 9] as status,
                       now() - (g % 730) * interval '1 day' - (g % 24) * interval '1 hour' as created
                from generate_series(1, $2) g)
     insert into maintenance_requests (id, company_id, number, title, type_id, priority, status, source, property_id,
       requester_type, requester_name, due_at, resolved_at, closed_at, created_at, updated_at)
     select gen_random_uuid(), $1, base.last + g.g, 'Request ' || g.g, types.id,
       (array['low','medium','high','urgent'])[1 + (g.g / 9) % 4], g.status, 'staff', props.id, 'staff', 'Bench',
       g.created + interval '72 hours',
       case when g.status in ('resolved', 'closed') then g.created + (g.g % 120) * interval '1 hour' end,
       case when g.status = 'closed' then g.created + (g.g % 120 + 24) * interval '1 hour' end,
       g.created, g.created
     from g cross join base
     join types on types.n = g.g % types.total
     join props on props.n = g.g % props.total`,
    [companyId, MEASURED.requests],
  );
  await client.query(
    `insert into maintenance_counters (company_id, last_number)
     select company_id, max(number) from maintenance_requests group by company_id
     on conflict (company_id) do update set last_number = excluded.last_number`,
  );
  // Bookings over the last two years, each of a different available unit: completed, cancelled, expired, confirmed and
  // partially paid (a pending installment, overdue for some), with one order and one captured payment when paid.
  await step(
    'bookings',
    `insert into bookings (id, company_id, property_id, rental_unit_id, user_id, status, move_in_date, duration_months,
       payment_plan, monthly_rent, maintenance_charges, security_deposit, total_amount, paid_amount, installments,
       status_history, created_at, updated_at)
     select gen_random_uuid(), $1, u.property_id, u.id, $2, s.status, (s.created + interval '10 days')::date, 11,
       case when s.status = 'partially_paid' then 'installments' else 'full' end,
       u.rent, 0, u.rent * 2, u.rent * 3,
       case s.status when 'completed' then u.rent * 3 when 'confirmed' then u.rent * 3
                     when 'partially_paid' then u.rent when 'cancelled' then case when s.g % 2 = 0 then u.rent * 3 else 0 end
                     else 0 end,
       case when s.status = 'partially_paid' then jsonb_build_array(
              jsonb_build_object('number', 1, 'amount', u.rent, 'dueDate', s.created::date, 'status', 'paid', 'paidAt', s.created),
              jsonb_build_object('number', 2, 'amount', u.rent * 2, 'dueDate', (s.created + interval '30 days')::date, 'status', 'pending', 'paidAt', null))
            else '[]'::jsonb end,
       case when s.status in ('completed', 'confirmed') or (s.status = 'cancelled' and s.g % 2 = 0)
            then '[{"status":"pending_payment"},{"status":"confirmed"}]'::jsonb
            else '[{"status":"pending_payment"}]'::jsonb end,
       s.created, s.created
     from (select g, (array['completed','cancelled','expired','completed','expired','confirmed','partially_paid'])[1 + g % 7] as status,
                  now() - (g % 730) * interval '1 day' as created
           from generate_series(1, $3) g) s
     join (select id, property_id, rent, row_number() over (order by id) as n
           from rental_units where company_id = $1 and status = 'Available') u on u.n = s.g`,
    [companyId, userId, MEASURED.bookings],
  );
  await step(
    'booking orders',
    `insert into payment_orders (id, company_id, user_id, gateway, gateway_order_id, amount, status, purpose, reference_id,
       created_at, updated_at)
     select gen_random_uuid(), company_id, user_id, 'sandbox', 'order_bench_b_' || id, paid_amount, 'paid', 'booking', id,
       created_at, created_at
     from bookings where company_id = $1 and paid_amount > 0`,
    [companyId],
  );
  await step(
    'rent orders',
    `insert into payment_orders (id, company_id, user_id, gateway, gateway_order_id, amount, status, purpose,
       created_at, updated_at)
     select gen_random_uuid(), $1, $2, 'sandbox', 'order_bench_r_' || g, 1000000 + (g % 50) * 10000, 'paid', 'rent',
       now() - (g % 730) * interval '1 day', now() - (g % 730) * interval '1 day'
     from generate_series(1, $3) g`,
    [companyId, userId, MEASURED.rentPayments],
  );
  await step(
    'captured payments',
    `insert into payments (id, company_id, order_id, gateway_payment_id, amount, status, method, source, created_at)
     select gen_random_uuid(), company_id, id, 'pay_bench_' || id, amount, 'captured',
       (array['upi','card','netbanking'])[1 + (extract(epoch from created_at)::bigint % 3)], 'verify', created_at
     from payment_orders where company_id = $1 and gateway_order_id like 'order_bench_%'`,
    [companyId],
  );
  await step('vacuum analyze', 'vacuum analyze');
  const rows: Record<string, number> = { ...inventory.rows };
  for (const table of ['rental_unit_users', 'maintenance_requests', 'bookings', 'payments']) {
    const [count] = (await client.query(`select count(*)::int as n from ${table}`)).rows as { n: number }[];
    rows[table] = count!.n;
  }
  return { companyId, seconds: { ...inventory.seconds, ...seconds }, rows };
}

async function explain(client: pg.Client, companyId: string): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const statements: [string, string][] = [
    [
      'units by status',
      `select status, count(*) from rental_units where company_id = '${companyId}' group by status`,
    ],
    [
      'tenancies in one pass (current count and rent, move-ins of both periods, dues)',
      `select count(*) filter (where u.status = 'current'), sum(u.rent) filter (where u.status = 'current'),
              count(*) filter (where u.start_date >= '${yearAgo}'::date),
              sum(u.dues_rent + u.dues_maintenance + u.dues_utilities + u.dues_penalties) filter (where u.status = 'current')
         from rental_unit_users u
        where u.tenancy_status in ('active', 'notice_given', 'moved_out') and u.company_id = '${companyId}'`,
    ],
    [
      'rent collected, both periods',
      `select sum(p.amount) filter (where p.created_at >= '${yearAgo}'::date), sum(p.amount) filter (where p.created_at < '${yearAgo}'::date)
         from payments p
        where p.status = 'captured' and p.created_at >= '${yearAgo}'::date - 365 and p.created_at < '${today}'::date + 1
          and p.company_id = '${companyId}'`,
    ],
    [
      'the version check of a cached report',
      `select version from analytics_versions where company_id = '${companyId}' limit 1`,
    ],
  ];
  const parts: string[] = [];
  for (const [label, sql] of statements) {
    const plan = (await client.query(`explain (analyze, buffers, costs off) ${sql}`)).rows
      .map((row: Record<string, string>) => row['QUERY PLAN'])
      .join('\n');
    parts.push(`${label}:\n${plan}`);
  }
  return parts.join('\n\n');
}

async function main(): Promise<void> {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is not reachable (BENCH_PG_ADMIN_URL)');
  let database: ScratchDatabase | undefined;
  let server: BenchProcess | undefined;
  try {
    const kept = process.env.BENCH_ANALYTICS_DATABASE_URL;
    if (!kept) database = await createScratchDatabase('rentora_analytics');
    const databaseUrl = kept ?? database!.url;
    const bundle = await bundleServer('analytics');
    const env = {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      LOG_LEVEL: 'warn',
    };
    server = await spawnAndWait({ args: [bundle], env, timeoutMs: 300_000 });
    const db = new pg.Client({ connectionString: databaseUrl });
    db.on('error', (error) => console.error('database connection:', error.message));
    await db.connect();
    const started = performance.now();
    const data: Generated = kept ? await describeKept(db) : await generate(db);
    const generationS = Math.round((performance.now() - started) / 1000);
    const login = await json<{ data: { token: string } }>(
      await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(OWNER),
      }),
    );
    const headers = { authorization: `Bearer ${login.data.token}`, 'x-company-id': data.companyId };
    const base = `${server.baseUrl}/api`;
    const pid = server.child.pid;
    const report = (name: string, path: string): LoadCase => ({
      name,
      database: 'PostgreSQL',
      url: `${base}${path}`,
      headers,
      pid,
    });
    const cases: LoadCase[] = [
      report('floor: GET /api/auth/me', '/auth/me'),
      report('GET /api/analytics/overview (last 12 months)', '/analytics/overview'),
      report('GET /api/analytics/occupancy', '/analytics/occupancy'),
      report('GET /api/analytics/revenue', '/analytics/revenue'),
      report('GET /api/analytics/tenants', '/analytics/tenants'),
      report('GET /api/analytics/maintenance', '/analytics/maintenance'),
      report('GET /api/analytics/bookings', '/analytics/bookings'),
    ];
    const notes: Record<string, string> = {};
    for (const load of cases) {
      const begun = performance.now();
      const answer = await json<{ data: { kpis?: { key: string; value: number }[] } }>(
        await fetch(load.url, { headers: load.headers }),
      );
      notes[load.name] = `${Math.round(performance.now() - begun)} ms cold`;
      if (answer.data.kpis) {
        const value = (key: string) => answer.data.kpis?.find((kpi) => kpi.key === key)?.value ?? 0;
        console.log(
          `overview: ${value('unitsTotal')} units, ${value('activeTenants')} tenants, ${value('bookings')} bookings, ` +
            `${value('openMaintenance')} open requests, collected ${value('rentCollected')}`,
        );
      }
    }
    const results: LoadResult[] = [];
    for (const connections of CONNECTIONS) {
      for (const load of cases) {
        const result = await measure(load, connections, { warmupS: WARMUP_S });
        results.push(result);
        console.log(
          `${connections} conn  ${load.name}: ${result.reqPerSec} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, failures ${result.failures}`,
        );
      }
    }
    const plans = await explain(db, data.companyId);
    await db.end();
    saveResults('analytics', { data, results, plans });

    const rows = results.map((result) => {
      const floor = results.find((r) => r.connections === result.connections && r.name.startsWith('floor'))!;
      const isFloor = result.name.startsWith('floor');
      const isOverview = result.name.includes('/overview');
      return [
        result.name,
        result.connections,
        result.reqPerSec,
        isFloor ? '100 %' : percent(result.reqPerSec, floor.reqPerSec),
        ms(result.p50Ms),
        ms(result.p99Ms),
        result.cpuUsPerRequest ? `${Math.round(result.cpuUsPerRequest)} µs` : '—',
        result.failures,
        notes[result.name] ?? '',
        isOverview && result.connections === AIM_CONNECTIONS
          ? result.p99Ms <= AIM_P99_MS && result.failures === 0
            ? 'yes'
            : 'no'
          : '—',
      ];
    });
    const rowCounts = Object.entries(data.rows)
      .map(([table, count]) => `${table} ${count.toLocaleString('en-US')}`)
      .join(', ');
    const timings = Object.entries(data.seconds)
      .map(([name, value]) => `${name} ${value} s`)
      .join('; ');
    const body = [
      `Run: \`cd bench && node --import tsx analytics.ts\` (${machineLine()}).`,
      '',
      `Data (${SCALE.label}, generated in ${generationS} s: ${timings}): ${rowCounts}. The measured company is Sunrise ` +
        `Estates (signed in as its owner): ${SCALE.bigUnits.toLocaleString('en-US')} units, a tenancy in each occupied one, ` +
        `${MEASURED.movedOut.toLocaleString('en-US')} ended tenancies, ${MEASURED.requests.toLocaleString('en-US')} maintenance requests, ` +
        `${MEASURED.bookings.toLocaleString('en-US')} bookings and ${MEASURED.rentPayments.toLocaleString('en-US')} rent payments over two years. ` +
        `Aim: the overview at p99 ≤ ${AIM_P99_MS} ms with ${AIM_CONNECTIONS} connections.`,
      '',
      markdownTable(
        [
          'Case',
          'Conn.',
          'req/s',
          'of floor',
          'p50',
          'p99',
          'CPU/req (API)',
          'Failures',
          'First answer',
          'Aim met',
        ],
        rows,
        [1, 2, 3, 4, 5, 6, 7],
      ),
      '',
      'Every report is computed by a few grouped statements (the overview: six, one pass over one table each, run in',
      'parallel) and then kept by each API process, exactly: a report computed at version v of its company is served again',
      "while the company's row of `analytics_versions` still says v. Deferred constraint triggers on the tables the",
      'reports read (properties, rental units, tenancies, bookings, payment orders, payments, maintenance requests and',
      'types) bump that row once per writing transaction, at commit, so the first request after any change recomputes',
      '("First answer" above is that cold cost, taken right after the data load). A cached answer costs the floor plus one',
      'primary-key lookup.',
      '',
      '<details><summary>EXPLAIN (ANALYZE) of the heaviest overview statements</summary>',
      '',
      '```',
      plans,
      '```',
      '',
      '</details>',
    ].join('\n');
    if (process.env.BENCH_WRITE_DOC !== 'false') writeDocSection('Analytics', body);
    console.log(body);
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP_DATABASE === 'true' && database) console.log(`kept database: ${database.url}`);
    else await database?.drop().catch((error) => console.error(error));
  }
}

/** A database kept by an earlier run (BENCH_KEEP_DATABASE): its measured company and row counts. */
async function describeKept(client: pg.Client): Promise<Generated> {
  const [company] = (await client.query(`select id from companies where email = 'hello@sunrise.test'`))
    .rows as {
    id: string;
  }[];
  const rows: Record<string, number> = {};
  for (const table of [
    'companies',
    'properties',
    'rental_units',
    'rental_unit_users',
    'maintenance_requests',
    'bookings',
    'payments',
  ]) {
    const [count] = (await client.query(`select count(*)::int as n from ${table}`)).rows as { n: number }[];
    rows[table] = count!.n;
  }
  return { companyId: company!.id, seconds: {}, rows };
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
