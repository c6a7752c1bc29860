// Every company list beside the floor (not a test): `cd bench && node --import tsx floor.ts`.
// Bundles the API from the working tree, starts it on a scratch PostgreSQL database with the demo seed, signs in as the
// Sunrise owner and measures each list back to back with the floor of any signed-in request (`GET /api/auth/me`), as
// issue 8's table does, with the server's CPU per request beside req/s. The demo data is small, so this is the quick,
// whole-product view; the per-domain benches (inventory, tenants, lists, invoices, maintenance) measure at scale.
// Exits non-zero when a list misses its aim at 50 connections (BENCH_AIMS=false to only report).
// Env: BENCH_DURATION (s per case, default 5), BENCH_WARMUP (default 1), BENCH_CONNECTIONS (default 10,50),
// BENCH_ONLY (substrings, comma-separated: only the matching lists), BENCH_WRITE_DOC=false, BENCH_PG_ADMIN_URL.
import pg from 'pg';
import { bundleServer } from './lib/bundle';
import { POSTGRES_LIST_AIM, signIn } from './lib/list-bench';
import { type LoadCase, type LoadResult, measure } from './lib/load';
import { createScratchDatabase, postgresAvailable } from './lib/postgres';
import { machineLine, markdownTable, ms, percent, saveResults, writeDocSection } from './lib/report';
import { makeDataDir, seedDemoDatabase, spawnAndWait } from './lib/server';

process.env.BENCH_PORT_RANGE ??= '3400-3499';
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 1);
const ONLY = process.env.BENCH_ONLY?.split(',');
const OWNER = { email: 'owner@sunrise.test', password: 'Password123!' };

/** The company-scoped lists of the product, as the dashboard asks for them (paths under /api). */
const LISTS: readonly string[] = [
  '/companies',
  '/company-users',
  '/properties',
  '/rental-units',
  '/rental-units?status=Available&sortBy=rent&sortOrder=asc&limit=20',
  '/rental-unit-templates',
  '/tenants',
  '/bookings',
  '/invoices',
  '/invoice-templates',
  '/credit-notes',
  '/collections/reminders',
  '/collections/late-fee-rules',
  '/collections/late-fee-rules/effective',
  '/api-keys',
  '/webhooks',
  '/payments',
  '/maintenance/requests',
  '/audit-logs',
  '/inapp-notifications/user',
  '/favorites',
  '/public/properties',
];

const DETAIL_AIM_SHARE = 0.6;

/** Detail reads (issue 8: ≥ 60 % of the floor), of the first unit and property the lists answer. */
const DETAILS: readonly { list: string; path: (id: string) => string }[] = [
  { list: '/rental-units', path: (id) => `/rental-units/${id}` },
  { list: '/properties', path: (id) => `/properties/${id}` },
];

