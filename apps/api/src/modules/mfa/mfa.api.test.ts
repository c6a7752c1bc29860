import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import {
  addMember,
  type CompanySession,
  createCompany,
  login,
  type Session,
  signUp,
  superAdmin,
  TEST_PASSWORD,
} from '../../../test/factories';
import { hashToken } from '../../core/tokens';
import { auditLogs, authTokens, users } from '../../db/schema';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await getTestApp());
});

/** The code of the authenticator app for `secret`, `stepsAhead` 30-second steps from now (each code works once). */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function enable(session: Session): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(app, 'POST', '/api/auth/2fa/setup', { token: session.token });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrCodeDataUrl } = setup.json<{
    data: { secret: string; otpauthUrl: string; qrCodeDataUrl: string };
  }>().data;
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrCodeDataUrl.startsWith('data:image/png;base64,')).toBe(true);
  const enabled = await call(app, 'POST', '/api/auth/2fa/enable', {
    token: session.token,
    body: { code: codeFor(secret, -1) },
  });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes };
}

async function passwordStep(email: string, cookie?: string): Promise<Record<string, unknown>> {
  const response = await call(app, 'POST', '/api/auth/login', {
    body: { email, password: TEST_PASSWORD },
    headers: cookie ? { cookie } : undefined,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Record<string, unknown> }>().data;
}

function codeStep(body: Record<string, unknown>, cookie?: string) {
  return call(app, 'POST', '/api/auth/login/2fa', { body, headers: cookie ? { cookie } : undefined });
}

/** A new account with 2FA on, signed in with a code and "remember this device". */
async function signInRemembered() {
  const person = await signUp(app);
  const { secret } = await enable(person);
  const challenge = await passwordStep(person.user.email);
  const response = await codeStep({
    mfaToken: challenge.mfaToken,
    code: codeFor(secret),
    rememberDevice: true,
  });
  return { person, response };
}

describe('two-factor set-up', () => {
  it('turns on with a code from the secret and answers ten one-time recovery codes', async () => {
    const person = await signUp(app);
    const wrong = await call(app, 'POST', '/api/auth/2fa/enable', {
      token: person.token,
      body: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const { recoveryCodes } = await enable(person);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await call(app, 'GET', '/api/auth/2fa', { token: person.token });
    expect(status.json()).toMatchObject({
      data: { enabled: true, recoveryCodesRemaining: 10, deviceRemembered: false },
    });
    const again = await call(app, 'POST', '/api/auth/2fa/setup', { token: person.token });
    expect(again.statusCode).toBe(409);
  });

  it('keeps the secret encrypted at rest', async () => {
    const person = await signUp(app);
    const { secret } = await enable(person);
    const { database } = await getTestApp();
    const [stored] = await database.db
      .select({ mfaSecret: users.mfaSecret })
      .from(users)
      .where(eq(users.id, person.user._id));
    expect(stored?.mfaSecret).toBeTruthy();
    expect(stored?.mfaSecret).not.toContain(secret);
  });
});

describe('POST /api/auth/login with two-factor sign-in on', () => {
  it('answers a challenge instead of tokens, then tokens for a valid code', async () => {
    const person = await signUp(app);
    const { secret } = await enable(person);
    const challenge = await passwordStep(person.user.email);
    expect(challenge).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    const response = await codeStep({ mfaToken: challenge.mfaToken, code: codeFor(secret) });
    expect(response.statusCode).toBe(200);
    const session = response.json<{ data: Session }>().data;
    expect(session.token).toBeTruthy();
    expect(session.refreshToken).toBeTruthy();
    const me = await call(app, 'GET', '/api/auth/me', { token: session.token });
    expect(me.statusCode).toBe(200);
    // A code is accepted once.
    const replay = await codeStep({ mfaToken: challenge.mfaToken, code: codeFor(secret) });
    expect(replay.statusCode).toBe(400);
  });

  it('accepts a recovery code once', async () => {
    const person = await signUp(app);
    const { recoveryCodes } = await enable(person);
    const first = await passwordStep(person.user.email);
    const used = await codeStep({ mfaToken: first.mfaToken, recoveryCode: recoveryCodes[0]!.toUpperCase() });
    expect(used.statusCode).toBe(200);
    const second = await passwordStep(person.user.email);
    const reused = await codeStep({ mfaToken: second.mfaToken, recoveryCode: recoveryCodes[0] });
    expect(reused.statusCode).toBe(400);
    const status = await call(app, 'GET', '/api/auth/2fa', {
      token: used.json<{ data: Session }>().data.token,
    });
    expect(status.json()).toMatchObject({ data: { recoveryCodesRemaining: 9 } });
  });

  it('refuses a forged or tampered challenge', async () => {
    const person = await signUp(app);
    const { secret } = await enable(person);
    const challenge = await passwordStep(person.user.email);
    const tampered = `${String(challenge.mfaToken).slice(0, -2)}xx`;
    const response = await codeStep({ mfaToken: tampered, code: codeFor(secret) });
    expect(response.statusCode).toBe(401);
    const both = await codeStep({
      mfaToken: challenge.mfaToken,
      code: codeFor(secret),
      recoveryCode: 'abcde-fghjk',
    });
    expect(both.statusCode).toBe(400);
  });

  it('skips the code on a remembered device until the password changes', async () => {
    const { person, response } = await signInRemembered();
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Max-Age=2592000');
    const cookie = setCookie.split(';')[0]!;
    const remembered = await passwordStep(person.user.email, cookie);
    expect(remembered.token).toBeTruthy();
    expect(remembered.mfaRequired).toBeUndefined();
    const status = await call(app, 'GET', '/api/auth/2fa', {
      token: String(remembered.token),
      headers: { cookie },
    });
    expect(status.json()).toMatchObject({ data: { deviceRemembered: true } });
    // Another account cannot use this cookie.
    const other = await signUp(app);
    await enable(other);
    const forged = cookie
      .replace(/^[^=]+=/, `${cookie.split('=')[0]}=`)
      .replace(person.user._id, other.user._id);
    expect((await passwordStep(other.user.email, forged)).mfaRequired).toBe(true);

    const changed = await call(app, 'PUT', '/api/auth/change-password', {
      token: String(remembered.token),
      body: { currentPassword: TEST_PASSWORD, newPassword: `${TEST_PASSWORD}x` },
    });
    expect(changed.statusCode).toBe(200);
    const after = await call(app, 'POST', '/api/auth/login', {
      body: { email: person.user.email, password: `${TEST_PASSWORD}x` },
      headers: { cookie },
    });
    expect(after.json()).toMatchObject({ data: { mfaRequired: true } });
  });

  it('forgets every remembered device on request', async () => {
    const { person, response } = await signInRemembered();
    const cookie = String(response.headers['set-cookie']).split(';')[0]!;
    const forget = await call(app, 'POST', '/api/auth/2fa/devices/forget', {
      token: response.json<{ data: Session }>().data.token,
      body: { scope: 'all' },
    });
    expect(forget.statusCode).toBe(200);
    expect(String(forget.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await passwordStep(person.user.email, cookie)).mfaRequired).toBe(true);
  });

  it('answers 429 after five wrong codes for one challenge', async () => {
    const person = await signUp(app);
    const { secret } = await enable(person);
    const challenge = await passwordStep(person.user.email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await codeStep({ mfaToken: challenge.mfaToken, code: '000000' })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await codeStep({ mfaToken: challenge.mfaToken, code: codeFor(secret) });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The account is held too, whatever challenge comes next.
    const fresh = await passwordStep(person.user.email);
    expect((await codeStep({ mfaToken: fresh.mfaToken, code: codeFor(secret) })).statusCode).toBe(429);
  });

  it('keeps two-factor sign-in on through a password reset', async () => {
    const person = await signUp(app);
    await enable(person);
    const { database } = await getTestApp();
    const token = `reset-${person.user._id}`;
    await database.db.insert(authTokens).values({
      userId: person.user._id,
      purpose: 'reset_password',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const reset = await call(app, 'PUT', `/api/auth/reset-password/${token}`, {
      body: { password: `${TEST_PASSWORD}y` },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ data: { mfaRequired: true } });
    expect(reset.json<{ data: Record<string, unknown> }>().data.token).toBeUndefined();
  });
});

describe('POST /api/auth/2fa/disable', () => {
  it('needs the password and a code, then sign-in asks for no code', async () => {
    const person = await signUp(app);
    const { secret } = await enable(person);
    const badPassword = await call(app, 'POST', '/api/auth/2fa/disable', {
      token: person.token,
      body: { password: 'wrong-password', code: codeFor(secret) },
    });
    expect(badPassword.statusCode).toBe(400);
    const off = await call(app, 'POST', '/api/auth/2fa/disable', {
      token: person.token,
      body: { password: TEST_PASSWORD, code: codeFor(secret, 1) },
    });
    expect(off.statusCode).toBe(200);
    expect((await passwordStep(person.user.email)).token).toBeTruthy();
  });
});

describe('company two-factor policy', () => {
  let owner: CompanySession;
  let manager: CompanySession;

  beforeAll(async () => {
    owner = await createCompany(app, { plan: 'enterprise' });
    manager = await addMember(app, owner, 'manager');
  });

  it('lets the owner require 2FA for managers and refuses a manager to set it', async () => {
    const denied = await call(app, 'PUT', `/api/companies/${owner.companyId}/security`, {
      token: manager.token,
      companyId: owner.companyId,
      body: { require2faForRoles: [] },
    });
    expect(denied.statusCode).toBe(403);
    const saved = await call(app, 'PUT', `/api/companies/${owner.companyId}/security`, {
      token: owner.token,
      companyId: owner.companyId,
      body: { require2faForRoles: ['manager', 'accountant'] },
    });
    expect(saved.statusCode).toBe(200);
    const read = await call(app, 'GET', `/api/companies/${owner.companyId}/security`, {
      token: owner.token,
      companyId: owner.companyId,
    });
    expect(read.json()).toMatchObject({ data: { require2faForRoles: ['manager', 'accountant'] } });
    const unknownRole = await call(app, 'PUT', `/api/companies/${owner.companyId}/security`, {
      token: owner.token,
      companyId: owner.companyId,
      body: { require2faForRoles: ['janitor'] },
    });
    expect(unknownRole.statusCode).toBe(400);
  });

  it('answers 403 MFA_SETUP_REQUIRED on company routes until the manager turns 2FA on', async () => {
    const blocked = await call(app, 'GET', '/api/properties', {
      token: manager.token,
      companyId: manager.companyId,
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'MFA_SETUP_REQUIRED' });
    const ownerStillIn = await call(app, 'GET', '/api/properties', {
      token: owner.token,
      companyId: owner.companyId,
    });
    expect(ownerStillIn.statusCode).toBe(200);
    const { secret } = await enable(manager);
    const allowed = await call(app, 'GET', '/api/properties', {
      token: manager.token,
      companyId: manager.companyId,
    });
    expect(allowed.statusCode).toBe(200);
    const challenge = await passwordStep(manager.user.email);
    expect((await codeStep({ mfaToken: challenge.mfaToken, code: codeFor(secret) })).statusCode).toBe(200);
  });

  it('lets the super admin reset a user, audit-logged', async () => {
    const admin = await superAdmin(app);
    const person = await signUp(app);
    await enable(person);
    const byOwner = await call(app, 'POST', `/api/superadmin/users/${person.user._id}/2fa/reset`, {
      token: owner.token,
    });
    expect(byOwner.statusCode).toBe(403);
    const reset = await call(app, 'POST', `/api/superadmin/users/${person.user._id}/2fa/reset`, {
      token: admin.token,
    });
    expect(reset.statusCode).toBe(200);
    expect((await passwordStep(person.user.email)).token).toBeTruthy();
    const { database } = await getTestApp();
    const rows = await database.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, person.user._id), eq(auditLogs.action, 'user.mfa_reset')));
    expect(rows).toHaveLength(1);
    const missing = await call(app, 'POST', `/api/superadmin/users/${owner.companyId}/2fa/reset`, {
      token: admin.token,
    });
    expect(missing.statusCode).toBe(404);
    await login(app, owner.user.email);
  });
});
