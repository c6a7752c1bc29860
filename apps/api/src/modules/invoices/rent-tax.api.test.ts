import type { InvoiceDetailDto, LedgerPaymentDto, RentReceiptsDto, TdsDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany } from '../../../test/factories';
import { multipart } from '../uploads/uploads.testing';
import { issuedInvoice, makeTenancy, pdfText, rentLine } from './invoices.testing';

let app: FastifyInstance;
const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

beforeAll(async () => {
  ({ app } = await getTestApp());
}, 60_000);

async function setPan(owner: CompanySession, pan: string | null) {
  const saved = await call(app, 'PUT', '/api/tax-settings', {
    ...as(owner),
    body: { gstin: null, legalName: 'Landlord Estates LLP', pan },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ data: { pan: string | null } }>().data;
}

function pay(owner: CompanySession, invoiceId: string, body: Record<string, unknown>) {
  return call(app, 'POST', `/api/invoices/${invoiceId}/payments`, { ...as(owner), body });
}

/** A tenancy paying `months` invoices of rent (₹rent) and maintenance (₹2,000) in FY 2026-27. */
async function payingTenancy(
  owner: CompanySession,
  rent: number,
  payments: { date: string; method: string }[],
) {
  const tenancy = await makeTenancy(app, owner);
  for (const [i, p] of payments.entries()) {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId, {
      issueDate: p.date,
      lineItems: [
        rentLine(rent),
        { description: 'Maintenance', quantity: 1, unitPrice: 200_000, kind: 'maintenance' },
      ],
    });
    const paid = await pay(owner, invoice._id, {
      amount: invoice.total,
      method: p.method,
      paidAt: p.date,
      reference: `UTR-${i}-${p.date}`,
    });
    expect(paid.statusCode, paid.body).toBe(201);
  }
  return tenancy;
}

describe('company PAN in tax settings', () => {
  it('keeps a valid PAN, refuses a malformed one and removes it when empty', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    expect((await setPan(owner, 'aabcl1234k')).pan).toBe('AABCL1234K');
    const bad = await call(app, 'PUT', '/api/tax-settings', {
      ...as(owner),
      body: { gstin: null, pan: 'AAB1234' },
    });
    expect(bad.statusCode).toBe(400);
    // A PUT without the field keeps the stored PAN.
    const kept = await call(app, 'PUT', '/api/tax-settings', {
      ...as(owner),
      body: { gstin: null, legalName: 'X' },
    });
    expect(kept.json<{ data: { pan: string } }>().data.pan).toBe('AABCL1234K');
    expect((await setPan(owner, '')).pan).toBeNull();
  });
});

