import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, makeDataDir, type RunningServer, spawnServer, startServer } from './support/server';

/**
 * WORKERS: several full API processes on one port (node:cluster), on PostgreSQL + Redis.
 * Needs the machine's PostgreSQL (E2E_POSTGRES_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and Redis (E2E_REDIS_URL, default redis://127.0.0.1:6379), as CI has.
 */
const ADMIN_URL = process.env.E2E_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number.parseInt(line.trim(), 10))
      .filter(Number.isFinite);
  } catch {
    return [];
  }
}

async function waitFor<T>(
  probe: () => T | Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('WORKERS: a cluster of API processes', () => {
  const database = `rentora_cluster_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  let databaseUrl: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  });

  afterAll(async () => {
    // On a failure the servers' own words say why (a worker that would not start, say).
    if (server) console.log(server.output().slice(-3000));
    await server?.stop('SIGKILL');
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end();
  });

  it('refuses WORKERS=2 on the embedded database with a clear message', async () => {
    const refused = spawnServer({
      dataDir: makeDataDir('e2e-cluster'),
      port: await freePort(),
      env: { WORKERS: '2' },
    });
    const exit = await refused.exited;
    expect(exit.code).not.toBe(0);
    expect(refused.output()).toContain('WORKERS=2 needs DATABASE_URL and REDIS_URL');
  });

  it('serves one port from two workers, replaces a dead worker, aggregates metrics and drains on SIGTERM', async () => {
    server = await startServer({
      env: {
        WORKERS: '2',
        DATABASE_URL: databaseUrl,
        REDIS_URL: REDIS_URL,
        METRICS_TOKEN,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        JWT_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
      },
    });
    const primary = server.child.pid!;
    const workers = await waitFor(
      () => childPids(primary),
      (pids) => pids.length === 2,
    );
    expect(workers).toHaveLength(2);

    const requests = 200;
    const answers = await Promise.all(
      Array.from({ length: requests }, () => fetch(`${server!.baseUrl}/api/health`).then((r) => r.status)),
    );
    expect(answers.every((status) => status === 200)).toBe(true);

    // One scrape sees the requests of both workers (the primary aggregates them).
    const metrics = await fetch(`${server.baseUrl}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).then((r) => r.text());
    const counted = metrics.match(
      /rentora_http_requests_total\{method="GET",route="\/api\/health",status_code="200"\} (\d+)/,
    );
    expect(Number(counted?.[1])).toBeGreaterThanOrEqual(requests);

    // A worker that dies is replaced, and the port keeps answering meanwhile.
    process.kill(workers[0]!, 'SIGKILL');
    // A kept-alive connection to the killed worker resets once; a new connection reaches the other worker.
    const statusAfterKill = await fetch(`${server.baseUrl}/api/health`).then(
      (r) => r.status,
      () => fetch(`${server!.baseUrl}/api/health`).then((r) => r.status),
    );
    expect(statusAfterKill).toBe(200);
    const replaced = await waitFor(
      () => childPids(primary),
      (pids) => pids.length === 2 && !pids.includes(workers[0]!),
    );
    expect(replaced).toHaveLength(2);
    expect(replaced).not.toContain(workers[0]);
    await waitFor(
      () => fetch(`${server!.baseUrl}/api/health/ready`).then((r) => r.status),
      (status) => status === 200,
    );

    const exit = await server.stop('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(childPids(primary)).toEqual([]);
    server = undefined;
  });
});
