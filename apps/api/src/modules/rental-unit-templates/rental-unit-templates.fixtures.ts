import type { TemplateDto } from '@rentora/shared';
import { call } from '../../../test/app';
import type { FixtureBuilder } from '../../../test/fixtures';

/** A template of company A. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const created = await call(app, 'POST', '/api/rental-unit-templates', {
    token: owner.token,
    companyId: owner.companyId,
    body: { name: 'Guard 2BHK', unitType: '2bhk', bedrooms: 2, bathrooms: 2, pricing: { rent: 2_500_000 } },
  });
  if (created.statusCode !== 201) throw new Error(`template: ${created.body}`);
  return { 'rental-unit-templates:id': created.json<{ data: TemplateDto }>().data._id };
};
