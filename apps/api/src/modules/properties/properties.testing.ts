import type { PropertyCreateInput, PropertyDto, RentalUnitCreateInput, RentalUnitDto } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { type ApiResponse, call, getTestApp } from '../../../test/app';
import { type CompanySession, superAdmin } from '../../../test/factories';
import { companies } from '../../db/schema';
import { type MultipartFile, makeImage, multipart } from '../uploads/uploads.testing';

/** Helpers of the inventory tests (properties, units, templates, public listing). */

export const auth = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

export function propertyBody(overrides: Partial<PropertyCreateInput> = {}): PropertyCreateInput {
  return {
    name: `Residency ${uuidv7().slice(-6)}`,
    propertyType: 'apartment_building',
    address: { line1: '12 Main Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560034' },
    ...overrides,
  };
}

export async function createProperty(
  app: FastifyInstance,
  owner: CompanySession,
  overrides: Partial<PropertyCreateInput> = {},
): Promise<PropertyDto> {
  const response = await call(app, 'POST', '/api/properties', {
    ...auth(owner),
    body: propertyBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`createProperty: ${response.body}`);
  return response.json<{ data: PropertyDto }>().data;
}

export async function createUnit(
  app: FastifyInstance,
  owner: CompanySession,
  propertyId: string,
  overrides: Partial<RentalUnitCreateInput> = {},
): Promise<RentalUnitDto> {
  const response = await call(app, 'POST', '/api/rental-units', {
    ...auth(owner),
    body: {
      propertyId,
      unitNumber: `U-${uuidv7().slice(-5)}`,
      unitType: '2bhk',
      bedrooms: 2,
      bathrooms: 2,
      pricing: {
        rent: 2_500_000,
        securityDeposit: 5_000_000,
        maintenanceCharges: { included: false, amount: 200_000 },
      },
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`createUnit: ${response.body}`);
  return response.json<{ data: RentalUnitDto }>().data;
}

/** POSTs a multipart upload (files in the field `images` unless told otherwise). */
export async function upload(
  app: FastifyInstance,
  session: { token: string; companyId?: string },
  url: string,
  files: MultipartFile[],
  fields: Record<string, string> = {},
): Promise<ApiResponse> {
  const body = multipart(files, fields);
  return app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(session.companyId ? { 'x-company-id': session.companyId } : {}),
      ...body.headers,
    },
    payload: body.payload,
  }) as Promise<ApiResponse>;
}

export async function jpeg(color = '#ef4444'): Promise<MultipartFile> {
  return { filename: 'photo.jpg', contentType: 'image/jpeg', data: await makeImage({ color }) };
}

/** Verifies the company (super admin) and the property, so that the public listing shows it. */
export async function makePublic(
  app: FastifyInstance,
  owner: CompanySession,
  propertyId: string,
): Promise<void> {
  const admin = await superAdmin(app);
  const company = await call(app, 'POST', `/api/superadmin/companies/${owner.companyId}/verify`, {
    token: admin.token,
    body: { isVerified: true },
  });
  if (company.statusCode !== 200) throw new Error(`verify company: ${company.body}`);
  const property = await call(app, 'PATCH', `/api/properties/${propertyId}/verification-status`, {
    token: admin.token,
    body: { status: 'verified' },
  });
  if (property.statusCode !== 200) throw new Error(`verify property: ${property.body}`);
}

/** Changes a company's plan limitations directly (the super admin's call is tested elsewhere). */
export async function setLimits(
  companyId: string,
  limits: Partial<{
    maxPropertiesPerCompany: number;
    maxUsersPerCompany: number;
    maxRentalUnitsPerProperty: number;
  }>,
): Promise<void> {
  const { database } = await getTestApp();
  const [row] = await database.db.select().from(companies).where(eq(companies.id, companyId));
  await database.db
    .update(companies)
    .set({ limitations: { ...row!.limitations, ...limits } })
    .where(eq(companies.id, companyId));
}

export async function setPlanFeatures(companyId: string, featuresList: string[]): Promise<void> {
  const { database } = await getTestApp();
  await database.db.update(companies).set({ featuresList }).where(eq(companies.id, companyId));
}

export async function usageOf(companyId: string) {
  const { database } = await getTestApp();
  const [row] = await database.db.select().from(companies).where(eq(companies.id, companyId));
  return { properties: row!.usageProperties, rentalUnits: row!.usageRentalUnits };
}
