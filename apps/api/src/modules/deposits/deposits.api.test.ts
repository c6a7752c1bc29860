import type {
  BookingCheckoutDto,
  BookingDto,
  DepositDto,
  InvoiceDetailDto,
  PaymentStatsDto,
  SettlementDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany, signUp } from '../../../test/factories';
import { book, makeBookableUnit, payInSandbox } from '../bookings/bookings.testing';
import {
  issuedInvoice,
  makeTenancy,
  payInvoiceInSandbox,
  pdfText,
  rentLine,
} from '../invoices/invoices.testing';

let app: FastifyInstance;
let owner: CompanySession;
let other: CompanySession;

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });
const depositLine = (unitPrice: number) => ({
  description: 'Security deposit',
  quantity: 1,
  unitPrice,
  kind: 'deposit',
});

async function deposit(tenantId: string, session = owner): Promise<DepositDto> {
  const response = await call(app, 'GET', `/api/tenants/${tenantId}/deposit`, as(session));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DepositDto }>().data;
}

async function receipt(tenantId: string, body: Record<string, unknown>) {
  return call(app, 'POST', `/api/tenants/${tenantId}/deposit/receipts`, { ...as(owner), body });
}

async function giveNotice(tenantId: string) {
  const response = await call(app, 'PUT', `/api/tenants/${tenantId}/status`, {
    ...as(owner),
    body: { status: 'notice_given', reason: 'Moving out' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function draft(tenantId: string, body: Record<string, unknown>) {
  return call(app, 'POST', `/api/tenants/${tenantId}/settlement`, { ...as(owner), body });
}

const settlementOf = (response: { json: <T>() => T }) => response.json<{ data: SettlementDto }>().data;

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise' });
  other = await createCompany(app, { plan: 'enterprise' });
});

describe('deposit ledger', () => {
  it('holds offline receipts once per reference, top-ups, and deposit lines of paid invoices', async () => {
    const { tenantId } = await makeTenancy(app, owner);
    expect(await deposit(tenantId)).toMatchObject({ received: 0, held: 0, rows: [] });

    const first = await receipt(tenantId, {
      amount: 2_000_000,
      method: 'bank_transfer',
      reference: 'NEFT-1',
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await receipt(tenantId, {
      amount: 2_000_000,
      method: 'bank_transfer',
      reference: 'NEFT-1',
    });
    expect(again.statusCode).toBe(409);
    const topUp = await receipt(tenantId, {
      amount: 500_000,
      method: 'upi',
      reference: 'UPI-9',
      kind: 'top_up',
    });
    expect(topUp.statusCode, topUp.body).toBe(201);
    expect((await receipt(tenantId, { amount: -1, method: 'upi', reference: 'X' })).statusCode).toBe(400);

    // An invoice of rent and deposit: the first payment settles the rent line, the rest goes to the deposit.
    const invoice = await issuedInvoice(app, owner, tenantId, {
      lineItems: [rentLine(1_000_000), depositLine(3_000_000)],
    });
    const pay = (amount: number, reference: string) =>
      call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
        ...as(owner),
        body: { amount, method: 'cash', reference },
      });
    expect((await pay(1_500_000, 'CASH-1')).statusCode).toBe(201);
    expect((await deposit(tenantId)).received).toBe(2_500_000 + 500_000);
    expect((await pay(2_500_000, 'CASH-2')).statusCode).toBe(201);

    const ledger = await deposit(tenantId);
    expect(ledger).toMatchObject({ received: 5_500_000, held: 5_500_000, deducted: 0, refunded: 0 });
    expect(ledger.rows.map((r) => [r.kind, r.amount, r.source])).toEqual([
      ['received', 2_000_000, 'offline'],
      ['top_up', 500_000, 'offline'],
      ['received', 500_000, 'invoice'],
      ['received', 2_500_000, 'invoice'],
    ]);
  });

  it('holds the deposit a booking pays, on the tenancy the booking makes', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    const unit = await makeBookableUnit(app, company);
    const visitor = await signUp(app);
    const booked = await book(app, visitor, unit._id);
    expect(booked.statusCode, booked.body).toBe(201);
    const checkout = booked.json<{ data: BookingCheckoutDto }>().data;
    expect((await payInSandbox(app, visitor, checkout)).statusCode).toBe(200);
    const booking = await call(app, 'GET', `/api/bookings/${checkout.booking._id}`, {
      token: company.token,
      companyId: company.companyId,
    });
    const tenantId = booking.json<{ data: BookingDto }>().data.tenantId!;
    expect(tenantId).toBeTruthy();
    const ledger = await deposit(tenantId, company);
    expect(ledger).toMatchObject({ agreed: 3_000_000, received: 3_000_000, held: 3_000_000 });
    expect(ledger.rows[0]).toMatchObject({ kind: 'received', source: 'booking' });
  });

  it('leaves deposits out of collected money and shows them as held', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    const { tenantId, person } = await makeTenancy(app, company);
    const offline = await issuedInvoice(app, company, tenantId, {
      lineItems: [rentLine(1_000_000), depositLine(2_000_000)],
    });
    const paid = await call(app, 'POST', `/api/invoices/${offline._id}/payments`, {
      token: company.token,
      companyId: company.companyId,
      body: { amount: 3_000_000, method: 'upi', reference: 'UPI-1' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const online = await issuedInvoice(app, company, tenantId, {
      lineItems: [rentLine(700_000), depositLine(300_000)],
    });
    const { verify } = await payInvoiceInSandbox(app, person, online._id);
    expect((await verify()).statusCode).toBe(200);

    const stats = await call(app, 'GET', '/api/payments/stats', {
      token: company.token,
      companyId: company.companyId,
    });
    expect(stats.statusCode, stats.body).toBe(200);
    const s = stats.json<{ data: PaymentStatsDto }>().data;
    expect(s.collectedThisMonth).toBe(1_700_000);
    expect(s.depositsHeld).toBe(2_300_000);

    const overview = await call(app, 'GET', '/api/analytics/overview', {
      token: company.token,
      companyId: company.companyId,
    });
    expect(overview.statusCode, overview.body).toBe(200);
    const kpis = overview.json<{ data: { kpis: { key: string; value: number }[] } }>().data.kpis;
    expect(kpis.find((k) => k.key === 'rentCollected')?.value).toBe(1_700_000);
    expect(kpis.find((k) => k.key === 'depositsHeld')?.value).toBe(2_300_000);
  });
});

describe('move-out settlement', () => {
  it('refuses a tenancy that has not given notice (409)', async () => {
    const { tenantId } = await makeTenancy(app, owner);
    expect((await draft(tenantId, { deductions: [] })).statusCode).toBe(409);
  });

  it('drafts, edits, finalizes once, pays open invoices from the deposit and refunds the rest once', async () => {
    const { tenantId, person } = await makeTenancy(app, owner);
    await receipt(tenantId, { amount: 5_000_000, method: 'cheque', reference: 'CHQ-100' });
    const open = await issuedInvoice(app, owner, tenantId, { lineItems: [rentLine(1_200_000)] });
    await giveNotice(tenantId);

    const made = await draft(tenantId, {
      deductions: [{ reason: 'damage', description: 'Broken window', amount: 300_000 }],
      includeOpenInvoices: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(settlementOf(made)).toMatchObject({
      status: 'draft',
      held: 5_000_000,
      totalDeductions: 1_500_000,
      refundDue: 3_500_000,
      shortfall: 0,
    });
    expect(settlementOf(made).deductions[1]).toMatchObject({ reason: 'unpaid_dues', invoiceId: open._id });
    expect((await draft(tenantId, { deductions: [] })).statusCode).toBe(409);

    const edited = await call(app, 'PUT', `/api/tenants/${tenantId}/settlement`, {
      ...as(owner),
      body: {
        deductions: [
          { reason: 'damage', description: 'Broken window', amount: 300_000 },
          { reason: 'cleaning', description: 'Deep cleaning', amount: 200_000 },
        ],
        includeOpenInvoices: true,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(settlementOf(edited).refundDue).toBe(3_300_000);
    expect(
      (
        await call(app, 'POST', `/api/tenants/${tenantId}/settlement/refund`, {
          ...as(owner),
          body: { method: 'cash', reference: 'R-1' },
        })
      ).statusCode,
    ).toBe(409);

    const finalize = () => call(app, 'POST', `/api/tenants/${tenantId}/settlement/finalize`, as(owner));
    const done = await finalize();
    expect(done.statusCode, done.body).toBe(200);
    const settled = settlementOf(done);
    expect(settled).toMatchObject({ status: 'finalized', refundDue: 3_300_000, shortfallInvoiceId: null });
    expect((await finalize()).statusCode).toBe(409);
    expect(
      (
        await call(app, 'PUT', `/api/tenants/${tenantId}/settlement`, {
          ...as(owner),
          body: { deductions: [] },
        })
      ).statusCode,
    ).toBe(409);

    const paidInvoice = await call(app, 'GET', `/api/invoices/${open._id}`, as(owner));
    const invoice = paidInvoice.json<{ data: InvoiceDetailDto }>().data;
    expect(invoice.status).toBe('paid');
    expect(invoice.payments.map((p) => [p.method, p.reference])).toEqual([
      ['other', `DEPOSIT-${settled._id}`],
    ]);
    expect(await deposit(tenantId)).toMatchObject({
      received: 5_000_000,
      deducted: 1_700_000,
      held: 3_300_000,
    });

    // Five refunds at once: one is recorded.
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(app, 'POST', `/api/tenants/${tenantId}/settlement/refund`, {
          ...as(owner),
          body: { method: 'bank_transfer', reference: `NEFT-R${i}` },
        }),
      ),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const ledger = await deposit(tenantId);
    expect(ledger).toMatchObject({ held: 0, refunded: 3_300_000 });
    expect(ledger.rows.filter((r) => r.kind === 'refund')).toHaveLength(1);

    const pdf = await call(app, 'GET', `/api/tenants/${tenantId}/settlement/pdf`, as(owner));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Broken window');
    expect(text).toContain('Signature and date');
    expect(text).toContain('₹3,000.00');
    expect(text).not.toContain('INR');

    // The tenant sees the finalized statement in their area; nobody else does.
    const mine = await call(app, 'GET', '/api/deposits/mine', { token: person.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ data: { settlement: SettlementDto }[] }>().data[0]?.settlement._id).toBe(settled._id);
    expect(
      (await call(app, 'GET', `/api/deposits/mine/${tenantId}/pdf`, { token: person.token })).statusCode,
    ).toBe(200);
    expect(
      (await call(app, 'GET', `/api/deposits/mine/${tenantId}/pdf`, { token: other.token })).statusCode,
    ).toBe(404);
  });

  it('bills deductions beyond the deposit on one issued invoice', async () => {
    const { tenantId } = await makeTenancy(app, owner);
    await receipt(tenantId, { amount: 1_000_000, method: 'cash', reference: 'CASH-D1' });
    await giveNotice(tenantId);
    const moved = await call(app, 'PUT', `/api/tenants/${tenantId}/move-out`, {
      ...as(owner),
      body: { moveOutDate: '2026-01-31' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await draft(tenantId, {
      deductions: [
        { reason: 'damage', description: 'Wall repaint', amount: 900_000 },
        { reason: 'notice_shortfall', description: 'Two weeks of notice', amount: 600_000 },
      ],
    });
    const done = await call(app, 'POST', `/api/tenants/${tenantId}/settlement/finalize`, as(owner));
    expect(done.statusCode, done.body).toBe(200);
    const settled = settlementOf(done);
    expect(settled).toMatchObject({ refundDue: 0, shortfall: 500_000 });
    expect(settled.shortfallInvoiceId).toBeTruthy();
    const invoice = (await call(app, 'GET', `/api/invoices/${settled.shortfallInvoiceId}`, as(owner))).json<{
      data: InvoiceDetailDto;
    }>().data;
    expect(invoice).toMatchObject({ status: 'sent', total: 500_000 });
    expect(await deposit(tenantId)).toMatchObject({ held: 0, deducted: 1_000_000 });
    const refund = await call(app, 'POST', `/api/tenants/${tenantId}/settlement/refund`, {
      ...as(owner),
      body: { method: 'cash', reference: 'R-2' },
    });
    expect(refund.statusCode).toBe(409);
  });

  it('refunds through the gateway a deposit that came through it', async () => {
    const { tenantId, person } = await makeTenancy(app, owner);
    const invoice = await issuedInvoice(app, owner, tenantId, { lineItems: [depositLine(2_000_000)] });
    const { verify } = await payInvoiceInSandbox(app, person, invoice._id);
    expect((await verify()).statusCode).toBe(200);
    expect((await deposit(tenantId)).held).toBe(2_000_000);
    await giveNotice(tenantId);
    await draft(tenantId, { deductions: [{ reason: 'cleaning', description: 'Cleaning', amount: 100_000 }] });
    expect(
      (await call(app, 'POST', `/api/tenants/${tenantId}/settlement/finalize`, as(owner))).statusCode,
    ).toBe(200);
    const refund = await call(app, 'POST', `/api/tenants/${tenantId}/settlement/refund`, {
      ...as(owner),
      body: { method: 'gateway' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(settlementOf(refund)).toMatchObject({ refundStatus: 'refunded', refundMethod: 'gateway' });
    expect(settlementOf(refund).refundReference).toMatch(/^rfnd_/);
    expect(await deposit(tenantId)).toMatchObject({ held: 0, refunded: 1_900_000 });
  });

  it('answers 404 to another company on every route', async () => {
    const { tenantId } = await makeTenancy(app, owner);
    await giveNotice(tenantId);
    await draft(tenantId, { deductions: [] });
    const b = as(other);
    const url = `/api/tenants/${tenantId}`;
    const tries = [
      await call(app, 'GET', `${url}/deposit`, b),
      await call(app, 'POST', `${url}/deposit/receipts`, {
        ...b,
        body: { amount: 100, method: 'cash', reference: 'X-1' },
      }),
      await call(app, 'POST', `${url}/settlement`, { ...b, body: { deductions: [] } }),
      await call(app, 'GET', `${url}/settlement`, b),
      await call(app, 'PUT', `${url}/settlement`, { ...b, body: { deductions: [] } }),
      await call(app, 'POST', `${url}/settlement/finalize`, b),
      await call(app, 'POST', `${url}/settlement/refund`, { ...b, body: { method: 'cash', reference: 'X' } }),
      await call(app, 'GET', `${url}/settlement/pdf`, b),
    ];
    expect(tries.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect((await deposit(tenantId)).rows).toEqual([]);
  });
});
