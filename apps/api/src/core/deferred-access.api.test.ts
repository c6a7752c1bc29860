import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, call, getTestApp, testConfig } from '../../test/app';
import { addMember, type CompanySession, createCompany } from '../../test/factories';
import type { Database } from '../db/client';
import { companies, companyUsers, sessions } from '../db/schema';
import { pipelinedChecks } from '../db/statement-gate';
import { access, requireCompany } from './access';
import { notFound } from './errors';

// A company GET runs at once with a provisional caller and its access check rides with its first statement
// (core/deferred-access.ts): nothing of the route may reach a caller the check refuses.

let app: FastifyInstance;
let database: Database;
let owner: CompanySession;
let other: CompanySession;

beforeAll(async () => {
  ({ database } = await getTestApp());
  // An app of its own, with two routes that show what a route does before its first statement.
  app = await buildApp({ config: testConfig({ pageCacheBytes: 0 }), database, logger: false });
  app.get(
    '/api/test-only/not-found-first',
    { config: { access: access.company('properties_read') } },
    async () => {
      throw notFound('Thing');
    },
  );
  app.get(
    '/api/test-only/plain-text',
    { config: { access: access.company('properties_read') } },
    async (request, reply) => {
      requireCompany(request.auth);
      return reply
        .type('text/csv')
        .header('content-disposition', 'attachment; filename="x.csv"')
        .send('a,b\n1,2\n');
    },
  );
  app.get(
    '/api/test-only/writes-first',
    { config: { access: access.company('properties_read') } },
    async (request) => {
      const { companyId } = requireCompany(request.auth);
      await database.db
        .update(companies)
        .set({ name: 'Written before the check' })
        .where(eq(companies.id, companyId));
      return { success: true };
    },
  );
  app.get(
    '/api/test-only/fails-first',
    { config: { access: access.company('properties_read') } },
    async () => {
      await database.db.execute(sql`select 1 / 0 as never`);
      return { success: true };
    },
  );
  await app.ready();
  owner = await createCompany(app, { plan: 'enterprise' });
  other = await createCompany(app, { plan: 'enterprise' });
});

const get = (session: CompanySession, url: string, companyId = session.companyId) =>
  call(app, 'GET', url, { token: session.token, companyId });

describe('a company read checked with its first statement', () => {
  it('answers a member as before, and its statements ride with the check on PostgreSQL', async () => {
    const before = pipelinedChecks();
    const response = await get(owner, '/api/properties');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown[] }>().data).toEqual([]);
    expect(pipelinedChecks() - before).toBe(database.driver === 'postgres' ? 1 : 0);
  });

  it('refuses a person of another company (403) and never shows the route’s answer', async () => {
    const response = await get(other, '/api/rental-units', owner.companyId);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('answers the check’s error, not the route’s, when the route fails before any statement', async () => {
    expect((await get(owner, '/api/test-only/not-found-first')).statusCode).toBe(404);
    const stranger = await get(other, '/api/test-only/not-found-first', owner.companyId);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets no write of a refused caller happen: only a plain read runs before the check has passed', async () => {
    const before = pipelinedChecks();
    expect((await get(other, '/api/test-only/writes-first', owner.companyId)).statusCode).toBe(403);
    const [company] = await database.db.select().from(companies).where(eq(companies.id, owner.companyId));
    expect(company?.name).not.toBe('Written before the check');
    expect(pipelinedChecks()).toBe(before);
  });

  it('answers a failing first statement as an error, the check’s refusal first, and goes on serving', async () => {
    const failed = await get(owner, '/api/test-only/fails-first');
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect((await get(other, '/api/test-only/fails-first', owner.companyId)).statusCode).toBe(403);
    const after = await Promise.all(Array.from({ length: 6 }, () => get(owner, '/api/properties')));
    expect(after.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
  });

  it('replaces a non-JSON answer and its headers when the check fails', async () => {
    const mine = await get(owner, '/api/test-only/plain-text');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toContain('x.csv');
    const stranger = await get(other, '/api/test-only/plain-text', owner.companyId);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.headers['content-disposition']).toBeUndefined();
    expect(stranger.headers['content-type']).toContain('application/json');
    expect(stranger.body).not.toContain('1,2');
  });

  it('answers 401 once the session has ended, 403 without the permission, and the plan’s refusal', async () => {
    const member = await addMember(app, owner, 'manager');
    expect((await get(member, '/api/tenants')).statusCode).toBe(200);

    await database.db
      .update(companyUsers)
      .set({ featurePermissions: [] })
      .where(eq(companyUsers.userId, member.user._id));
    const withoutPermission = await get(member, '/api/tenants');
    expect(withoutPermission.statusCode).toBe(403);

    const starter = await createCompany(app);
    const outsidePlan = await get(starter, '/api/invoices');
    expect(outsidePlan.statusCode).toBe(403);
    expect(outsidePlan.json()).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN' });

    await database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, member.user._id));
    const ended = await get(member, '/api/tenants');
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers 403 for a deactivated company and asks for two-factor set-up where the company requires it', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    const manager = await addMember(app, company, 'manager');
    await database.db
      .update(companies)
      .set({ require2faForRoles: ['manager'] })
      .where(eq(companies.id, company.companyId));
    const mfa = await get(manager, '/api/properties');
    expect(mfa.statusCode).toBe(403);
    expect(mfa.json()).toMatchObject({ code: 'MFA_SETUP_REQUIRED' });

    await database.db.update(companies).set({ isActive: false }).where(eq(companies.id, company.companyId));
    expect((await get(company, '/api/properties')).statusCode).toBe(403);
  });

  it('serves many concurrent reads of several callers each with its own answer', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 2
          ? get(other, '/api/properties', owner.companyId)
          : get(i % 3 ? other : owner, '/api/properties'),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i % 3 === 2 ? 403 : 200)),
    );
  });
});
