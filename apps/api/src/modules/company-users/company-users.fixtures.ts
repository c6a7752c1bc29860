import type { CompanyUserDto, CompanyUserGoalDto, InvitationDto } from '@rentora/shared';
import { call } from '../../../test/app';
import { addMember, uniqueEmail } from '../../../test/factories';
import type { FixtureBuilder } from '../../../test/fixtures';

/** A manager of company A with a goal and a note, and a pending invitation of company A. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const as = { token: owner.token, companyId: owner.companyId };
  const manager = await addMember(app, owner, 'manager');
  const list = await call(app, 'GET', '/api/company-users', { ...as, query: { limit: '100' } });
  const record = list
    .json<{ data: CompanyUserDto[] }>()
    .data.find((member) => member.userId === manager.user._id);
  if (!record) throw new Error(`company user not listed: ${list.body}`);
  const goal = await call(app, 'POST', `/api/company-users/${record._id}/goals`, {
    ...as,
    body: { title: 'Close ten leases', targetValue: 10 },
  });
  if (goal.statusCode !== 201) throw new Error(`goal: ${goal.body}`);
  await call(app, 'POST', `/api/company-users/${record._id}/notes`, { ...as, body: { content: 'Fixture' } });
  const invitation = await call(app, 'POST', '/api/company-users/invite', {
    ...as,
    body: { email: uniqueEmail('fixture-invite'), role: 'field_staff' },
  });
  if (invitation.statusCode !== 201) throw new Error(`invite: ${invitation.body}`);
  const invitationId = invitation.json<{ data: InvitationDto }>().data._id;
  return {
    'company-users:id': record._id,
    'goals:goalId': goal.json<{ data: CompanyUserGoalDto }>().data._id,
    '/api/company-users/:id/resend-invitation#id': invitationId,
    '/api/company-users/:id/cancel-invitation#id': invitationId,
  };
};
