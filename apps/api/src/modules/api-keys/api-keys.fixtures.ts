import { call } from '../../../test/app';
import type { FixtureBuilder } from '../../../test/fixtures';

/** One API key of company A for the generic route guards. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const response = await call(app, 'POST', '/api/api-keys', {
    token: owner.token,
    companyId: owner.companyId,
    body: { name: 'Fixture key', permissions: ['properties_read'] },
  });
  if (response.statusCode !== 201) throw new Error(`api key: ${response.body}`);
  return { 'api-keys:id': response.json<{ data: { _id: string } }>().data._id };
};
