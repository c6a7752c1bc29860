import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, createCompany, login, signUp, superAdmin } from '../../../test/factories';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await getTestApp());
});

describe('GET /api/companies', () => {
  it("answers only the caller's companies, and every company for the super admin", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const mine = await call(app, 'GET', '/api/companies', { token: a.token });
    expect(mine.statusCode).toBe(200);
    const ids = mine.json<{ data: { _id: string }[] }>().data.map((company) => company._id);
    expect(ids).toEqual([a.companyId]);

    const admin = await superAdmin(app);
    const all = await call(app, 'GET', '/api/companies', {
      token: admin.token,
      query: { limit: '100', search: 'Company' },
    });
    expect(all.statusCode).toBe(200);
    const body = all.json<{ data: { _id: string }[]; pagination: { totalCount: number } }>();
    expect(body.pagination.totalCount).toBeGreaterThanOrEqual(2);
    expect(body.data.length).toBeGreaterThanOrEqual(2);
    const searched = await call(app, 'GET', '/api/companies', {
      token: admin.token,
      query: { search: b.company.name },
    });
    expect(searched.json<{ data: { _id: string }[] }>().data.map((c) => c._id)).toEqual([b.companyId]);
  });
});

describe('POST /api/companies', () => {
  it('creates a company owned by the caller on the default plan', async () => {
    const person = await signUp(app);
    const response = await call(app, 'POST', '/api/companies', {
      token: person.token,
      body: { name: 'Second Venture', address: { city: 'Pune' } },
    });
    expect(response.statusCode).toBe(201);
    const data = response.json<{
      data: { company: { address: { city: string }; usage: { users: number } } };
    }>().data;
    expect(data.company.address.city).toBe('Pune');
    expect(data.company.usage.users).toBe(1);
  });
});

describe('GET/PUT/DELETE /api/companies/:id', () => {
  it('answers 404 for a company the caller does not belong to', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(app, method, `/api/companies/${b.companyId}`, { token: a.token, body });
      expect(response.statusCode, method).toBe(404);
    }
  });

  it('lets the owner update the profile, not a field staff member', async () => {
    const owner = await createCompany(app);
    const staff = await addMember(app, owner, 'field_staff');
    const denied = await call(app, 'PUT', `/api/companies/${owner.companyId}`, {
      token: staff.token,
      companyId: owner.companyId,
      body: { name: 'Nope' },
    });
    expect(denied.statusCode).toBe(403);
    const updated = await call(app, 'PUT', `/api/companies/${owner.companyId}`, {
      token: owner.token,
      body: { name: 'Renamed Estates', address: { city: 'Chennai' } },
    });
    expect(updated.statusCode).toBe(200);
    expect(
      updated.json<{ data: { name: string; address: { city: string; country: string } } }>().data,
    ).toMatchObject({
      name: 'Renamed Estates',
      address: { city: 'Chennai', country: 'India' },
    });
  });

  it('lets only an owner delete the company', async () => {
    const owner = await createCompany(app);
    const manager = await addMember(app, owner, 'manager');
    expect(
      (await call(app, 'DELETE', `/api/companies/${owner.companyId}`, { token: manager.token })).statusCode,
    ).toBe(403);
    expect(
      (await call(app, 'DELETE', `/api/companies/${owner.companyId}`, { token: owner.token })).statusCode,
    ).toBe(200);
    expect(
      (await call(app, 'GET', `/api/companies/${owner.companyId}`, { token: owner.token })).statusCode,
    ).toBe(404);
  });
});

