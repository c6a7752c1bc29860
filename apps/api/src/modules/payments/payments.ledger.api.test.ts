import type {
  BookingCheckoutDto,
  InvoiceDetailDto,
  LedgerPaymentDetailDto,
  LedgerPaymentDto,
  TenantDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, signUp } from '../../../test/factories';
import { book, makeBookableUnit, payInSandbox } from '../bookings/bookings.testing';
import {
  issuedInvoice,
  makeTenancy,
  payInvoiceInSandbox,
  pdfText,
  type Tenancy,
} from '../invoices/invoices.testing';

let app: FastifyInstance;
let owner: CompanySession;
let other: CompanySession;
let tenancy: Tenancy;
let invoice: InvoiceDetailDto;

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

async function ledger(session: CompanySession, query: Record<string, string | string[]> = {}) {
  const response = await call(app, 'GET', '/api/payments', { ...as(session), query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: LedgerPaymentDto[]; pagination: { totalCount: number; hasNext: boolean } }>();
}

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'professional' });
  other = await createCompany(app, { plan: 'professional' });
  tenancy = await makeTenancy(app, owner);
  invoice = await issuedInvoice(app, owner, tenancy.tenantId);
  // Two offline payments and the rest online through the sandbox.
  for (const [amount, method, reference] of [
    [200_000, 'cash', 'CASH-1'],
    [300_000, 'cheque', 'CHQ-778899'],
  ] as const) {
    const paid = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...as(owner),
      body: { amount, method, reference, paidAt: '2026-01-05' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  }
  const online = await payInvoiceInSandbox(app, tenancy.person, invoice._id);
  expect((await online.verify()).statusCode).toBe(200);
}, 300_000);

describe('GET /api/payments', () => {
  it('lists offline and online invoice payments newest first, with what they paid and who paid', async () => {
    const { data, pagination } = await ledger(owner);
    expect(pagination.totalCount).toBe(3);
    expect(data.map((p) => p.amount)).toEqual([1_000_000, 300_000, 200_000]);
    // The sandbox's verify tells no method (Razorpay's webhook does).
    expect(data.map((p) => p.method)).toEqual([null, 'cheque', 'cash']);
    for (const p of data) {
      expect(p).toMatchObject({
        kind: 'invoice',
        status: 'captured',
        tenantId: tenancy.tenantId,
        invoiceId: invoice._id,
        propertyId: tenancy.propertyId,
        payerName: `${tenancy.person.user.firstName} ${tenancy.person.user.lastName}`,
        description: `Invoice ${invoice.number}`,
      });
      expect(p.invoiceNumber).toBe(invoice.number);
      expect(p.receiptNumber).toMatch(/^RCT\/\d{2}-\d{2}\/\d{5}$/);
    }
    expect(data[0]!.source).toBe('verify');
    expect(data[1]!.source).toBe('offline');
  });

  it('filters by tenant, property, method, status, dates and search, and pages by 10', async () => {
    expect((await ledger(owner, { method: 'cheque' })).data.map((p) => p.reference)).toEqual(['CHQ-778899']);
    expect((await ledger(owner, { tenantId: tenancy.tenantId })).data).toHaveLength(3);
    expect((await ledger(owner, { propertyId: tenancy.propertyId })).data).toHaveLength(3);
    expect((await ledger(owner, { 'status[]': ['failed', 'refunded'] })).data).toHaveLength(0);
    expect((await ledger(owner, { status: 'captured' })).data).toHaveLength(3);
    expect((await ledger(owner, { from: '2026-01-05', to: '2026-01-05' })).data).toHaveLength(2);
    expect((await ledger(owner, { to: '2026-01-04' })).data).toHaveLength(0);
    expect((await ledger(owner, { search: 'CHQ-778899' })).data).toHaveLength(1);
    expect((await ledger(owner, { search: invoice.number! })).data).toHaveLength(3);
    const name = `${tenancy.person.user.firstName} ${tenancy.person.user.lastName}`;
    expect((await ledger(owner, { search: name.slice(0, -1) })).data).toHaveLength(3);
    expect((await ledger(owner, { search: 'nobody-like-this' })).data).toHaveLength(0);
    // Another company sees none of them.
    expect((await ledger(other)).data).toHaveLength(0);
    expect((await ledger(other, { tenantId: tenancy.tenantId })).data).toHaveLength(0);
    // Bad filters are 400, never 500.
    const bad: Record<string, string>[] = [
      { status: 'lost' },
      { from: 'yesterday' },
      { tenantId: 'x' },
      { limit: '101' },
    ];
    for (const query of bad) {
      const refused = await call(app, 'GET', '/api/payments', { ...as(owner), query });
      expect(refused.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('pages: 10 by default, hasNext when more', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const t = await makeTenancy(app, company);
    const inv = await issuedInvoice(app, company, t.tenantId);
    for (let i = 0; i < 12; i += 1) {
      const paid = await call(app, 'POST', `/api/invoices/${inv._id}/payments`, {
        ...as(company),
        body: { amount: 1_000 + i, method: 'upi', reference: `UTR-${i}` },
      });
      expect(paid.statusCode, paid.body).toBe(201);
    }
    const first = await ledger(company);
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toMatchObject({ totalCount: 12, hasNext: true });
    const second = await ledger(company, { page: '2' });
    expect(second.data.map((p) => p.amount)).toEqual([1_001, 1_000]);
  });

  it('needs payments_read and a plan with it', async () => {
    const starter = await createCompany(app, { plan: 'starter' });
    const refused = await call(app, 'GET', '/api/payments', as(starter));
    expect(refused.statusCode).toBe(403);
    const designer = await addMember(app, owner, 'designer');
    const forbidden = await call(app, 'GET', '/api/payments', as(designer));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ code: string }>().code).toBe('FORBIDDEN');
    const accountant = await addMember(app, owner, 'accountant');
    expect((await call(app, 'GET', '/api/payments', as(accountant))).statusCode).toBe(200);
  });
});

describe('GET /api/payments/{id} and its receipt', () => {
  it('shows what a payment paid and renders its receipt as a PDF', async () => {
    const [latest, cheque] = (await ledger(owner)).data;
    const detail = await call(app, 'GET', `/api/payments/${cheque!._id}`, as(owner));
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ data: LedgerPaymentDetailDto }>().data).toMatchObject({
      invoiceNumber: invoice.number,
      method: 'cheque',
      reference: 'CHQ-778899',
      gatewayPaymentId: null,
      unitNumber: expect.any(String),
      propertyName: expect.stringContaining('Invoice House'),
      recordedByName: expect.any(String),
      refunds: [],
    });
    const online = (await call(app, 'GET', `/api/payments/${latest!._id}`, as(owner))).json<{
      data: LedgerPaymentDetailDto;
    }>().data;
    expect(online.gatewayPaymentId).toMatch(/^pay_/);
    expect(online.gatewayOrderId).toMatch(/^order_/);

    const receipt = await call(app, 'GET', `/api/payments/${cheque!._id}/receipt`, as(owner));
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain(cheque!.receiptNumber);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('Rupees Three Thousand Only');
    expect(text).toContain('Paid on 05 Jan 2026');
    expect(text).toContain('₹3,000.00');
  });

  it("is 404 for another company's payment and for an unknown id", async () => {
    const [row] = (await ledger(owner)).data;
    for (const url of [`/api/payments/${row!._id}`, `/api/payments/${row!._id}/receipt`]) {
      expect((await call(app, 'GET', url, as(other))).statusCode).toBe(404);
    }
    const unknown = '0190b2a4-0000-7000-8000-000000000000';
    expect((await call(app, 'GET', `/api/payments/${unknown}`, as(owner))).statusCode).toBe(404);
  });
});

