import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, login, registerUser } from './support/api';
import { freePort, makeDataDir, type RunningServer, spawnServer, startServer } from './support/server';

/** The server process itself: one process per DATA_DIR, clean SIGTERM, data kept across a restart. */
describe('server process on the embedded database', () => {
  const dataDir = makeDataDir('e2e-process');
  const running: RunningServer[] = [];

  afterAll(async () => {
    for (const server of running) await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  let account: { email: string; password: string };

  it('starts on a fresh DATA_DIR and takes its lock', async () => {
    const first = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
    running.push(first);
    console.log(`cold start on a fresh DATA_DIR: ${first.coldStartMs} ms`);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    account = await registerUser(first.baseUrl);
  });

  it('refuses a second server on the same DATA_DIR with a clear "in use" message', async () => {
    const second = spawnServer({ dataDir, port: await freePort() });
    const exit = await second.exited;
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another server process`);
    // The first one is unharmed.
    expect((await fetch(`${running[0]!.baseUrl}/api/health`)).status).toBe(200);
  });

  it('ends cleanly on SIGTERM (exit 0) and releases the lock', async () => {
    const first = running.shift()!;
    const exit = await first.stop('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('restarts on the same DATA_DIR with the data kept, and refreshes an expired access token', async () => {
    const restarted = await startServer({ dataDir, env: { SEED_DEMO: 'false', ACCESS_TOKEN_TTL: '2s' } });
    running.push(restarted);
    console.log(`cold start on an existing DATA_DIR: ${restarted.coldStartMs} ms`);

    const session = await login(restarted.baseUrl, account.email, account.password);
    const me = await api<{ email: string }>(restarted.baseUrl, 'GET', '/auth/me', { token: session.token });
    expect(me.status).toBe(200);
    expect(me.body.data?.email).toBe(account.email);

    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const expired = await api(restarted.baseUrl, 'GET', '/auth/me', { token: session.token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('TOKEN_EXPIRED');

    const refreshed = await api<{ token: string }>(restarted.baseUrl, 'POST', '/auth/refresh-token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const again = await api(restarted.baseUrl, 'GET', '/auth/me', { token: refreshed.body.data!.token });
    expect(again.status).toBe(200);

    expect(await restarted.stop()).toEqual({ code: 0, signal: null });
    running.pop();
  });
});
