import {
  businessDate,
  type CreditNoteDto,
  type CreditNoteListItemDto,
  financialYearOf,
  type InvoiceDetailDto,
  type LedgerPaymentDto,
  type RentalUnitDto,
  type TaxSettingsDto,
  type TenantDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany } from '../../../test/factories';
import { effectiveStatus } from '../invoices/invoices.dto';
import {
  createInvoice,
  issuedInvoice,
  KA_GSTIN,
  MH_GSTIN,
  makeTenancy,
  registerForGst,
  rentLine,
  TN_GSTIN,
} from '../invoices/invoices.testing';

let app: FastifyInstance;
const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

beforeAll(async () => {
  ({ app } = await getTestApp());
}, 60_000);

async function settings(session: CompanySession) {
  const response = await call(app, 'GET', '/api/tax-settings', as(session));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TaxSettingsDto }>().data;
}

async function detail(session: CompanySession, id: string) {
  return (await call(app, 'GET', `/api/invoices/${id}`, as(session))).json<{ data: InvoiceDetailDto }>().data;
}

async function credit(session: CompanySession, invoiceId: string, body: Record<string, unknown>) {
  return call(app, 'POST', `/api/invoices/${invoiceId}/credit-notes`, { ...as(session), body });
}

describe('tax settings', () => {
  it('starts unregistered with default series, and saves a checked GSTIN with its state', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const fresh = await settings(company);
    expect(fresh).toMatchObject({ gstin: null, stateCode: null, rate: 18, invoicePrefix: 'INV' });
    expect(fresh.nextInvoiceNumber).toMatch(/^INV\/\d{2}-\d{2}\/00001$/);
    const bad = await call(app, 'PUT', '/api/tax-settings', {
      ...as(company),
      body: { gstin: '33AAACH7409R1Z9' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect(bad.body).toMatch(/check character/);
    const longPrefix = await call(app, 'PUT', '/api/tax-settings', {
      ...as(company),
      body: { gstin: TN_GSTIN, invoicePrefix: 'RENTAL' },
    });
    expect(longPrefix.statusCode).toBe(400);
    expect(longPrefix.body).toMatch(/At most 4 characters/);
    const saved = await call(app, 'PUT', '/api/tax-settings', {
      ...as(company),
      body: { gstin: ' 33aaach7409r1z8 ', legalName: 'Chennai Rentals LLP', rate: 12, invoicePrefix: 'CHN' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: TaxSettingsDto }>().data).toMatchObject({
      gstin: TN_GSTIN,
      stateCode: '33',
      stateName: 'Tamil Nadu',
      rate: 12,
      invoicePrefix: 'CHN',
    });
    expect((await settings(company)).nextInvoiceNumber).toMatch(/^CHN\//);
  });

  it('lets a manager read and not change them; another company sees its own', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    const manager = await addMember(app, company, 'manager');
    expect((await settings(manager)).gstin).toBe(TN_GSTIN);
    const refused = await call(app, 'PUT', '/api/tax-settings', { ...as(manager), body: { gstin: null } });
    expect(refused.statusCode).toBe(403);
    const stranger = await createCompany(app, { plan: 'professional' });
    expect((await settings(stranger)).gstin).toBeNull();
  });
});

describe('tax invoices', () => {
  it('taxes a commercial unit with CGST + SGST in the supplier state and IGST in another', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    const local = await makeTenancy(app, company, { unitType: 'office' });
    const away = await makeTenancy(app, company, { unitType: 'shop', state: 'Karnataka' });
    const intra = await issuedInvoice(app, company, local.tenantId, { lineItems: [rentLine(1_00_000_00)] });
    expect(intra).toMatchObject({
      documentType: 'tax_invoice',
      placeOfSupply: { code: '33', name: 'Tamil Nadu' },
      supplierGstin: TN_GSTIN,
      reverseCharge: false,
      gstUse: 'commercial',
      taxableValue: 1_00_000_00,
      cgst: 9_000_00,
      sgst: 9_000_00,
      igst: 0,
      tax: 18_000_00,
      total: 1_18_000_00,
    });
    expect(intra.lineItems[0]).toMatchObject({
      sac: '997212',
      cgstRate: 900,
      sgstRate: 900,
      treatment: 'taxable',
    });
    const inter = await issuedInvoice(app, company, away.tenantId, { lineItems: [rentLine(50_000_00)] });
    expect(inter).toMatchObject({ placeOfSupply: { code: '29' }, igst: 9_000_00, cgst: 0, total: 59_000_00 });
  });

  it('lets a dwelling to a registered tenant be taxed on reverse charge, and exempts it otherwise', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    const home = await makeTenancy(app, company);
    const exempt = await issuedInvoice(app, company, home.tenantId, { lineItems: [rentLine(40_000_00)] });
    expect(exempt).toMatchObject({
      documentType: 'bill_of_supply',
      tax: 0,
      total: 40_000_00,
      reverseCharge: false,
    });
    expect(exempt.lineItems[0]).toMatchObject({ sac: '997211', treatment: 'exempt' });
    const billing = await call(app, 'PUT', `/api/tenants/${home.tenantId}`, {
      ...as(company),
      body: {
        gstin: ' 33aaach7409r1z8 ',
        legalName: 'Acme Staffing Pvt Ltd',
        billingAddress: '5 Anna Salai',
      },
    });
    expect(billing.statusCode, billing.body).toBe(200);
    expect(billing.json<{ data: TenantDto }>().data).toMatchObject({
      gstin: TN_GSTIN,
      legalName: 'Acme Staffing Pvt Ltd',
    });
    const badGstin = await call(app, 'PUT', `/api/tenants/${home.tenantId}`, {
      ...as(company),
      body: { gstin: 'NOT-A-GSTIN' },
    });
    expect(badGstin.statusCode).toBe(400);
    const rcm = await issuedInvoice(app, company, home.tenantId, { lineItems: [rentLine(40_000_00)] });
    expect(rcm).toMatchObject({
      documentType: 'tax_invoice',
      reverseCharge: true,
      recipientGstin: TN_GSTIN,
      recipientLegalName: 'Acme Staffing Pvt Ltd',
      tax: 0,
      total: 40_000_00,
      reverseChargeTax: 7_200_00,
      cgst: 3_600_00,
      sgst: 3_600_00,
    });
  });

  it('issues bills of supply without tax from a company that is not registered', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const shop = await makeTenancy(app, company, { unitType: 'shop' });
    const invoice = await issuedInvoice(app, company, shop.tenantId);
    expect(invoice).toMatchObject({
      documentType: 'bill_of_supply',
      supplierGstin: null,
      tax: 0,
      total: 1_500_000,
    });
    expect(invoice.lineItems[0]).toMatchObject({ treatment: 'unregistered', cgst: 0, igst: 0 });
  });

  it('follows the unit GST use: derived from the type and overridable', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    const place = await makeTenancy(app, company);
    const unit = (await call(app, 'GET', `/api/rental-units/${place.rentalUnitId}`, as(company))).json<{
      data: RentalUnitDto;
    }>().data;
    expect(unit).toMatchObject({ gstUse: 'residential', gstUseOverride: null });
    const changed = await call(app, 'PUT', `/api/rental-units/${place.rentalUnitId}`, {
      ...as(company),
      body: { gstUse: 'commercial' },
    });
    expect(changed.json<{ data: RentalUnitDto }>().data).toMatchObject({
      gstUse: 'commercial',
      gstUseOverride: 'commercial',
    });
    const taxed = await issuedInvoice(app, company, place.tenantId);
    expect(taxed.tax).toBe(2_70_000);
  });

  it('refuses a tax invoice for a property whose state is not an Indian state (409)', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    const abroad = await makeTenancy(app, company, { unitType: 'office', state: 'Bavaria' });
    const refused = await createInvoice(app, company, abroad.tenantId);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatch(/Bavaria/);
  });
});

