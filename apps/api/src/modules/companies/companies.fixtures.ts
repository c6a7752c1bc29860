import type { FixtureBuilder } from '../../../test/fixtures';

export const fixtures: FixtureBuilder = async ({ owner }) => ({
  'companies:id': owner.companyId,
  '*:companyId': owner.companyId,
  '*:userId': owner.user._id,
});
