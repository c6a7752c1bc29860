import type {
  InventoryPagination,
  PropertyDto,
  UpdateOccupancyResult,
  UserPropertyDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import {
  addMember,
  type CompanySession,
  createCompany,
  login,
  signUp,
  superAdmin,
} from '../../../test/factories';
import {
  auth,
  createProperty,
  createUnit,
  jpeg,
  propertyBody,
  setLimits,
  setPlanFeatures,
  upload,
  usageOf,
} from './properties.testing';

let app: FastifyInstance;
let owner: CompanySession;
let other: CompanySession;

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise' });
  other = await createCompany(app, { plan: 'enterprise' });
});

type List = { data: PropertyDto[]; pagination: InventoryPagination };

describe('POST /api/properties', () => {
  it('creates a property with defaults, counted in the usage', async () => {
    const before = await usageOf(owner.companyId);
    const response = await call(app, 'POST', '/api/properties', {
      ...auth(owner),
      body: propertyBody({
        name: 'Lake View Towers',
        amenities: ['lift', 'parking', 'lift'],
        address: {
          line1: '4 Lake Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560034',
          coordinates: { latitude: 12.93, longitude: 77.62 },
        },
        managerContact: { name: 'Mira', phone: '+91 98765 00000' },
      }),
    });
    expect(response.statusCode).toBe(201);
    const property = response.json<{ data: PropertyDto }>().data;
    expect(property).toMatchObject({
      name: 'Lake View Towers',
      companyId: owner.companyId,
      verificationStatus: 'pending',
      isListed: true,
      amenities: ['lift', 'parking'],
      address: { country: 'India', landmark: '', coordinates: { latitude: 12.93, longitude: 77.62 } },
      managerContact: { name: 'Mira', phone: '+91 98765 00000', email: null },
      occupancy: { totalUnits: 0, occupiedUnits: 0, availableUnits: 0, vacantUnits: 0, occupancyRate: 0 },
      photos: [],
      rentRange: null,
    });
    expect((await usageOf(owner.companyId)).properties).toBe(before.properties + 1);
  });

  it('answers 400 with field paths for bad input', async () => {
    const response = await call(app, 'POST', '/api/properties', {
      ...auth(owner),
      body: {
        name: '',
        propertyType: 'castle',
        address: { line1: 'x', state: 'KA', postalCode: '!', coordinates: { latitude: 200, longitude: 0 } },
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; details: { path: string }[] }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    const paths = body.details.map((detail) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'name',
        'propertyType',
        'address.city',
        'address.postalCode',
        'address.coordinates.latitude',
      ]),
    );
  });

  it('stops at maxPropertiesPerCompany with PLAN_LIMIT_REACHED and the spec message', async () => {
    const starter = await createCompany(app);
    await setLimits(starter.companyId, { maxPropertiesPerCompany: 2 });
    await createProperty(app, starter);
    await createProperty(app, starter);
    const third = await call(app, 'POST', '/api/properties', { ...auth(starter), body: propertyBody() });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limitType: 'properties',
      current: 2,
      limit: 2,
      error: "You've reached your limit of 2 properties",
    });
    expect((await usageOf(starter.companyId)).properties).toBe(2);
  });

  it('lets exactly the limit through when creates race at the limit', async () => {
    const racer = await createCompany(app);
    await setLimits(racer.companyId, { maxPropertiesPerCompany: 3 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(app, 'POST', '/api/properties', { ...auth(racer), body: propertyBody() }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 403)).toHaveLength(5);
    expect((await usageOf(racer.companyId)).properties).toBe(3);
    const list = await call(app, 'GET', '/api/properties', auth(racer));
    expect(list.json<List>().pagination.totalCount).toBe(3);
  });
});

