import { createHmac } from 'node:crypto';
import type { PayLinkCheckoutDto, PortalInvoicesDto, TenantCodeDto } from '@rentora/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany } from '../../../test/factories';
import { invoicePayments, payLinks, payments } from '../../db/schema';
import {
  issuedInvoice,
  makeTenancy,
  registerForGst,
  type Tenancy,
  TN_GSTIN,
} from '../invoices/invoices.testing';
import { dataOf, paidAtSandbox, payPage } from './pay-links.testing';
import { hashPayLinkToken } from './pay-links.tokens';

const WEBHOOK_SECRET = 'whsec_pay_links';

let app: FastifyInstance;
let owner: CompanySession;
let tenancy: Tenancy;

beforeAll(async () => {
  await getTestApp();
  app = await buildTestAppWith({
    payments: {
      sandboxSecret: 'sandbox-secret-for-pay-links-0123456789',
      webhookSecret: WEBHOOK_SECRET,
      holdMinutes: 30,
    },
  });
  owner = await createCompany(app, { plan: 'professional' });
  await registerForGst(app, owner);
  tenancy = await makeTenancy(app, owner);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const auth = () => ({ token: owner.token, companyId: owner.companyId });

async function linkedInvoice(of: Tenancy = tenancy) {
  const invoice = await issuedInvoice(app, owner, of.tenantId);
  const link = await app.services.payLinks.issuePayLink(app.deps.db, {
    companyId: owner.companyId,
    invoiceId: invoice._id,
  });
  return { invoice, link, page: payPage(app, link.token) };
}

const ledgerRowsOf = (gatewayPaymentId: string) =>
  app.deps.db.select().from(payments).where(eq(payments.gatewayPaymentId, gatewayPaymentId));
const invoicePaymentsOf = (invoiceId: string) =>
  app.deps.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));

function webhookOf(orderId: string, paymentId: string, amount: number) {
  const event = {
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: { entity: { id: paymentId, order_id: orderId, amount, status: 'captured', method: 'upi' } },
    },
  };
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(JSON.stringify(event)).digest('hex');
  return (eventId: string) =>
    call(app, 'POST', '/api/payments/webhook', {
      headers: { 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
      body: event,
    });
}

