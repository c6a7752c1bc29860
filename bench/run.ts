// The foundation benchmark: `npm run bench` (after `npm run build`). Not a test: it prints numbers and writes
// the "Foundation" section of docs/performance.md. Env: BENCH_DURATION (s per case, default 10),
// BENCH_CONNECTIONS (default 10,50), BENCH_WARMUP (s, default 2), BENCH_WRITE_DOC=false to only print,
// BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { cpSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { type LoadCase, type LoadResult, measure } from './lib/load';
import { createScratchDatabase, postgresAvailable, type ScratchDatabase } from './lib/postgres';
import { machineLine, markdownTable, ms, percent, saveResults, writeDocSection } from './lib/report';
import { type BenchProcess, makeDataDir, startCeilingServer, startProductServer } from './lib/server';

const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const OWNER = { email: 'owner@sunrise.test', password: 'Password123!' };

interface Startup {
  database: string;
  coldFreshMs: number;
  coldExistingMs: number;
  idleRssFreshMb: number;
  idleRssExistingMb: number;
  rssAfterLoadMb: number;
}

const live = new Set<BenchProcess>();
const scratch: ScratchDatabase[] = [];
const dataDirs: string[] = [];

async function track(start: Promise<BenchProcess>): Promise<BenchProcess> {
  const server = await start;
  live.add(server);
  return server;
}

async function stop(server: BenchProcess): Promise<void> {
  const code = await server.stop();
  live.delete(server);
  if (code !== 0)
    console.warn(`warning: process on port ${server.port} exited with ${code}\n${server.output()}`);
}

async function cleanup(): Promise<void> {
  for (const server of live) await server.stop();
  live.clear();
  for (const database of scratch) await database.drop().catch((error) => console.error(error));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Logs in as the Sunrise owner and returns the two authenticated cases plus the owner's user id. */
async function authenticatedCases(server: BenchProcess, database: string) {
  const login = await json<{ data: { token: string; user: { _id: string } } }>(
    await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    }),
  );
  const token = login.data.token;
  const list = await json<{ data: { _id: string; name: string }[] }>(
    await fetch(`${server.baseUrl}/api/companies`, { headers: { authorization: `Bearer ${token}` } }),
  );
  const sunrise = list.data.find((company) => company.name === 'Sunrise Estates');
  if (!sunrise) throw new Error('the demo company Sunrise Estates is missing');
  const headers = { authorization: `Bearer ${token}`, 'x-company-id': sunrise._id };
  const cases: LoadCase[] = [
    {
      name: 'GET /api/auth/me',
      database,
      url: `${server.baseUrl}/api/auth/me`,
      headers,
      pid: server.child.pid,
    },
    {
      name: 'GET /api/companies',
      database,
      url: `${server.baseUrl}/api/companies`,
      headers,
      pid: server.child.pid,
    },
  ];
  return { cases, userId: login.data.user._id };
}

async function run(load: LoadCase, connections: number, results: LoadResult[]): Promise<LoadResult> {
  const result = await measure(load, connections, { warmupS: WARMUP_S });
  const failures = result.failures ? `  (${result.failures} failed requests!)` : '';
  console.log(
    `  ${load.name.padEnd(34)} ${load.database.padEnd(10)} c=${String(connections).padEnd(3)} ` +
      `${String(result.reqPerSec).padStart(6)} req/s  p99 ${result.p99Ms} ms  ${result.cpuUsPerRequest ?? '-'} µs CPU/req${failures}`,
  );
  results.push(result);
  return result;
}

/** A stopped server's DATA_DIR copied for a second process (PGlite allows one process per directory). */
function copyDataDir(from: string, label: string): string {
  const to = makeDataDir(label);
  dataDirs.push(to);
  cpSync(from, to, { recursive: true, filter: (source) => path.basename(source) !== 'server.lock' });
  return to;
}

/**
 * One database: cold start on a fresh and on an existing database, then the load. The load runs on the restarted
 * server (what a long-running production process looks like), and each connection level measures the database ceiling
 * and the product routes back to back, so that the ratios compare numbers taken under the same machine load.
 */
