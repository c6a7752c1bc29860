import type { PropertyDto, PublicPropertyDetailDto, PublicPropertySummaryDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany, superAdmin } from '../../../test/factories';
import { auth, createProperty, createUnit, jpeg, makePublic, upload } from '../properties/properties.testing';

let app: FastifyInstance;
let company: CompanySession;
let city: string;
let listed: PropertyDto;
let hidden: PropertyDto;

type List = { data: PublicPropertySummaryDto[]; pagination: { totalCount: number; limit: number } };

beforeAll(async () => {
  ({ app } = await getTestApp());
  company = await createCompany(app, { plan: 'enterprise', name: 'Listing Estates' });
  // A city of its own, so that other test files' listings do not show up here.
  city = `Testpur ${uuidv7().slice(-8)}`;
  const address = { line1: '1 Market Road', city, state: 'Karnataka', postalCode: '560001' };
  listed = await createProperty(app, company, {
    name: 'Garden Residency',
    address,
    ownerContact: { name: 'Private Owner', phone: '+91 90000 11111' },
  });
  await upload(app, auth(company), `/api/properties/${listed._id}/photos`, [await jpeg('#22c55e')]);
  const cheap = await createUnit(app, company, listed._id, {
    unitNumber: 'G-1',
    unitType: '1bhk',
    bedrooms: 1,
    pricing: { rent: 1_200_000 },
  });
  await upload(app, auth(company), `/api/rental-units/${cheap._id}/images`, [await jpeg()]);
  await createUnit(app, company, listed._id, {
    unitNumber: 'G-2',
    bedrooms: 2,
    pricing: { rent: 2_400_000 },
  });
  await createUnit(app, company, listed._id, {
    unitNumber: 'G-3',
    bedrooms: 3,
    availability: { isAvailable: false },
    pricing: { rent: 3_600_000 },
  });
  await createUnit(app, company, listed._id, {
    unitNumber: 'G-4',
    status: 'Renovation',
    pricing: { rent: 100 },
  });
  await makePublic(app, company, listed._id);

  const villa = await createProperty(app, company, { name: 'Quiet Villa', propertyType: 'villa', address });
  await createUnit(app, company, villa._id, { unitNumber: 'V-1', bedrooms: 4, pricing: { rent: 9_000_000 } });
  await makePublic(app, company, villa._id);
  // Pending, not verified: never public.
  hidden = await createProperty(app, company, { name: 'Pending Place', address });
  await createUnit(app, company, hidden._id, { unitNumber: 'H-1' });
});

const list = (query: Record<string, string>) =>
  call(app, 'GET', '/api/public/properties', { query: { city, ...query } });
const names = async (query: Record<string, string> = {}) =>
  (await list(query))
    .json<List>()
    .data.map((property) => property.name)
    .sort();

