import type { ApiKeyCreated, ApiKeyDto, AuditLogDto } from '@rentora/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany } from '../../../test/factories';
import { apiKeys, companyUsers } from '../../db/schema';

let app: FastifyInstance;
let owner: CompanySession;

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise' });
});

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

async function newKey(
  permissions: string[],
  extra: Record<string, unknown> = {},
  by: CompanySession = owner,
): Promise<ApiKeyCreated> {
  const response = await call(app, 'POST', '/api/api-keys', {
    ...as(by),
    body: { name: `Key ${uuidv7().slice(-5)}`, permissions, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: ApiKeyCreated }>().data;
}

const propertyBody = () => ({
  name: `Key House ${uuidv7().slice(-5)}`,
  propertyType: 'apartment_building',
  address: { line1: '1 Key Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001' },
});

describe('company API keys', () => {
  it('shows the key once, keeps only its hash, and lists keys without secrets', async () => {
    const key = await newKey(['properties_read']);
    expect(key.key).toMatch(/^rk_live_[A-Za-z0-9_-]{43}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    const [stored] = await app.deps.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(JSON.stringify(stored)).not.toContain(key.key);
    const listed = await call(app, 'GET', '/api/api-keys', as(owner));
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key.key);
    expect(listed.json<{ data: ApiKeyDto[] }>().data.map((k) => k._id)).toContain(key._id);
  });

  it('pages the live keys newest first with their total; revoked keys leave the list and the count', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    const made: ApiKeyCreated[] = [];
    for (let i = 0; i < 3; i++) made.push(await newKey(['properties_read'], {}, company));
    const page = async (n: number) => {
      const response = await call(app, 'GET', `/api/api-keys?page=${n}&limit=2`, as(company));
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: ApiKeyDto[]; pagination: { totalCount: number; hasNext: boolean } }>();
    };
    const first = await page(1);
    expect(first.data.map((k) => k._id)).toEqual([made[2]!._id, made[1]!._id]);
    expect(first.pagination).toMatchObject({ totalCount: 3, hasNext: true });
    const second = await page(2);
    expect(second.data.map((k) => k._id)).toEqual([made[0]!._id]);
    expect((await page(3)).pagination.totalCount).toBe(3);
    expect((await call(app, 'DELETE', `/api/api-keys/${made[1]!._id}`, as(company))).statusCode).toBe(200);
    const after = await page(1);
    expect(after.data.map((k) => k._id)).toEqual([made[2]!._id, made[0]!._id]);
    expect(after.pagination).toMatchObject({ totalCount: 2, hasNext: false });
  });

  it("acts for its company only, with exactly the key's permissions", async () => {
    const key = await newKey(['properties_read']);
    const bearer = { authorization: `Bearer ${key.key}` };
    const read = await call(app, 'GET', '/api/properties', { headers: bearer });
    expect(read.statusCode, read.body).toBe(200);
    const viaHeader = await call(app, 'GET', '/api/properties', { headers: { 'x-api-key': key.key } });
    expect(viaHeader.statusCode).toBe(200);
    // A feature the key was not given (the owner holds it): 403.
    const write = await call(app, 'POST', '/api/properties', { headers: bearer, body: propertyBody() });
    expect(write.statusCode).toBe(403);
    expect(write.json<{ code: string }>().code).toBe('FORBIDDEN');
    // Another company: refused.
    const other = await createCompany(app, { plan: 'enterprise' });
    const elsewhere = await call(app, 'GET', '/api/properties', {
      headers: { ...bearer, 'x-company-id': other.companyId },
    });
    expect(elsewhere.statusCode).toBe(403);
    // Person-only routes: profile, company switch, super admin.
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/companies'],
      ['GET', '/api/superadmin/product-features'],
    ] as const) {
      const response = await call(app, method, url, { headers: bearer });
      expect(response.statusCode, url).toBe(403);
      expect(response.json<{ error: string }>().error).toMatch(/API keys/);
    }
    // A key cannot make keys.
    const keyMakingKey = await newKey(['company_update', 'company_read']);
    const made = await call(app, 'POST', '/api/api-keys', {
      headers: { authorization: `Bearer ${keyMakingKey.key}` },
      body: { name: 'Child', permissions: ['company_read'] },
    });
    expect(made.statusCode).toBe(403);
  });

  it('refuses an unknown or malformed key with 401', async () => {
    for (const value of ['rk_live_nope', 'rk_other']) {
      const response = await call(app, 'GET', '/api/properties', {
        headers: { authorization: `Bearer ${value}` },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it("grants only the maker's own permissions; needs company_update", async () => {
    const accountant = await addMember(app, owner, 'accountant');
    const refused = await call(app, 'POST', '/api/api-keys', {
      ...as(accountant),
      body: { name: 'Books', permissions: ['invoices_read'] },
    });
    expect(refused.statusCode).toBe(403);
    const manager = await addMember(app, owner, 'manager');
    await app.deps.db
      .update(companyUsers)
      .set({ featurePermissions: sql`${companyUsers.featurePermissions} || '["company_update"]'::jsonb` })
      .where(and(eq(companyUsers.companyId, owner.companyId), eq(companyUsers.userId, manager.user._id)));
    const tooMuch = await call(app, 'POST', '/api/api-keys', {
      ...as(manager),
      body: { name: 'Too much', permissions: ['properties_read', 'invoices_write'] },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ error: string }>().error).toContain('invoices_write');
    await newKey(['properties_read'], {}, manager);
  });

  it('stops at its expiry', async () => {
    const past = await call(app, 'POST', '/api/api-keys', {
      ...as(owner),
      body: { name: 'Past', permissions: ['properties_read'], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);
    const key = await newKey(['properties_read'], {
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const headers = { authorization: `Bearer ${key.key}` };
    expect((await call(app, 'GET', '/api/properties', { headers })).statusCode).toBe(200);
    await app.deps.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key._id));
    const expired = await call(app, 'GET', '/api/properties', { headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ error: string }>().error).toMatch(/expired/);
  });

  it('keeps lastUsedAt', async () => {
    const key = await newKey(['properties_read']);
    await call(app, 'GET', '/api/properties', { headers: { 'x-api-key': key.key } });
    await expect
      .poll(async () => {
        const [row] = await app.deps.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
        return row?.lastUsedAt;
      })
      .not.toBeNull();
  });

  describe('with a second app on the same database', () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      second = await buildTestAppWith({});
    });
    afterAll(async () => {
      await second.close();
    });

    it('is revoked at once on every process', async () => {
      const key = await newKey(['properties_read']);
      const headers = { authorization: `Bearer ${key.key}` };
      expect((await call(second, 'GET', '/api/properties', { headers })).statusCode).toBe(200);
      const revoked = await call(app, 'DELETE', `/api/api-keys/${key._id}`, as(owner));
      expect(revoked.statusCode).toBe(200);
      const after = await call(second, 'GET', '/api/properties', { headers });
      expect(after.statusCode).toBe(401);
      expect(after.json<{ error: string }>().error).toMatch(/revoked/);
      expect((await call(app, 'DELETE', `/api/api-keys/${key._id}`, as(owner))).statusCode).toBe(404);
    });
  });

  describe('rate limit', () => {
    let limited: FastifyInstance;
    beforeAll(async () => {
      limited = await buildTestAppWith({ apiKeyRateLimitPerMinute: 3 });
    });
    afterAll(async () => {
      await limited.close();
    });

    it('answers 429 past its own limit per key', async () => {
      const first = await newKey(['properties_read']);
      const second = await newKey(['properties_read']);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await call(limited, 'GET', '/api/properties', {
          headers: { 'x-api-key': first.key },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(
        (await call(limited, 'GET', '/api/properties', { headers: { 'x-api-key': second.key } })).statusCode,
      ).toBe(200);
      // The owner's own session is not limited by the key's counter.
      expect((await call(limited, 'GET', '/api/properties', as(owner))).statusCode).toBe(200);
    });
  });

  it("records every write made with a key in the audit log with the key's name", async () => {
    const key = await newKey(['properties_read', 'properties_write']);
    const created = await call(app, 'POST', '/api/properties', {
      headers: { authorization: `Bearer ${key.key}` },
      body: propertyBody(),
    });
    expect(created.statusCode, created.body).toBe(201);
    await expect
      .poll(async () => {
        const logs = await call(app, 'GET', '/api/audit-logs', {
          ...as(owner),
          query: { action: 'api_key.request', _t: String(Date.now()) },
        });
        return logs.json<{ data: AuditLogDto[] }>().data.find((row) => row.entityId === key._id);
      })
      .toMatchObject({ actorLabel: `API key "${key.name}"`, summary: 'POST /api/properties → 201' });
  });
});