async function benchDatabase(
  database: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  ceilingEnv: Parameters<typeof startCeilingServer>[0],
  results: LoadResult[],
): Promise<Startup> {
  console.log(`\n${database}: cold starts`);
  const fresh = await track(startProductServer(env));
  await settle(1000);
  const idleRssFreshMb = fresh.rssMb();
  await stop(fresh);

  // PGlite: the ceiling and the LOG_LEVEL=info server each get a copy of the seeded directory.
  const isPglite = database === 'PGlite';
  const ceilingDir = isPglite ? copyDataDir(env.DATA_DIR!, 'bench-ceiling') : undefined;
  const verboseDir = isPglite ? copyDataDir(env.DATA_DIR!, 'bench-info') : undefined;

  const server = await track(startProductServer(env));
  await settle(1000);
  const idleRssExistingMb = server.rssMb();
  console.log(
    `  cold start fresh ${fresh.coldStartMs} ms, existing ${server.coldStartMs} ms; ` +
      `idle RSS ${idleRssFreshMb} / ${idleRssExistingMb} MB`,
  );
  const { cases, userId } = await authenticatedCases(server, database);
  const loads: LoadCase[] = [];
  const ceiling = await track(
    startCeilingServer(
      ceilingDir ? { ...ceilingEnv, PGLITE_DIR: path.join(ceilingDir, 'pgdata') } : ceilingEnv,
    ),
  );
  loads.push({
    name: 'ceiling: select user by id',
    database,
    url: `${ceiling.baseUrl}/user/${userId}`,
    pid: ceiling.child.pid,
  });
  loads.push(cases[0]!);
  let verbose: BenchProcess | undefined;
  if (verboseDir) {
    // What per-request logging costs: the same route with LOG_LEVEL=info (two JSON lines per request, to a file).
    verbose = await track(startProductServer({ ...env, DATA_DIR: verboseDir, LOG_LEVEL: 'info' }));
    const { cases: verboseCases } = await authenticatedCases(verbose, database);
    loads.push({ ...verboseCases[0]!, name: 'GET /api/auth/me, LOG_LEVEL=info' });
  }
  loads.push(cases[1]!);

  console.log(`${database}: load (database ceiling in a tiny Fastify process, then the product routes)`);
  for (const connections of CONNECTIONS) {
    for (const load of loads) await run(load, connections, results);
  }
  const rssAfterLoadMb = server.rssMb();
  for (const child of [server, ceiling, verbose]) if (child) await stop(child);

  return {
    database,
    coldFreshMs: fresh.coldStartMs,
    coldExistingMs: server.coldStartMs,
    idleRssFreshMb,
    idleRssExistingMb,
    rssAfterLoadMb,
  };
}

function throughputTable(results: LoadResult[]): string {
  const ceilingOf = (database: string, connections: number) =>
    results.find(
      (r) => r.name.startsWith('ceiling: select') && r.database === database && r.connections === connections,
    );
  const order = (r: LoadResult) =>
    [
      'ceiling: bare',
      'ceiling: select',
      'GET /api/auth/me',
      'GET /api/auth/me, LOG_LEVEL=info',
      'GET /api/companies',
    ].findLastIndex((prefix) => r.name.startsWith(prefix));
  const databases = ['-', 'PGlite', 'PostgreSQL'];
  const sorted = [...results].sort(
    (a, b) =>
      databases.indexOf(a.database) - databases.indexOf(b.database) ||
      order(a) - order(b) ||
      a.connections - b.connections,
  );
  const rows = sorted.map((r) => {
    let ratio = '';
    let cpuRatio = '';
    if (r.name.startsWith('ceiling: bare')) ratio = cpuRatio = 'framework ceiling';
    else if (r.name.startsWith('ceiling: select')) ratio = cpuRatio = 'database ceiling';
    else {
      const ceiling = ceilingOf(r.database, r.connections);
      ratio = percent(r.reqPerSec, ceiling?.reqPerSec ?? 0);
      // Requests per CPU-second of the serving process, relative to the ceiling's: what the throughput ratio would be
      // on otherwise idle cores (the load generator's and PostgreSQL's own CPU are not in it).
      cpuRatio =
        ceiling?.cpuUsPerRequest && r.cpuUsPerRequest
          ? percent(ceiling.cpuUsPerRequest, r.cpuUsPerRequest)
          : 'n/a';
    }
    const name = r.failures ? `${r.name} (${r.failures} failed)` : r.name;
    return [
      name,
      r.database,
      r.connections,
      r.reqPerSec,
      ms(r.p50Ms),
      ms(r.p99Ms),
      ratio,
      r.cpuUsPerRequest ?? 'n/a',
      cpuRatio,
    ];
  });
  return markdownTable(
    [
      'Case',
      'Database',
      'Connections',
      'req/s',
      'p50 ms',
      'p99 ms',
      'req/s vs database ceiling',
      'server CPU µs/request',
      'CPU cost vs database ceiling',
    ],
    rows,
    [4, 5, 6, 7, 8],
  );
}

