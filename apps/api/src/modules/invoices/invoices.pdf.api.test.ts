import type { CreditNoteDto, LedgerPaymentDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany } from '../../../test/factories';
import {
  issuedInvoice,
  KA_GSTIN,
  MH_GSTIN,
  makeTenancy,
  pdfText,
  registerForGst,
  rentLine,
  TN_GSTIN,
} from './invoices.testing';

let app: FastifyInstance;

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

beforeAll(async () => {
  ({ app } = await getTestApp());
}, 60_000);

/** The text of a PDF the API serves at `url`. */
async function pdfAt(session: CompanySession, url: string): Promise<string> {
  const response = await call(app, 'GET', url, as(session));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return await pdfText(response.rawPayload);
}

/** Gives the tenancy a GSTIN and a legal name (a registered recipient). */
async function registerTenant(session: CompanySession, tenantId: string, gstin: string) {
  const saved = await call(app, 'PUT', `/api/tenants/${tenantId}`, {
    ...as(session),
    body: { gstin, legalName: 'Tenant Traders LLP', billingAddress: '7 Market Street, Mumbai' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A registered company (Tamil Nadu unless `gstin` says otherwise), an issued invoice and its PDF's text. */
async function taxInvoice(options: {
  gstin?: string;
  unitType?: string;
  recipientGstin?: string;
  lineItems?: unknown[];
}) {
  const owner = await createCompany(app, { plan: 'professional' });
  await registerForGst(app, owner, options.gstin ? { gstin: options.gstin } : {});
  const tenancy = await makeTenancy(app, owner, { unitType: options.unitType ?? 'office' });
  if (options.recipientGstin) await registerTenant(owner, tenancy.tenantId, options.recipientGstin);
  const invoice = await issuedInvoice(app, owner, tenancy.tenantId, {
    lineItems: options.lineItems ?? [rentLine(12_345_670)],
  });
  const text = await pdfAt(owner, `/api/invoices/${invoice._id}/pdf`);
  return { owner, tenancy, invoice, text };
}

describe('GET /api/invoices/{id}/pdf as a GST document', () => {
  it('lays a commercial intra-state invoice out as a tax invoice with CGST and SGST', async () => {
    const { invoice, text } = await taxInvoice({
      recipientGstin: MH_GSTIN,
      lineItems: [
        rentLine(12_345_670),
        { description: 'Security deposit', quantity: 1, unitPrice: 50_000, kind: 'deposit' },
      ],
    });
    expect(invoice).toMatchObject({ documentType: 'tax_invoice', cgst: 1_111_110, sgst: 1_111_110 });
    for (const expected of [
      'TAX INVOICE',
      'Test Estates Pvt Ltd',
      '1 Mount Road, Chennai',
      `GSTIN: ${TN_GSTIN}`,
      invoice.number!,
      'Financial year',
      '2025-26',
      'Tenant Traders LLP',
      '7 Market Street, Mumbai',
      `GSTIN: ${MH_GSTIN}`,
      'Place of supply: 33-Tamil Nadu',
      'Inter-state supply: No',
      '997212',
      'CGST (₹)',
      '9%',
      '1,23,456.70',
      '11,111.10',
      'Not a supply',
      'Taxable value',
      '₹1,23,456.70',
      'CGST @ 9%',
      'SGST @ 9%',
      '₹11,111.10',
      'Deposit (not a supply)',
      '₹1,46,178.90',
      'Tax payable on reverse charge: No',
      'Balance due',
      'Amount in words: Rupees One Lakh Forty-Six Thousand One Hundred Seventy-Eight and Ninety Paise Only',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
  });

  it('charges IGST when the supplier is registered in another state than the property', async () => {
    const { invoice, text } = await taxInvoice({ gstin: KA_GSTIN, lineItems: [rentLine(1_500_000)] });
    expect(invoice).toMatchObject({ igst: 270_000, cgst: 0, total: 1_770_000 });
    for (const expected of [
      'TAX INVOICE',
      `GSTIN: ${KA_GSTIN}`,
      'GSTIN: Unregistered',
      'Place of supply: 33-Tamil Nadu',
      'Inter-state supply: Yes',
      'IGST (₹)',
      '18%',
      'IGST @ 18%',
      '₹2,700.00',
      '₹17,700.00',
      'Rupees Seventeen Thousand Seven Hundred Only',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');
  });

  it('states reverse charge and the tax the recipient owes, outside the total, for a dwelling let to a registered tenant', async () => {
    const { invoice, text } = await taxInvoice({
      unitType: '1bhk',
      recipientGstin: MH_GSTIN,
      lineItems: [rentLine(1_500_000)],
    });
    expect(invoice).toMatchObject({ reverseCharge: true, reverseChargeTax: 270_000, total: 1_500_000 });
    for (const expected of [
      'TAX INVOICE',
      '997211',
      'Tax payable on reverse charge: Yes',
      'Tax payable by the recipient on reverse charge: ₹2,700.00 (CGST ₹1,350.00 + SGST ₹1,350.00)',
      '₹15,000.00',
      'Rupees Fifteen Thousand Only',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('₹17,700.00');
  });

  it('issues a bill of supply from an unregistered company, and for an exempt dwelling', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    const tenancy = await makeTenancy(app, owner, { unitType: 'office' });
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    expect(invoice.documentType).toBe('bill_of_supply');
    const text = await pdfAt(owner, `/api/invoices/${invoice._id}/pdf`);
    for (const expected of [
      'BILL OF SUPPLY',
      invoice.number!,
      'Composition/unregistered supplier: no tax charged',
      'No tax',
      '₹15,000.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('TAX INVOICE');
    expect(text).not.toContain('reverse charge');

    const exempt = await taxInvoice({ unitType: '1bhk', lineItems: [rentLine(1_500_000)] });
    expect(exempt.invoice.documentType).toBe('bill_of_supply');
    for (const expected of [
      'BILL OF SUPPLY',
      `GSTIN: ${TN_GSTIN}`,
      'Exempt',
      'Exempt supply of residential dwelling (SAC 997211)',
    ]) {
      expect(exempt.text).toContain(expected);
    }
  });
});

describe('GET /api/credit-notes/{id}/pdf', () => {
  it('renders a credit note against its invoice with SAC, tax columns, totals and amount in words', async () => {
    const { owner, invoice } = await taxInvoice({ lineItems: [rentLine(1_500_000)] });
    const issued = await call(app, 'POST', `/api/invoices/${invoice._id}/credit-notes`, {
      ...as(owner),
      body: {
        reason: 'Rent reduced for repairs',
        lines: [{ description: 'Rent reduction', amount: 500_000 }],
      },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const note = issued.json<{ data: CreditNoteDto }>().data;
    const text = await pdfAt(owner, `/api/credit-notes/${note._id}/pdf`);
    for (const expected of [
      'CREDIT NOTE',
      note.number,
      `Issued against invoice ${invoice.number} of 01 Jan 2026.`,
      'Reason: Rent reduced for repairs',
      `GSTIN: ${TN_GSTIN}`,
      'Place of supply: 33-Tamil Nadu',
      'Rent reduction',
      '997212',
      'CGST @ 9%',
      '₹450.00',
      'Total credited',
      '₹5,900.00',
      'Tax payable on reverse charge: No',
      'Rupees Five Thousand Nine Hundred Only',
    ]) {
      expect(text).toContain(expected);
    }
    // The invoice's PDF shows the credit and the balance left.
    const invoiceText = await pdfAt(owner, `/api/invoices/${invoice._id}/pdf`);
    expect(invoiceText).toContain('Credit notes');
    expect(invoiceText).toContain('-₹5,900.00');
    expect(invoiceText).toContain('₹11,800.00');
  });
});

describe('GET /api/payments/{id}/receipt', () => {
  it('shows the receipt number and the day in India the money was paid, back-dated', async () => {
    const { owner, invoice } = await taxInvoice({ lineItems: [rentLine(1_500_000)] });
    // 20:00 UTC on 31 March is already 1 April in India: the next financial year's series.
    const recorded = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...as(owner),
      body: { amount: 1_000_000, method: 'cash', reference: 'CASH-1', paidAt: '2026-03-31T20:00:00Z' },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const back = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...as(owner),
      body: { amount: 500_000, method: 'upi', reference: 'UPI-2', paidAt: '2026-02-14' },
    });
    expect(back.statusCode, back.body).toBe(201);
    const ledger = await call(app, 'GET', '/api/payments', { ...as(owner), query: { sortOrder: 'asc' } });
    const rows = ledger.json<{ data: LedgerPaymentDto[] }>().data;
    const april = rows.find((r) => r.reference === 'CASH-1')!;
    const february = rows.find((r) => r.reference === 'UPI-2')!;
    expect(april.receiptNumber).toMatch(/^RCT\/26-27\/\d{5}$/);
    expect(february.receiptNumber).toMatch(/^RCT\/25-26\/\d{5}$/);

    const text = await pdfAt(owner, `/api/payments/${april._id}/receipt`);
    for (const expected of [
      'PAYMENT RECEIPT',
      `Receipt no. ${april.receiptNumber}`,
      'Paid on 01 Apr 2026',
      `Invoice ${invoice.number}`,
      '₹10,000.00',
      'Rupees Ten Thousand Only',
    ]) {
      expect(text).toContain(expected);
    }
    const earlier = await pdfAt(owner, `/api/payments/${february._id}/receipt`);
    expect(earlier).toContain(`Receipt no. ${february.receiptNumber}`);
    expect(earlier).toContain('Paid on 14 Feb 2026');
  });
});