describe('GET /api/public/pay/{token}', () => {
  it('shows the company, the invoice and the tenant first name, and nothing else', async () => {
    const { invoice, page } = await linkedInvoice();
    const response = await page.view();
    expect(response.statusCode).toBe(200);
    const view = dataOf(response);
    expect(view).toMatchObject({
      state: 'open',
      company: { gstin: TN_GSTIN },
      tenantFirstName: tenancy.person.user.firstName,
      invoice: {
        number: invoice.number,
        balance: invoice.total,
        total: invoice.total,
        dueDate: invoice.dueDate,
      },
      receipts: [],
    });
    expect(view.invoice.lines).toHaveLength(1);
    for (const secret of [
      invoice._id,
      invoice.tenantId,
      owner.companyId,
      tenancy.person.user.email,
      'Tenant',
    ]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('answers 404 to an unknown or malformed token', async () => {
    const unknown = await payPage(app, 'AAAAAAAAAAAAAAAAAAAAAA').view();
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await payPage(app, 'not-a-token').view()).statusCode).toBe(404);
    expect((await payPage(app, 'not-a-token').openOrder()).statusCode).toBe(404);
  });
});

describe('paying by link', () => {
  it('pays the balance in the sandbox, shows a receipt with a working short-lived link, then says paid', async () => {
    const { invoice, link, page } = await linkedInvoice();
    const { checkout, fields } = await paidAtSandbox(app, link.token);
    expect(checkout.order.amount).toBe(invoice.total);
    const verified = await page.verify(fields);
    expect(verified.statusCode).toBe(200);
    const paid = dataOf(verified);
    expect(paid).toMatchObject({ state: 'paid', invoice: { status: 'paid', balance: 0 } });
    expect(paid.receipts).toHaveLength(1);
    expect(paid.receipts[0]).toMatchObject({ amount: invoice.total, invoiceNumber: invoice.number });

    const pdf = await call(app, 'GET', paid.receipts[0]!.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const forged = await call(app, 'GET', paid.receipts[0]!.url.replace(/sig=.*/, 'sig=forged'));
    expect(forged.statusCode).toBe(404);
    const expired = paid.receipts[0]!.url.replace(/exp=\d+/, 'exp=1000');
    expect((await call(app, 'GET', expired)).statusCode).toBe(404);

    expect(dataOf(await page.view()).state).toBe('paid');
    const again = await page.openOrder();
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'GONE' });
    const [row] = await app.deps.db
      .select()
      .from(payLinks)
      .where(eq(payLinks.tokenHash, hashPayLinkToken(link.token)));
    expect(row?.usedAt).toBeInstanceOf(Date);
  });

  it('records one payment for a verify replayed, also several at once', async () => {
    const { invoice, link, page } = await linkedInvoice();
    const { fields } = await paidAtSandbox(app, link.token);
    const answers = await Promise.all([page.verify(fields), page.verify(fields), page.verify(fields)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await page.verify(fields)).statusCode).toBe(200);
    expect(await ledgerRowsOf(fields.razorpay_payment_id)).toHaveLength(1);
    expect(await invoicePaymentsOf(invoice._id)).toHaveLength(1);
    expect(dataOf(await page.view()).receipts).toHaveLength(1);
  });

  it('records one payment when the verify races the webhook', async () => {
    const { invoice, link, page } = await linkedInvoice();
    const { checkout, fields } = await paidAtSandbox(app, link.token);
    const deliver = webhookOf(checkout.order.id, fields.razorpay_payment_id, checkout.order.amount);
    const [verified, hooked, copy] = await Promise.all([
      page.verify(fields),
      deliver('evt_pay_link_race'),
      deliver('evt_pay_link_race_copy'),
    ]);
    expect([verified.statusCode, hooked.statusCode, copy.statusCode]).toEqual([200, 200, 200]);
    expect(await ledgerRowsOf(fields.razorpay_payment_id)).toHaveLength(1);
    expect(await invoicePaymentsOf(invoice._id)).toHaveLength(1);
    expect(dataOf(await page.view())).toMatchObject({
      state: 'paid',
      invoice: { amountPaid: invoice.total },
    });
  });

  it("answers 404 to another invoice's order or id, and changes nothing", async () => {
    const first = await linkedInvoice();
    const second = await linkedInvoice();
    const { fields } = await paidAtSandbox(app, second.link.token);
    const crossVerify = await first.page.verify(fields);
    expect(crossVerify.statusCode).toBe(404);
    const crossSandbox = await first.page.sandbox(fields.razorpay_order_id);
    expect(crossSandbox.statusCode).toBe(404);
    const wrongId = await second.page.verify({ ...fields, invoiceId: first.invoice._id });
    expect(wrongId.statusCode).toBe(404);
    expect(await ledgerRowsOf(fields.razorpay_payment_id)).toHaveLength(0);
    const forged = await second.page.verify({ ...fields, razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(await ledgerRowsOf(fields.razorpay_payment_id)).toHaveLength(0);
    expect((await second.page.verify({ ...fields, invoiceId: second.invoice._id })).statusCode).toBe(200);
  });

  it('refuses an order when the gateway declined in the sandbox, and lets the payer try again', async () => {
    const { link, page } = await linkedInvoice();
    const checkout = (await page.openOrder()).json<{ data: PayLinkCheckoutDto }>().data;
    const declined = await page.sandbox(checkout.order.id, 'failure');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ data: { outcome: 'failure' } });
    const { fields } = await paidAtSandbox(app, link.token);
    expect((await page.verify(fields)).statusCode).toBe(200);
  });
});

