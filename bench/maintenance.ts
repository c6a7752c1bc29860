// The maintenance benchmark (not a test): `cd bench && node --import tsx maintenance.ts`.
// Bundles the API from the working tree (as inventory.ts does), starts it on a scratch PostgreSQL database with the demo
// seed, adds 1,000,000 maintenance requests (100,000 of them to the demo company Sunrise Estates, the one measured, and
// 900 to each of 1,000 other companies), then measures the request list (default and filtered), search and the
// statistics against the floor of any signed-in request (GET /api/auth/me) with autocannon, prints EXPLAIN (ANALYZE)
// of the list statements and writes the "Maintenance requests" section of docs/performance.md.
// Env: BENCH_DURATION (s per case, default 10), BENCH_WARMUP (default 2), BENCH_CONNECTIONS (default 10,50),
// BENCH_MAINTENANCE_REQUESTS (default 1000000), BENCH_WRITE_DOC=false, BENCH_PG_ADMIN_URL.
import pg from 'pg';
import { bundleServer } from './lib/bundle';
import { coldAnswers, floorTable, POSTGRES_LIST_AIM, signIn } from './lib/list-bench';
import { type LoadCase, type LoadResult, measure } from './lib/load';
import { createScratchDatabase, postgresAvailable, type ScratchDatabase } from './lib/postgres';
import { machineLine, saveResults, writeDocSection } from './lib/report';
import { type BenchProcess, spawnAndWait } from './lib/server';

process.env.BENCH_PORT_RANGE ??= '3300-3399';
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const TOTAL = Number(process.env.BENCH_MAINTENANCE_REQUESTS ?? 1_000_000);
const MEASURED_SHARE = 0.1;
const OTHER_COMPANIES = 1_000;
const OWNER = { email: 'owner@sunrise.test', password: 'Password123!' };

/** 1,000,000 requests in plain SQL: the measured company gets MEASURED_SHARE, the rest go to OTHER_COMPANIES. */
async function generate(
  client: pg.Client,
): Promise<{ companyId: string; measured: number; seconds: number }> {
  const started = performance.now();
  const [company] = (await client.query(`select id from companies where email = 'hello@sunrise.test'`))
    .rows as {
    id: string;
  }[];
  if (!company) throw new Error('the demo company is missing');
  const measured = Math.round(TOTAL * MEASURED_SHARE);
  const perOther = Math.floor((TOTAL - measured) / OTHER_COMPANIES);
  await client.query(
    `insert into companies (id, name, slug, address, current_period_end, limitations)
     select gen_random_uuid(), 'Bulk ' || g, 'bulk-' || g, '{}'::jsonb, now() + interval '30 days', '{}'::jsonb
     from generate_series(1, $1) g`,
    [OTHER_COMPANIES],
  );
  await client.query(
    `insert into properties (id, company_id, name, property_type, address_line1, city, state, postal_code)
     select gen_random_uuid(), id, 'Bulk Residency', 'apartment_building', '1 Bulk Road', 'Pune', 'Maharashtra', '411001'
     from companies where slug like 'bulk-%'`,
  );
  // The measured company: its own properties, units, types and assignees, statuses and priorities spread out,
  // created over the last year, a third of the finished ones resolved within their SLA.
  await client.query(
    `with props as (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from properties where company_id = $1),
          units as (select id, property_id from rental_units where company_id = $1),
          types as (select id, row_number() over (order by key) - 1 as n, count(*) over () as total from maintenance_types where company_id = $1),
          staff as (select u.id, row_number() over (order by u.email) - 1 as n, count(*) over () as total
                    from users u join company_users cu on cu.user_id = u.id
                    where cu.company_id = $1 and cu.role in ('field_staff', 'maintenance_coordinator', 'manager')),
          base as (select coalesce(max(number), 0) as last from maintenance_requests where company_id = $1),
          g as (select g, (array['open','assigned','in_progress','on_hold','resolved','closed','cancelled'])[1 + g % 7] as status,
                       (array['low','medium','high','urgent'])[1 + (g / 7) % 4] as priority,
                       now() - (g % 365) * interval '1 day' - (g % 24) * interval '1 hour' as created
                from generate_series(1, $2) g)
     insert into maintenance_requests (id, company_id, number, title, description, type_id, priority, status, source,
       property_id, requester_type, requester_name, assignee_id, watcher_ids, due_at, resolved_at, created_at, updated_at)
     select gen_random_uuid(), $1, base.last + g.g, 'Request ' || g.g || case when g.g % 10 = 0 then ' leaking tap' else ' broken fitting' end,
       'Generated for the benchmark', types.id, g.priority, g.status,
       (array['staff','tenant','public'])[1 + g.g % 3], props.id, 'staff', 'Bench Requester',
       case when g.status = 'open' then null else staff.id end, '[]'::jsonb,
       g.created + interval '48 hours',
       case when g.status in ('resolved', 'closed') then g.created + (g.g % 96) * interval '1 hour' end,
       g.created, g.created
     from g cross join base
     join props on props.n = g.g % props.total
     join types on types.n = g.g % types.total
     join staff on staff.n = g.g % staff.total`,
    [company.id, measured],
  );
  await client.query(
    `insert into maintenance_requests (id, company_id, number, title, priority, status, source, property_id,
       requester_type, requester_name, due_at, created_at, updated_at)
     select gen_random_uuid(), p.company_id, g, 'Bulk request ' || g,
       (array['low','medium','high','urgent'])[1 + g % 4], (array['open','in_progress','resolved','closed'])[1 + g % 4],
       'staff', p.id, 'staff', 'Bulk', now() + interval '1 day', now() - g * interval '1 hour', now() - g * interval '1 hour'
     from properties p cross join generate_series(1, $1) g
     where p.name = 'Bulk Residency'`,
    [perOther],
  );
  await client.query(
    `insert into maintenance_counters (company_id, last_number)
     select company_id, max(number) from maintenance_requests group by company_id
     on conflict (company_id) do update set last_number = excluded.last_number`,
  );
  await client.query('analyze');
  const [count] = (await client.query('select count(*)::int as total from maintenance_requests')).rows as {
    total: number;
  }[];
  console.log(`generated ${count!.total.toLocaleString('en-US')} requests`);
  return { companyId: company.id, measured, seconds: Math.round((performance.now() - started) / 1000) };
}

