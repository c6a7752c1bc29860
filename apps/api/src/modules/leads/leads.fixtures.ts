import { call } from '../../../test/app';
import { uniqueEmail } from '../../../test/factories';
import type { FixtureBuilder } from '../../../test/fixtures';

/** Leads belong to no company; one lead for the super-admin routes' ids. */
export const fixtures: FixtureBuilder = async ({ app }) => {
  const response = await call(app, 'POST', '/api/leads', {
    body: {
      name: 'Fixture Lead',
      email: uniqueEmail('lead'),
      subject: 'Pricing',
      message: 'Tell me more about your plans, please.',
    },
  });
  if (response.statusCode !== 201) throw new Error(`lead: ${response.body}`);
  return { 'leads:id': response.json<{ data: { _id: string } }>().data._id };
};