describe('a pay link expires', () => {
  it('when its invoice is voided (410)', async () => {
    const { invoice, page } = await linkedInvoice();
    const voided = await call(app, 'POST', `/api/invoices/${invoice._id}/void`, {
      ...auth(),
      body: { reason: 'Wrong month' },
    });
    expect(voided.statusCode).toBe(200);
    for (const response of [await page.view(), await page.openOrder()]) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ code: 'GONE' });
    }
  });

  it('when its invoice is credited in full (410)', async () => {
    const { invoice, page } = await linkedInvoice();
    const note = await call(app, 'POST', `/api/invoices/${invoice._id}/credit-notes`, {
      ...auth(),
      body: { reason: 'Waived', fullAmount: true },
    });
    expect(note.statusCode).toBe(201);
    expect((await page.view()).statusCode).toBe(410);
    expect((await page.openOrder()).statusCode).toBe(410);
  });

  it('after 30 days, and when replaced by a newer link (410)', async () => {
    const { invoice, link, page } = await linkedInvoice();
    await app.deps.db
      .update(payLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(payLinks.tokenHash, hashPayLinkToken(link.token)));
    const expired = await page.view();
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatch(/expired/);
    expect((await page.openOrder()).statusCode).toBe(410);

    const renewed = await app.services.payLinks.issuePayLink(app.deps.db, {
      companyId: owner.companyId,
      invoiceId: invoice._id,
    });
    expect(renewed.token).not.toBe(link.token);
    expect((await payPage(app, renewed.token).view()).statusCode).toBe(200);
    await app.deps.db
      .update(payLinks)
      .set({ expiresAt: sql`now() + interval '20 days'` })
      .where(eq(payLinks.tokenHash, hashPayLinkToken(link.token)));
    const replaced = await page.view();
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json().error).toMatch(/replaced/);
  });

  it('when the invoice is paid another way (the page says paid, no new order)', async () => {
    const { invoice, link, page } = await linkedInvoice();
    const cash = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...auth(),
      body: { amount: invoice.total, method: 'cash' },
    });
    expect(cash.statusCode).toBe(201);
    expect(dataOf(await page.view())).toMatchObject({ state: 'paid', receipts: [{ amount: invoice.total }] });
    expect((await page.openOrder()).statusCode).toBe(410);
    const [row] = await app.deps.db
      .select()
      .from(payLinks)
      .where(and(eq(payLinks.tokenHash, hashPayLinkToken(link.token))));
    expect(row?.usedAt).toBeInstanceOf(Date);
  });
});

describe('GET /api/tenant-codes/{code}/invoices (the tenant portal by code)', () => {
  it("lists the tenancy's open invoices with a pay token each, pays one, and lists its receipt", async () => {
    const portalTenancy = await makeTenancy(app, owner);
    const other = await linkedInvoice(); // another tenancy's invoice
    const open = await issuedInvoice(app, owner, portalTenancy.tenantId);
    const second = await issuedInvoice(app, owner, portalTenancy.tenantId);
    const generated = await call(app, 'POST', `/api/tenant-codes/${portalTenancy.tenantId}/generate`, auth());
    const code = generated.json<{ data: TenantCodeDto }>().data.tenantCode;
    const listed = await call(app, 'GET', `/api/tenant-codes/${code}/invoices`);
    expect(listed.statusCode).toBe(200);
    const portal = listed.json<{ data: PortalInvoicesDto }>().data;
    expect(portal.invoices.map((i) => i._id).sort()).toEqual([open._id, second._id].sort());
    expect(portal.invoices.map((i) => i._id)).not.toContain(other.invoice._id);
    expect(portal.receipts).toEqual([]);
    const entry = portal.invoices.find((i) => i._id === open._id)!;
    expect(entry).toMatchObject({ balance: open.total, number: open.number });

    // The same link every time, and the same Pay flow.
    const again = (await call(app, 'GET', `/api/tenant-codes/${code}/invoices`)).json<{
      data: PortalInvoicesDto;
    }>().data;
    expect(again.invoices.find((i) => i._id === open._id)?.payToken).toBe(entry.payToken);
    const { fields } = await paidAtSandbox(app, entry.payToken);
    expect((await payPage(app, entry.payToken).verify(fields)).statusCode).toBe(200);

    const after = (await call(app, 'GET', `/api/tenant-codes/${code}/invoices`)).json<{
      data: PortalInvoicesDto;
    }>().data;
    expect(after.invoices.map((i) => i._id)).toEqual([second._id]);
    expect(after.receipts).toHaveLength(1);
    expect(after.receipts[0]).toMatchObject({ amount: open.total, invoiceNumber: open.number });
    expect((await call(app, 'GET', after.receipts[0]!.url)).statusCode).toBe(200);
  });

  it('answers 404 to an unknown code', async () => {
    const response = await call(app, 'GET', '/api/tenant-codes/NOSUCHCODE1/invoices');
    expect(response.statusCode).toBe(404);
  });
});

describe('rate limiting', () => {
  it('refuses an IP that tries too many unknown tokens (429)', async () => {
    const strict = await buildTestAppWith({
      rateLimits: { loginPerIp: 3, loginPerAccount: 10, emailPerAccount: 5, windowSeconds: 900 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await payPage(strict, `AAAAAAAAAAAAAAAAAAAAA${i}`).view()).statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await strict.close();
    }
  });
});