describe('GET /api/tenants/{id}/rent-receipts', () => {
  it('counts the rent share of each payment by month, with dates and references', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    await setPan(owner, 'AABCL1234K');
    const tenancy = await payingTenancy(owner, 1_500_000, [
      { date: '2026-05-03', method: 'upi' },
      { date: '2026-06-04', method: 'cash' },
    ]);
    const response = await call(
      app,
      'GET',
      `/api/tenants/${tenancy.tenantId}/rent-receipts?fy=2026-27`,
      as(owner),
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: RentReceiptsDto }>().data;
    expect(data.months).toHaveLength(12);
    expect(data.months[0]!.month).toBe('2026-04');
    const may = data.months.find((m) => m.month === '2026-05')!;
    expect(may.rentPaid).toBe(1_500_000);
    expect(may.payments[0]).toMatchObject({
      amount: 1_700_000,
      rent: 1_500_000,
      reference: 'UTR-0-2026-05-03',
    });
    expect(data.months.find((m) => m.month === '2026-06')!.cashRent).toBe(1_500_000);
    expect(data.total).toBe(3_000_000);
    expect(data).toMatchObject({
      landlordName: 'Landlord Estates LLP',
      landlordPan: 'AABCL1234K',
      panRequired: false,
    });
  });

  it('answers 422 above ₹1,00,000 of rent a year without a landlord PAN, and the receipts once it is given', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const tenancy = await payingTenancy(owner, 6_000_000, [
      { date: '2026-04-10', method: 'bank_transfer' },
      { date: '2026-11-05', method: 'cash' },
    ]);
    const url = `/api/tenants/${tenancy.tenantId}/rent-receipts`;
    const refused = await call(app, 'GET', `${url}?fy=2026-27`, as(owner));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'UNPROCESSABLE' });
    expect(refused.json().error).toMatch(/PAN/);
    expect((await call(app, 'GET', `${url}/pdf?fy=2026-27`, as(owner))).statusCode).toBe(422);

    await setPan(owner, 'AABCL1234K');
    const annual = await call(app, 'GET', `${url}/pdf?fy=2026-27`, as(owner));
    expect(annual.statusCode, annual.body).toBe(200);
    expect(annual.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(annual.rawPayload);
    expect(text).toContain('ANNUAL RENT STATEMENT');
    expect(text).toContain('AABCL1234K');
    expect(text).toContain('₹1,20,000.00');
    expect(text).toContain('Rupees One Lakh Twenty Thousand Only');
    expect(text).toContain('Test User');

    const month = await call(app, 'GET', `${url}/pdf?month=2026-11`, as(owner));
    expect(month.statusCode, month.body).toBe(200);
    const monthText = await pdfText(month.rawPayload);
    expect(monthText).toContain('RENT RECEIPT');
    expect(monthText).toContain('Nov 2026');
    expect(monthText).toContain('₹60,000.00');
    expect(monthText).toContain('Rupees Sixty Thousand Only');
    expect(monthText).toContain('UTR-1-2026-11-05');
    expect(monthText).toContain('revenue stamp');
  });

  it('refuses a bad financial year and a query with both fy and month (400)', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const tenancy = await makeTenancy(app, owner);
    const url = `/api/tenants/${tenancy.tenantId}/rent-receipts`;
    expect((await call(app, 'GET', `${url}?fy=2026-28`, as(owner))).statusCode).toBe(400);
    expect((await call(app, 'GET', `${url}/pdf?fy=2026-27&month=2026-11`, as(owner))).statusCode).toBe(400);
    expect((await call(app, 'GET', `${url}/pdf`, as(owner))).statusCode).toBe(400);
    // Years without a date PostgreSQL or the PDF can write were a 500 (found by the fuzz test): 2000 to 2099 only.
    for (const query of ['fy=0000-01', 'fy=9999-00', 'fy=1899-00', 'month=0000-01', 'month=9999-12']) {
      const refused = await call(app, 'GET', `${url}/pdf?${query}`, as(owner));
      expect(refused.statusCode, `${query}: ${refused.body}`).toBe(400);
    }
    expect((await call(app, 'GET', `${url}?fy=9999-00`, as(owner))).statusCode).toBe(400);
    expect((await call(app, 'GET', `${url}?fy=2099-00`, as(owner))).statusCode).toBe(200);
    expect((await call(app, 'GET', `${url}/pdf?month=2000-01`, as(owner))).statusCode).toBe(200);
  });

  it("answers 404 for another company's tenancy", async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const other = await createCompany(app, { plan: 'enterprise' });
    const tenancy = await makeTenancy(app, owner);
    const url = `/api/tenants/${tenancy.tenantId}/rent-receipts`;
    expect((await call(app, 'GET', `${url}?fy=2026-27`, as(other))).statusCode).toBe(404);
    expect((await call(app, 'GET', `${url}/pdf?fy=2026-27`, as(other))).statusCode).toBe(404);
  });
});

describe('GET /api/tenants/me/{id}/rent-receipts', () => {
  it("gives the tenant their own receipts and nobody else's (404)", async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const mine = await payingTenancy(owner, 1_500_000, [{ date: '2026-07-01', method: 'upi' }]);
    const theirs = await makeTenancy(app, owner);
    const own = await call(app, 'GET', `/api/tenants/me/${mine.tenantId}/rent-receipts?fy=2026-27`, {
      token: mine.person.token,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ data: RentReceiptsDto }>().data.total).toBe(1_500_000);
    const pdf = await call(app, 'GET', `/api/tenants/me/${mine.tenantId}/rent-receipts/pdf?fy=2026-27`, {
      token: mine.person.token,
    });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('₹15,000.00');
    for (const path of ['rent-receipts?fy=2026-27', 'rent-receipts/pdf?month=2026-07']) {
      const other = await call(app, 'GET', `/api/tenants/me/${theirs.tenantId}/${path}`, {
        token: mine.person.token,
      });
      expect(other.statusCode).toBe(404);
    }
    // The tenant is no staff member: the staff route is closed to them.
    const staff = await call(app, 'GET', `/api/tenants/${mine.tenantId}/rent-receipts?fy=2026-27`, {
      token: mine.person.token,
      companyId: owner.companyId,
    });
    expect(staff.statusCode).toBe(403);
  });
});

