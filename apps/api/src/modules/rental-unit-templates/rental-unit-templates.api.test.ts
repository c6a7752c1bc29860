import type { PropertyDto, RentalUnitDto, TemplateDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import {
  addMember,
  type CompanySession,
  createCompany,
  type Session,
  superAdmin,
} from '../../../test/factories';
import { auth, createProperty, createUnit, setLimits, usageOf } from '../properties/properties.testing';

let app: FastifyInstance;
let owner: CompanySession;
let other: CompanySession;
let admin: Session;
let property: PropertyDto;

type List = { data: TemplateDto[]; pagination: { totalCount: number; limit: number } };

const templateBody = (name: string, rent = 2_000_000) => ({
  name,
  unitType: '2bhk',
  bedrooms: 2,
  bathrooms: 2,
  furnishing: 'semi_furnished',
  amenities: ['balcony'],
  pricing: { rent, securityDeposit: rent * 3, maintenanceCharges: { included: false, amount: 150_000 } },
});

async function createTemplate(
  session: { token: string; companyId?: string },
  body: object,
): Promise<TemplateDto> {
  const response = await call(app, 'POST', '/api/rental-unit-templates', { ...session, body });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ data: TemplateDto }>().data;
}

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise' });
  other = await createCompany(app, { plan: 'enterprise' });
  admin = await superAdmin(app);
  property = await createProperty(app, owner);
});

