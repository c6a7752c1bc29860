import type { LateFeeRuleDto } from '@rentora/shared';
import { call } from '../../../test/app';
import type { FixtureBuilder } from '../../../test/fixtures';
import { makeTenancy } from '../invoices/invoices.testing';

/** A property override of company A (DELETE /api/collections/late-fee-rules/:id). */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const tenancy = await makeTenancy(app, owner);
  const saved = await call(app, 'PUT', '/api/collections/late-fee-rules', {
    token: owner.token,
    companyId: owner.companyId,
    body: { scope: 'property', scopeId: tenancy.propertyId, type: 'fixed', amount: 10_000, graceDays: 3 },
  });
  if (saved.statusCode !== 200) throw new Error(`late-fee rule: ${saved.body}`);
  return { 'late-fee-rules:id': saved.json<{ data: LateFeeRuleDto }>().data._id };
};