describe('TDS on rent', () => {
  async function invoiceOf(owner: CompanySession, amount = 5_000_000) {
    const tenancy = await makeTenancy(app, owner);
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId, { lineItems: [rentLine(amount)] });
    return { tenancy, invoice };
  }
  const tds = (amount: number, section = '194IB', rate = 2) => ({ section, rate, amount });

  it('settles an invoice by money and TDS together; the ledger and stats count the money only', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const { tenancy, invoice } = await invoiceOf(owner);
    const paid = await pay(owner, invoice._id, {
      amount: 4_900_000,
      method: 'bank_transfer',
      reference: 'UTR-TDS-1',
      tds: tds(100_000),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<{ data: InvoiceDetailDto }>().data).toMatchObject({ status: 'paid', balance: 0 });

    const ledger = await call(app, 'GET', `/api/payments?tenantId=${tenancy.tenantId}`, as(owner));
    const rows = ledger.json<{ data: LedgerPaymentDto[] }>().data;
    expect(rows.map((r) => r.amount)).toEqual([4_900_000]);

    const list = await call(app, 'GET', '/api/payments/tds?fy=2026-27', as(owner));
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json<{ data: TdsDto[] }>().data;
    expect(row).toMatchObject({
      tenantId: tenancy.tenantId,
      invoiceId: invoice._id,
      section: '194IB',
      rate: 2,
      amount: 100_000,
      paymentAmount: 4_900_000,
      status: 'certificate_pending',
      certificateFileName: null,
    });
  });

  it('refuses TDS above what the rate allows on the payment (400) and more than the balance (409)', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const { invoice } = await invoiceOf(owner);
    // 2 % of (48,900 + 1,100) = 1,000: 1,100 is too much.
    const over = await pay(owner, invoice._id, { amount: 4_890_000, method: 'upi', tds: tds(110_000) });
    expect(over.statusCode).toBe(400);
    expect(over.json().details[0].path).toBe('tds.amount');
    const beyond = await pay(owner, invoice._id, { amount: 4_950_000, method: 'upi', tds: tds(100_000) });
    expect(beyond.statusCode).toBe(409);
    const badSection = await pay(owner, invoice._id, { amount: 100, method: 'upi', tds: tds(1, '194J') });
    expect(badSection.statusCode).toBe(400);
  });

  it('records a payment with its TDS once: the same reference again answers 409 and keeps one row', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const { invoice } = await invoiceOf(owner);
    const body = { amount: 2_450_000, method: 'cheque', reference: 'CHQ-77', tds: tds(50_000, '194I', 10) };
    const [a, b] = await Promise.all([pay(owner, invoice._id, body), pay(owner, invoice._id, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const list = await call(app, 'GET', '/api/payments/tds?fy=2026-27', as(owner));
    expect(list.json<{ data: TdsDto[] }>().data).toHaveLength(1);
    const detail = await call(app, 'GET', `/api/invoices/${invoice._id}`, as(owner));
    expect(detail.json<{ data: InvoiceDetailDto }>().data.amountPaid).toBe(2_500_000);
  });

  it('takes a PDF certificate, marks it received, lists pending first; refuses other files and companies', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const other = await createCompany(app, { plan: 'enterprise' });
    const first = await invoiceOf(owner);
    const second = await invoiceOf(owner);
    for (const { invoice } of [first, second]) {
      const paid = await pay(owner, invoice._id, { amount: 4_900_000, method: 'upi', tds: tds(100_000) });
      expect(paid.statusCode, paid.body).toBe(201);
    }
    const list = async (session = owner) =>
      (await call(app, 'GET', '/api/payments/tds?fy=2026-27', as(session))).json<{ data: TdsDto[] }>().data;
    const target = (await list()).find((r) => r.invoiceId === first.invoice._id)!;
    const upload = (session: CompanySession, data: Buffer, id = target._id) => {
      const form = multipart([
        { field: 'certificate', filename: 'form16c.pdf', contentType: 'application/pdf', data },
      ]);
      return app.inject({
        method: 'POST',
        url: `/api/payments/${id}/tds-certificate`,
        headers: {
          authorization: `Bearer ${session.token}`,
          'x-company-id': session.companyId,
          ...form.headers,
        },
        payload: form.payload,
      });
    };
    expect((await upload(owner, Buffer.from('not a pdf at all'))).statusCode).toBe(415);
    expect((await upload(other, Buffer.from('%PDF-1.4 other'))).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/payments/tds?fy=2026-27', as(other))).json().data).toEqual([]);

    const done = await upload(owner, Buffer.from('%PDF-1.4 Form 16C'));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ data: TdsDto }>().data).toMatchObject({
      status: 'certificate_received',
      certificateFileName: 'form16c.pdf',
    });
    const rows = await list();
    expect(rows.map((r) => r.status)).toEqual(['certificate_pending', 'certificate_received']);
    const file = await call(app, 'GET', `/api/payments/tds/${target._id}/certificate`, as(owner));
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Form 16C');
    expect(
      (await call(app, 'GET', `/api/payments/tds/${target._id}/certificate`, as(other))).statusCode,
    ).toBe(404);
  });

  it('counts TDS as rent paid on the HRA receipts', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const { tenancy, invoice } = await invoiceOf(owner, 5_000_000);
    await setPan(owner, 'AABCL1234K');
    const paid = await pay(owner, invoice._id, { amount: 4_900_000, method: 'upi', tds: tds(100_000) });
    expect(paid.statusCode).toBe(201);
    const receipts = await call(
      app,
      'GET',
      `/api/tenants/${tenancy.tenantId}/rent-receipts?fy=2026-27`,
      as(owner),
    );
    expect(receipts.json<{ data: RentReceiptsDto }>().data.total).toBe(5_000_000);
  });
});
