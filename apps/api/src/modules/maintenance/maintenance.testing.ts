import type {
  AssignmentDto,
  MaintenanceRequestCreateInput,
  MaintenanceRequestDto,
  MaintenanceTypeDto,
  PropertyDto,
  RentalUnitDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { type ApiResponse, call } from '../../../test/app';
import type { CompanySession } from '../../../test/factories';
import { createProperty, createUnit } from '../properties/properties.testing';
import { type MultipartFile, multipart } from '../uploads/uploads.testing';

/** Helpers of the maintenance tests. */

export const as = (session: { token: string; companyId?: string }) => ({
  token: session.token,
  companyId: session.companyId,
});

export function expectOk(response: ApiResponse, status = 200) {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return response.json<{ data: unknown; message?: string }>();
}

export interface MaintenanceWorld {
  property: PropertyDto;
  unit: RentalUnitDto;
  types: MaintenanceTypeDto[];
}

/** A property with a unit and the default types. */
export async function maintenanceWorld(
  app: FastifyInstance,
  owner: CompanySession,
): Promise<MaintenanceWorld> {
  const property = await createProperty(app, owner);
  const unit = await createUnit(app, owner, property._id);
  const types = expectOk(
    await call(app, 'POST', '/api/maintenance/types/create-defaults', {
      ...as(owner),
      body: { companyId: owner.companyId },
    }),
  ).data as MaintenanceTypeDto[];
  return { property, unit, types };
}

export async function createRequest(
  app: FastifyInstance,
  session: CompanySession,
  world: MaintenanceWorld,
  overrides: Partial<MaintenanceRequestCreateInput> = {},
): Promise<MaintenanceRequestDto> {
  const response = await call(app, 'POST', '/api/maintenance/requests', {
    ...as(session),
    body: {
      title: `Leak ${uuidv7().slice(-6)}`,
      description: 'Water under the sink',
      type: 'plumbing',
      propertyId: world.property._id,
      rentalUnitId: world.unit._id,
      ...overrides,
    },
  });
  return expectOk(response, 201).data as MaintenanceRequestDto;
}

export async function saveAssignment(
  app: FastifyInstance,
  owner: CompanySession,
  body: Record<string, unknown>,
): Promise<AssignmentDto> {
  const response = await call(app, 'POST', '/api/maintenance/assignments', {
    ...as(owner),
    body: { companyId: owner.companyId, ...body },
  });
  return expectOk(response).data as AssignmentDto;
}

export function uploadMedia(
  app: FastifyInstance,
  url: string,
  files: readonly MultipartFile[],
  session?: { token: string; companyId?: string },
  extraHeaders: Record<string, string> = {},
) {
  const body = multipart(files.map((file) => ({ field: 'media', ...file })));
  const headers: Record<string, string> = { ...body.headers, ...extraHeaders };
  if (session?.token) headers.authorization = `Bearer ${session.token}`;
  if (session?.companyId) headers['x-company-id'] = session.companyId;
  return app.inject({ method: 'POST', url, headers, payload: body.payload }) as Promise<ApiResponse>;
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
