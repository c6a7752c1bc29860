import { signUp } from '../../../test/factories';
import type { FixtureBuilder } from '../../../test/fixtures';

/** A throwaway account: the guards may deactivate or delete it. */
export const fixtures: FixtureBuilder = async ({ app }) => {
  const person = await signUp(app);
  return { 'users:id': person.user._id };
};
