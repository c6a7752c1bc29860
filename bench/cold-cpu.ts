// CPU per cold request, before/after (issue 27), not a test: `cd bench && BENCH_BASELINE_BUNDLE=<server.js> node --import tsx cold-cpu.ts`.
// On a shared, loaded machine req/s and even floor ratios swing 2–10× between neighbouring runs; the CPU a request costs
// moves much less. This starts this tree's server and, with BENCH_BASELINE_BUNDLE, a server bundled from another commit
// on the same scratch PostgreSQL database with the demo seed and PAGE_CACHE_MB=0, then for each path and each of
// BENCH_REPEATS rounds sends BENCH_REQUESTS requests (BENCH_CONCURRENCY at a time) to each server in turn, and reads
// the CPU (user + system) of the server process and of the PostgreSQL backends connected to that database only
// (pg_stat_activity), so other databases' work on the same PostgreSQL does not count, and the mean time a request
// takes from the client (BENCH_CONCURRENCY=1: its latency). Prints medians per request.
// Both servers start on a database seeded by a process of its own (seedDemoDatabase), and take turns going first.
// Env: BENCH_PATHS (comma-separated, default the floor and the heavy lists), BENCH_REQUESTS (300),
// BENCH_CONCURRENCY (4), BENCH_REPEATS (5), BENCH_PG_DELAY_MS (0: each way through a delaying proxy, lib/delay-proxy.ts).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { bundleServer } from './lib/bundle';
import { startDelayProxy } from './lib/delay-proxy';
import { signIn } from './lib/list-bench';
import { createScratchDatabase } from './lib/postgres';
import { type BenchProcess, makeDataDir, seedDemoDatabase, spawnAndWait } from './lib/server';

process.env.BENCH_PORT_RANGE ??= '3600-3649';
const PATHS = (
  process.env.BENCH_PATHS ??
  '/auth/me,/rental-units,/rental-units?status=Available&sortBy=rent&sortOrder=asc&limit=20,/properties,/companies'
).split(',');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const PG_DELAY_MS = Number(process.env.BENCH_PG_DELAY_MS ?? 0);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function backendsCpuMs(client: pg.Client, database: string): Promise<number> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return rows.reduce((sum, row) => sum + cpuMsOf(row.pid), 0);
}

async function round(
  server: BenchProcess,
  url: string,
  headers: Record<string, string>,
  client: pg.Client,
  database: string,
) {
  const serverBefore = cpuMsOf(server.child.pid!);
  const pgBefore = await backendsCpuMs(client, database);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  return {
    latency: ((performance.now() - started) * CONCURRENCY) / REQUESTS,
    node: (cpuMsOf(server.child.pid!) - serverBefore) / REQUESTS,
    postgres: ((await backendsCpuMs(client, database)) - pgBefore) / REQUESTS,
  };
}

async function main(): Promise<void> {
  const database = await createScratchDatabase('bench_coldcpu');
  const servers: [string, BenchProcess][] = [];
  const client = new pg.Client({ connectionString: database.url });
  let proxy: Awaited<ReturnType<typeof startDelayProxy>> | undefined;
  try {
    const bundle = await bundleServer('coldcpu');
    await seedDemoDatabase(bundle, { DATABASE_URL: database.url, PAGE_CACHE_MB: '0', JWT_SECRET });
    // BENCH_PG_DELAY_MS: the servers reach PostgreSQL through a proxy that delays each way (a database on another host).
    const url = new URL(database.url);
    if (PG_DELAY_MS > 0) {
      proxy = await startDelayProxy({ host: url.hostname, port: Number(url.port || 5432) }, PG_DELAY_MS);
      url.host = `127.0.0.1:${proxy.port}`;
    }
    const env = { DATABASE_URL: url.toString(), PAGE_CACHE_MB: '0', JWT_SECRET };
    const current = await spawnAndWait({
      args: [bundle],
      env: { ...env, DATA_DIR: makeDataDir('coldcpu'), SEED_DEMO: 'false' },
      timeoutMs: 300_000,
    });
    if (process.env.BENCH_BASELINE_BUNDLE) {
      const baseline = await spawnAndWait({
        args: [process.env.BENCH_BASELINE_BUNDLE],
        env: { ...env, DATA_DIR: makeDataDir('coldcpu-base'), SEED_DEMO: 'false' },
        timeoutMs: 300_000,
      });
      servers.push(['before', baseline]);
    }
    servers.push(['after', current]);
    await client.connect();
    const [company] = (
      await client.query<{ id: string }>(`select id from companies where email = 'hello@sunrise.test'`)
    ).rows;
    const headers = await signIn(
      current.baseUrl,
      { email: 'owner@sunrise.test', password: 'Password123!' },
      company!.id,
    );
    console.log(
      `load ${os
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}; ${REQUESTS} requests × ${REPEATS} rounds, ${CONCURRENCY} at a time`,
    );
    for (const path of PATHS) {
      const samples = new Map<string, { latency: number[]; node: number[]; postgres: number[] }>();
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        // Each server goes first in every other round, so neither always runs right after the other.
        for (const [label, server] of repeat % 2 === 0 ? servers : [...servers].reverse()) {
          const sample = await round(server, `${server.baseUrl}/api${path}`, headers, client, database.name);
          const entry = samples.get(label) ?? { latency: [], node: [], postgres: [] };
          entry.latency.push(sample.latency);
          entry.node.push(sample.node);
          entry.postgres.push(sample.postgres);
          samples.set(label, entry);
        }
      }
      const cells = [...samples].map(
        ([label, s]) =>
          `${label} ${median(s.node).toFixed(2)} + ${median(s.postgres).toFixed(2)} ms (${median(s.latency).toFixed(2)} ms)`,
      );
      console.log(
        `GET /api${path}: Node + PostgreSQL CPU per request (mean time per request) (median of ${REPEATS}): ${cells.join(' | ')}`,
      );
    }
    console.log(
      `load ${os
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await client.end().catch(() => {});
    for (const [, server] of servers) await server.stop();
    await proxy?.close();
    await database.drop();
  }
}

await main();