describe('permissions', () => {
  it('needs properties_read to read and properties_write to create', async () => {
    const property = await createProperty(app, owner);
    const sales = await addMember(app, owner, 'sales_agent');
    const field = await addMember(app, owner, 'field_staff');
    expect((await call(app, 'GET', '/api/properties', auth(sales))).statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/properties/${property._id}`, auth(sales))).statusCode).toBe(200);
    const create = await call(app, 'POST', '/api/properties', { ...auth(sales), body: propertyBody() });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('FORBIDDEN');
    const put = await call(app, 'PUT', `/api/properties/${property._id}`, {
      ...auth(sales),
      body: { name: 'X' },
    });
    expect(put.statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/properties', auth(field))).statusCode).toBe(403);
    expect(
      (await call(app, 'GET', '/api/properties/search', { ...auth(field), query: { q: 'a' } })).statusCode,
    ).toBe(403);
  });

  it('lets properties_update edit but not create or delete (delete needs write or delete)', async () => {
    const property = await createProperty(app, owner);
    const designer = await addMember(app, owner, 'designer');
    const put = await call(app, 'PUT', `/api/properties/${property._id}`, {
      ...auth(designer),
      body: { description: 'Freshly painted' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<{ data: PropertyDto }>().data.description).toBe('Freshly painted');
    expect(
      (await call(app, 'POST', '/api/properties', { ...auth(designer), body: propertyBody() })).statusCode,
    ).toBe(403);
    expect((await call(app, 'DELETE', `/api/properties/${property._id}`, auth(designer))).statusCode).toBe(
      403,
    );
    const manager = await addMember(app, owner, 'manager');
    expect((await call(app, 'DELETE', `/api/properties/${property._id}`, auth(manager))).statusCode).toBe(
      200,
    );
  });

  it('answers FEATURE_NOT_IN_PLAN when the plan lacks properties_read', async () => {
    const company = await createCompany(app);
    await setPlanFeatures(company.companyId, ['company_read', 'users_read']);
    const response = await call(app, 'GET', '/api/properties', auth(company));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', feature: 'properties_read' });
  });
});

describe('GET /api/properties', () => {
  let company: CompanySession;
  let names: string[];

  beforeAll(async () => {
    company = await createCompany(app, { plan: 'enterprise' });
    names = [];
    const cities = ['Bengaluru', 'Mumbai', 'Pune'];
    for (let index = 0; index < 15; index++) {
      const name = `Block ${String.fromCharCode(65 + index)} Residency`;
      names.push(name);
      await createProperty(app, company, {
        name,
        propertyType: index % 2 ? 'villa' : 'apartment_building',
        isListed: index !== 3,
        address: {
          line1: `${index} Park Street`,
          city: cities[index % 3]!,
          state: 'Maharashtra',
          postalCode: '411001',
          landmark: index === 7 ? 'Near Koramangala Club' : '',
        },
      });
    }
  });

  it('gives 12 per page, newest first, with the pagination of the spec', async () => {
    const response = await call(app, 'GET', '/api/properties', { ...auth(company), query: { _t: '1' } });
    expect(response.statusCode).toBe(200);
    const { data, pagination } = response.json<List>();
    expect(data).toHaveLength(12);
    expect(data[0]!.name).toBe(names.at(-1));
    expect(pagination).toMatchObject({
      page: 1,
      limit: 12,
      totalCount: 15,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
      totalCountExact: true,
    });
    const page2 = (
      await call(app, 'GET', '/api/properties', { ...auth(company), query: { page: '2' } })
    ).json<List>();
    expect(page2.data).toHaveLength(3);
    expect(page2.pagination).toMatchObject({ hasNext: false, hasPrev: true, nextCursor: null });
  });

  it('filters by type, city (any case), listing flag and verification status', async () => {
    const villas = (
      await call(app, 'GET', '/api/properties', { ...auth(company), query: { propertyType: 'villa' } })
    ).json<List>();
    expect(villas.pagination.totalCount).toBe(7);
    expect(villas.data.every((property) => property.propertyType === 'villa')).toBe(true);
    const pune = (
      await call(app, 'GET', '/api/properties', { ...auth(company), query: { city: 'pune' } })
    ).json<List>();
    expect(pune.pagination.totalCount).toBe(5);
    const unlisted = (
      await call(app, 'GET', '/api/properties', { ...auth(company), query: { isListed: 'false' } })
    ).json<List>();
    expect(unlisted.data.map((property) => property.name)).toEqual([names[3]]);
    const both = await call(
      app,
      'GET',
      '/api/properties?verificationStatus[]=pending&verificationStatus[]=verified',
      auth(company),
    );
    expect(both.json<List>().pagination.totalCount).toBe(15);
    const verified = await call(app, 'GET', '/api/properties', {
      ...auth(company),
      query: { verificationStatus: 'verified' },
    });
    expect(verified.json<List>().pagination.totalCount).toBe(0);
  });

  it('sorts by name and walks every page by cursor without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let step = 0; step < 10; step++) {
      const response = await call(app, 'GET', '/api/properties', {
        ...auth(company),
        query: { sortBy: 'name', sortOrder: 'asc', limit: '4', ...(cursor ? { cursor } : {}) },
      });
      expect(response.statusCode).toBe(200);
      const { data, pagination } = response.json<List>();
      seen.push(...data.map((property) => property.name));
      if (!pagination.nextCursor) break;
      cursor = pagination.nextCursor;
    }
    expect(seen).toEqual([...names].sort());
  });

  it('refuses a damaged cursor or one of another sort with 400', async () => {
    const first = (
      await call(app, 'GET', '/api/properties', { ...auth(company), query: { limit: '2' } })
    ).json<List>();
    const otherSort = await call(app, 'GET', '/api/properties', {
      ...auth(company),
      query: { sortBy: 'name', cursor: first.pagination.nextCursor! },
    });
    expect(otherSort.statusCode).toBe(400);
    const tampered = Buffer.from(
      JSON.stringify({ s: 'createdAt', v: '2025-02-31 10:00:00+00', id: uuidv7() }),
    ).toString('base64url');
    for (const cursor of ['garbage', tampered]) {
      const response = await call(app, 'GET', '/api/properties', { ...auth(company), query: { cursor } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('rejects unknown sort fields and limits over 100', async () => {
    const queries: Record<string, string>[] = [
      { sortBy: 'password' },
      { limit: '101' },
      { propertyType: 'castle' },
    ];
    for (const query of queries) {
      expect((await call(app, 'GET', '/api/properties', { ...auth(company), query })).statusCode).toBe(400);
    }
  });

  it("never shows another company's properties", async () => {
    const response = await call(app, 'GET', '/api/properties', auth(other));
    expect(response.json<List>().data.some((property) => property.companyId === company.companyId)).toBe(
      false,
    );
  });
});

describe('GET /api/properties/search', () => {
  it('matches word prefixes of name and address, with the list filters', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    await createProperty(app, company, {
      name: 'Sunrise Heights',
      address: {
        line1: '80 Feet Road, Koramangala',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560034',
      },
    });
    await createProperty(app, company, {
      name: 'Harbor View',
      propertyType: 'villa',
      address: { line1: 'Marine Drive', city: 'Mumbai', state: 'Maharashtra', postalCode: '400002' },
    });
    const search = (q: string, extra: Record<string, string> = {}) =>
      call(app, 'GET', '/api/properties/search', { ...auth(company), query: { q, ...extra } });
    expect((await search('sunr')).json<List>().data.map((p) => p.name)).toEqual(['Sunrise Heights']);
    expect((await search('kora bengal')).json<List>().data.map((p) => p.name)).toEqual(['Sunrise Heights']);
    expect((await search('400002')).json<List>().data.map((p) => p.name)).toEqual(['Harbor View']);
    expect((await search('view', { propertyType: 'apartment_building' })).json<List>().data).toEqual([]);
    expect((await search("'; drop table properties; --")).statusCode).toBe(200);
    const missing = await call(app, 'GET', '/api/properties/search', auth(company));
    expect(missing.statusCode).toBe(400);
    expect((await search('sunrise')).json<List>().data).toHaveLength(1);
    expect(
      (
        await call(app, 'GET', '/api/properties/search', { ...auth(other), query: { q: 'sunrise' } })
      ).json<List>().data,
    ).toEqual([]);
  });
});

describe('GET, PUT and DELETE /api/properties/:id', () => {
  it("answers 404 for another company's property and for unknown ids", async () => {
    const property = await createProperty(app, owner);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(app, method, `/api/properties/${property._id}`, {
        ...auth(other),
        body: method === 'PUT' ? { name: 'Taken' } : undefined,
      });
      expect(response.statusCode, method).toBe(404);
    }
    expect((await call(app, 'GET', `/api/properties/${uuidv7()}`, auth(owner))).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/properties/not-an-id', auth(owner))).statusCode).toBe(400);
  });

  it('merges the address and sends a reviewed property back to review when its address changes', async () => {
    const property = await createProperty(app, owner);
    const admin = await superAdmin(app);
    await call(app, 'PATCH', `/api/properties/${property._id}/verification-status`, {
      token: admin.token,
      body: { status: 'verified' },
    });
    const cosmetic = await call(app, 'PUT', `/api/properties/${property._id}`, {
      ...auth(owner),
      body: { description: 'Now with a gym', amenities: ['gym'] },
    });
    expect(cosmetic.json<{ data: PropertyDto }>().data.verificationStatus).toBe('verified');
    const moved = await call(app, 'PUT', `/api/properties/${property._id}`, {
      ...auth(owner),
      body: { address: { city: 'Mysuru' } },
    });
    const updated = moved.json<{ data: PropertyDto }>().data;
    expect(updated.address).toMatchObject({ city: 'Mysuru', line1: '12 Main Road', postalCode: '560034' });
    expect(updated.verificationStatus).toBe('pending');
    expect(updated.verifiedAt).toBeNull();
  });

  it('deletes the property with its units and images, gives back the usage, and removes the files', async () => {
    const { app: testApp } = await getTestApp();
    const company = await createCompany(app, { plan: 'enterprise' });
    const property = await createProperty(app, company);
    const unit = await createUnit(app, company, property._id);
    const withImage = await upload(app, auth(company), `/api/rental-units/${unit._id}/images`, [
      await jpeg(),
    ]);
    expect(withImage.statusCode).toBe(201);
    const imageUrl = withImage.json<{ data: { images: { url: string }[] } }>().data.images[0]!.url;
    const key = imageUrl.split('?')[0]!.replace('/uploads/', '');
    expect(await testApp.deps.storage.exists(key)).toBe(true);
    expect(await usageOf(company.companyId)).toEqual({ properties: 1, rentalUnits: 1 });

    const response = await call(app, 'DELETE', `/api/properties/${property._id}`, auth(company));
    expect(response.statusCode).toBe(200);
    expect(await usageOf(company.companyId)).toEqual({ properties: 0, rentalUnits: 0 });
    expect(await testApp.deps.storage.exists(key)).toBe(false);
    expect((await call(app, 'GET', `/api/rental-units/${unit._id}`, auth(company))).statusCode).toBe(404);
  });

  it('refuses to delete a property while a unit has a current tenant', async () => {
    const property = await createProperty(app, owner);
    const unit = await createUnit(app, owner, property._id);
    const person = await signUp(app);
    await call(app, 'POST', `/api/rental-units/${unit._id}/tenants`, {
      ...auth(owner),
      body: { userId: person.user._id },
    });
    const response = await call(app, 'DELETE', `/api/properties/${property._id}`, auth(owner));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
  });
});

describe('POST /api/properties/update-occupancy', () => {
  it('recomputes the figures of the given properties, or of all', async () => {
    const property = await createProperty(app, owner);
    const units = [
      await createUnit(app, owner, property._id),
      await createUnit(app, owner, property._id),
      await createUnit(app, owner, property._id, { status: 'Under_Maintenance' }),
    ];
    const person = await signUp(app);
    await call(app, 'POST', `/api/rental-units/${units[0]!._id}/tenants`, {
      ...auth(owner),
      body: { userId: person.user._id },
    });
    const response = await call(app, 'POST', '/api/properties/update-occupancy', {
      ...auth(owner),
      body: { propertyIds: [property._id] },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<{ data: UpdateOccupancyResult }>().data;
    expect(result.updated).toBe(1);
    expect(result.properties[0]).toEqual({
      _id: property._id,
      occupancy: { totalUnits: 3, occupiedUnits: 1, availableUnits: 1, vacantUnits: 2, occupancyRate: 33.3 },
    });
    const all = await call(app, 'POST', '/api/properties/update-occupancy', { ...auth(owner), body: {} });
    expect(all.json<{ data: UpdateOccupancyResult }>().data.updated).toBeGreaterThan(1);
    const foreign = await call(app, 'POST', '/api/properties/update-occupancy', {
      ...auth(other),
      body: { propertyIds: [property._id] },
    });
    expect(foreign.statusCode).toBe(404);
    const tooMany = await call(app, 'POST', '/api/properties/update-occupancy', {
      ...auth(owner),
      body: { propertyIds: Array.from({ length: 101 }, () => uuidv7()) },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('verification by the super admin', () => {
  it('sets the status with a reason, notifies, and refuses company owners', async () => {
    const property = await createProperty(app, owner);
    const admin = await superAdmin(app);
    const url = `/api/properties/${property._id}/verification-status`;
    const noReason = await call(app, 'PATCH', url, { token: admin.token, body: { status: 'rejected' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ details: { path: string }[] }>().details[0]!.path).toBe('reason');
    const rejected = await call(app, 'PATCH', url, {
      token: admin.token,
      body: { status: 'rejected', reason: 'Address proof is missing' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<{ data: PropertyDto }>().data).toMatchObject({
      verificationStatus: 'rejected',
      verificationNotes: 'Address proof is missing',
    });
    const verified = await call(app, 'PATCH', url, { token: admin.token, body: { status: 'verified' } });
    expect(verified.json<{ data: PropertyDto }>().data.verifiedAt).not.toBeNull();
    const byOwner = await call(app, 'PATCH', url, { ...auth(owner), body: { status: 'verified' } });
    expect(byOwner.statusCode).toBe(403);
    const badStatus = await call(app, 'PATCH', url, { token: admin.token, body: { status: 'approved' } });
    expect(badStatus.statusCode).toBe(400);
    expect(
      (
        await call(app, 'PATCH', `/api/properties/${uuidv7()}/verification-status`, {
          token: admin.token,
          body: { status: 'verified' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists the queue of every company to the super admin only', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    const property = await createProperty(app, company);
    const admin = await superAdmin(app);
    const queue = await call(app, 'GET', '/api/properties/verification-queue', {
      token: admin.token,
      query: { companyId: company.companyId },
    });
    expect(queue.statusCode).toBe(200);
    const data = queue.json<{ data: (PropertyDto & { company: { _id: string } })[] }>().data;
    expect(data.map((row) => row._id)).toEqual([property._id]);
    expect(data[0]!.company._id).toBe(company.companyId);
    expect((await call(app, 'GET', '/api/properties/verification-queue', auth(company))).statusCode).toBe(
      403,
    );
  });
});

describe('property photos', () => {
  it('uploads, makes primary, and deletes photos with their files', async () => {
    const { app: testApp } = await getTestApp();
    const property = await createProperty(app, owner);
    const response = await upload(
      app,
      auth(owner),
      `/api/properties/${property._id}/photos`,
      [await jpeg('#111111'), await jpeg('#222222')],
      { category: 'exterior', caption: 'Front' },
    );
    expect(response.statusCode).toBe(201);
    const photos = response.json<{ data: PropertyDto }>().data.photos;
    expect(photos).toHaveLength(2);
    expect(photos.map((photo) => photo.isPrimary)).toEqual([true, false]);
    expect(photos[0]).toMatchObject({ category: 'exterior', caption: 'Front', mimeType: 'image/jpeg' });
    // Lists bring the photos along in the same query: only this property's, in order.
    const listed = await call(app, 'GET', '/api/properties', { ...auth(owner), query: { limit: '100' } });
    const inList = listed.json<List>().data.find((row) => row._id === property._id)!;
    expect(inList.photos.map((photo) => photo._id)).toEqual(photos.map((photo) => photo._id));
    expect(
      listed
        .json<List>()
        .data.filter((row) => row._id !== property._id)
        .every((row) => row.photos.length <= 1),
    ).toBe(true);
    const second = photos[1]!;
    const made = await call(app, 'PATCH', `/api/properties/${property._id}/photos/${second._id}`, {
      ...auth(owner),
      body: { isPrimary: true },
    });
    expect(made.json<{ data: PropertyDto }>().data.photos.find((photo) => photo.isPrimary)?._id).toBe(
      second._id,
    );
    const key = second.url.split('?')[0]!.replace('/uploads/', '');
    const deleted = await call(
      app,
      'DELETE',
      `/api/properties/${property._id}/photos/${second._id}`,
      auth(owner),
    );
    expect(deleted.statusCode).toBe(200);
    const left = deleted.json<{ data: PropertyDto }>().data.photos;
    expect(left).toHaveLength(1);
    expect(left[0]!.isPrimary).toBe(true);
    expect(await testApp.deps.storage.exists(key)).toBe(false);
    const again = await call(
      app,
      'DELETE',
      `/api/properties/${property._id}/photos/${second._id}`,
      auth(owner),
    );
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /api/companies/:id/properties', () => {
  it("lists that company's properties to its members and 404 to others", async () => {
    const property = await createProperty(app, owner);
    const mine = await call(app, 'GET', `/api/companies/${owner.companyId}/properties`, {
      token: owner.token,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<List>().data.some((row) => row._id === property._id)).toBe(true);
    const foreign = await call(app, 'GET', `/api/companies/${owner.companyId}/properties`, {
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
    const field = await addMember(app, owner, 'field_staff');
    const noRead = await call(app, 'GET', `/api/companies/${owner.companyId}/properties`, {
      token: field.token,
    });
    expect(noRead.statusCode).toBe(403);
  });
});

describe('GET /api/properties/user', () => {
  it("lists the properties where the caller is a current tenant, with the caller's units", async () => {
    const property = await createProperty(app, owner, { name: 'Tenant Court' });
    const unit = await createUnit(app, owner, property._id, { unitNumber: 'T-7' });
    await upload(app, auth(owner), `/api/rental-units/${unit._id}/images`, [await jpeg()]);
    const person = await signUp(app);
    const assigned = await call(app, 'POST', `/api/rental-units/${unit._id}/tenants`, {
      ...auth(owner),
      body: { userId: person.user._id, rent: 2_000_000 },
    });
    expect(assigned.statusCode).toBe(201);
    const session = await login(app, person.user.email);
    const response = await call(app, 'GET', '/api/properties/user', { token: session.token });
    expect(response.statusCode).toBe(200);
    const { data, pagination } = response.json<{
      data: UserPropertyDto[];
      pagination: { totalCount: number };
    }>();
    expect(pagination.totalCount).toBe(1);
    expect(data[0]).toMatchObject({ _id: property._id, name: 'Tenant Court' });
    expect(data[0]!.units[0]).toMatchObject({
      _id: unit._id,
      unitNumber: 'T-7',
      assignment: { status: 'current', rent: 2_000_000 },
      derived: { displayStatus: 'Occupied' },
    });
    const imageUrl = data[0]!.units[0]!.images[0]!.url;
    expect(imageUrl).toContain('sig=');
    expect((await app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(200);
    const stranger = await signUp(app);
    const empty = await call(app, 'GET', '/api/properties/user', { token: stranger.token });
    expect(empty.json<{ data: unknown[] }>().data).toEqual([]);
    expect((await call(app, 'GET', '/api/properties/user')).statusCode).toBe(401);
  });
});
