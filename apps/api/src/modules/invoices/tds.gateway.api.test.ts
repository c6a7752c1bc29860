import type { InvoiceCheckoutDto, InvoiceDetailDto, LedgerPaymentDto, TdsDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany } from '../../../test/factories';
import { issuedInvoice, makeTenancy, payInvoiceInSandbox, rentLine } from './invoices.testing';

let app: FastifyInstance;
const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });
const tds = (amount: number, section = '194IB', rate = 2) => ({ section, rate, amount });

beforeAll(async () => {
  ({ app } = await getTestApp());
}, 60_000);

async function invoiceOf(owner: CompanySession, amount = 5_000_000) {
  const tenancy = await makeTenancy(app, owner);
  const invoice = await issuedInvoice(app, owner, tenancy.tenantId, { lineItems: [rentLine(amount)] });
  return { tenancy, invoice };
}

describe('TDS on the gateway path: POST /api/invoices/{id}/pay', () => {
  it('asks the balance less the TDS and settles the invoice with both, writing the TDS row once', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const { tenancy, invoice } = await invoiceOf(owner);
    const paying = await payInvoiceInSandbox(app, tenancy.person, invoice._id, tds(100_000));
    expect(paying.checkout.order.amount).toBe(4_900_000);
    const verified = await paying.verify();
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<{ data: InvoiceDetailDto }>().data).toMatchObject({
      status: 'paid',
      balance: 0,
      amountPaid: 5_000_000,
    });
    // The same answer again (as the webhook or the reconciliation job would bring it) writes nothing more.
    expect((await paying.verify()).statusCode).toBe(200);

    const list = await call(app, 'GET', '/api/payments/tds?fy=2026-27', as(owner));
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{ data: TdsDto[] }>().data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenantId: tenancy.tenantId,
      invoiceId: invoice._id,
      section: '194IB',
      amount: 100_000,
      paymentAmount: 4_900_000,
      status: 'certificate_pending',
    });
    const ledger = await call(app, 'GET', `/api/payments?tenantId=${tenancy.tenantId}`, as(owner));
    const money = ledger.json<{ data: LedgerPaymentDto[] }>().data.filter((r) => r.amount > 0);
    expect(money.map((r) => r.amount)).toEqual([4_900_000]);
  });

  it('opens a new order when the TDS changes and none without it; refuses TDS above the rate (400)', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const { tenancy, invoice } = await invoiceOf(owner);
    const open = (body?: unknown) =>
      call(app, 'POST', `/api/invoices/${invoice._id}/pay`, {
        token: tenancy.person.token,
        ...(body ? { body } : {}),
      });
    const orderOf = (res: Awaited<ReturnType<typeof open>>) =>
      res.json<{ data: InvoiceCheckoutDto }>().data.order;

    const plain = await open();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(orderOf(plain).amount).toBe(5_000_000);
    const withTds = await open({ tds: tds(100_000) });
    expect(withTds.statusCode, withTds.body).toBe(200);
    expect(orderOf(withTds).amount).toBe(4_900_000);
    expect(orderOf(withTds).id).not.toBe(orderOf(plain).id);
    // The same TDS again reuses the open order.
    expect(orderOf(await open({ tds: tds(100_000) })).id).toBe(orderOf(withTds).id);

    const tooMuch = await open({ tds: tds(500_000) });
    expect(tooMuch.statusCode).toBe(400);
    const badSection = await open({ tds: { section: '194Z', rate: 2, amount: 1 } });
    expect(badSection.statusCode).toBe(400);
  });
});
