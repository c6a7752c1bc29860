import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, makeDataDir, type ServerProcess, spawnServer, waitForHealth } from './support/server';

const KILLS = Number(process.env.CRASH_KILLS ?? 20);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/**
 * Crash safety on the embedded database: concurrent writes (company sign-ups: a company, its owner account and the
 * membership in one transaction), SIGKILL at a random moment, an immediate restart on the same DATA_DIR — 20 times.
 * Every acknowledged write must be there afterwards, and no transaction may show half-written.
 */
describe('SIGKILL during writes on PGlite', () => {
  const dataDir = makeDataDir('e2e-crash');
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<ServerProcess> {
    const started = spawnServer({ dataDir, port: await freePort(), env: { SEED_DEMO: 'false' } });
    await waitForHealth(started, 60_000);
    return started;
  }

  it(`keeps every acknowledged write through ${KILLS} kills and restarts`, async () => {
    const acknowledged: string[] = [];
    let restartMs = 0;
    // A lock file naming a live process that is not ours (pid 1) must not block the start: nothing trusts it.
    writeFileSync(path.join(dataDir, 'server.lock'), '1\n');
    server = await start();
    for (let round = 0; round < KILLS; round++) {
      const current = server;
      let writing = true;
      let acknowledgedThisRound = 0;
      const writer = async () => {
        while (writing) {
          const email = `crash-${randomUUID()}@example.test`;
          try {
            const response = await fetch(`${current.baseUrl}/api/auth/register-company`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                company: { name: `Crash ${email.slice(6, 14)}` },
                owner: { firstName: 'Crash', lastName: 'Test', email, password: 'Password123!' },
              }),
            });
            if (response.status === 201) {
              const body = (await response.json()) as { data: { company: { _id: string } } };
              acknowledged.push(body.data.company._id);
              acknowledgedThisRound++;
            }
          } catch {
            // the process died under this request: not acknowledged
          }
        }
      };
      const writers = Array.from({ length: 6 }, writer);
      // Kill while writes are in flight: after this round's first acknowledged write (a slow machine may need a few
      // seconds for the first sign-up), then at a random moment.
      await waitUntil(() => acknowledgedThisRound > 0, 60_000);
      await sleep(Math.random() * 800);
      current.child.kill('SIGKILL');
      await current.exited;
      writing = false;
      await Promise.all(writers);
      const before = performance.now();
      server = await start();
      restartMs = Math.max(restartMs, performance.now() - before);
    }
    server.child.kill('SIGTERM');
    await server.exited;

    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
    try {
      const { rows: found } = await db.query<{ id: string }>(
        'select id::text from companies where id = any($1::uuid[])',
        [acknowledged],
      );
      const { rows: halfWritten } = await db.query<{ id: string }>(
        `select c.id::text from companies c
          where not exists (select 1 from company_users cu join users u on u.id = cu.user_id
                            where cu.company_id = c.id and cu.role = 'owner')`,
      );
      console.log(
        `crash safety: ${KILLS} SIGKILLs survived, ${acknowledged.length} acknowledged sign-ups all present, slowest restart ${Math.round(restartMs)} ms`,
      );
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILLS);
      expect(found.length).toBe(acknowledged.length);
      expect(halfWritten).toEqual([]);
    } finally {
      await db.close();
    }
  }, 600_000);
});
