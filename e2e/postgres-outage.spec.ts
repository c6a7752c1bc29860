import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type PrivatePostgres, startPrivatePostgres } from './support/private-postgres';
import { freePort, type RunningServer, startServer } from './support/server';

/**
 * PostgreSQL goes away under load: requests get 503 in the error envelope (never a 500 or a hang), and the server
 * recovers by itself once the database is back, with no acknowledged write lost. Uses a private PostgreSQL.
 */
describe('PostgreSQL outage', () => {
  let database: PrivatePostgres | undefined;
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop('SIGKILL');
    database?.destroy();
  });

  it('answers 503 while the database is down and recovers within 10 s of its return', async () => {
    database = startPrivatePostgres(await freePort());
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        JWT_SECRET: 'outage-test-secret-outage-test-secret-0123',
      },
    });
    const base = server.baseUrl;
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const badAnswers: string[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const email = `outage-${randomUUID()}@example.test`;
        const response = await fetch(`${base}/api/auth/register-company`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            company: { name: 'Outage Co' },
            owner: { firstName: 'Out', lastName: 'Age', email, password: 'Password123!' },
          }),
          signal: AbortSignal.timeout(15_000),
        }).catch(() => undefined);
        if (!response) continue;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const body = (await response.json().catch(() => ({}))) as {
          success?: boolean;
          code?: string;
          data?: { company: { _id: string } };
        };
        if (response.status === 201) acknowledged.push(body.data!.company._id);
        else if (response.status !== 503 || body.success !== false || body.code !== 'SERVICE_UNAVAILABLE') {
          badAnswers.push(`${response.status} ${JSON.stringify(body).slice(0, 200)}`);
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    database.stop();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const down = await fetch(`${base}/api/health/ready`);
    expect(down.status).toBe(503);
    const returned = performance.now();
    database.start();
    let recoveredMs = Number.POSITIVE_INFINITY;
    while (performance.now() - returned < 20_000) {
      const health = await fetch(`${base}/api/health`).catch(() => undefined);
      if (health?.status === 200) {
        recoveredMs = performance.now() - returned;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    writing = false;
    await Promise.all(writers);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from companies where id = any($1::uuid[])',
      [acknowledged],
    );
    await client.end();
    console.log(
      `postgres outage: recovered ${Math.round(recoveredMs)} ms after the database returned; answers ${[
        ...statuses.entries(),
      ]
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}; ${acknowledged.length} acknowledged writes all present`,
    );
    expect(badAnswers).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(recoveredMs).toBeLessThan(10_000);
    expect(rows[0]!.n).toBe(acknowledged.length);
  }, 180_000);
});
