import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadCase {
  /** Shown in the table, e.g. 'GET /api/auth/me'. */
  name: string;
  /** 'PGlite', 'PostgreSQL', '-' … */
  database: string;
  url: string;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  /** The serving process: when given, its CPU time per request is measured too (Linux /proc). */
  pid?: number;
  /**
   * Also measure the CPU of the local `postgres` processes per request (the database's share of the cost): of every
   * one (`true`), or only of the backends connected to the named database, which other benchmarks on the machine
   * cannot disturb.
   */
  postgresCpu?: boolean | string;
}

export interface LoadResult {
  name: string;
  database: string;
  connections: number;
  durationS: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers, socket errors and timeouts: a case with any is not a clean measurement. */
  failures: number;
  /**
   * CPU time (user + system) the serving process spent per completed request, in µs; only with `LoadCase.pid`.
   * Unlike req/s it hardly moves when other processes compete for the cores.
   */
  cpuUsPerRequest?: number;
  /** CPU time of the local PostgreSQL processes per completed request, in µs; only with `LoadCase.postgresCpu`. */
  postgresCpuUsPerRequest?: number;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU time of a process in µs, from /proc/<pid>/stat. */
export function cpuTimeUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at state; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
}

/**
 * User + system CPU time in µs of every local `postgres` process (server and backends), or with `database` of the
 * backends connected to that database (a backend's title is `postgres: [cluster: ]user database host(port) state`).
 */
export function postgresCpuTimeUs(database?: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (database && !readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      total += cpuTimeUs(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** BENCH_DURATION seconds per case (default 10). */
export const DEFAULT_DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

/**
 * One autocannon run against a loopback URL. `warmupS` first runs the case unmeasured so the JIT,
 * the database caches and the connection pool are warm.
 */
export async function measure(
  load: LoadCase,
  connections: number,
  options: { durationS?: number; warmupS?: number } = {},
): Promise<LoadResult> {
  const url = new URL(load.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`benchmarks only run against loopback, not ${url.hostname}`);
  }
  const request = {
    url: load.url,
    method: load.method ?? 'GET',
    headers: load.headers,
    body: load.body,
    timeout: 10,
  };
  if (options.warmupS) await autocannon({ ...request, connections, duration: options.warmupS });
  const durationS = options.durationS ?? DEFAULT_DURATION_S;
  const cpuBefore = load.pid ? cpuTimeUs(load.pid) : 0;
  const database = typeof load.postgresCpu === 'string' ? load.postgresCpu : undefined;
  const postgresBefore = load.postgresCpu ? postgresCpuTimeUs(database) : 0;
  const result = await autocannon({ ...request, connections, duration: durationS });
  const cpuUs = load.pid ? cpuTimeUs(load.pid) - cpuBefore : 0;
  const postgresUs = load.postgresCpu ? postgresCpuTimeUs(database) - postgresBefore : 0;
  const perRequest = (us: number) =>
    result.requests.total > 0 ? Math.round(us / result.requests.total) : undefined;
  return {
    name: load.name,
    database: load.database,
    connections,
    durationS,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuUsPerRequest: load.pid ? perRequest(cpuUs) : undefined,
    postgresCpuUsPerRequest: load.postgresCpu ? perRequest(postgresUs) : undefined,
  };
}
