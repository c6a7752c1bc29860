import type { FixtureBuilder } from '../../../test/fixtures';

/**
 * The routes take no ids, but company A's owner gets a notification so that the guards check that no list
 * of another account (company B's owner) ever shows its id.
 */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const personal = await app.deps.notifier.notifyUser(owner.user._id, {
    category: 'system',
    type: 'fixture.personal',
    title: 'Fixture',
    message: 'A personal notification of company A',
  });
  const [company] = await app.deps.notifier.notifyCompany(owner.companyId, {
    category: 'company',
    type: 'fixture.company',
    title: 'Fixture',
    message: 'A company notification of company A',
  });
  if (!personal || !company) throw new Error('no notification was created');
  return { 'notifications:personalId': personal._id, 'notifications:companyId': company._id };
};