describe('financial-year series', () => {
  it('numbers 50 concurrent issues across 31 March and 1 April in two gapless series', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company, { invoicePrefix: 'RNT' });
    const place = await makeTenancy(app, company, { unitType: 'office' });
    const dates = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? '2027-03-31' : '2027-04-01'));
    const responses = await Promise.all(
      dates.map((issueDate) =>
        createInvoice(app, company, place.tenantId, { issueDate, dueDate: '2027-04-30', send: true }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const issued = responses.map((r) => r.json<{ data: InvoiceDetailDto }>().data);
    const series = (fy: string) =>
      issued
        .filter((i) => i.financialYear === fy)
        .map((i) => i.number!)
        .sort();
    const expected = (short: string) =>
      Array.from({ length: 25 }, (_, i) => `RNT/${short}/${String(i + 1).padStart(5, '0')}`);
    expect(series('2026-27')).toEqual(expected('26-27'));
    expect(series('2027-28')).toEqual(expected('27-28'));
    for (const invoice of issued) expect(invoice.number!.length).toBeLessThanOrEqual(16);
  });

  it('reads "due today" in India: an invoice due on the Indian date is not overdue at 23:30 IST', () => {
    const row = {
      status: 'sent' as const,
      dueDate: '2027-03-31',
      total: 100,
      amountPaid: 0,
      creditedAmount: 0,
    };
    const at2330Ist = new Date('2027-03-31T18:00:00Z');
    const atNextDayIst = new Date('2027-03-31T18:40:00Z');
    expect(effectiveStatus(row, undefined)).toBeDefined();
    expect(effectiveStatus(row, '2027-03-31')).toBe('sent');
    expect(
      effectiveStatus(row, new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at2330Ist)),
    ).toBe('sent');
    expect(
      effectiveStatus(
        row,
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(atNextDayIst),
      ),
    ).toBe('overdue');
  });
});

