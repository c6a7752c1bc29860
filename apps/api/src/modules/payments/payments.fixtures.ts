import type { LedgerPaymentDto } from '@rentora/shared';
import { call } from '../../../test/app';
import type { FixtureBuilder } from '../../../test/fixtures';

/** A ledger row of company A: an offline payment of the issued invoice made by the invoices fixtures. */
export const fixtures: FixtureBuilder = async ({ app, owner, ids }) => {
  const auth = { token: owner.token, companyId: owner.companyId };
  const invoiceId = ids['invoices:id'];
  if (!invoiceId) throw new Error('the invoices fixtures made no invoice');
  const paid = await call(app, 'POST', `/api/invoices/${invoiceId}/payments`, {
    ...auth,
    body: { amount: 100, method: 'cash', reference: 'GUARD-1' },
  });
  if (paid.statusCode !== 201) throw new Error(`payment: ${paid.body}`);
  const list = await call(app, 'GET', '/api/payments', { ...auth, query: { search: 'GUARD-1' } });
  const row = list.json<{ data: LedgerPaymentDto[] }>().data[0];
  if (!row) throw new Error(`ledger: ${list.body}`);
  return {
    'payments:id': row._id,
    '/api/payments/mine/:id/receipt#id': row._id,
  };
};