describe('GET /api/payments/mine', () => {
  it("lists the signed-in tenant's own payments and their receipts, nobody else's", async () => {
    const mine = await call(app, 'GET', '/api/payments/mine', { token: tenancy.person.token });
    expect(mine.statusCode, mine.body).toBe(200);
    const rows = mine.json<{ data: LedgerPaymentDto[] }>().data;
    expect(rows).toHaveLength(3);
    const receipt = await call(app, 'GET', `/api/payments/mine/${rows[0]!._id}/receipt`, {
      token: tenancy.person.token,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another person: an empty list, and 404 for the tenant's receipt.
    const stranger = await signUp(app);
    const theirs = await call(app, 'GET', '/api/payments/mine', { token: stranger.token });
    expect(theirs.json<{ data: LedgerPaymentDto[] }>().data).toEqual([]);
    const refused = await call(app, 'GET', `/api/payments/mine/${rows[0]!._id}/receipt`, {
      token: stranger.token,
    });
    expect(refused.statusCode).toBe(404);
    // The tenant cannot read the company ledger either.
    expect((await call(app, 'GET', '/api/payments', { token: tenancy.person.token })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/payments/mine')).statusCode).toBe(401);
  });
});

describe('booking payments in the ledger', () => {
  it('writes a booking payment with its unit and, once it made the tenancy, the tenant', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const unit = await makeBookableUnit(app, company);
    const booker = await signUp(app);
    const booked = await book(app, booker, unit._id);
    expect(booked.statusCode, booked.body).toBe(201);
    const checkout = booked.json<{ data: BookingCheckoutDto }>().data;
    expect((await payInSandbox(app, booker, checkout)).statusCode).toBe(200);
    const { data } = await ledger(company);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      kind: 'booking',
      bookingId: checkout.booking._id,
      propertyId: unit.propertyId,
      unitNumber: unit.unitNumber,
      description: 'Booking payment',
    });
    expect(data[0]!.tenantId).not.toBeNull();
    const tenant = await call(app, 'GET', `/api/tenants/${data[0]!.tenantId}`, as(company));
    expect(tenant.json<{ data: TenantDto }>().data._id).toBe(data[0]!.tenantId);
    // The tenant's payments tab reads the same ledger.
    const tab = await call(app, 'GET', `/api/tenants/${data[0]!.tenantId}/payments`, as(company));
    expect(tab.json<{ data: { _id: string }[] }>().data.map((p) => p._id)).toEqual([data[0]!._id]);
  });

  it("lists invoice payments on the tenant's payments tab", async () => {
    const tab = await call(app, 'GET', `/api/tenants/${tenancy.tenantId}/payments`, as(owner));
    expect(tab.statusCode, tab.body).toBe(200);
    const rows = tab.json<{ data: { amount: number; description: string }[] }>().data;
    expect(rows.map((r) => r.amount)).toEqual([1_000_000, 300_000, 200_000]);
    expect(rows[0]!.description).toBe(`Invoice ${invoice.number}`);
  });
});
