import type { AuditLogDto, CompanyUserDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, superAdmin } from '../../../test/factories';
import { auth, createProperty, createUnit } from '../properties/properties.testing';

let app: FastifyInstance;
let owner: CompanySession;

async function logs(session: { token: string; companyId?: string }, query: Record<string, string> = {}) {
  const response = await call(app, 'GET', '/api/audit-logs', { ...session, query });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: AuditLogDto[] }>().data;
}

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise' });
});

describe('audit log', () => {
  it('records role and permission changes and deletions in the same transaction, with actor, request id and IP', async () => {
    const manager = await addMember(app, owner, 'manager');
    const members = await call(app, 'GET', `/api/companies/${owner.companyId}/users`, auth(owner));
    const membership = members
      .json<{ data: CompanyUserDto[] }>()
      .data.find((row) => row.userId === manager.user._id)!;
    const changed = await call(app, 'PUT', `/api/company-users/${membership._id}/role`, {
      ...auth(owner),
      body: { role: 'accountant' },
      headers: { 'x-request-id': 'audit-test-1' },
    });
    expect(changed.statusCode).toBe(200);
    const property = await createProperty(app, owner);
    const unit = await createUnit(app, owner, property._id);
    expect((await call(app, 'DELETE', `/api/rental-units/${unit._id}`, auth(owner))).statusCode).toBe(200);

    const rows = await logs(auth(owner));
    const roleChange = rows.find((row) => row.action === 'company_user.changed')!;
    expect(roleChange).toMatchObject({
      companyId: owner.companyId,
      entityType: 'company_user',
      entityId: membership._id,
      requestId: 'audit-test-1',
      actor: { _id: owner.user._id },
      before: expect.objectContaining({ role: 'manager' }),
      after: expect.objectContaining({ role: 'accountant' }),
    });
    expect(roleChange.ip).toBeTruthy();
    expect(rows.some((row) => row.action === 'rental_unit.deleted' && row.entityId === unit._id)).toBe(true);
    const filtered = await logs(auth(owner), { action: 'rental_unit.deleted' });
    expect(filtered.every((row) => row.action === 'rental_unit.deleted')).toBe(true);
    // Pages: the total comes with the page (or from a count of its own past the end).
    type Page = { data: AuditLogDto[]; pagination: { totalCount: number; hasNext: boolean } };
    const firstOfOne = await call(app, 'GET', '/api/audit-logs', { ...auth(owner), query: { limit: '1' } });
    expect(firstOfOne.json<Page>().data).toHaveLength(1);
    expect(firstOfOne.json<Page>().pagination).toMatchObject({ totalCount: rows.length, hasNext: true });
    const past = await call(app, 'GET', '/api/audit-logs', {
      ...auth(owner),
      query: { limit: '1', page: String(rows.length + 1) },
    });
    expect(past.json<Page>()).toMatchObject({ data: [], pagination: { totalCount: rows.length } });
  });

  it('keeps a refused change out of the log (no half-written audit)', async () => {
    const before = (await logs(auth(owner))).length;
    const refused = await call(app, 'PUT', '/api/company-users/0192f0c4-3333-7000-8000-000000000000/role', {
      ...auth(owner),
      body: { role: 'manager' },
    });
    expect(refused.statusCode).toBe(404);
    expect((await logs(auth(owner))).length).toBe(before);
  });

  it('is for owners (their company) and the super admin (all); other roles and companies are refused', async () => {
    const manager = await addMember(app, owner, 'manager');
    const refused = await call(app, 'GET', '/api/audit-logs', auth(manager));
    expect(refused.statusCode).toBe(403);
    const stranger = await createCompany(app, { plan: 'enterprise' });
    expect((await logs(auth(stranger))).some((row) => row.companyId === owner.companyId)).toBe(false);
    const admin = await superAdmin(app);
    const platform = await logs({ token: admin.token }, { companyId: owner.companyId });
    expect(platform.length).toBeGreaterThan(0);
    expect(platform.every((row) => row.companyId === owner.companyId)).toBe(true);
  });

  it('exports the filtered log as CSV', async () => {
    const response = await call(app, 'GET', '/api/audit-logs/export', auth(owner));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = response.body.trim().split('\r\n');
    expect(header).toBe('Time,Company,Actor,Action,Entity,Entity id,Summary,Before,After,Request id,IP');
    expect(lines.length).toBeGreaterThan(0);
  });
});
