import path from 'node:path';
import type {
  InventoryPagination,
  PropertyDto,
  RentalUnitDto,
  RentalUnitUserDto,
  UnitAnalyticsDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import {
  addMember,
  type CompanySession,
  createCompany,
  signUp,
  superAdmin,
  uniqueEmail,
} from '../../../test/factories';
import { mailsTo } from '../../../test/outbox';
import { auth, createProperty, createUnit, setLimits, usageOf } from '../properties/properties.testing';

let app: FastifyInstance;
let outboxDir: string;
let owner: CompanySession;
let other: CompanySession;
let property: PropertyDto;

type List = { data: RentalUnitDto[]; pagination: InventoryPagination };

beforeAll(async () => {
  const testApp = await getTestApp();
  app = testApp.app;
  outboxDir = path.join(testApp.config.dataDir, 'outbox');
  owner = await createCompany(app, { plan: 'enterprise' });
  other = await createCompany(app, { plan: 'enterprise' });
  property = await createProperty(app, owner, { name: 'Unit Test Towers' });
});

const unitUrl = (unit: { _id: string }, rest = '') => `/api/rental-units/${unit._id}${rest}`;

describe('POST /api/rental-units', () => {
  it('creates a unit with nested availability and pricing, derived values and exact usage', async () => {
    const before = await usageOf(owner.companyId);
    const response = await call(app, 'POST', '/api/rental-units', {
      ...auth(owner),
      body: {
        propertyId: property._id,
        unitNumber: 'A-101',
        unitType: '2bhk',
        floor: 1,
        sizeSqft: 950,
        bedrooms: 2,
        bathrooms: 2,
        furnishing: 'semi_furnished',
        amenities: ['balcony'],
        pricing: { rent: 2_500_000, securityDeposit: 7_500_000, maintenanceCharges: { amount: 300_000 } },
      },
    });
    expect(response.statusCode).toBe(201);
    const unit = response.json<{ data: RentalUnitDto }>().data;
    expect(unit).toMatchObject({
      propertyId: property._id,
      property: { _id: property._id, name: 'Unit Test Towers', city: 'Bengaluru' },
      status: 'Available',
      availability: { isAvailable: true, availableFrom: null },
      pricing: {
        rent: 2_500_000,
        securityDeposit: 7_500_000,
        maintenanceCharges: { included: false, amount: 300_000 },
        currency: 'INR',
      },
      verificationStatus: 'pending',
      currentTenants: 0,
      images: [],
      derived: { available: true, displayStatus: 'Available', monthlyTotal: 2_800_000, primaryImage: null },
    });
    expect((await usageOf(owner.companyId)).rentalUnits).toBe(before.rentalUnits + 1);
    const refreshed = await call(app, 'GET', `/api/properties/${property._id}`, auth(owner));
    expect(refreshed.json<{ data: PropertyDto }>().data.occupancy.totalUnits).toBeGreaterThanOrEqual(1);
  });

  it('refuses a duplicate unit number (any case), a foreign property and bad money', async () => {
    await createUnit(app, owner, property._id, { unitNumber: 'DUP-1' });
    const duplicate = await call(app, 'POST', '/api/rental-units', {
      ...auth(owner),
      body: { propertyId: property._id, unitNumber: 'dup-1', unitType: 'studio', pricing: { rent: 100 } },
    });
    expect(duplicate.statusCode).toBe(409);
    const foreign = await call(app, 'POST', '/api/rental-units', {
      ...auth(other),
      body: { propertyId: property._id, unitNumber: 'X', unitType: 'studio', pricing: { rent: 100 } },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await call(app, 'POST', '/api/rental-units', {
      ...auth(owner),
      body: {
        propertyId: property._id,
        unitNumber: 'Y',
        unitType: 'studio',
        pricing: { rent: 10.5 },
        status: 'Sold',
      },
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json<{ details: { path: string }[] }>().details.map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['pricing.rent', 'status']));
  });

  it('stops at maxRentalUnitsPerProperty with PLAN_LIMIT_REACHED', async () => {
    const company = await createCompany(app);
    await setLimits(company.companyId, { maxRentalUnitsPerProperty: 2 });
    const home = await createProperty(app, company);
    await createUnit(app, company, home._id);
    await createUnit(app, company, home._id);
    const third = await call(app, 'POST', '/api/rental-units', {
      ...auth(company),
      body: { propertyId: home._id, unitNumber: 'Z-3', unitType: 'studio', pricing: { rent: 100 } },
    });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limitType: 'rentalUnits',
      current: 2,
      limit: 2,
      error: "You've reached your limit of 2 rental units",
    });
    // The limit is per property: another property still has room.
    const second = await createProperty(app, company);
    await createUnit(app, company, second._id);
    expect((await usageOf(company.companyId)).rentalUnits).toBe(3);
  });

  it('lets exactly the limit through when creates race at the limit', async () => {
    const company = await createCompany(app);
    await setLimits(company.companyId, { maxRentalUnitsPerProperty: 3 });
    const home = await createProperty(app, company);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call(app, 'POST', '/api/rental-units', {
          ...auth(company),
          body: {
            propertyId: home._id,
            unitNumber: `R-${index}`,
            unitType: 'studio',
            pricing: { rent: 100 },
          },
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 403)).toHaveLength(5);
    expect((await usageOf(company.companyId)).rentalUnits).toBe(3);
    const figures = await call(app, 'GET', `/api/properties/${home._id}`, auth(company));
    expect(figures.json<{ data: PropertyDto }>().data.occupancy.totalUnits).toBe(3);
  });
});

describe('permissions', () => {
  it('needs rentalunit_read to read, rentalunit_write to create, write or update to edit', async () => {
    const unit = await createUnit(app, owner, property._id);
    const sales = await addMember(app, owner, 'sales_agent');
    const designer = await addMember(app, owner, 'designer');
    const field = await addMember(app, owner, 'field_staff');
    expect((await call(app, 'GET', '/api/rental-units', auth(sales))).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/rental-units', auth(field))).statusCode).toBe(403);
    const body = { propertyId: property._id, unitNumber: 'P-1', unitType: 'studio', pricing: { rent: 100 } };
    expect((await call(app, 'POST', '/api/rental-units', { ...auth(sales), body })).statusCode).toBe(403);
    expect((await call(app, 'POST', '/api/rental-units', { ...auth(designer), body })).statusCode).toBe(403);
    const edit = await call(app, 'PUT', unitUrl(unit), {
      ...auth(designer),
      body: { description: 'Sea view' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await call(app, 'PUT', unitUrl(unit), { ...auth(sales), body: { floor: 2 } })).statusCode).toBe(
      403,
    );
    expect((await call(app, 'DELETE', unitUrl(unit), auth(designer))).statusCode).toBe(403);
    const tenant = await signUp(app);
    const assign = await call(app, 'POST', unitUrl(unit, '/tenants'), {
      ...auth(sales),
      body: { userId: tenant.user._id },
    });
    expect(assign.statusCode).toBe(403);
  });
});

describe('GET /api/rental-units', () => {
  let company: CompanySession;
  let first: PropertyDto;
  let second: PropertyDto;
  let units: RentalUnitDto[];

  beforeAll(async () => {
    company = await createCompany(app, { plan: 'enterprise' });
    first = await createProperty(app, company, { name: 'Alpha Court' });
    second = await createProperty(app, company, {
      name: 'Beta Residency',
      address: { line1: 'Hill Road', city: 'Mumbai', state: 'Maharashtra', postalCode: '400050' },
    });
    units = [];
    const specs = [
      { propertyId: first._id, unitNumber: 'A-1', unitType: '1bhk', bedrooms: 1, rent: 1_500_000 },
      { propertyId: first._id, unitNumber: 'A-2', unitType: '2bhk', bedrooms: 2, rent: 2_500_000 },
      {
        propertyId: first._id,
        unitNumber: 'A-3',
        unitType: '2bhk',
        bedrooms: 2,
        rent: 2_700_000,
        status: 'Under_Maintenance',
      },
      { propertyId: second._id, unitNumber: 'B-1', unitType: '3bhk', bedrooms: 3, rent: 4_000_000 },
      {
        propertyId: second._id,
        unitNumber: 'B-2',
        unitType: 'studio',
        bedrooms: 0,
        rent: 900_000,
        isAvailable: false,
      },
    ] as const;
    for (const spec of specs) {
      units.push(
        await createUnit(app, company, spec.propertyId, {
          unitNumber: spec.unitNumber,
          unitType: spec.unitType,
          bedrooms: spec.bedrooms,
          status: 'status' in spec ? spec.status : 'Available',
          availability: { isAvailable: 'isAvailable' in spec ? spec.isAvailable : true },
          description: spec.unitNumber === 'B-1' ? 'Corner flat with a terrace garden' : '',
          pricing: { rent: spec.rent },
        }),
      );
    }
  });

  const numbers = (response: { json<T>(): T }) =>
    response
      .json<List>()
      .data.map((unit) => unit.unitNumber)
      .sort();
  const list = (query: Record<string, string | string[]>) =>
    call(app, 'GET', '/api/rental-units', { ...auth(company), query });

  it('lists newest first with the unit DTO and the pagination', async () => {
    const response = await list({});
    expect(response.statusCode).toBe(200);
    const { data, pagination } = response.json<List>();
    expect(data.map((unit) => unit.unitNumber)).toEqual(['B-2', 'B-1', 'A-3', 'A-2', 'A-1']);
    expect(pagination).toMatchObject({ totalCount: 5, limit: 10, totalCountExact: true, hasNext: false });
    expect(data[0]!.derived.displayStatus).toBe('Not Available');
    expect(data[2]!.derived.displayStatus).toBe('Under Maintenance');
  });

  it('filters by status (single, repeated and key[]), flag, availability, property, type, rent, bedrooms, city', async () => {
    expect(numbers(await list({ status: 'Under_Maintenance' }))).toEqual(['A-3']);
    expect(numbers(await list({ status: ['Under_Maintenance', 'Available'] }))).toHaveLength(5);
    const bracketed = await call(
      app,
      'GET',
      '/api/rental-units?status[]=Under_Maintenance&status[]=Occupied',
      auth(company),
    );
    expect(numbers(bracketed)).toEqual(['A-3']);
    expect(numbers(await list({ isAvailable: 'false' }))).toEqual(['B-2']);
    expect(numbers(await list({ available: 'true' }))).toEqual(['A-1', 'A-2', 'B-1']);
    expect(numbers(await list({ available: 'false' }))).toEqual(['A-3', 'B-2']);
    expect(numbers(await list({ propertyId: second._id }))).toEqual(['B-1', 'B-2']);
    expect(numbers(await list({ unitType: ['2bhk', 'studio'] }))).toEqual(['A-2', 'A-3', 'B-2']);
    expect(numbers(await list({ minRent: '2000000', maxRent: '3000000' }))).toEqual(['A-2', 'A-3']);
    expect(numbers(await list({ bedrooms: '2' }))).toEqual(['A-2', 'A-3']);
    expect(numbers(await list({ city: 'MUMBAI' }))).toEqual(['B-1', 'B-2']);
    expect(numbers(await list({ verificationStatus: 'verified' }))).toEqual([]);
    expect((await list({ status: 'Sold' })).statusCode).toBe(400);
    expect((await list({ minRent: '-1' })).statusCode).toBe(400);
  });

  it('sorts by rent and by unit number, and pages by cursor', async () => {
    const byRent = await list({ sortBy: 'rent', sortOrder: 'asc' });
    expect(byRent.json<List>().data.map((unit) => unit.pricing.rent)).toEqual([
      900_000, 1_500_000, 2_500_000, 2_700_000, 4_000_000,
    ]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: List = (
        await list({ sortBy: 'unitNumber', sortOrder: 'desc', limit: '2', ...(cursor ? { cursor } : {}) })
      ).json<List>();
      seen.push(...page.data.map((unit) => unit.unitNumber));
      cursor = page.pagination.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['B-2', 'B-1', 'A-3', 'A-2', 'A-1']);
  });

  it('searches unit words and the property name and address', async () => {
    const search = (q: string) =>
      call(app, 'GET', '/api/rental-units/search', { ...auth(company), query: { q } });
    expect(numbers(await search('terrace'))).toEqual(['B-1']);
    expect(numbers(await search('A-2'))).toEqual(['A-2']);
    expect(numbers(await search('beta'))).toEqual(['B-1', 'B-2']);
    expect(numbers(await search('hill road'))).toEqual(['B-1', 'B-2']);
    expect(numbers(await list({ search: 'alpha', status: 'Available' }))).toEqual(['A-1', 'A-2']);
    expect((await call(app, 'GET', '/api/rental-units/search', auth(company))).statusCode).toBe(400);
  });

  it('lists one property through /property/:propertyId, 404 for a foreign property', async () => {
    const response = await call(app, 'GET', `/api/properties/${first._id}/rental-units`, {
      ...auth(company),
      query: { sortBy: 'unitNumber', sortOrder: 'asc' },
    });
    expect(response.json<List>().data.map((unit) => unit.unitNumber)).toEqual(['A-1', 'A-2', 'A-3']);
    const foreign = await call(app, 'GET', `/api/properties/${first._id}/rental-units`, auth(other));
    expect(foreign.statusCode).toBe(404);
  });

  it('lists through /companies/:id/rental-units for members only', async () => {
    const mine = await call(app, 'GET', `/api/companies/${company.companyId}/rental-units`, {
      token: company.token,
    });
    expect(mine.json<List>().pagination.totalCount).toBe(5);
    const foreign = await call(app, 'GET', `/api/companies/${company.companyId}/rental-units`, {
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("never shows another company's unit", async () => {
    expect((await call(app, 'GET', unitUrl(units[0]!), auth(other))).statusCode).toBe(404);
    const theirs = await call(app, 'GET', '/api/rental-units', auth(other));
    expect(theirs.json<List>().data.some((unit) => unit.companyId === company.companyId)).toBe(false);
  });
});

describe('PUT, availability, update-status and DELETE', () => {
  it('merges pricing and availability, toggles the flag, and frees usage on delete', async () => {
    const unit = await createUnit(app, owner, property._id);
    const updated = await call(app, 'PUT', unitUrl(unit), {
      ...auth(owner),
      body: {
        pricing: { maintenanceCharges: { included: true } },
        availability: { availableFrom: '2030-01-01' },
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ data: RentalUnitDto }>().data).toMatchObject({
      pricing: { rent: 2_500_000, maintenanceCharges: { included: true, amount: 200_000 } },
      availability: { isAvailable: true, availableFrom: '2030-01-01' },
      derived: { monthlyTotal: 2_500_000 },
    });
    const off = await call(app, 'PUT', unitUrl(unit, '/availability'), {
      ...auth(owner),
      body: { isAvailable: false },
    });
    expect(off.json<{ data: RentalUnitDto }>().data.derived).toMatchObject({
      available: false,
      displayStatus: 'Not Available',
    });
    expect(
      (await call(app, 'PUT', unitUrl(unit, '/availability'), { ...auth(owner), body: {} })).statusCode,
    ).toBe(400);
    const before = await usageOf(owner.companyId);
    expect((await call(app, 'DELETE', unitUrl(unit), auth(owner))).statusCode).toBe(200);
    expect((await usageOf(owner.companyId)).rentalUnits).toBe(before.rentalUnits - 1);
    expect((await call(app, 'DELETE', unitUrl(unit), auth(owner))).statusCode).toBe(404);
  });

  it('sets the status of many units at once, all or nothing', async () => {
    const a = await createUnit(app, owner, property._id);
    const b = await createUnit(app, owner, property._id);
    const response = await call(app, 'POST', '/api/rental-units/update-status', {
      ...auth(owner),
      body: { unitIds: [a._id, b._id], status: 'Renovation' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { updated: number } }>().data.updated).toBe(2);
    expect(
      (await call(app, 'GET', unitUrl(a), auth(owner))).json<{ data: RentalUnitDto }>().data.status,
    ).toBe('Renovation');
    const partlyForeign = await call(app, 'POST', '/api/rental-units/update-status', {
      ...auth(other),
      body: { unitIds: [a._id], status: 'Available' },
    });
    expect(partlyForeign.statusCode).toBe(404);
    const withUnknown = await call(app, 'POST', '/api/rental-units/update-status', {
      ...auth(owner),
      body: { unitIds: [a._id, uuidv7()], status: 'Available' },
    });
    expect(withUnknown.statusCode).toBe(404);
    expect(
      (await call(app, 'GET', unitUrl(a), auth(owner))).json<{ data: RentalUnitDto }>().data.status,
    ).toBe('Renovation');
    expect(
      (
        await call(app, 'POST', '/api/rental-units/update-status', {
          ...auth(owner),
          body: { unitIds: [], status: 'Available' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('tenant assignments', () => {
  it('assigns an existing account, marks the unit Occupied, and frees it when the last tenant leaves', async () => {
    const unit = await createUnit(app, owner, property._id);
    const first = await signUp(app);
    const second = await signUp(app);
    const assigned = await call(app, 'POST', unitUrl(unit, '/tenants'), {
      ...auth(owner),
      body: { userId: first.user._id, startDate: '2024-01-01', endDate: '2024-12-31' },
    });
    expect(assigned.statusCode).toBe(201);
    const assignment = assigned.json<{ data: RentalUnitUserDto }>().data;
    expect(assignment).toMatchObject({
      userId: first.user._id,
      user: { email: first.user.email },
      status: 'current',
      role: 'primary',
      rent: 2_500_000,
      securityDeposit: 5_000_000,
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    });
    const occupied = (await call(app, 'GET', unitUrl(unit), auth(owner))).json<{ data: RentalUnitDto }>()
      .data;
    expect(occupied).toMatchObject({
      status: 'Occupied',
      currentTenants: 1,
      derived: { displayStatus: 'Occupied' },
    });

    const duplicate = await call(app, 'POST', unitUrl(unit, '/tenants'), {
      ...auth(owner),
      body: { userId: first.user._id },
    });
    expect(duplicate.statusCode).toBe(409);
    const coTenant = await call(app, 'POST', unitUrl(unit, '/tenants'), {
      ...auth(owner),
      body: { userId: second.user._id, role: 'co_tenant' },
    });
    expect(coTenant.statusCode).toBe(201);
    const coId = coTenant.json<{ data: RentalUnitUserDto }>().data._id;

    const current = await call(app, 'GET', unitUrl(unit, '/tenants'), auth(owner));
    expect(current.json<{ data: RentalUnitUserDto[] }>().data).toHaveLength(2);

    const ended = await call(app, 'DELETE', unitUrl(unit, `/tenants/${assignment._id}`), auth(owner));
    expect(ended.statusCode).toBe(200);
    expect(ended.json<{ data: RentalUnitUserDto }>().data).toMatchObject({ status: 'past' });
    expect(
      (await call(app, 'GET', unitUrl(unit), auth(owner))).json<{ data: RentalUnitDto }>().data.status,
    ).toBe('Occupied');
    const movedOut = await call(app, 'PUT', unitUrl(unit, `/tenants/${coId}`), {
      ...auth(owner),
      body: { status: 'past' },
    });
    expect(movedOut.statusCode).toBe(200);
    const freed = (await call(app, 'GET', unitUrl(unit), auth(owner))).json<{ data: RentalUnitDto }>().data;
    expect(freed).toMatchObject({ status: 'Available', currentTenants: 0 });

    const past = await call(app, 'GET', unitUrl(unit, '/tenants'), {
      ...auth(owner),
      query: { type: 'past' },
    });
    expect(past.json<{ data: RentalUnitUserDto[] }>().data).toHaveLength(2);
    const all = await call(app, 'GET', unitUrl(unit, '/tenants'), { ...auth(owner), query: { type: 'all' } });
    expect(all.json<{ pagination: { totalCount: number } }>().pagination.totalCount).toBe(2);
    expect(
      (await call(app, 'GET', unitUrl(unit, '/tenants'), { ...auth(owner), query: { type: 'future' } }))
        .statusCode,
    ).toBe(400);
  });

  it('creates a tenant account from an object and mails a set-password link', async () => {
    const unit = await createUnit(app, owner, property._id);
    const email = uniqueEmail('newtenant');
    const response = await call(app, 'POST', unitUrl(unit, '/tenants'), {
      ...auth(owner),
      body: {
        userId: { email, firstName: 'Nina', lastName: 'New' },
        rent: 2_000_000,
        notes: 'Pays on the 5th',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ data: RentalUnitUserDto }>().data).toMatchObject({
      user: { email, firstName: 'Nina' },
      rent: 2_000_000,
      notes: 'Pays on the 5th',
    });
    const mails = mailsTo(outboxDir, email);
    expect(mails[0]).toContain('/auth/reset-password/');
    // The same person again (by email) is the same account.
    const other2 = await createUnit(app, owner, property._id);
    const again = await call(app, 'POST', unitUrl(other2, '/tenants'), {
      ...auth(owner),
      body: { userId: { email: email.toUpperCase(), firstName: 'N', lastName: 'N' } },
    });
    expect(again.json<{ data: RentalUnitUserDto }>().data.userId).toBe(
      response.json<{ data: RentalUnitUserDto }>().data.userId,
    );
  });

  it('refuses units under maintenance, unknown people, foreign units and bad dates', async () => {
    const unit = await createUnit(app, owner, property._id, { status: 'Under_Maintenance' });
    const person = await signUp(app);
    expect(
      (
        await call(app, 'POST', unitUrl(unit, '/tenants'), {
          ...auth(owner),
          body: { userId: person.user._id },
        })
      ).statusCode,
    ).toBe(409);
    const free = await createUnit(app, owner, property._id);
    expect(
      (await call(app, 'POST', unitUrl(free, '/tenants'), { ...auth(owner), body: { userId: uuidv7() } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(app, 'POST', unitUrl(free, '/tenants'), {
          ...auth(other),
          body: { userId: person.user._id },
        })
      ).statusCode,
    ).toBe(404);
    const badDates = await call(app, 'POST', unitUrl(free, '/tenants'), {
      ...auth(owner),
      body: { userId: person.user._id, startDate: '2025-05-01', endDate: '2025-04-01' },
    });
    expect(badDates.statusCode).toBe(400);
    expect(
      (
        await call(app, 'POST', unitUrl(free, '/tenants'), {
          ...auth(owner),
          body: { userId: { email: 'nope' } },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('keeps an occupied unit from being marked Available or deleted', async () => {
    const unit = await createUnit(app, owner, property._id);
    const person = await signUp(app);
    await call(app, 'POST', unitUrl(unit, '/tenants'), { ...auth(owner), body: { userId: person.user._id } });
    expect(
      (await call(app, 'PUT', unitUrl(unit), { ...auth(owner), body: { status: 'Available' } })).statusCode,
    ).toBe(409);
    const bulk = await call(app, 'POST', '/api/rental-units/update-status', {
      ...auth(owner),
      body: { unitIds: [unit._id], status: 'Available' },
    });
    expect(bulk.statusCode).toBe(409);
    expect((await call(app, 'DELETE', unitUrl(unit), auth(owner))).statusCode).toBe(409);
  });
});

describe('GET /api/rental-units/:id/analytics', () => {
  it('reports occupancy, vacancy and zero revenue from the assignment history', async () => {
    const unit = await createUnit(app, owner, property._id);
    const person = await signUp(app);
    const assigned = await call(app, 'POST', unitUrl(unit, '/tenants'), {
      ...auth(owner),
      body: { userId: person.user._id, rent: 3_000_000 },
    });
    const assignmentId = assigned.json<{ data: RentalUnitUserDto }>().data._id;
    const during = (await call(app, 'GET', unitUrl(unit, '/analytics'), auth(owner))).json<{
      data: UnitAnalyticsDto;
    }>().data;
    expect(during.occupancy).toMatchObject({ currentTenants: 1, totalAssignments: 1, currentVacancyDays: 0 });
    expect(during.revenue).toEqual({ currency: 'INR', expectedMonthly: 3_200_000, billed: 0, collected: 0 });
    expect(during.maintenance).toEqual({ total: 0, open: 0 });
    expect(during.occupancy.history[0]).toMatchObject({ assignmentId, status: 'current', endDate: null });

    await call(app, 'DELETE', unitUrl(unit, `/tenants/${assignmentId}`), auth(owner));
    const after = (await call(app, 'GET', unitUrl(unit, '/analytics'), auth(owner))).json<{
      data: UnitAnalyticsDto;
    }>().data;
    expect(after.occupancy).toMatchObject({ currentTenants: 0, totalAssignments: 1, currentVacancyDays: 0 });
    expect(after.occupancy.occupiedDays + after.occupancy.vacantDays).toBe(1);
    expect(after.revenue.expectedMonthly).toBe(0);
    expect((await call(app, 'GET', unitUrl(unit, '/analytics'), auth(other))).statusCode).toBe(404);
  });
});

describe('verification of units by the super admin', () => {
  it('verifies, rejects with a reason, refuses owners, and sends an edited rejected unit back to review', async () => {
    const unit = await createUnit(app, owner, property._id);
    const admin = await superAdmin(app);
    const verified = await call(app, 'PUT', unitUrl(unit, '/verify'), { token: admin.token, body: {} });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<{ data: RentalUnitDto }>().data.verificationStatus).toBe('verified');
    const rejected = await call(app, 'PUT', unitUrl(unit, '/verification-status'), {
      token: admin.token,
      body: { status: 'rejected', reason: 'Photos do not match' },
    });
    expect(rejected.json<{ data: RentalUnitDto }>().data).toMatchObject({
      verificationStatus: 'rejected',
      verificationNotes: 'Photos do not match',
    });
    expect(
      (
        await call(app, 'PUT', unitUrl(unit, '/verification-status'), {
          token: admin.token,
          body: { status: 'rejected' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(app, 'PUT', unitUrl(unit, '/verify'), { ...auth(owner), body: {} })).statusCode).toBe(
      403,
    );
    const edited = await call(app, 'PUT', unitUrl(unit), {
      ...auth(owner),
      body: { description: 'New photos' },
    });
    expect(edited.json<{ data: RentalUnitDto }>().data.verificationStatus).toBe('pending');
    const queue = await call(app, 'GET', '/api/rental-units/verification-queue', {
      token: admin.token,
      query: { companyId: owner.companyId, limit: '100' },
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json<{ data: { _id: string }[] }>().data.some((row) => row._id === unit._id)).toBe(true);
  });
});
