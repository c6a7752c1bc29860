import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { createCompany, login, signUp, TEST_PASSWORD, uniqueEmail } from '../../../test/factories';
import { tokenFromOutbox } from '../../../test/outbox';

let app: FastifyInstance;
let outboxDir: string;

beforeAll(async () => {
  const shared = await getTestApp();
  app = shared.app;
  outboxDir = path.join(shared.config.dataDir, 'outbox');
});

function linkFromOutbox(email: string, kind: 'verify-email' | 'reset-password'): string {
  return tokenFromOutbox(outboxDir, email, `/auth/${kind}`);
}

describe('POST /api/auth/register', () => {
  it('creates a tenant account, answers tokens and never exposes the password hash', async () => {
    const email = uniqueEmail();
    const response = await call(app, 'POST', '/api/auth/register', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ data: Record<string, unknown> & { user: Record<string, unknown> } }>();
    expect(body.data.token).toEqual(expect.any(String));
    expect(body.data.refreshToken).toEqual(expect.any(String));
    expect(body.data.user.role).toBe('tenant');
    expect(body.data.user.isEmailVerified).toBe(false);
    expect(response.body).not.toContain('passwordHash');
    expect(response.body).not.toContain('argon2');
  });

  it('refuses a duplicate email regardless of case with 409', async () => {
    const session = await signUp(app);
    const response = await call(app, 'POST', '/api/auth/register', {
      body: {
        firstName: 'A',
        lastName: 'B',
        email: session.user.email.toUpperCase(),
        password: TEST_PASSWORD,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
  });

  it('applies the shared password rule: at least 8 characters', async () => {
    const response = await call(app, 'POST', '/api/auth/register', {
      body: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; details: { path: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toContainEqual({
      path: 'password',
      message: 'Password must be at least 8 characters',
    });
  });
});

describe('POST /api/auth/login', () => {
  it('does not say whether the email or the password was wrong', async () => {
    const session = await signUp(app);
    const wrongPassword = await call(app, 'POST', '/api/auth/login', {
      body: { email: session.user.email, password: 'wrong-password' },
    });
    const unknownEmail = await call(app, 'POST', '/api/auth/login', {
      body: { email: uniqueEmail(), password: 'wrong-password' },
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'INVALID_CREDENTIALS',
        error: 'Invalid email or password',
      });
    }
  });

  it('rate limits repeated attempts on one account with 429', async () => {
    const limited = await buildTestAppWith({
      rateLimits: { loginPerIp: 1000, loginPerAccount: 3, emailPerAccount: 3, windowSeconds: 60 },
    });
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await call(limited, 'POST', '/api/auth/login', {
        body: { email, password: 'nope-nope' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    await limited.close();
  });
});

describe('session lifecycle', () => {
  it('login → me → permission-context → companies → refresh → old refresh refused → logout', async () => {
    const owner = await createCompany(app);
    const session = await login(app, owner.user.email);

    const me = await call(app, 'GET', '/api/auth/me', { token: session.token });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ data: { email: string } }>().data.email).toBe(owner.user.email);

    const context = await call(app, 'GET', '/api/auth/permission-context', { token: session.token });
    expect(context.statusCode).toBe(200);
    const ctx = context.json<{
      data: { company: { _id: string }; companyUser: { role: string }; permissions: string[] };
    }>().data;
    expect(ctx.company._id).toBe(owner.companyId);
    expect(ctx.companyUser.role).toBe('owner');
    expect(ctx.permissions).toContain('properties_write');
    expect(ctx.permissions).not.toContain('payments_read');

    const companies = await call(app, 'GET', '/api/companies', {
      token: session.token,
      query: { _t: '123' },
    });
    expect(companies.statusCode).toBe(200);
    expect(companies.json<{ data: { _id: string }[] }>().data.map((c) => c._id)).toEqual([owner.companyId]);

    const refreshed = await call(app, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<{ data: { token: string; refreshToken: string } }>().data;
    expect(next.refreshToken).not.toBe(session.refreshToken);

    const replay = await call(app, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(replay.statusCode).toBe(401);

    // Reusing a rotated token is treated as theft: the whole family is revoked, the new token too.
    const afterTheft = await call(app, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: next.refreshToken },
    });
    expect(afterTheft.statusCode).toBe(401);
    const meAfterTheft = await call(app, 'GET', '/api/auth/me', { token: next.token });
    expect(meAfterTheft.statusCode).toBe(401);

    const other = await login(app, owner.user.email);
    const logout = await call(app, 'POST', '/api/auth/logout', { token: other.token, body: {} });
    expect(logout.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { token: other.token })).statusCode).toBe(401);
    const refreshAfterLogout = await call(app, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: other.refreshToken },
    });
    expect(refreshAfterLogout.statusCode).toBe(401);
  });

  it('answers 401 TOKEN_EXPIRED for an expired access token', async () => {
    const shortLived = await buildTestAppWith({ accessTokenTtl: '1s' });
    const session = await signUp(shortLived);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const response = await call(shortLived, 'GET', '/api/auth/me', { token: session.token });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_EXPIRED');
    await shortLived.close();
  });

  it('refuses a forged token', async () => {
    const session = await signUp(app);
    const [header, payload] = session.token.split('.');
    const response = await call(app, 'GET', '/api/auth/me', { token: `${header}.${payload}.forged` });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/auth/change-password', () => {
  it('changes the password and signs out every other session', async () => {
    const first = await signUp(app);
    const second = await login(app, first.user.email);
    const wrong = await call(app, 'PUT', '/api/auth/change-password', {
      token: first.token,
      body: { currentPassword: 'not-the-password', newPassword: 'NewPassword456!' },
    });
    expect(wrong.statusCode).toBe(400);

    const changed = await call(app, 'PUT', '/api/auth/change-password', {
      token: first.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'NewPassword456!' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { token: first.token })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { token: second.token })).statusCode).toBe(401);
    await expect(login(app, first.user.email, 'NewPassword456!')).resolves.toBeTruthy();
  });
});

describe('password reset and email verification', () => {
  it('resets the password through the mailed single-use link', async () => {
    const session = await signUp(app);
    const forgot = await call(app, 'POST', '/api/auth/forgot-password', {
      body: { email: session.user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const token = linkFromOutbox(session.user.email, 'reset-password');

    const reset = await call(app, 'PUT', `/api/auth/reset-password/${token}`, {
      body: { password: 'Reset-Password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ data: { token: string } }>().data.token).toEqual(expect.any(String));
    expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).statusCode).toBe(401);

    const again = await call(app, 'PUT', `/api/auth/reset-password/${token}`, {
      body: { password: 'Another-Pass-2' },
    });
    expect(again.statusCode).toBe(400);
    await expect(login(app, session.user.email, 'Reset-Password-1')).resolves.toBeTruthy();
  });

  it('answers the same for an unknown email', async () => {
    const response = await call(app, 'POST', '/api/auth/forgot-password', { body: { email: uniqueEmail() } });
    expect(response.statusCode).toBe(200);
  });

  it('verifies the email once through the mailed link', async () => {
    const session = await signUp(app);
    const token = linkFromOutbox(session.user.email, 'verify-email');
    const verified = await call(app, 'GET', `/api/auth/verify-email/${token}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json<{ data: { isEmailVerified: boolean } }>().data.isEmailVerified).toBe(true);
    expect((await call(app, 'GET', `/api/auth/verify-email/${token}`)).statusCode).toBe(400);
  });

  it('resends a verification link that replaces the previous one', async () => {
    const session = await signUp(app);
    const first = linkFromOutbox(session.user.email, 'verify-email');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const resend = await call(app, 'POST', '/api/auth/resend-verification', {
      token: session.token,
      body: {},
    });
    expect(resend.statusCode).toBe(200);
    const second = linkFromOutbox(session.user.email, 'verify-email');
    expect(second).not.toBe(first);
    expect((await call(app, 'GET', `/api/auth/verify-email/${first}`)).statusCode).toBe(400);
    expect((await call(app, 'GET', `/api/auth/verify-email/${second}`)).statusCode).toBe(200);
  });
});

describe('PUT /api/auth/update-profile', () => {
  it('updates the profile fields and validates them', async () => {
    const session = await signUp(app);
    const updated = await call(app, 'PUT', '/api/auth/update-profile', {
      token: session.token,
      body: { firstName: 'Grace', phone: '+91 99999 11111' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ data: { firstName: string; phone: string } }>().data).toMatchObject({
      firstName: 'Grace',
      phone: '+91 99999 11111',
    });
    const invalid = await call(app, 'PUT', '/api/auth/update-profile', {
      token: session.token,
      body: { avatar: 'not a url' },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('POST /api/auth/register-company', () => {
  it('makes a signed-in tenant the owner of a new company on the default plan', async () => {
    const tenant = await signUp(app);
    const response = await call(app, 'POST', '/api/auth/register-company', {
      token: tenant.token,
      body: { company: { name: 'Tenant Turned Landlord' } },
    });
    expect(response.statusCode).toBe(201);
    const data = response.json<{
      data: { company: { plan: { slug: string } }; user: { role: string }; companyUser: { role: string } };
    }>().data;
    expect(data.company.plan.slug).toBe('starter');
    expect(data.user.role).toBe('user');
    expect(data.companyUser.role).toBe('owner');
  });

  it('needs the owner details when anonymous', async () => {
    const response = await call(app, 'POST', '/api/auth/register-company', {
      body: { company: { name: 'Nobody' } },
    });
    expect(response.statusCode).toBe(400);
  });
});