describe('/api/companies/:id/users', () => {
  it('adds a member with the role defaults, counts usage and lists members', async () => {
    const owner = await createCompany(app);
    const accountant = await addMember(app, owner, 'accountant');
    const list = await call(app, 'GET', `/api/companies/${owner.companyId}/users`, { token: owner.token });
    expect(list.statusCode).toBe(200);
    const members = list.json<{ data: { userId: string; role: string; featurePermissions: string[] }[] }>()
      .data;
    expect(members.map((m) => m.role).sort()).toEqual(['accountant', 'owner']);
    const added = members.find((m) => m.userId === accountant.user._id)!;
    expect(added.featurePermissions).toContain('payments_read');
    const stats = await call(app, 'GET', `/api/companies/${owner.companyId}/stats`, { token: owner.token });
    expect(
      stats.json<{ data: { usage: { users: number }; members: { total: number } } }>().data,
    ).toMatchObject({
      usage: { users: 2 },
      members: { total: 2 },
    });
  });

  it('refuses to add past maxUsersPerCompany with PLAN_LIMIT_REACHED', async () => {
    const owner = await createCompany(app);
    const admin = await superAdmin(app);
    await call(app, 'PUT', `/api/superadmin/companies/${owner.companyId}/limitations`, {
      token: admin.token,
      body: { limitations: { maxUsersPerCompany: 2 } },
    });
    await addMember(app, owner, 'manager');
    const person = await signUp(app);
    const response = await call(app, 'POST', `/api/companies/${owner.companyId}/users`, {
      token: owner.token,
      body: { email: person.user.email, role: 'designer' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limitType: 'users',
      current: 2,
      limit: 2,
    });
  });

  it('keeps the last owner: cannot demote, deactivate or remove them', async () => {
    const owner = await createCompany(app);
    const url = `/api/companies/${owner.companyId}/users/${owner.user._id}`;
    for (const body of [{ role: 'manager' }, { isActive: false }]) {
      const response = await call(app, 'PUT', url, { token: owner.token, body });
      expect(response.statusCode).toBe(409);
    }
    expect((await call(app, 'DELETE', url, { token: owner.token })).statusCode).toBe(409);
  });

  it("resets permissions to the new role's defaults and caps edits by the plan", async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'field_staff');
    const url = `/api/companies/${owner.companyId}/users/${member.user._id}`;
    const promoted = await call(app, 'PUT', url, { token: owner.token, body: { role: 'manager' } });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json<{ data: { featurePermissions: string[] } }>().data.featurePermissions).toContain(
      'properties_write',
    );
    const outsidePlan = await call(app, 'PUT', url, {
      token: owner.token,
      body: { featurePermissions: ['payments_read'] },
    });
    expect(outsidePlan.statusCode).toBe(400);
    const unknown = await call(app, 'PUT', url, {
      token: owner.token,
      body: { featurePermissions: ['root_access'] },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('cuts a deactivated member off on the next request', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'manager');
    const before = await call(app, 'GET', '/api/auth/permission-context', {
      token: member.token,
      companyId: owner.companyId,
    });
    expect(before.statusCode).toBe(200);
    await call(app, 'PUT', `/api/companies/${owner.companyId}/users/${member.user._id}`, {
      token: owner.token,
      body: { isActive: false },
    });
    const after = await call(app, 'GET', '/api/auth/permission-context', {
      token: member.token,
      companyId: owner.companyId,
    });
    expect(after.statusCode).toBe(403);
  });
});

describe('x-company-id', () => {
  it('selects a company the caller belongs to and refuses one they do not', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const own = await call(app, 'GET', '/api/auth/permission-context', {
      token: a.token,
      companyId: a.companyId,
    });
    expect(own.json<{ data: { company: { _id: string } } }>().data.company._id).toBe(a.companyId);
    const foreign = await call(app, 'GET', '/api/auth/permission-context', {
      token: a.token,
      companyId: b.companyId,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('lets the super admin act in any company with every permission', async () => {
    const a = await createCompany(app);
    const admin = await superAdmin(app);
    const ctx = await call(app, 'GET', '/api/auth/permission-context', {
      token: admin.token,
      companyId: a.companyId,
    });
    expect(ctx.statusCode).toBe(200);
    expect(ctx.json<{ data: { isSuperAdmin: boolean; company: { _id: string } } }>().data).toMatchObject({
      isSuperAdmin: true,
      company: { _id: a.companyId },
    });
  });

  it('uses the first active company when no header is sent', async () => {
    const owner = await createCompany(app);
    const session = await login(app, owner.user.email);
    const ctx = await call(app, 'GET', '/api/auth/permission-context', { token: session.token });
    expect(ctx.json<{ data: { company: { _id: string } } }>().data.company._id).toBe(owner.companyId);
  });
});
