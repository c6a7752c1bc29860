// `node --import tsx bench/workers.ts` (after `npm run build`): what the second API process buys (WORKERS=1 vs 2)
// on PostgreSQL + Redis with the demo data, side by side in one run. Writes the "Workers" section of docs/performance.md.
import { execFileSync } from 'node:child_process';
import { type LoadCase, type LoadResult, measure } from './lib/load';
import { createScratchDatabase, postgresAvailable } from './lib/postgres';
import { machineLine, markdownTable, ms, saveResults, writeDocSection } from './lib/report';
import { type BenchProcess, startProductServer } from './lib/server';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONNECTIONS = [10, 50];

/** User + system CPU of a process and its children (the cluster workers), in µs. */
function treeCpuUs(pid: number): number {
  const pids = [pid, ...childrenOf(pid)];
  let total = 0;
  for (const each of pids) {
    try {
      const stat = execFileSync('cat', [`/proc/${each}/stat`], { encoding: 'utf8' });
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number.parseInt(line.trim(), 10))
      .filter(Number.isFinite);
  } catch {
    return [];
  }
}

async function signIn(server: BenchProcess): Promise<Record<string, string>> {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@sunrise.test', password: 'Password123!' }),
  });
  const body = (await response.json()) as { data?: { token: string } };
  if (!body.data) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.data.token}` };
}

async function run(): Promise<void> {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed (BENCH_PG_ADMIN_URL)');
  const database = await createScratchDatabase('rentora_bench_workers');
  const results: (LoadResult & { workers: number; cpuUsPerRequest?: number })[] = [];
  try {
    for (const workers of [1, 2]) {
      const server = await startProductServer({
        DATABASE_URL: database.url,
        REDIS_URL,
        WORKERS: String(workers),
        JWT_SECRET: 'bench-workers-secret-bench-workers-secret-01',
        RATE_LIMIT_LOGIN_PER_IP: '100000',
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
      });
      try {
        const headers = await signIn(server);
        const cases: LoadCase[] = [
          { name: 'GET /api/auth/me', database: 'PostgreSQL', url: `${server.baseUrl}/api/auth/me`, headers },
          {
            name: 'GET /api/rental-units',
            database: 'PostgreSQL',
            url: `${server.baseUrl}/api/rental-units`,
            headers,
          },
          {
            name: 'GET /api/properties',
            database: 'PostgreSQL',
            url: `${server.baseUrl}/api/properties`,
            headers,
          },
        ];
        for (const load of cases) {
          for (const connections of CONNECTIONS) {
            const cpuBefore = treeCpuUs(server.child.pid!);
            const result = await measure(load, connections, { warmupS: 2 });
            const cpuUs = treeCpuUs(server.child.pid!) - cpuBefore;
            const total = result.reqPerSec * result.durationS;
            results.push({
              ...result,
              workers,
              cpuUsPerRequest: total > 0 ? Math.round(cpuUs / total) : undefined,
            });
            console.log(
              `WORKERS=${workers} ${load.name} c=${connections}: ${result.reqPerSec} req/s p99 ${result.p99Ms} ms`,
            );
          }
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database.drop();
  }

  const rows = results
    .filter((row) => row.workers === 1)
    .map((one) => {
      const two = results.find(
        (row) => row.workers === 2 && row.name === one.name && row.connections === one.connections,
      )!;
      return [
        one.name,
        one.connections,
        one.reqPerSec,
        two.reqPerSec,
        `×${(two.reqPerSec / Math.max(1, one.reqPerSec)).toFixed(2)}`,
        ms(one.p99Ms),
        ms(two.p99Ms),
        one.failures + two.failures,
      ];
    });
  saveResults('workers', results);
  writeDocSection(
    'Workers (WORKERS=1 vs 2)',
    [
      '`node --import tsx bench/workers.ts`: the built server on PostgreSQL + Redis with the demo data, first as one',
      'process, then as a cluster of two (`WORKERS=2`, node:cluster on one port), autocannon on loopback from the same',
      `machine (${machineLine()}). Both runs are in one invocation, so they saw the same machine.`,
      '',
      markdownTable(
        ['Route', 'conn', 'req/s (1)', 'req/s (2)', 'gain', 'p99 (1)', 'p99 (2)', 'errors'],
        rows,
        [1, 2, 3, 4, 5, 6, 7],
      ),
      '',
      'The load generator runs on the same two cores as the servers, so the second worker competes with it;',
      'on a machine with more cores than API processes the gain is closer to the number of workers.',
    ].join('\n'),
  );
}

await run();