describe('credit notes', () => {
  async function commercialInvoice() {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    const place = await makeTenancy(app, company, { unitType: 'office' });
    const invoice = await issuedInvoice(app, company, place.tenantId, { lineItems: [rentLine(1_00_000_00)] });
    return { company, place, invoice };
  }

  it('credits part of an invoice with its own number and tax, lowering the balance', async () => {
    const { company, invoice } = await commercialInvoice();
    const half = await credit(company, invoice._id, {
      reason: 'Rent waived for two weeks of repairs',
      lines: [{ description: 'Rent waiver', amount: 50_000_00 }],
    });
    expect(half.statusCode, half.body).toBe(201);
    const note = half.json<{ data: CreditNoteDto }>().data;
    expect(note.number).toBe(`CN/${financialYearOf(businessDate()).short}/00001`);
    expect(note).toMatchObject({
      invoiceId: invoice._id,
      invoiceNumber: invoice.number,
      taxableValue: 50_000_00,
      cgst: 4_500_00,
      sgst: 4_500_00,
      tax: 9_000_00,
      total: 59_000_00,
      documentType: 'tax_invoice',
    });
    expect(note.lines[0]).toMatchObject({ sac: '997212', treatment: 'taxable' });
    const after = await detail(company, invoice._id);
    expect(after).toMatchObject({ creditedAmount: 59_000_00, balance: 59_000_00, status: 'sent' });
    const list = await call(app, 'GET', '/api/credit-notes', {
      ...as(company),
      query: { invoiceId: invoice._id },
    });
    expect(list.json<{ data: CreditNoteListItemDto[] }>().data.map((n) => n.number)).toEqual([note.number]);
    for (const search of [note.number, invoice.number!, invoice.tenantName.slice(0, 6)]) {
      const found = await call(app, 'GET', '/api/credit-notes', { ...as(company), query: { search } });
      expect(
        found.json<{ data: CreditNoteListItemDto[] }>().data.map((n) => n._id),
        search,
      ).toEqual([note._id]);
    }
    const none = await call(app, 'GET', '/api/credit-notes', {
      ...as(company),
      query: { search: 'CN/99-00/00001' },
    });
    expect(none.json<{ data: unknown[] }>().data).toEqual([]);
    const pdf = await call(app, 'GET', `/api/credit-notes/${note._id}/pdf`, as(company));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('never lowers the balance below what was paid (409), and a full credit cancels the invoice', async () => {
    const { company, invoice } = await commercialInvoice();
    const paid = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...as(company),
      body: { amount: 1_00_000_00, method: 'bank_transfer', reference: 'UTR-1' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const tooMuch = await credit(company, invoice._id, {
      reason: 'x',
      lines: [{ description: 'Too much', amount: 20_000_00 }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.body).toMatch(/below what was paid/);
    const full = await credit(company, invoice._id, { reason: 'x', fullAmount: true });
    expect(full.statusCode).toBe(409);
    const fits = await credit(company, invoice._id, {
      reason: 'Discount',
      lines: [{ description: 'Discount', amount: 10_000_00 }],
    });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await detail(company, invoice._id)).toMatchObject({ balance: 6_200_00, status: 'partially_paid' });

    const other = await commercialInvoice();
    const cancel = await credit(other.company, other.invoice._id, {
      reason: 'Issued in error',
      fullAmount: true,
    });
    expect(cancel.statusCode, cancel.body).toBe(201);
    expect(cancel.json<{ data: CreditNoteDto }>().data).toMatchObject({ total: 1_18_000_00, cgst: 9_000_00 });
    expect(await detail(other.company, other.invoice._id)).toMatchObject({ status: 'cancelled', balance: 0 });
    const again = await credit(other.company, other.invoice._id, { reason: 'again', fullAmount: true });
    expect(again.statusCode).toBe(409);
    const edit = await call(app, 'PUT', `/api/invoices/${other.invoice._id}`, {
      ...as(other.company),
      body: { lineItems: [rentLine(1)] },
    });
    expect(edit.statusCode).toBe(409);
    const remove = await call(app, 'DELETE', `/api/invoices/${other.invoice._id}`, as(other.company));
    expect(remove.statusCode).toBe(409);
  });

  it('voids an issued invoice by issuing a full credit note', async () => {
    const { company, invoice } = await commercialInvoice();
    const voided = await call(app, 'POST', `/api/invoices/${invoice._id}/void`, {
      ...as(company),
      body: { reason: 'Wrong tenant' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json<{ data: InvoiceDetailDto }>().data).toMatchObject({ status: 'void', balance: 0 });
    const notes = await call(app, 'GET', '/api/credit-notes', {
      ...as(company),
      query: { invoiceId: invoice._id },
    });
    const [note] = notes.json<{ data: CreditNoteListItemDto[] }>().data;
    expect(note).toMatchObject({ reason: 'Wrong tenant', total: invoice.total });
  });

  it('refuses drafts and another company (404 for its ids)', async () => {
    const { company, place, invoice } = await commercialInvoice();
    const draft = (await createInvoice(app, company, place.tenantId)).json<{ data: InvoiceDetailDto }>().data;
    expect((await credit(company, draft._id, { reason: 'x', fullAmount: true })).statusCode).toBe(409);
    const stranger = await createCompany(app, { plan: 'professional' });
    expect((await credit(stranger, invoice._id, { reason: 'x', fullAmount: true })).statusCode).toBe(404);
    const made = await credit(company, invoice._id, {
      reason: 'y',
      lines: [{ description: 'y', amount: 100 }],
    });
    const noteId = made.json<{ data: CreditNoteDto }>().data._id;
    expect((await call(app, 'GET', `/api/credit-notes/${noteId}`, as(stranger))).statusCode).toBe(404);
    const theirs = await call(app, 'GET', '/api/credit-notes', as(stranger));
    expect(theirs.json<{ data: unknown[] }>().data).toEqual([]);
    const bad = await credit(company, invoice._id, { reason: 'x', fullAmount: true, lines: [] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('receipts and back-dated payments', () => {
  it('numbers each payment from the receipt series of the year it was paid in; never a future date', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company, { receiptPrefix: 'RC' });
    const place = await makeTenancy(app, company);
    const invoice = await issuedInvoice(app, company, place.tenantId, { issueDate: '2026-03-01' });
    const pay = (body: Record<string, unknown>) =>
      call(app, 'POST', `/api/invoices/${invoice._id}/payments`, { ...as(company), body });
    expect((await pay({ amount: 100, method: 'cash', paidAt: '2099-01-01' })).statusCode).toBe(400);
    expect((await pay({ amount: 100, method: 'cash', paidAt: '2026-03-31' })).statusCode).toBe(201);
    expect((await pay({ amount: 100, method: 'cash', paidAt: '2026-04-02' })).statusCode).toBe(201);
    expect((await pay({ amount: 100, method: 'upi', paidAt: '2026-03-30' })).statusCode).toBe(201);
    const ledger = await call(app, 'GET', '/api/payments', { ...as(company), query: { sortOrder: 'asc' } });
    const rows = ledger.json<{ data: LedgerPaymentDto[] }>().data;
    const byDate = Object.fromEntries(rows.map((r) => [r.paidAt.slice(0, 10), r.receiptNumber]));
    expect(byDate).toEqual({
      '2026-03-31': 'RC/25-26/00001',
      '2026-04-02': 'RC/26-27/00001',
      '2026-03-30': 'RC/25-26/00002',
    });
  });
});

describe('payment dates', () => {
  it("takes today's date at any hour (a date alone is not midday ahead of now)", async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const place = await makeTenancy(app, company);
    const invoice = await issuedInvoice(app, company, place.tenantId);
    const paid = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...as(company),
      body: { amount: 100, method: 'cash', paidAt: businessDate() },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });
});

describe('rent run proration', () => {
  it('bills the first month by the days occupied', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company, { gstin: KA_GSTIN });
    await makeTenancy(app, company, {
      unitType: 'office',
      state: 'Maharashtra',
      rentAmount: 30_000_00,
      moveInDate: '2026-06-21',
    });
    const run = await call(app, 'POST', '/api/invoices/generate-rent', {
      ...as(company),
      body: { month: '2026-06' },
    });
    expect(run.statusCode, run.body).toBe(200);
    const list = await call(app, 'GET', '/api/invoices', { ...as(company), query: { period: '2026-06' } });
    const [row] = list.json<{ data: InvoiceDetailDto[] }>().data;
    const invoice = await detail(company, row!._id);
    // 21–30 June: 10 of 30 days; inter-state (Karnataka GSTIN, Maharashtra property): IGST 18 %
    expect(invoice.lineItems[0]).toMatchObject({
      description: 'Rent for June 2026 (10 of 30 days)',
      amount: 10_000_00,
    });
    expect(invoice).toMatchObject({ igst: 1_800_00, total: 11_800_00, placeOfSupply: { code: '27' } });
    expect(MH_GSTIN).toHaveLength(15);
  });
});
