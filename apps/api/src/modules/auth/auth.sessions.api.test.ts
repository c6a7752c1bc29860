import type { SessionDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { login, signUp } from '../../../test/factories';
import { deviceOf } from './auth.sessions';

let app: FastifyInstance;

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(async () => {
  ({ app } = await getTestApp());
});

async function sessionsOf(token: string): Promise<SessionDto[]> {
  const response = await call(app, 'GET', '/api/me/sessions', { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SessionDto[] }>().data;
}

describe('connected sessions (/api/me/sessions)', () => {
  it('lists the open sessions with the current one first and marked', async () => {
    const first = await signUp(app);
    const second = await login(app, first.user.email);
    const list = await sessionsOf(second.token);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]!.current).toBe(true);
    expect(list.filter((row) => row.current)).toHaveLength(1);
  });

  it("signs one session out: its tokens stop working at once; another person's session is not found", async () => {
    const a = await signUp(app);
    const other = await login(app, a.user.email);
    const stranger = await signUp(app);
    const target = (await sessionsOf(other.token)).find((row) => !row.current)!;
    expect(
      (await call(app, 'DELETE', `/api/me/sessions/${target._id}`, { token: stranger.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(app, 'DELETE', `/api/me/sessions/${target._id}`, { token: other.token })).statusCode,
    ).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { token: a.token })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', { token: other.token })).statusCode).toBe(200);
  });

  it('"sign out everywhere" ends every other session and keeps this one', async () => {
    const a = await signUp(app);
    const b = await login(app, a.user.email);
    const c = await login(app, a.user.email);
    expect(
      (await call(app, 'POST', '/api/me/sessions/end-others', { token: c.token, body: {} })).statusCode,
    ).toBe(400);
    const ended = await call(app, 'POST', '/api/me/sessions/end-others', {
      token: c.token,
      body: { confirm: true },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json<{ data: { ended: number } }>().data.ended).toBe(2);
    expect((await call(app, 'GET', '/api/auth/me', { token: a.token })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', { token: b.token })).statusCode).toBe(401);
    const refresh = await call(app, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: b.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', { token: c.token })).statusCode).toBe(200);
    expect(await sessionsOf(c.token)).toHaveLength(1);
  });

  it('names the device from the user agent', () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(deviceOf(null)).toBe('Unknown device');
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit Safari/604.1')).toBe(
      'Safari on iOS',
    );
  });
});
