// The tenants benchmark (not a test): `cd bench && node --import tsx tenants.ts`.
// Bundles the API from the working tree, starts it on a scratch PostgreSQL database with the demo seed, adds 200,000
// tenancies (100,000 in the demo company Sunrise Estates, the one measured, spread over its units; the rest over 1,000
// other companies), then measures GET /api/tenants (default, filtered, sorted, searched) against the floor of any
// signed-in request (GET /api/auth/me) with autocannon, prints EXPLAIN (ANALYZE) of the list statements and writes the
// "Tenants" section of docs/performance.md. The run exits non-zero when a list misses its aim at 50 connections.
// Env: BENCH_DURATION (s per case, default 10), BENCH_WARMUP (default 2), BENCH_CONNECTIONS (default 10,50),
// BENCH_TENANTS (default 200000), BENCH_WRITE_DOC=false, BENCH_AIMS=false (report only), BENCH_PG_ADMIN_URL.
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
const TOTAL = Number(process.env.BENCH_TENANTS ?? 200_000);
const MEASURED_SHARE = 0.5;
const OTHER_COMPANIES = 1_000;
const OWNER = { email: 'owner@sunrise.test', password: 'Password123!' };

/**
 * The tenancies in plain SQL: one tenant user each, statuses spread over the lifecycle (the current ones are the
 * active and notice_given), move-ins over the last three years, rents of 8,000–60,000 ₹ in paise.
 */
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
    `insert into users (id, email, password_hash, first_name, last_name, phone, role, is_email_verified)
     select gen_random_uuid(), 'bench-tenant-' || g || '@bench.test', 'x',
       (array['Asha','Ravi','Meera','Arjun','Kavya','Rahul','Priya','Vikram'])[1 + g % 8],
       (array['Nair','Verma','Iyer','Das','Menon','Rao','Shah','Gupta'])[1 + (g / 8) % 8] || ' ' || g,
       '+91 9' || lpad(g::text, 9, '0'), 'tenant', true
     from generate_series(1, $1) g`,
    [TOTAL],
  );
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
  await client.query(
    `insert into rental_units (id, company_id, property_id, unit_number, unit_type, rent)
     select gen_random_uuid(), company_id, id, 'B-1', '2bhk', 2500000 from properties where name = 'Bulk Residency'`,
  );
  const tenancy = (where: string) => `
     insert into rental_unit_users (id, company_id, rental_unit_id, property_id, user_id, status, tenancy_status,
       start_date, rent, security_deposit, rent_due_day, dues_rent, created_at, updated_at)
     select gen_random_uuid(), units.company_id, units.id, units.property_id, people.id,
       case when s.status in ('active', 'notice_given') then 'current' else 'past' end, s.status,
       (now() - (people.n % 1095) * interval '1 day')::date, 800000 + (people.n % 520) * 10000, 2400000,
       1 + people.n % 28, case when people.n % 5 = 0 then 1200000 else 0 end,
       now() - (people.n % 1095) * interval '1 day', now() - (people.n % 1095) * interval '1 day'
     from people
     join units on units.n = people.n % units.total and ${where}
     cross join lateral (select (array['active','active','active','notice_given','pending','moved_out','rejected'])[1 + people.n % 7] as status) s`;
  await client.query(
    `with people as (select id, row_number() over (order by email) - 1 as n from users
                     where email like 'bench-tenant-%' order by email limit $2),
          units as (select id, company_id, property_id, row_number() over (order by id) - 1 as n, count(*) over () as total
                    from rental_units where company_id = $1)
     ${tenancy('true')}`,
    [company.id, measured],
  );
  await client.query(
    `with people as (select id, row_number() over (order by email) - 1 - $2 as n from users
                     where email like 'bench-tenant-%' order by email offset $2),
          units as (select id, company_id, property_id, row_number() over (order by id) - 1 as n, count(*) over () as total
                    from rental_units where unit_number = 'B-1' and company_id in (select id from companies where slug like 'bulk-%'))
     ${tenancy('people.n < $1')}`,
    [perOther * OTHER_COMPANIES, measured],
  );
  await client.query('analyze');
  const [count] = (await client.query('select count(*)::int as total from rental_unit_users')).rows as {
    total: number;
  }[];
  console.log(`generated ${count!.total.toLocaleString('en-US')} tenancies`);
  return { companyId: company.id, measured, seconds: Math.round((performance.now() - started) / 1000) };
}