async function main(): Promise<void> {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is not reachable (BENCH_PG_ADMIN_URL)');
  const database = await createScratchDatabase('bench_floor');
  const bundle = await bundleServer('floor');
  if (process.env.BENCH_BASELINE_BUNDLE) {
    await seedDemoDatabase(bundle, {
      DATABASE_URL: database.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    });
  }
  const server = await spawnAndWait({
    args: [bundle],
    env: {
      DATABASE_URL: database.url,
      DATA_DIR: makeDataDir('floor'),
      SEED_DEMO: process.env.BENCH_BASELINE_BUNDLE ? 'false' : 'true',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    },
    timeoutMs: 300_000,
  });
  // BENCH_BASELINE_BUNDLE: a server.js bundled from another commit, on the same database, measured right before this
  // tree's server at each case (same floor, same load): the "before" column.
  const baseline = process.env.BENCH_BASELINE_BUNDLE
    ? await spawnAndWait({
        args: [process.env.BENCH_BASELINE_BUNDLE],
        env: {
          DATABASE_URL: database.url,
          DATA_DIR: makeDataDir('floor-baseline'),
          SEED_DEMO: 'false',
          JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        },
        timeoutMs: 300_000,
      })
    : undefined;
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const [company] = (await client.query(`select id from companies where email = 'hello@sunrise.test'`))
      .rows as {
      id: string;
    }[];
    await client.end();
    const headers = await signIn(server.baseUrl, OWNER, company!.id);
    const base = `${server.baseUrl}/api`;
    const pid = server.child.pid;
    const floor: LoadCase = {
      name: 'floor',
      database: 'PostgreSQL',
      url: `${base}/auth/me`,
      headers,
      pid,
      postgresCpu: database.name,
    };
    const details: string[] = [];
    for (const detail of DETAILS) {
      const listed = (await (await fetch(`${base}${detail.list}`, { headers })).json()) as {
        data: { _id: string }[];
      };
      details.push(detail.path(listed.data[0]!._id));
    }
    const rows: (string | number)[][] = [];
    const results: { floor: LoadResult; list: LoadResult }[] = [];
    let missed = 0;
    for (const connections of CONNECTIONS) {
      for (const path of [...LISTS, ...details].filter(
        (list) => !ONLY || ONLY.some((part) => list.includes(part)),
      )) {
        const list: LoadCase = {
          name: `GET /api${path}`,
          database: 'PostgreSQL',
          url: `${base}${path}`,
          headers,
          pid,
          postgresCpu: database.name,
        };
        const probe = await fetch(list.url, { headers });
        if (!probe.ok) throw new Error(`${list.url}: ${probe.status} ${await probe.text()}`);
        const bytes = (await probe.arrayBuffer()).byteLength;
        const floorResult = await measure(floor, connections, { durationS: DURATION_S, warmupS: WARMUP_S });
        const listResult = await measure(list, connections, { durationS: DURATION_S, warmupS: WARMUP_S });
        const before = baseline
          ? await measure(
              {
                ...list,
                name: `${list.name} (before)`,
                url: list.url.replace(server.baseUrl, baseline.baseUrl),
                pid: baseline.child.pid,
              },
              connections,
              { durationS: DURATION_S, warmupS: WARMUP_S },
            )
          : undefined;
        if (before) {
          const cpuOf = (result: LoadResult) =>
            `${((result.cpuUsPerRequest ?? 0) / 1000).toFixed(2)} + ${((result.postgresCpuUsPerRequest ?? 0) / 1000).toFixed(2)}`;
          console.log(
            `before: ${list.name} c=${connections} ${before.reqPerSec} req/s = ${percent(before.reqPerSec, floorResult.reqPerSec)} of floor, p99 ${before.p99Ms} ms, CPU ${cpuOf(before)} ms`,
          );
        }
        results.push({ floor: floorResult, list: listResult, ...(before ? { before } : {}) });
        const share = listResult.reqPerSec / floorResult.reqPerSec;
        const judged = connections === 50;
        const meets =
          share >= (details.includes(path) ? DETAIL_AIM_SHARE : POSTGRES_LIST_AIM.share) &&
          listResult.p99Ms <= POSTGRES_LIST_AIM.p99Ms &&
          listResult.failures === 0;
        if (judged && !meets) missed += 1;
        const cpu = (result: LoadResult) =>
          `${((result.cpuUsPerRequest ?? 0) / 1000).toFixed(2)} + ${((result.postgresCpuUsPerRequest ?? 0) / 1000).toFixed(2)}`;
        rows.push([
          `\`${list.name}\``,
          connections,
          `${floorResult.reqPerSec} → ${listResult.reqPerSec}`,
          percent(listResult.reqPerSec, floorResult.reqPerSec),
          `${ms(floorResult.p99Ms)} → ${ms(listResult.p99Ms)}`,
          `${cpu(floorResult)} → ${cpu(listResult)} ms`,
          `${(bytes / 1024).toFixed(1)} KB`,
          listResult.failures,
          judged ? (meets ? 'yes' : 'no') : '—',
        ]);
        console.log(rows.at(-1)!.join(' | '));
      }
    }
    const table = markdownTable(
      [
        'Route',
        'Conn.',
        'req/s (floor → list)',
        'of floor',
        'p99 ms (floor → list)',
        'CPU per request, API + PostgreSQL',
        'Answer',
        'Failures',
        'Aim met',
      ],
      rows,
      [1, 2, 3, 4, 5, 6, 7],
    );
    const doc = [
      `Generated by \`bench/floor.ts\`. ${machineLine()}`,
      '',
      `Method: the built API on PostgreSQL with the demo seed, the Sunrise owner's token; each list measured right after the floor (\`GET /api/auth/me\`) at the same connection count, ${WARMUP_S} s warm-up and ${DURATION_S} s of autocannon each; CPU is the user + system time per completed request of the server process, then of every local \`postgres\` process. Aim: ≥ ${POSTGRES_LIST_AIM.share * 100} % of the floor (details ≥ ${DETAIL_AIM_SHARE * 100} %), p99 ≤ ${POSTGRES_LIST_AIM.p99Ms} ms and no failures at 50 connections.`,
      '',
      table,
    ].join('\n');
    console.log(`\n${doc}`);
    saveResults('floor', results);
    if (process.env.BENCH_WRITE_DOC !== 'false' && !ONLY) writeDocSection('Every list beside the floor', doc);
    if (missed > 0 && process.env.BENCH_AIMS !== 'false') {
      console.error(`${missed} list case(s) under the aim at 50 connections`);
      process.exitCode = 1;
    }
  } finally {
    await baseline?.stop();
    await server.stop();
    await database.drop();
  }
}

await main();
