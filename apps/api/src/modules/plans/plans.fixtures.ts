import type { PlanAdminDto } from '@rentora/shared';
import { uuidv7 } from 'uuidv7';
import { call } from '../../../test/app';
import { superAdmin } from '../../../test/factories';
import type { FixtureBuilder } from '../../../test/fixtures';

/** A plan no company uses: the guards may edit or delete it. */
export const fixtures: FixtureBuilder = async ({ app }) => {
  const admin = await superAdmin(app);
  const response = await call(app, 'POST', '/api/plans', {
    token: admin.token,
    body: {
      name: `Fixture ${uuidv7().slice(-8)}`,
      price: 100,
      featuresList: ['properties_read'],
      limitations: { maxPropertiesPerCompany: 1, maxUsersPerCompany: 1, maxRentalUnitsPerProperty: 1 },
      isActive: false,
    },
  });
  if (response.statusCode !== 201) throw new Error(`plan: ${response.body}`);
  return { 'plans:id': response.json<{ data: PlanAdminDto }>().data._id };
};
