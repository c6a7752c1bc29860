import type { PublicPropertyDetailDto, PublicPropertySummaryDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, call, getTestApp, testConfig } from '../../../test/app';
import { type CompanySession, createCompany, superAdmin } from '../../../test/factories';
import { createRedisSharedCache, type SharedCache } from '../../core/shared-cache';
import { auth, createProperty, createUnit, makePublic } from '../properties/properties.testing';
import { listingKeys } from './public-listing.service';

/**
 * Two API processes (two apps on the same database) share one Redis cache of the public listing: what one stores the
 * other serves, and an edit made through either is visible through the other at once.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `rentora-test:${uuidv7()}:`;
const redis = createClient({ url: redisUrl });

type List = { data: PublicPropertySummaryDto[]; pagination: { totalCount: number } };

let first: FastifyInstance;
let second: FastifyInstance;
let company: CompanySession;
let city: string;
let propertyId: string;
let unitId: string;

async function instance(cache: SharedCache): Promise<FastifyInstance> {
  const { database } = await getTestApp();
  const app = await buildApp({ config: testConfig(), database, logger: false, cache });
  await app.ready();
  return app;
}

beforeAll(async () => {
  await redis.connect();
  first = await instance(createRedisSharedCache(redis, prefix));
  second = await instance(createRedisSharedCache(redis, prefix));
  company = await createCompany(first, { plan: 'enterprise', name: 'Cached Estates' });
  city = `Cachepur ${uuidv7().slice(-8)}`;
  const property = await createProperty(first, company, {
    name: 'Lake View',
    address: { line1: '2 Lake Road', city, state: 'Karnataka', postalCode: '560001' },
  });
  propertyId = property._id;
  unitId = (await createUnit(first, company, propertyId, { unitNumber: 'L-1', pricing: { rent: 1_500_000 } }))
    ._id;
  await makePublic(first, company, propertyId);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(keys);
  await redis.close();
});

const listQuery = () => ({ city });
/** The cache key the listing uses for `listQuery()` with the schema's defaults. */
const listKey = () =>
  prefix + listingKeys({ page: 1, limit: 12, sortBy: 'createdAt', sortOrder: 'desc', city }).list;
const list = (app: FastifyInstance) => call(app, 'GET', '/api/public/properties', { query: listQuery() });
const detail = (app: FastifyInstance) => call(app, 'GET', `/api/public/properties/${propertyId}`);

describe('public listing cache shared through Redis', () => {
  it('stores an answer once, under the normalised query, and the other process serves that entry', async () => {
    const answer = await list(first);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<List>().data.map((property) => property.name)).toEqual(['Lake View']);
    const stored = await redis.get(listKey());
    expect(stored).toMatch(/^\d+\n/);
    expect(stored!.slice(stored!.indexOf('\n') + 1)).toBe(answer.body);
    // The city is compared case-insensitively, so both spellings are one entry.
    const shouted = await call(second, 'GET', '/api/public/properties', {
      query: { city: city.toUpperCase() },
    });
    expect(shouted.body).toBe(answer.body);
    expect(await redis.keys(`${prefix}public-listing:list:*`)).toHaveLength(1);

    // Proof that the second process answers from the shared entry rather than from the database: an entry of the
    // current version with a body of our own comes back verbatim. (Other test workers may move the version
    // between the two steps on a shared PostgreSQL database; then the answer is fresh and we try again.)
    let served = '';
    for (let attempt = 0; attempt < 20 && served !== '{"marker":true}'; attempt += 1) {
      const version = Number((await redis.get(listKey()))!.split('\n', 1)[0]);
      await redis.set(listKey(), `${version}\n{"marker":true}`, { EX: 60 });
      served = (await list(second)).body;
    }
    expect(served).toBe('{"marker":true}');
    await redis.del(listKey());
  });

  it('shows an edit made through one process at once through the other (list, total and detail)', async () => {
    expect((await list(second)).json<List>().data[0]!.name).toBe('Lake View');
    expect((await detail(second)).json<{ data: PublicPropertyDetailDto }>().data.units[0]!.pricing.rent).toBe(
      1_500_000,
    );

    const described = await call(first, 'PUT', `/api/properties/${propertyId}`, {
      ...auth(company),
      body: { description: 'Quiet flats by the lake' },
    });
    expect(described.statusCode).toBe(200);
    expect((await list(second)).json<List>().data[0]!.description).toBe('Quiet flats by the lake');

    const repriced = await call(first, 'PUT', `/api/rental-units/${unitId}`, {
      ...auth(company),
      body: { pricing: { rent: 1_700_000 } },
    });
    expect(repriced.statusCode).toBe(200);
    const shown = (await detail(second)).json<{ data: PublicPropertyDetailDto }>().data;
    expect(shown.description).toBe('Quiet flats by the lake');
    expect(shown.units[0]!.pricing.rent).toBe(1_700_000);

    // The cached total of a filter set moves with the listing too.
    const next = await createProperty(first, company, {
      name: 'Hill View',
      address: { line1: '3 Hill Road', city, state: 'Karnataka', postalCode: '560001' },
    });
    await createUnit(first, company, next._id);
    await makePublic(first, company, next._id);
    const both = (await list(second)).json<List>();
    expect(both.pagination.totalCount).toBe(2);
    expect(both.data.map((property) => property.name).sort()).toEqual(['Hill View', 'Lake View']);

    // A company that is no longer verified leaves the listing on every process.
    const admin = await superAdmin(first);
    await call(first, 'POST', `/api/superadmin/companies/${company.companyId}/verify`, {
      token: admin.token,
      body: { isVerified: false },
    });
    expect((await list(second)).json<List>().data).toEqual([]);
    expect((await detail(second)).statusCode).toBe(404);
  });

  it('answers from the database when the cache does not answer', async () => {
    const broken: SharedCache = {
      get: () => Promise.reject(new Error('connection refused')),
      set: () => Promise.reject(new Error('connection refused')),
    };
    const app = await instance(broken);
    try {
      const answer = await call(app, 'GET', '/api/public/properties', { query: { city: 'Nowhere at all' } });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<List>().pagination.totalCount).toBe(0);
    } finally {
      await app.close();
    }
  });
});