async function explain(client: pg.Client, companyId: string): Promise<string> {
  const statements: [string, string][] = [
    [
      'default page (newest first)',
      `select id from rental_unit_users where company_id = '${companyId}' order by created_at desc, id desc limit 10`,
    ],
    [
      'active and on notice, highest rent first',
      `select id from rental_unit_users where company_id = '${companyId}' and tenancy_status in ('active','notice_given')
       order by rent desc, id desc limit 20`,
    ],
    [
      'search by name, email or phone',
      `select id from rental_unit_users where company_id = '${companyId}' and user_id in (select id from users
       where first_name || ' ' || last_name ilike '%Iyer 1234%' or email ilike '%Iyer 1234%' or phone ilike '%Iyer 1234%')
       order by created_at desc, id desc limit 10`,
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

function listCases(base: string, headers: Record<string, string>, pid: number | undefined): LoadCase[] {
  const list = (name: string, query: string): LoadCase => ({
    name,
    database: 'PostgreSQL',
    url: `${base}/tenants${query}`,
    headers,
    pid,
  });
  return [
    { name: 'floor: GET /api/auth/me', database: 'PostgreSQL', url: `${base}/auth/me`, headers, pid },
    list('GET /api/tenants (newest first, 10)', ''),
    list(
      'GET /api/tenants?status[]=active,notice_given&sortBy=rentAmount&limit=20',
      '?status[]=active&status[]=notice_given&sortBy=rentAmount&sortOrder=desc&limit=20',
    ),
    list('GET /api/tenants?search=Iyer 1234', '?search=Iyer%201234'),
    list('GET /api/tenants?page=50', '?page=50'),
  ];
}

async function main(): Promise<void> {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is not reachable (BENCH_PG_ADMIN_URL)');
  let database: ScratchDatabase | undefined;
  let server: BenchProcess | undefined;
  let missed = 0;
  try {
    database = await createScratchDatabase('rentora_bench_tenants');
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
    };
    server = await spawnAndWait({ args: [await bundleServer('tenants')], env, timeoutMs: 300_000 });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const data = await generate(db);
    const headers = await signIn(server.baseUrl, OWNER, data.companyId);
    const cases = listCases(`${server.baseUrl}/api`, headers, server.child.pid);
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
    saveResults('tenants', { data, results, plans });

    const { table, missed: under } = floorTable(results, notes, POSTGRES_LIST_AIM);
    missed = under;
    const body = [
      `Run: \`cd bench && node --import tsx tenants.ts\` (${machineLine()}).`,
      '',
      `Data: ${TOTAL.toLocaleString('en-US')} tenancies on PostgreSQL, ${data.measured.toLocaleString('en-US')} of them in the measured company ` +
        `(Sunrise Estates, signed in as its owner) and the rest in ${OTHER_COMPANIES.toLocaleString('en-US')} other companies; generated in ${data.seconds} s. ` +
        `Aim: the lists at ≥ ${POSTGRES_LIST_AIM.share * 100} % of the floor and p99 ≤ ${POSTGRES_LIST_AIM.p99Ms} ms at 50 connections.`,
      '',
      table,
      '',
      '<details><summary>EXPLAIN (ANALYZE) of the list statements</summary>',
      '',
      '```',
      plans,
      '```',
      '',
      '</details>',
    ].join('\n');
    if (process.env.BENCH_WRITE_DOC !== 'false') writeDocSection('Tenants', body);
    console.log(body);
  } finally {
    await server?.stop();
    await database?.drop().catch((error) => console.error(error));
  }
  if (missed > 0 && process.env.BENCH_AIMS !== 'false') {
    console.error(`${missed} tenant list case(s) missed the aim at 50 connections`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
