import { login } from '../../../test/factories';
import type { FixtureBuilder } from '../../../test/fixtures';

/** A second session of company A's owner (never the one the tests sign in with), for `/api/me/sessions/:sessionId`. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const session = await login(app, owner.user.email);
  const payload = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sid: string;
  };
  return { 'sessions:sessionId': payload.sid };
};