describe('POST /api/rental-unit-templates', () => {
  it('creates a company template; only the super admin creates global ones', async () => {
    const template = await createTemplate(auth(owner), templateBody('Standard 2BHK'));
    expect(template).toMatchObject({
      companyId: owner.companyId,
      isGlobal: false,
      usageCount: 0,
      pricing: { rent: 2_000_000, maintenanceCharges: { included: false, amount: 150_000 }, currency: 'INR' },
    });
    const refused = await call(app, 'POST', '/api/rental-unit-templates', {
      ...auth(owner),
      body: { ...templateBody('Global?'), isGlobal: true },
    });
    expect(refused.statusCode).toBe(403);
    const global = await createTemplate(
      { token: admin.token },
      { ...templateBody('Global studio'), isGlobal: true },
    );
    expect(global).toMatchObject({ companyId: null, isGlobal: true });
    const bad = await call(app, 'POST', '/api/rental-unit-templates', { ...auth(owner), body: { name: '' } });
    expect(bad.statusCode).toBe(400);
  });

  it('needs rentalunit_write to create and rentalunit_read to list', async () => {
    const sales = await addMember(app, owner, 'sales_agent');
    expect((await call(app, 'GET', '/api/rental-unit-templates', auth(sales))).statusCode).toBe(200);
    const create = await call(app, 'POST', '/api/rental-unit-templates', {
      ...auth(sales),
      body: templateBody('No'),
    });
    expect(create.statusCode).toBe(403);
    const field = await addMember(app, owner, 'field_staff');
    expect((await call(app, 'GET', '/api/rental-unit-templates', auth(field))).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/rental-unit-templates')).statusCode).toBe(401);
  });
});

describe('GET /api/rental-unit-templates', () => {
  it('lists own and global templates, most used first, 20 per page', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    const home = await createProperty(app, company);
    await createTemplate({ token: admin.token }, { ...templateBody('Global for lists'), isGlobal: true });
    const popular = await createTemplate(auth(company), templateBody('Popular one'));
    await createTemplate(auth(company), templateBody('Rarely used'));
    for (let index = 0; index < 2; index++) {
      const used = await call(app, 'POST', `/api/rental-unit-templates/${popular._id}/use`, {
        ...auth(company),
        body: { propertyId: home._id, unitNumber: `P-${index}` },
      });
      expect(used.statusCode).toBe(201);
    }
    const response = await call(app, 'GET', '/api/rental-unit-templates', auth(company));
    expect(response.statusCode).toBe(200);
    const { data, pagination } = response.json<List>();
    expect(pagination.limit).toBe(20);
    expect(data[0]).toMatchObject({ _id: popular._id, usageCount: 2 });
    expect(data.some((template) => template.isGlobal)).toBe(true);
    expect(data.some((template) => template.companyId === owner.companyId)).toBe(false);

    const ownOnly = (
      await call(app, 'GET', '/api/rental-unit-templates', {
        ...auth(company),
        query: { includeGlobal: 'false' },
      })
    ).json<List>();
    expect(ownOnly.data.map((template) => template.name).sort()).toEqual(['Popular one', 'Rarely used']);
    const searched = (
      await call(app, 'GET', '/api/rental-unit-templates', {
        ...auth(company),
        query: { search: 'rarely', includeGlobal: 'false' },
      })
    ).json<List>();
    expect(searched.data.map((template) => template.name)).toEqual(['Rarely used']);
    const byName = (
      await call(app, 'GET', '/api/rental-unit-templates', {
        ...auth(company),
        query: { sortBy: 'name', sortOrder: 'asc', includeGlobal: 'false' },
      })
    ).json<List>();
    expect(byName.data[0]!.name).toBe('Popular one');
    const foreign = await call(app, 'GET', '/api/rental-unit-templates', {
      ...auth(company),
      query: { companyId: owner.companyId },
    });
    expect(foreign.statusCode).toBe(403);

    const top = await call(app, 'GET', '/api/rental-unit-templates/popular', {
      ...auth(company),
      query: { limit: '1' },
    });
    expect(top.json<{ data: TemplateDto[] }>().data.map((template) => template._id)).toEqual([popular._id]);
    expect(
      (
        await call(app, 'GET', '/api/rental-unit-templates/popular', {
          ...auth(company),
          query: { limit: '500' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/rental-unit-templates paging', () => {
  it('pages by name with the exact total on every page, past the end too, and filters by unit type', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    for (const name of ['T-a', 'T-b', 'T-c', 'T-d', 'T-e']) {
      await createTemplate(auth(company), {
        ...templateBody(name),
        unitType: name === 'T-e' ? 'studio' : '2bhk',
      });
    }
    const page = async (query: Record<string, string>) =>
      (
        await call(app, 'GET', '/api/rental-unit-templates', {
          ...auth(company),
          query: { includeGlobal: 'false', sortBy: 'name', sortOrder: 'asc', limit: '2', ...query },
        })
      ).json<List>();
    const names = async (query: Record<string, string>) => (await page(query)).data.map((row) => row.name);
    expect(await names({ page: '1' })).toEqual(['T-a', 'T-b']);
    expect(await names({ page: '2' })).toEqual(['T-c', 'T-d']);
    expect(await names({ page: '3' })).toEqual(['T-e']);
    for (const at of ['1', '2', '3', '4']) expect((await page({ page: at })).pagination.totalCount).toBe(5);
    expect(await names({ page: '4' })).toEqual([]);
    const studios = await page({ 'unitType[]': 'studio' });
    expect(studios.data.map((row) => row.name)).toEqual(['T-e']);
    expect(studios.pagination.totalCount).toBe(1);
    const searched = await page({ search: 't-', page: '3' });
    expect(searched.data.map((row) => row.name)).toEqual(['T-e']);
    expect(searched.pagination.totalCount).toBe(5);
  });
});

describe('GET, PUT and DELETE /api/rental-unit-templates/:id', () => {
  it("reads own and global templates, 404 for another company's", async () => {
    const template = await createTemplate(auth(owner), templateBody('Mine'));
    const global = await createTemplate(
      { token: admin.token },
      { ...templateBody('Shared'), isGlobal: true },
    );
    expect(
      (await call(app, 'GET', `/api/rental-unit-templates/${template._id}`, auth(owner))).statusCode,
    ).toBe(200);
    expect((await call(app, 'GET', `/api/rental-unit-templates/${global._id}`, auth(other))).statusCode).toBe(
      200,
    );
    expect(
      (await call(app, 'GET', `/api/rental-unit-templates/${template._id}`, auth(other))).statusCode,
    ).toBe(404);
    expect((await call(app, 'GET', `/api/rental-unit-templates/${uuidv7()}`, auth(owner))).statusCode).toBe(
      404,
    );
  });

  it('edits and deletes own templates; global ones only as super admin', async () => {
    const template = await createTemplate(auth(owner), templateBody('Editable'));
    const updated = await call(app, 'PUT', `/api/rental-unit-templates/${template._id}`, {
      ...auth(owner),
      body: { name: 'Edited', pricing: { rent: 2_200_000 } },
    });
    expect(updated.json<{ data: TemplateDto }>().data).toMatchObject({
      name: 'Edited',
      pricing: { rent: 2_200_000, securityDeposit: 6_000_000 },
    });
    expect(
      (
        await call(app, 'PUT', `/api/rental-unit-templates/${template._id}`, {
          ...auth(other),
          body: { name: 'X' },
        })
      ).statusCode,
    ).toBe(404);
    const global = await createTemplate(
      { token: admin.token },
      { ...templateBody('Protected'), isGlobal: true },
    );
    expect(
      (
        await call(app, 'PUT', `/api/rental-unit-templates/${global._id}`, {
          ...auth(owner),
          body: { name: 'Mine now' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(app, 'DELETE', `/api/rental-unit-templates/${global._id}`, auth(owner))).statusCode,
    ).toBe(403);
    const adminEdit = await call(app, 'PUT', `/api/rental-unit-templates/${global._id}`, {
      token: admin.token,
      body: { description: 'Curated' },
    });
    expect(adminEdit.statusCode).toBe(200);
    expect(
      (await call(app, 'DELETE', `/api/rental-unit-templates/${template._id}`, auth(owner))).statusCode,
    ).toBe(200);
    expect(
      (await call(app, 'GET', `/api/rental-unit-templates/${template._id}`, auth(owner))).statusCode,
    ).toBe(404);
    expect(
      (await call(app, 'DELETE', `/api/rental-unit-templates/${global._id}`, { token: admin.token }))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /api/rental-units/:id/template and /:id/use', () => {
  it("saves a unit's settings and creates units from them, counting each use", async () => {
    const unit = await createUnit(app, owner, property._id, {
      unitNumber: 'SRC-1',
      unitType: '3bhk',
      bedrooms: 3,
      furnishing: 'fully_furnished',
      amenities: ['air_conditioning'],
      pricing: { rent: 4_000_000, securityDeposit: 8_000_000 },
    });
    const saved = await call(app, 'POST', `/api/rental-units/${unit._id}/template`, {
      ...auth(owner),
      body: {},
    });
    expect(saved.statusCode).toBe(201);
    const template = saved.json<{ data: TemplateDto }>().data;
    expect(template).toMatchObject({
      name: 'Unit SRC-1 template',
      unitType: '3bhk',
      bedrooms: 3,
      furnishing: 'fully_furnished',
      amenities: ['air_conditioning'],
      pricing: { rent: 4_000_000, securityDeposit: 8_000_000 },
    });
    const foreign = await call(app, 'POST', `/api/rental-units/${unit._id}/template`, {
      ...auth(other),
      body: {},
    });
    expect(foreign.statusCode).toBe(404);

    const used = await call(app, 'POST', `/api/rental-unit-templates/${template._id}/use`, {
      ...auth(owner),
      body: { propertyId: property._id, unitNumber: 'NEW-1', floor: 4, pricing: { rent: 4_200_000 } },
    });
    expect(used.statusCode).toBe(201);
    const result = used.json<{ data: { unit: RentalUnitDto; template: TemplateDto } }>().data;
    expect(result.unit).toMatchObject({
      unitNumber: 'NEW-1',
      floor: 4,
      unitType: '3bhk',
      furnishing: 'fully_furnished',
      pricing: { rent: 4_200_000, securityDeposit: 8_000_000 },
    });
    expect(result.template.usageCount).toBe(1);
    expect(result.template.lastUsedAt).not.toBeNull();
    const duplicate = await call(app, 'POST', `/api/rental-unit-templates/${template._id}/use`, {
      ...auth(owner),
      body: { propertyId: property._id, unitNumber: 'new-1' },
    });
    expect(duplicate.statusCode).toBe(409);
    const reread = await call(app, 'GET', `/api/rental-unit-templates/${template._id}`, auth(owner));
    expect(reread.json<{ data: TemplateDto }>().data.usageCount).toBe(1);
  });

  it('checks the plan limit and leaves the usage count alone when the unit is refused', async () => {
    const company = await createCompany(app);
    await setLimits(company.companyId, { maxRentalUnitsPerProperty: 1 });
    const home = await createProperty(app, company);
    const template = await createTemplate(auth(company), templateBody('Limited'));
    const use = (unitNumber: string) =>
      call(app, 'POST', `/api/rental-unit-templates/${template._id}/use`, {
        ...auth(company),
        body: { propertyId: home._id, unitNumber },
      });
    expect((await use('L-1')).statusCode).toBe(201);
    const refused = await use('L-2');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PLAN_LIMIT_REACHED');
    const reread = await call(app, 'GET', `/api/rental-unit-templates/${template._id}`, auth(company));
    expect(reread.json<{ data: TemplateDto }>().data.usageCount).toBe(1);
    expect((await usageOf(company.companyId)).rentalUnits).toBe(1);
  });

  it('uses a global template in a company', async () => {
    const global = await createTemplate(
      { token: admin.token },
      { ...templateBody('Global 1BHK'), isGlobal: true },
    );
    const used = await call(app, 'POST', `/api/rental-unit-templates/${global._id}/use`, {
      ...auth(owner),
      body: { propertyId: property._id, unitNumber: 'G-9' },
    });
    expect(used.statusCode).toBe(201);
    expect(used.json<{ data: { unit: RentalUnitDto } }>().data.unit.companyId).toBe(owner.companyId);
    const foreignProperty = await call(app, 'POST', `/api/rental-unit-templates/${global._id}/use`, {
      ...auth(other),
      body: { propertyId: property._id, unitNumber: 'G-10' },
    });
    expect(foreignProperty.statusCode).toBe(404);
  });
});
