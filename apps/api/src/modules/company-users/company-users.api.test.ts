import path from 'node:path';
import type {
  CompanyUserDetailDto,
  CompanyUserDto,
  CompanyUserGoalDto,
  CompanyUserNoteDto,
  CompanyUserSummaryDto,
  CompanyUsersStats,
  InvitationDto,
} from '@rentora/shared';
import { ROLE_DEFAULT_FEATURES } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import {
  addMember,
  type CompanySession,
  createCompany,
  login,
  signUp,
  superAdmin,
  uniqueEmail,
} from '../../../test/factories';
import { tokenFromOutbox } from '../../../test/outbox';
import type { Db } from '../../db/client';
import { companyUsers } from '../../db/schema';

let app: FastifyInstance;
let db: Db;
let outboxDir: string;

beforeAll(async () => {
  const shared = await getTestApp();
  app = shared.app;
  db = shared.database.db;
  outboxDir = path.join(shared.config.dataDir, 'outbox');
});

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

async function recordOf(owner: CompanySession, userId: string): Promise<CompanyUserDto> {
  const response = await call(app, 'GET', '/api/company-users', { ...as(owner), query: { limit: '100' } });
  expect(response.statusCode).toBe(200);
  const found = response.json<{ data: CompanyUserDto[] }>().data.find((member) => member.userId === userId);
  if (!found) throw new Error(`no company user for ${userId}`);
  return found;
}

async function usersUsage(owner: CompanySession): Promise<number> {
  const response = await call(app, 'GET', `/api/companies/${owner.companyId}`, { token: owner.token });
  return response.json<{ data: { usage: { users: number } } }>().data.usage.users;
}

