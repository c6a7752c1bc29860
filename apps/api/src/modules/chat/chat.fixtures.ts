import { call } from '../../../test/app';
import type { FixtureBuilder } from '../../../test/fixtures';

/** A channel with one message of company A, for the route guards' `:id` parameters. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const auth = { token: owner.token, companyId: owner.companyId };
  const channel = await call(app, 'POST', '/api/chat/channels', { ...auth, body: { name: 'fixture-room' } });
  if (channel.statusCode !== 201) throw new Error(`chat channel: ${channel.body}`);
  const channelId = channel.json<{ data: { _id: string } }>().data._id;
  const message = await call(app, 'POST', `/api/chat/channels/${channelId}/messages`, {
    ...auth,
    body: { body: 'Fixture message' },
  });
  if (message.statusCode !== 201) throw new Error(`chat message: ${message.body}`);
  return { 'channels:id': channelId, 'messages:id': message.json<{ data: { _id: string } }>().data._id };
};