describe('GET /api/public/properties', () => {
  it('lists verified, listed properties of verified companies to anyone, 12 per page', async () => {
    const response = await list({});
    expect(response.statusCode).toBe(200);
    const { data, pagination } = response.json<List>();
    expect(pagination).toMatchObject({ limit: 12, totalCount: 2 });
    expect(data.map((property) => property.name).sort()).toEqual(['Garden Residency', 'Quiet Villa']);
    const garden = data.find((property) => property.name === 'Garden Residency')!;
    expect(garden).toMatchObject({
      company: { _id: company.companyId, name: 'Listing Estates' },
      availableUnits: 2,
      rent: { min: 1_200_000, max: 2_400_000, currency: 'INR' },
      bedrooms: { min: 1, max: 2 },
    });
    expect(garden.coverImage?.url).toMatch(/^\/uploads\/companies\/.+\.jpg$/);
    expect(response.body).not.toContain('Private Owner');
    expect(response.body).not.toContain('ownerContact');
    expect(response.body).not.toContain('verificationStatus');
  });

  it('filters by type, rent range and bedrooms of one available unit', async () => {
    expect(await names({ propertyType: 'villa' })).toEqual(['Quiet Villa']);
    expect(await names({ minRent: '2000000', maxRent: '3000000' })).toEqual(['Garden Residency']);
    // G-3 (3 bedrooms) is not available, so only the villa has 3+ bedrooms.
    expect(await names({ minBedrooms: '3' })).toEqual(['Quiet Villa']);
    expect(await names({ bedrooms: '2' })).toEqual(['Garden Residency']);
    expect(await names({ bedrooms: '2', minRent: '2500000' })).toEqual([]);
    expect(await names({ search: 'garden' })).toEqual(['Garden Residency']);
    const byRent = (await list({ sortBy: 'rent', sortOrder: 'asc' })).json<List>().data.map((p) => p.name);
    expect(byRent).toEqual(['Garden Residency', 'Quiet Villa']);
    expect((await list({ minRent: 'cheap' })).statusCode).toBe(400);
    expect((await list({ limit: '51' })).statusCode).toBe(400);
  });

  it('drops a property once its company is unverified or it is unlisted', async () => {
    const other = await createCompany(app, { plan: 'enterprise' });
    const property = await createProperty(app, other, {
      name: 'Soon Gone',
      address: { line1: 'x', city, state: 'Karnataka', postalCode: '560001' },
    });
    await createUnit(app, other, property._id);
    await makePublic(app, other, property._id);
    expect(await names()).toContain('Soon Gone');
    await call(app, 'PUT', `/api/properties/${property._id}`, { ...auth(other), body: { isListed: false } });
    expect(await names()).not.toContain('Soon Gone');
    await call(app, 'PUT', `/api/properties/${property._id}`, { ...auth(other), body: { isListed: true } });
    const admin = await superAdmin(app);
    await call(app, 'POST', `/api/superadmin/companies/${other.companyId}/verify`, {
      token: admin.token,
      body: { isVerified: false },
    });
    expect(await names()).not.toContain('Soon Gone');
  });
});

describe('GET /api/public/properties/:id', () => {
  it('shows the public fields and only the units available now, cheapest first', async () => {
    const response = await call(app, 'GET', `/api/public/properties/${listed._id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<{ data: PublicPropertyDetailDto }>().data;
    expect(detail.units.map((unit) => unit.unitNumber)).toEqual(['G-1', 'G-2']);
    expect(detail.units[0]).toMatchObject({
      pricing: { rent: 1_200_000 },
      derived: { available: true, displayStatus: 'Available', monthlyTotal: 1_200_000 },
    });
    expect(detail.units[0]!.derived.primaryImage?.url).toBe(detail.units[0]!.images[0]!.url);
    expect(detail.photos).toHaveLength(1);
    expect(detail.contact).toMatchObject({ name: 'Listing Estates' });
    expect(response.body).not.toContain('Private Owner');
    expect(response.body).not.toContain('companyId');
    expect(response.body).not.toContain('currentTenants');

    // The listing's images are served to anyone, without a signature.
    const image = await app.inject({ method: 'GET', url: detail.units[0]!.images[0]!.thumbnailUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('public');
  });

  it('sends a short public Cache-Control with an ETag and answers 304 to a matching If-None-Match', async () => {
    for (const url of ['/api/public/properties', `/api/public/properties/${listed._id}`]) {
      const first = await call(app, 'GET', url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      const etag = first.headers.etag;
      expect(etag).toMatch(/^W\/".+"$/);
      const repeat = await call(app, 'GET', url, { headers: { 'if-none-match': String(etag) } });
      expect(repeat.statusCode).toBe(304);
      expect(repeat.body).toBe('');
      const stale = await call(app, 'GET', url, { headers: { 'if-none-match': 'W/"other"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers.etag).toBe(etag);
    }
  });

  it('answers 404 for properties the listing does not show', async () => {
    expect((await call(app, 'GET', `/api/public/properties/${hidden._id}`)).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/public/properties/${uuidv7()}`)).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/public/properties/not-an-id')).statusCode).toBe(400);
  });
});