describe('GET /api/company-users', () => {
  it("lists the current company's users with filters, 20 per page by default", async () => {
    const owner = await createCompany(app);
    const manager = await addMember(app, owner, 'manager');
    await addMember(app, owner, 'field_staff');
    const all = await call(app, 'GET', '/api/company-users', as(owner));
    expect(all.statusCode).toBe(200);
    const body = all.json<{ data: CompanyUserDto[]; pagination: { limit: number; totalCount: number } }>();
    expect(body.pagination).toMatchObject({ limit: 20, totalCount: 3 });
    expect(body.data[0]!.role).toBe('owner');

    const managers = await call(app, 'GET', '/api/company-users', {
      ...as(owner),
      query: { 'role[]': ['manager', 'accountant'] },
    });
    expect(managers.json<{ data: CompanyUserDto[] }>().data.map((m) => m.userId)).toEqual([manager.user._id]);

    const searched = await call(app, 'GET', '/api/company-users', {
      ...as(owner),
      query: { search: manager.user.email.slice(0, 20), sortBy: 'email', sortOrder: 'desc' },
    });
    expect(searched.json<{ data: CompanyUserDto[] }>().data.map((m) => m.userId)).toEqual([manager.user._id]);

    const bad = await call(app, 'GET', '/api/company-users', { ...as(owner), query: { role: 'emperor' } });
    expect(bad.statusCode).toBe(400);
  });

  it('lists several companies with companyIds[] only where the caller reads users', async () => {
    const owner = await createCompany(app);
    const second = await call(app, 'POST', '/api/companies', {
      token: owner.token,
      body: { name: 'Second Branch' },
    });
    const secondId = second.json<{ data: { company: { _id: string } } }>().data.company._id;
    const both = await call(app, 'GET', '/api/company-users', {
      ...as(owner),
      query: { 'companyIds[]': [owner.companyId, secondId] },
    });
    expect(both.statusCode).toBe(200);
    expect(new Set(both.json<{ data: CompanyUserDto[] }>().data.map((member) => member.companyId))).toEqual(
      new Set([owner.companyId, secondId]),
    );

    const stranger = await createCompany(app);
    const foreign = await call(app, 'GET', '/api/company-users', {
      ...as(owner),
      query: { 'companyIds[]': [owner.companyId, stranger.companyId] },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a member without users_read', async () => {
    const owner = await createCompany(app);
    const staff = await addMember(app, owner, 'field_staff');
    const response = await call(app, 'GET', '/api/company-users', as(staff));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });
});

describe('GET /api/company-users/by-company and /:id', () => {
  it("answers one company's users and a record with its goals; other companies' are 404", async () => {
    const owner = await createCompany(app);
    const other = await createCompany(app);
    const member = await addMember(app, owner, 'accountant');
    const byCompany = await call(app, 'GET', '/api/company-users/by-company', {
      token: owner.token,
      query: { companyId: owner.companyId, isActive: 'true' },
    });
    expect(byCompany.statusCode).toBe(200);
    expect(byCompany.json<{ data: unknown[] }>().data).toHaveLength(2);
    const foreignList = await call(app, 'GET', '/api/company-users/by-company', {
      token: owner.token,
      query: { companyId: other.companyId },
    });
    expect(foreignList.statusCode).toBe(404);

    const record = await recordOf(owner, member.user._id);
    const detail = await call(app, 'GET', `/api/company-users/${record._id}`, as(owner));
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ data: CompanyUserDetailDto }>().data).toMatchObject({
      _id: record._id,
      role: 'accountant',
      goals: [],
      notesCount: 0,
      invitedBy: { _id: owner.user._id },
    });
    const foreign = await call(app, 'GET', `/api/company-users/${record._id}`, as(other));
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/company-users/get-limited', () => {
  it('answers active colleagues only, at most 100, with a 5-minute private cache, to any member', async () => {
    const owner = await createCompany(app);
    const staff = await addMember(app, owner, 'field_staff');
    const gone = await addMember(app, owner, 'designer');
    const goneRecord = await recordOf(owner, gone.user._id);
    await call(app, 'PUT', `/api/company-users/${goneRecord._id}/deactivate`, as(owner));

    const response = await call(app, 'GET', '/api/company-users/get-limited', as(staff));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const body = response.json<{ data: CompanyUserSummaryDto[]; cacheTtlMs: number }>();
    expect(body.cacheTtlMs).toBe(300_000);
    expect(body.data.map((m) => m.userId).sort()).toEqual([owner.user._id, staff.user._id].sort());
    expect(body.data[0]).not.toHaveProperty('featurePermissions');
    const tooMany = await call(app, 'GET', '/api/company-users/get-limited', {
      ...as(staff),
      query: { limit: '101' },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('PUT /api/company-users/:id, /role and /permissions', () => {
  it("resets permissions to the new role's defaults unless told to keep them", async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'field_staff');
    const record = await recordOf(owner, member.user._id);
    const promoted = await call(app, 'PUT', `/api/company-users/${record._id}/role`, {
      ...as(owner),
      body: { role: 'maintenance_coordinator' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json<{ data: CompanyUserDto }>().data.featurePermissions.sort()).toEqual(
      [...ROLE_DEFAULT_FEATURES.maintenance_coordinator].sort(),
    );
    const kept = await call(app, 'PUT', `/api/company-users/${record._id}/role`, {
      ...as(owner),
      body: { role: 'field_staff', keepPermissions: true },
    });
    expect(kept.json<{ data: CompanyUserDto }>().data).toMatchObject({ role: 'field_staff' });
    expect(kept.json<{ data: CompanyUserDto }>().data.featurePermissions).toContain('maintenance_assign');

    const updated = await call(app, 'PUT', `/api/company-users/${record._id}`, {
      ...as(owner),
      body: { designation: 'Lead technician', department: 'Operations', role: 'designer' },
    });
    expect(updated.json<{ data: CompanyUserDto }>().data).toMatchObject({
      designation: 'Lead technician',
      department: 'Operations',
      role: 'designer',
      featurePermissions: ROLE_DEFAULT_FEATURES.designer,
    });
    const keptOnUpdate = await call(app, 'PUT', `/api/company-users/${record._id}`, {
      ...as(owner),
      body: { role: 'sales_agent', keepPermissions: true },
    });
    expect(keptOnUpdate.json<{ data: CompanyUserDto }>().data.featurePermissions).toEqual(
      ROLE_DEFAULT_FEATURES.designer,
    );
  });

  it('accepts catalogue names and the module/actions form, capped by the plan', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'field_staff');
    const record = await recordOf(owner, member.user._id);
    const url = `/api/company-users/${record._id}/permissions`;
    const set = await call(app, 'PUT', url, {
      ...as(owner),
      body: {
        permissions: [
          'properties_read',
          { module: 'tenants', actions: ['read', 'write'] },
          'properties_read',
        ],
      },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<{ data: CompanyUserDto }>().data.featurePermissions).toEqual([
      'properties_read',
      'tenants_read',
      'tenants_write',
    ]);
    const unknown = await call(app, 'PUT', url, { ...as(owner), body: { permissions: ['root_access'] } });
    expect(unknown.statusCode).toBe(400);
    const unknownAction = await call(app, 'PUT', url, {
      ...as(owner),
      body: { permissions: [{ module: 'tenants', actions: ['fly'] }] },
    });
    expect(unknownAction.statusCode).toBe(400);
    expect(unknownAction.json<{ details: { path: string }[] }>().details[0]!.path).toBe(
      'permissions.0.actions.0',
    );
    // The Starter plan has no payments.
    const outsidePlan = await call(app, 'PUT', url, {
      ...as(owner),
      body: { permissions: ['payments_read'] },
    });
    expect(outsidePlan.statusCode).toBe(400);
    expect(outsidePlan.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'permissions' }],
    });
  });

  it('lets nobody but an owner touch owners or grant what they do not hold', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    const manager = await addMember(app, owner, 'manager');
    const staff = await addMember(app, owner, 'field_staff');
    const ownerRecord = await recordOf(owner, owner.user._id);
    const managerRecord = await recordOf(owner, manager.user._id);
    const staffRecord = await recordOf(owner, staff.user._id);
    // The manager may manage users (users_write) but holds no payments_write.
    await call(app, 'PUT', `/api/company-users/${managerRecord._id}/permissions`, {
      ...as(owner),
      body: { permissions: [...ROLE_DEFAULT_FEATURES.manager, 'users_write', 'users_update'] },
    });
    const makeOwner = await call(app, 'PUT', `/api/company-users/${staffRecord._id}/role`, {
      ...as(manager),
      body: { role: 'owner' },
    });
    expect(makeOwner.statusCode).toBe(403);
    const demoteOwner = await call(
      app,
      'PUT',
      `/api/company-users/${ownerRecord._id}/deactivate`,
      as(manager),
    );
    expect(demoteOwner.statusCode).toBe(403);
    const grant = await call(app, 'PUT', `/api/company-users/${staffRecord._id}/permissions`, {
      ...as(manager),
      body: { permissions: ['maintenance_read', 'payments_write'] },
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json<{ error: string }>().error).toContain('payments_write');
    const allowed = await call(app, 'PUT', `/api/company-users/${staffRecord._id}/permissions`, {
      ...as(manager),
      body: { permissions: ['maintenance_read', 'properties_read'] },
    });
    expect(allowed.statusCode).toBe(200);
    const plain = await call(app, 'PUT', `/api/company-users/${staffRecord._id}/role`, {
      ...as(staff),
      body: { role: 'manager' },
    });
    expect(plain.statusCode).toBe(403);
  });

  it('never demotes or removes the last active owner', async () => {
    const owner = await createCompany(app);
    const record = await recordOf(owner, owner.user._id);
    const demote = await call(app, 'PUT', `/api/company-users/${record._id}/role`, {
      ...as(owner),
      body: { role: 'manager' },
    });
    expect(demote.statusCode).toBe(409);
    expect(
      (await call(app, 'PUT', `/api/company-users/${record._id}/deactivate`, as(owner))).statusCode,
    ).toBe(409);
    expect((await call(app, 'DELETE', `/api/company-users/${record._id}`, as(owner))).statusCode).toBe(409);

    // With a second owner the first may step down.
    const second = await addMember(app, owner, 'manager');
    const secondRecord = await recordOf(owner, second.user._id);
    await call(app, 'PUT', `/api/company-users/${secondRecord._id}/role`, {
      ...as(owner),
      body: { role: 'owner' },
    });
    const stepDown = await call(app, 'PUT', `/api/company-users/${record._id}/role`, {
      ...as(owner),
      body: { role: 'manager' },
    });
    expect(stepDown.statusCode).toBe(200);
  });

  it("answers 404 for another company's record and 400 for bad input", async () => {
    const owner = await createCompany(app);
    const other = await createCompany(app);
    const record = await recordOf(other, other.user._id);
    const foreign = await call(app, 'PUT', `/api/company-users/${record._id}`, {
      ...as(owner),
      body: { designation: 'Spy' },
    });
    expect(foreign.statusCode).toBe(404);
    const own = await recordOf(owner, owner.user._id);
    const bad = await call(app, 'PUT', `/api/company-users/${own._id}/role`, {
      ...as(owner),
      body: { role: 'king' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deactivate, reactivate and remove', () => {
  it('cuts a deactivated member off on their next request and lets them back in on reactivation', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'manager');
    const record = await recordOf(owner, member.user._id);
    const before = await call(app, 'GET', '/api/company-users/get-limited', as(member));
    expect(before.statusCode).toBe(200);

    const off = await call(app, 'PUT', `/api/company-users/${record._id}/deactivate`, as(owner));
    expect(off.statusCode).toBe(200);
    expect(off.json<{ data: CompanyUserDto }>().data.isActive).toBe(false);
    const after = await call(app, 'GET', '/api/company-users/get-limited', as(member));
    expect(after.statusCode).toBe(403);
    // A token issued before the deactivation is no help either.
    const relogin = await login(app, member.user.email);
    const denied = await call(app, 'GET', '/api/auth/permission-context', {
      token: relogin.token,
      companyId: owner.companyId,
    });
    expect(denied.statusCode).toBe(403);

    const on = await call(app, 'PUT', `/api/company-users/${record._id}/reactivate`, as(owner));
    expect(on.json<{ data: CompanyUserDto }>().data.isActive).toBe(true);
    expect((await call(app, 'GET', '/api/company-users/get-limited', as(member))).statusCode).toBe(200);
  });

  it('removes a member, frees the seat and answers 404 afterwards', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'sales_agent');
    const record = await recordOf(owner, member.user._id);
    expect(await usersUsage(owner)).toBe(2);
    const removed = await call(app, 'DELETE', `/api/company-users/${record._id}`, as(owner));
    expect(removed.statusCode).toBe(200);
    expect(await usersUsage(owner)).toBe(1);
    expect((await call(app, 'GET', `/api/company-users/${record._id}`, as(owner))).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/company-users/get-limited', as(member))).statusCode).toBe(403);
  });

  it('needs users_delete or users_write to remove', async () => {
    const owner = await createCompany(app);
    const manager = await addMember(app, owner, 'manager');
    const staff = await addMember(app, owner, 'field_staff');
    const record = await recordOf(owner, staff.user._id);
    const denied = await call(app, 'DELETE', `/api/company-users/${record._id}`, as(manager));
    expect(denied.statusCode).toBe(403);
  });
});

describe('goals and notes', () => {
  it('adds, updates and deletes goals, scoped to the record', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'sales_agent');
    const other = await addMember(app, owner, 'sales_agent');
    const record = await recordOf(owner, member.user._id);
    const otherRecord = await recordOf(owner, other.user._id);
    const created = await call(app, 'POST', `/api/company-users/${record._id}/goals`, {
      ...as(owner),
      body: { title: 'Sign 5 leases', targetValue: 5, unit: 'leases', dueDate: '2030-01-31' },
    });
    expect(created.statusCode).toBe(201);
    const goal = created.json<{ data: CompanyUserGoalDto }>().data;
    expect(goal).toMatchObject({ title: 'Sign 5 leases', currentValue: 0, status: 'not_started' });
    expect(goal.dueDate).toBe('2030-01-31T00:00:00.000Z');

    const updated = await call(app, 'PUT', `/api/company-users/${record._id}/goals/${goal._id}`, {
      ...as(owner),
      body: { currentValue: 3, status: 'in_progress' },
    });
    expect(updated.json<{ data: CompanyUserGoalDto }>().data).toMatchObject({
      currentValue: 3,
      status: 'in_progress',
    });
    const wrongRecord = await call(app, 'PUT', `/api/company-users/${otherRecord._id}/goals/${goal._id}`, {
      ...as(owner),
      body: { currentValue: 4 },
    });
    expect(wrongRecord.statusCode).toBe(404);
    const empty = await call(app, 'PUT', `/api/company-users/${record._id}/goals/${goal._id}`, {
      ...as(owner),
      body: {},
    });
    expect(empty.statusCode).toBe(400);
    const badStatus = await call(app, 'POST', `/api/company-users/${record._id}/goals`, {
      ...as(owner),
      body: { title: 'x', status: 'done-ish' },
    });
    expect(badStatus.statusCode).toBe(400);

    const detail = await call(app, 'GET', `/api/company-users/${record._id}`, as(owner));
    expect(detail.json<{ data: CompanyUserDetailDto }>().data.goals.map((g) => g._id)).toEqual([goal._id]);
    const deleted = await call(
      app,
      'DELETE',
      `/api/company-users/${record._id}/goals/${goal._id}`,
      as(owner),
    );
    expect(deleted.statusCode).toBe(200);
    const again = await call(app, 'DELETE', `/api/company-users/${record._id}/goals/${goal._id}`, as(owner));
    expect(again.statusCode).toBe(404);
  });

  it('keeps notes newest first with their author', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'customer_support');
    const record = await recordOf(owner, member.user._id);
    for (const content of ['First note', 'Second note']) {
      const response = await call(app, 'POST', `/api/company-users/${record._id}/notes`, {
        ...as(owner),
        body: { content },
      });
      expect(response.statusCode).toBe(201);
    }
    const list = await call(app, 'GET', `/api/company-users/${record._id}/notes`, as(owner));
    const notes = list.json<{ data: CompanyUserNoteDto[]; pagination: { totalCount: number } }>();
    expect(notes.pagination.totalCount).toBe(2);
    expect(notes.data.map((n) => n.content)).toEqual(['Second note', 'First note']);
    expect(notes.data[0]!.author).toMatchObject({ _id: owner.user._id, firstName: 'Owner' });
    const blank = await call(app, 'POST', `/api/company-users/${record._id}/notes`, {
      ...as(owner),
      body: { content: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    const denied = await call(app, 'GET', `/api/company-users/${record._id}/notes`, as(member));
    expect(denied.statusCode).toBe(403);
  });
});

describe('invitations through /api/company-users', () => {
  it('invites, resends with a new token and cancels', async () => {
    const owner = await createCompany(app);
    const email = uniqueEmail('invitee');
    const invited = await call(app, 'POST', '/api/company-users/invite', {
      ...as(owner),
      body: { email, firstName: 'Ivy', lastName: 'Invitee', role: 'accountant', department: 'Finance' },
    });
    expect(invited.statusCode).toBe(201);
    const invitation = invited.json<{ data: InvitationDto }>().data;
    expect(invitation).toMatchObject({ companyId: owner.companyId, status: 'pending', role: 'accountant' });
    const firstToken = tokenFromOutbox(outboxDir, email, '/invitation');

    const resent = await call(
      app,
      'POST',
      `/api/company-users/${invitation._id}/resend-invitation`,
      as(owner),
    );
    expect(resent.statusCode).toBe(200);
    expect(resent.json<{ data: InvitationDto }>().data.sentCount).toBe(2);
    const secondToken = tokenFromOutbox(outboxDir, email, '/invitation');
    expect(secondToken).not.toBe(firstToken);
    expect((await call(app, 'GET', `/api/invitations/${firstToken}`)).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/invitations/${secondToken}`)).statusCode).toBe(200);

    const cancelled = await call(
      app,
      'DELETE',
      `/api/company-users/${invitation._id}/cancel-invitation`,
      as(owner),
    );
    expect(cancelled.json<{ data: InvitationDto }>().data.status).toBe('cancelled');
    const publicView = await call(app, 'GET', `/api/invitations/${secondToken}`);
    expect(publicView.json<{ data: { status: string; canRespond: boolean } }>().data).toMatchObject({
      status: 'cancelled',
      canRespond: false,
    });
    const again = await call(
      app,
      'POST',
      `/api/company-users/${invitation._id}/resend-invitation`,
      as(owner),
    );
    expect(again.statusCode).toBe(409);
  });

  it('needs users_write', async () => {
    const owner = await createCompany(app);
    const manager = await addMember(app, owner, 'manager');
    const response = await call(app, 'POST', '/api/company-users/invite', {
      ...as(manager),
      body: { email: uniqueEmail(), role: 'field_staff' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/company-users/migrate-permissions', () => {
  it('converts the module/actions form into featurePermissions, own record by default', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'field_staff');
    const other = await addMember(app, owner, 'designer');
    await db
      .update(companyUsers)
      .set({ permissions: [{ module: 'tenants', actions: ['read', 'write', 'teleport'] }] })
      .where(eq(companyUsers.userId, member.user._id));
    await db
      .update(companyUsers)
      .set({ permissions: [{ module: 'properties', actions: ['delete'] }] })
      .where(eq(companyUsers.userId, other.user._id));

    const own = await call(app, 'POST', '/api/company-users/migrate-permissions', as(member));
    expect(own.statusCode).toBe(200);
    const result = own.json<{ data: { featurePermissions: string[]; migrated: number } }>().data;
    expect(result.migrated).toBe(1);
    expect(result.featurePermissions).toEqual(
      expect.arrayContaining(['maintenance_read', 'tenants_read', 'tenants_write']),
    );
    const twice = await call(app, 'POST', '/api/company-users/migrate-permissions', {
      ...as(member),
      body: {},
    });
    expect(twice.json<{ data: { migrated: number } }>().data.migrated).toBe(0);

    const someoneElse = await call(app, 'POST', '/api/company-users/migrate-permissions', {
      ...as(member),
      body: { userId: other.user._id },
    });
    expect(someoneElse.statusCode).toBe(403);
    const byOwner = await call(app, 'POST', '/api/company-users/migrate-permissions', {
      ...as(owner),
      body: { all: true },
    });
    expect(byOwner.json<{ data: { migrated: number } }>().data.migrated).toBe(1);
    const otherRecord = await recordOf(owner, other.user._id);
    expect(otherRecord.featurePermissions).toContain('properties_delete');
    expect(otherRecord.permissions).toEqual([]);
  });

  it('answers the super admin their own features without a membership', async () => {
    const owner = await createCompany(app);
    const admin = await superAdmin(app);
    const response = await call(app, 'POST', '/api/company-users/migrate-permissions', {
      token: admin.token,
      companyId: owner.companyId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { featurePermissions: string[] } }>().data.featurePermissions).toContain(
      'admin_write',
    );
  });
});

describe('GET /api/companies/:id/users/stats', () => {
  it('counts users by role and state, pending invitations and seats', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'manager');
    await call(app, 'PUT', `/api/company-users/${(await recordOf(owner, member.user._id))._id}`, {
      ...as(owner),
      body: { isActive: false, department: 'Leasing' },
    });
    await call(app, 'POST', '/api/company-users/invite', {
      ...as(owner),
      body: { email: uniqueEmail(), role: 'designer' },
    });
    const response = await call(app, 'GET', `/api/companies/${owner.companyId}/users/stats`, {
      token: owner.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: CompanyUsersStats }>().data).toMatchObject({
      total: 2,
      active: 1,
      inactive: 1,
      byRole: { owner: 1, manager: 1 },
      byDepartment: { Leasing: 1, unassigned: 1 },
      pendingInvitations: 1,
      joinedLast30Days: 2,
      // Starter: 5 users; 2 seats used and 1 held by the pending invitation.
      seats: { used: 2, limit: 5, remaining: 2 },
    });
    const stranger = await signUp(app);
    const foreign = await call(app, 'GET', `/api/companies/${owner.companyId}/users/stats`, {
      token: stranger.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