async function explain(client: pg.Client, companyId: string): Promise<string> {
  const statements: [string, string][] = [
    [
      'default page (newest first)',
      `select id from maintenance_requests where company_id = '${companyId}' order by created_at desc, id desc limit 20`,
    ],
    [
      'open and urgent, due soonest',
      `select id from maintenance_requests where company_id = '${companyId}' and status in ('open','assigned','in_progress','on_hold')
       and priority in ('high','urgent') order by due_at asc nulls last, id asc limit 20`,
    ],
    [
      'count of the same filter',
      `select count(*) from maintenance_requests where company_id = '${companyId}' and status in ('open','assigned','in_progress','on_hold')
       and priority in ('high','urgent')`,
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
    database = await createScratchDatabase('rentora_bench_maintenance');
    const bundle = await bundleServer('maintenance');
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
    };
    server = await spawnAndWait({ args: [bundle], env, timeoutMs: 300_000 });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const data = await generate(db);
    const headers = await signIn(server.baseUrl, OWNER, data.companyId);
    const base = `${server.baseUrl}/api`;
    const pid = server.child.pid;
    const cases: LoadCase[] = [
      { name: 'floor: GET /api/auth/me', database: 'PostgreSQL', url: `${base}/auth/me`, headers, pid },
      {
        name: 'GET /api/maintenance/requests (newest first, 10)',
        database: 'PostgreSQL',
        url: `${base}/maintenance/requests`,
        headers,
        pid,
      },
      {
        name: 'GET …/requests?status[]=open,assigned,in_progress,on_hold&priority[]=high,urgent&sortBy=dueDate&limit=20',
        database: 'PostgreSQL',
        url: `${base}/maintenance/requests?status[]=open&status[]=assigned&status[]=in_progress&status[]=on_hold&priority[]=high&priority[]=urgent&sortBy=dueDate&sortOrder=asc&limit=20`,
        headers,
        pid,
      },
      {
        name: 'GET …/requests?search=leaking',
        database: 'PostgreSQL',
        url: `${base}/maintenance/requests?search=leaking`,
        headers,
        pid,
      },
      {
        name: 'GET /api/maintenance/requests/stats',
        database: 'PostgreSQL',
        url: `${base}/maintenance/requests/stats`,
        headers,
        pid,
      },
    ];
    const notes = await coldAnswers(cases);
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
    saveResults('maintenance', { data, results, plans });

    const { table, missed } = floorTable(results, notes, POSTGRES_LIST_AIM);
    const body = [
      `Run: \`cd bench && node --import tsx maintenance.ts\` (${machineLine()}).`,
      '',
      `Data: ${TOTAL.toLocaleString('en-US')} requests on PostgreSQL, ${data.measured.toLocaleString('en-US')} of them in the measured company ` +
        `(Sunrise Estates, signed in as its owner) and ${OTHER_COMPANIES.toLocaleString('en-US')} other companies; generated in ${data.seconds} s. ` +
        `Aim: the list with filters and the statistics at ≥ ${POSTGRES_LIST_AIM.share * 100} % of the floor and p99 ≤ ${POSTGRES_LIST_AIM.p99Ms} ms at 50 connections.`,
      '',
      table,
      '',
      'The statistics and list totals of a company with 5,000 requests or more are kept per process for 30 s (they aggregate',
      'or count every matching request); a page that ends the list needs no count at all. The lists miss the aim: each costs',
      'the API process 1.2–1.8 ms of CPU (the page query with its joins, drizzle building it, the DTOs and their validation)',
      'against 0.2–0.3 ms for the floor, on two cores shared with PostgreSQL and the load generator. Search is `ILIKE` on',
      'title and requester on trigram indexes (pg_trgm, on PostgreSQL and PGlite), planned on every run.',
      '',
      '<details><summary>EXPLAIN (ANALYZE) of the list statements</summary>',
      '',
      '```',
      plans,
      '```',
      '',
      '</details>',
    ].join('\n');
    if (process.env.BENCH_WRITE_DOC !== 'false') writeDocSection('Maintenance requests', body);
    console.log(body);
    if (missed > 0 && process.env.BENCH_AIMS !== 'false') {
      console.error(`${missed} maintenance case(s) missed the aim at 50 connections`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await database?.drop().catch((error) => console.error(error));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
