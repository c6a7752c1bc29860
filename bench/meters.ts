// The metered-utilities benchmark (not a test): `cd bench && node --import tsx meters.ts`.
// Bundles the API from the working tree and starts it on a scratch PostgreSQL database with the demo seed, makes a
// company of BENCH_RENT_TENANTS active tenancies (one unit each), gives every unit an electricity meter (slabs and a
// fixed charge) and every tenth pair of units a shared water meter (60/40), two readings each last month, then times
// POST /api/invoices/generate-rent for this month (aim: 100,000 tenancies under 60 s), and once more (nothing billed
// twice: 0 created, no new meter charge). Results go to bench/results/meters-*.json; exits non-zero past the aim
// (scaled to the tenancies run: 60 s × n / 100,000).
// Env: BENCH_RENT_TENANTS (default 100000), BENCH_METERS=false (the same run without meters, to compare),
// BENCH_PG_ADMIN_URL.
import pg from 'pg';
import { bundleServer } from './lib/bundle';
import { json, signIn } from './lib/list-bench';
import { createScratchDatabase, postgresAvailable, type ScratchDatabase } from './lib/postgres';
import { rentCompany } from './lib/rent-company';
import { machineLine, saveResults } from './lib/report';
import { type BenchProcess, spawnAndWait } from './lib/server';

process.env.BENCH_PORT_RANGE ??= '3500-3599';
const TENANTS = Number(process.env.BENCH_RENT_TENANTS ?? 100_000);
const WITH_METERS = process.env.BENCH_METERS !== 'false';
const AIM_S = (60 * TENANTS) / 100_000;
const OWNER = { email: 'bench-meter-owner@bench.test', password: 'Password123!' };
const month = new Date().toISOString().slice(0, 7);
const lastMonth = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 1))
  .toISOString()
  .slice(0, 7);

/** An electricity meter a unit, a shared water meter every tenth pair of units, two readings each last month. */
async function addMeters(
  client: pg.Client,
  companyId: string,
): Promise<{ meters: number; readings: number }> {
  await client.query(
    `insert into meters (id, company_id, rental_unit_id, type, label, tariff)
     select gen_random_uuid(), company_id, id, 'electricity', '',
       '{"perUnit":null,"slabs":[{"upTo":100,"perUnit":475},{"upTo":200,"perUnit":600},{"upTo":null,"perUnit":750}],"fixedCharge":11000}'::jsonb
     from rental_units where company_id = $1`,
    [companyId],
  );
  await client.query(
    `with u as (select id, company_id, row_number() over (order by id) - 1 as n from rental_units where company_id = $1),
          pairs as (select a.id as a, b.id as b, a.company_id, gen_random_uuid() as meter_id
                    from u a join u b on b.n = a.n + 1 where a.n % 20 = 0),
          m as (insert into meters (id, company_id, rental_unit_id, type, label, tariff)
                select meter_id, company_id, a, 'water', 'Common', '{"perUnit":2500,"slabs":null,"fixedCharge":0}'::jsonb
                from pairs returning id)
     insert into meter_shares (meter_id, rental_unit_id, share_bp)
     select meter_id, a, 6000 from pairs union all select meter_id, b, 4000 from pairs`,
    [companyId],
  );
  await client.query(
    `insert into meter_readings (id, company_id, meter_id, reading_hundredths, read_at)
     select gen_random_uuid(), company_id, id, 421000 + (hashtext(id::text) & 1023) * 100, ($2 || '-01')::date
     from meters where company_id = $1
     union all
     select gen_random_uuid(), company_id, id, 421000 + (hashtext(id::text) & 1023) * 100 + 18800, ($2 || '-28')::date
     from meters where company_id = $1`,
    [companyId, lastMonth],
  );
  await client.query('analyze');
  const [counts] = (
    await client.query(
      `select (select count(*)::int from meters where company_id = $1) as meters,
              (select count(*)::int from meter_readings where company_id = $1) as readings`,
      [companyId],
    )
  ).rows as { meters: number; readings: number }[];
  return counts!;
}

async function timedRentRun(baseUrl: string, headers: Record<string, string>) {
  const started = performance.now();
  const answer = await json<{ data: { created: number; skipped: number } }>(
    await fetch(`${baseUrl}/api/invoices/generate-rent`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ month }),
    }),
  );
  return { ...answer.data, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function main(): Promise<void> {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is not reachable (BENCH_PG_ADMIN_URL)');
  let database: ScratchDatabase | undefined;
  let server: BenchProcess | undefined;
  try {
    database = await createScratchDatabase('rentora_bench_meters');
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
    };
    server = await spawnAndWait({ args: [await bundleServer('meters')], env, timeoutMs: 300_000 });
    const db = new pg.Client({ connectionString: database.url });
    db.on('error', (error) => console.error(`bench database connection: ${error.message}`));
    await db.connect();
    const setupStarted = performance.now();
    const companyId = await rentCompany(server.baseUrl, db, { tenants: TENANTS, perUnit: 1, owner: OWNER });
    const counts = WITH_METERS ? await addMeters(db, companyId) : { meters: 0, readings: 0 };
    const setupSeconds = Math.round((performance.now() - setupStarted) / 1000);
    const headers = await signIn(server.baseUrl, OWNER, companyId);
    const first = await timedRentRun(server.baseUrl, headers);
    const second = await timedRentRun(server.baseUrl, headers);
    const [billed] = (
      await db.query(
        `select count(*)::int as charges, coalesce(sum(amount), 0)::bigint as amount,
           (select count(*)::int from invoices i, jsonb_array_elements(i.line_items) l
            where i.company_id = $1 and l->>'kind' = 'utilities') as lines
         from meter_charges where company_id = $1`,
        [companyId],
      )
    ).rows as { charges: number; amount: string; lines: number }[];
    await db.end();
    const result = {
      machine: machineLine(),
      tenants: TENANTS,
      ...counts,
      setupSeconds,
      first,
      second,
      billed,
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(`saved ${saveResults('meters', result)}`);
    if (first.seconds >= AIM_S) {
      console.error(`rent run with meters took ${first.seconds} s (aim < ${AIM_S} s)`);
      process.exitCode = 1;
    }
    if (second.created !== 0) {
      console.error('the second run billed again');
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

await main();
