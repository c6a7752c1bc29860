import path from 'node:path';
import type { AdminUserDto, AdminUserStats, AuthSession } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import {
  addMember,
  createCompany,
  login,
  type Session,
  signUp,
  superAdmin,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/factories';
import { tokenFromOutbox } from '../../../test/outbox';

let app: FastifyInstance;
let outboxDir: string;
let admin: Session;

beforeAll(async () => {
  const shared = await getTestApp();
  app = shared.app;
  outboxDir = path.join(shared.config.dataDir, 'outbox');
  admin = await superAdmin(app);
});

async function createAdmin(body: Record<string, unknown> = {}): Promise<AdminUserDto> {
  const response = await call(app, 'POST', '/api/auth/admin/create', {
    token: admin.token,
    body: {
      email: uniqueEmail('admin'),
      firstName: 'Ada',
      lastName: 'Admin',
      password: TEST_PASSWORD,
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create admin failed: ${response.body}`);
  return response.json<{ data: AdminUserDto }>().data;
}

describe('POST /api/auth/admin/create', () => {
  it('creates an admin who signs in with the given password', async () => {
    const created = await createAdmin({ subRole: 'support_lead' });
    expect(created).toMatchObject({
      role: 'admin',
      subRole: 'support_lead',
      isActive: true,
      companiesCount: 0,
    });
    const session = await login(app, created.email);
    expect(session.user.role).toBe('admin');
  });

  it('mails a link to choose a password when none is given', async () => {
    const email = uniqueEmail('newadmin');
    const response = await call(app, 'POST', '/api/auth/admin/create', {
      token: admin.token,
      body: { email, firstName: 'Sam', lastName: 'Super', role: 'super_admin' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ data: AdminUserDto }>().data).toMatchObject({
      role: 'super_admin',
      isEmailVerified: false,
    });
    const token = tokenFromOutbox(outboxDir, email, '/auth/reset-password');
    const reset = await call(app, 'PUT', `/api/auth/reset-password/${token}`, {
      body: { password: 'Chosen-Password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ data: AuthSession }>().data.user).toMatchObject({
      role: 'super_admin',
      isEmailVerified: true,
    });
  });

  it('refuses a taken email, bad input and anyone but a super admin', async () => {
    const created = await createAdmin();
    const taken = await call(app, 'POST', '/api/auth/admin/create', {
      token: admin.token,
      body: { email: created.email.toUpperCase(), firstName: 'A', lastName: 'B' },
    });
    expect(taken.statusCode).toBe(409);
    for (const body of [
      { email: uniqueEmail(), firstName: 'A', lastName: 'B', role: 'tenant' },
      { email: uniqueEmail(), firstName: 'A', lastName: 'B', password: 'short' },
      { email: 'nope', firstName: 'A', lastName: 'B' },
    ]) {
      const bad = await call(app, 'POST', '/api/auth/admin/create', { token: admin.token, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const owner = await createCompany(app);
    const denied = await call(app, 'POST', '/api/auth/admin/create', {
      token: owner.token,
      body: { email: uniqueEmail(), firstName: 'A', lastName: 'B' },
    });
    expect(denied.statusCode).toBe(403);
    const platformAdmin = await login(app, created.email);
    const byAdmin = await call(app, 'GET', '/api/auth/admin/users', { token: platformAdmin.token });
    expect(byAdmin.statusCode).toBe(403);
  });
});

describe('GET /api/auth/admin/users', () => {
  it('pages 10 at a time and filters by role, status and search', async () => {
    const page = await call(app, 'GET', '/api/auth/admin/users', { token: admin.token });
    expect(page.statusCode).toBe(200);
    const body = page.json<{ data: AdminUserDto[]; pagination: { page: number; limit: number } }>();
    expect(body.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(body.data.length).toBeLessThanOrEqual(10);
    expect(page.body).not.toContain('passwordHash');

    const owner = await createCompany(app);
    const found = await call(app, 'GET', '/api/auth/admin/users', {
      token: admin.token,
      query: { search: owner.user.email, role: 'user', isActive: 'true' },
    });
    const users = found.json<{ data: AdminUserDto[] }>().data;
    expect(users.map((u) => u._id)).toEqual([owner.user._id]);
    expect(users[0]!.companiesCount).toBe(1);

    const admins = await call(app, 'GET', '/api/auth/admin/users', {
      token: admin.token,
      query: { role: 'super_admin', limit: '100', sortBy: 'lastLoginAt' },
    });
    expect(admins.json<{ data: AdminUserDto[] }>().data.every((u) => u.role === 'super_admin')).toBe(true);
    const bad = await call(app, 'GET', '/api/auth/admin/users', {
      token: admin.token,
      query: { role: 'emperor' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH /api/auth/admin/users/:id/status and /role', () => {
  it('deactivation ends the sessions at once; reactivation lets the person sign in again', async () => {
    const person = await signUp(app);
    const off = await call(app, 'PATCH', `/api/auth/admin/users/${person.user._id}/status`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ data: AdminUserDto }>().data.isActive).toBe(false);
    expect((await call(app, 'GET', '/api/auth/me', { token: person.token })).statusCode).toBe(401);
    const refresh = await call(app, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: person.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const loginAttempt = await call(app, 'POST', '/api/auth/login', {
      body: { email: person.user.email, password: TEST_PASSWORD },
    });
    expect(loginAttempt.statusCode).toBe(403);

    await call(app, 'PATCH', `/api/auth/admin/users/${person.user._id}/status`, {
      token: admin.token,
      body: { isActive: true },
    });
    await login(app, person.user.email);
  });

  it('changes role and subRole, but never makes a company member a tenant', async () => {
    const person = await signUp(app);
    const promoted = await call(app, 'PATCH', `/api/auth/admin/users/${person.user._id}/role`, {
      token: admin.token,
      body: { role: 'admin', subRole: 'billing' },
    });
    expect(promoted.json<{ data: AdminUserDto }>().data).toMatchObject({ role: 'admin', subRole: 'billing' });
    // The next request sees the new role: an admin acts in any company.
    const owner = await createCompany(app);
    const asAdmin = await call(app, 'GET', '/api/auth/permission-context', {
      token: person.token,
      companyId: owner.companyId,
    });
    expect(asAdmin.statusCode).toBe(200);
    const cleared = await call(app, 'PATCH', `/api/auth/admin/users/${person.user._id}/role`, {
      token: admin.token,
      body: { role: 'user' },
    });
    expect(cleared.json<{ data: AdminUserDto }>().data).toMatchObject({ role: 'user', subRole: null });

    const member = await addMember(app, owner, 'field_staff');
    const tenant = await call(app, 'PATCH', `/api/auth/admin/users/${member.user._id}/role`, {
      token: admin.token,
      body: { role: 'tenant' },
    });
    expect(tenant.statusCode).toBe(409);
    const bad = await call(app, 'PATCH', `/api/auth/admin/users/${member.user._id}/role`, {
      token: admin.token,
      body: { role: 'owner' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('never lets a super admin deactivate, demote or delete their own account (the last one stays)', async () => {
    const self = admin.user._id;
    const status = await call(app, 'PATCH', `/api/auth/admin/users/${self}/status`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(status.statusCode).toBe(409);
    const role = await call(app, 'PATCH', `/api/auth/admin/users/${self}/role`, {
      token: admin.token,
      body: { role: 'user' },
    });
    expect(role.statusCode).toBe(409);
    expect(
      (await call(app, 'DELETE', `/api/auth/admin/users/${self}`, { token: admin.token })).statusCode,
    ).toBe(409);
  });

  it('refuses a super admin who was deactivated meanwhile', async () => {
    const second = await createAdmin({ role: 'super_admin' });
    const secondSession = await login(app, second.email);
    const target = await signUp(app);
    await call(app, 'PATCH', `/api/auth/admin/users/${second._id}/status`, {
      token: admin.token,
      body: { isActive: false },
    });
    const late = await call(app, 'PATCH', `/api/auth/admin/users/${target.user._id}/status`, {
      token: secondSession.token,
      body: { isActive: false },
    });
    expect(late.statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/admin/users/:id', () => {
  it('deletes an account, frees its seats and refuses the only owner of a company', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'designer');
    const soleOwner = await call(app, 'DELETE', `/api/auth/admin/users/${owner.user._id}`, {
      token: admin.token,
    });
    expect(soleOwner.statusCode).toBe(409);
    const deleted = await call(app, 'DELETE', `/api/auth/admin/users/${member.user._id}`, {
      token: admin.token,
    });
    expect(deleted.statusCode).toBe(200);
    const company = await call(app, 'GET', `/api/companies/${owner.companyId}`, { token: owner.token });
    expect(company.json<{ data: { usage: { users: number } } }>().data.usage.users).toBe(1);
    expect((await call(app, 'GET', '/api/auth/me', { token: member.token })).statusCode).toBe(401);
    const again = await call(app, 'DELETE', `/api/auth/admin/users/${member.user._id}`, {
      token: admin.token,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /api/auth/admin/stats', () => {
  it('counts accounts by role and state', async () => {
    await signUp(app);
    const response = await call(app, 'GET', '/api/auth/admin/stats', { token: admin.token });
    expect(response.statusCode).toBe(200);
    const stats = response.json<{ data: AdminUserStats }>().data;
    const byRole = Object.values(stats.byRole).reduce((sum, n) => sum + n, 0);
    expect(byRole).toBe(stats.total);
    expect(stats.active + stats.inactive).toBe(stats.total);
    expect(stats.byRole.super_admin).toBeGreaterThanOrEqual(1);
    expect(stats.newLast30Days).toBeGreaterThanOrEqual(1);
  });
});
