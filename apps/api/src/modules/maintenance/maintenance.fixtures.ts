import type {
  AssignmentDto,
  MaintenanceRequestDto,
  MaintenanceTypeDto,
  PropertyDto,
  RentalUnitDto,
  TicketFormDto,
} from '@rentora/shared';
import { call } from '../../../test/app';
import type { FixtureBuilder } from '../../../test/fixtures';

/** Company A's maintenance records: default types, an assignment, a request, a public form and an assignee code. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const auth = { token: owner.token, companyId: owner.companyId };
  const need = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const response = await call(app, method, url, { ...auth, body });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json<{ data: unknown }>().data;
  };
  const property = (await need('POST', '/api/properties', {
    name: 'Maintenance Guard Towers',
    propertyType: 'apartment_building',
    address: { line1: '2 Test Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
  })) as PropertyDto;
  const unit = (await need('POST', '/api/rental-units', {
    propertyId: property._id,
    unitNumber: 'M-1',
    unitType: '1bhk',
    pricing: { rent: 1_000_000 },
  })) as RentalUnitDto;
  const types = (await need('POST', '/api/maintenance/types/create-defaults', {
    companyId: owner.companyId,
  })) as MaintenanceTypeDto[];
  const plumbing = types.find((type) => type.key === 'plumbing')!;
  const assignment = (await need('POST', '/api/maintenance/assignments', {
    companyId: owner.companyId,
    maintenanceType: 'plumbing',
    assignees: [owner.user._id],
    watchers: [],
  })) as AssignmentDto;
  const request = (await need('POST', '/api/maintenance/requests', {
    title: 'Guard leak',
    type: 'plumbing',
    propertyId: property._id,
    rentalUnitId: unit._id,
  })) as MaintenanceRequestDto;
  const form = (await need('POST', '/api/maintenance/forms', {
    name: 'Guard form',
    propertyIds: [property._id],
  })) as TicketFormDto;
  await need('POST', '/api/assignee/generate-code');
  return {
    'requests:id': request._id,
    'single:id': plumbing._id,
    'types:id': plumbing._id,
    'type:type': plumbing.key,
    'assignments:id': assignment._id,
    'forms:id': form._id,
  };
};
