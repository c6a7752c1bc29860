import type { InvitationDto } from '@rentora/shared';
import { call } from '../../../test/app';
import { uniqueEmail } from '../../../test/factories';
import type { FixtureBuilder } from '../../../test/fixtures';

/** A pending invitation of company A. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const response = await call(app, 'POST', '/api/invitations/invite', {
    token: owner.token,
    companyId: owner.companyId,
    body: { email: uniqueEmail('fixture-invitation'), role: 'designer' },
  });
  if (response.statusCode !== 201) throw new Error(`invite: ${response.body}`);
  return { 'invitations:id': response.json<{ data: InvitationDto }>().data._id };
};