function startupTable(startups: Startup[]): string {
  return markdownTable(
    [
      'Database',
      'Cold start, fresh (ms)',
      'Cold start, existing (ms)',
      'Idle RSS, fresh start (MB)',
      'Idle RSS, existing (MB)',
      'RSS after the load (MB)',
    ],
    startups.map((s) => [
      s.database,
      s.coldFreshMs,
      s.coldExistingMs,
      s.idleRssFreshMb,
      s.idleRssExistingMb,
      s.rssAfterLoadMb,
    ]),
  );
}

async function main(): Promise<void> {
  const machine = machineLine();
  console.log(`Foundation benchmark on ${machine}`);
  const results: LoadResult[] = [];
  const startups: Startup[] = [];

  console.log('\nframework ceiling (bare Fastify, GET /hello)');
  const bare = await track(startCeilingServer({ CEILING_DRIVER: 'none' }));
  for (const connections of CONNECTIONS) {
    await run(
      {
        name: 'ceiling: bare Fastify hello',
        database: '-',
        url: `${bare.baseUrl}/hello`,
        pid: bare.child.pid,
      },
      connections,
      results,
    );
  }
  await stop(bare);

  const pgliteDir = makeDataDir('bench');
  dataDirs.push(pgliteDir);
  startups.push(
    await benchDatabase(
      'PGlite',
      { DATA_DIR: pgliteDir },
      { CEILING_DRIVER: 'pglite', PGLITE_DIR: path.join(pgliteDir, 'pgdata') },
      results,
    ),
  );

  let postgresNote = '';
  if (await postgresAvailable()) {
    const database = await createScratchDatabase('rentora_bench');
    scratch.push(database);
    const dataDir = makeDataDir('bench-pg');
    dataDirs.push(dataDir);
    startups.push(
      await benchDatabase(
        'PostgreSQL',
        { DATA_DIR: dataDir, DATABASE_URL: database.url },
        { CEILING_DRIVER: 'postgres', DATABASE_URL: database.url },
        results,
      ),
    );
    await database.drop();
  } else {
    postgresNote = '\nPostgreSQL was not reachable: its cases were skipped.\n';
    console.log('\nPostgreSQL is not reachable: skipping its cases');
  }

  const loadEnd = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  const throughput = throughputTable(results);
  const startup = startupTable(startups);
  console.log(`\n${throughput}\n\n${startup}\n`);
  console.log(`raw results: ${saveResults('foundation', { machine, results, startups })}`);

  if (process.env.BENCH_WRITE_DOC !== 'false') {
    writeDocSection(
      'Foundation',
      `Generated by \`npm run bench\` (bench/run.ts). Machine: ${machine}; load average at the end ${loadEnd}.

Method: each case is ${WARMUP_S} s of warm-up, then ${results[0]?.durationS ?? 10} s of autocannon on loopback, at
${CONNECTIONS.join(' and ')} connections; the load generator shares the two cores with the server. Product servers are the built
\`apps/api/dist/server.js\` with the demo seed, \`LOG_LEVEL=warn\` (no per-request log lines; the \`LOG_LEVEL=info\` row shows
what they cost) and logs to a file; the load runs on a restarted server (existing data). Requests carry the Sunrise owner's
bearer token and \`x-company-id\`. The ceilings run in a separate tiny Fastify process: a bare hello route (framework ceiling)
and \`select id, email, first_name, last_name, role from users where id = $1\` through the same driver (PGlite on a copy of
the seeded directory, or a \`pg\` pool of 10) with no auth, ORM or validation (database ceiling). At each connection level the
database ceiling and the product routes are measured back to back, so a ratio compares numbers taken under the same load.
The CPU columns divide the serving process's user + system CPU time (\`/proc/<pid>/stat\`) by the completed requests. Unlike
req/s they hardly move when other processes load the machine, so *CPU cost vs database ceiling* (ceiling µs ÷ route µs) is
the steadier estimate of the throughput ratio on idle cores. On PostgreSQL it counts only the Node process, not the database
server's own work.
${postgresNote}
${throughput}

Cold start is process spawn → first \`200\` from \`/api/health\` (fresh: an empty PGlite directory or an empty PostgreSQL
database, so initdb, migrations and the demo seed are included; existing: a restart on the same data). RSS is read from
\`/proc\` after 1 s idle, and again after the load.

${startup}`,
    );
    console.log('docs/performance.md: section "Foundation" updated');
  }
}

process.on('SIGINT', () => {
  void cleanup().then(() => process.exit(130));
});

try {
  await main();
} finally {
  await cleanup();
}
