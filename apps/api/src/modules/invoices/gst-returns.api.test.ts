import { businessDate, type CreditNoteDto, type Gstr1Dto, type InvoiceDetailDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany } from '../../../test/factories';
import {
  createInvoice,
  issuedInvoice,
  KA_GSTIN,
  MH_GSTIN,
  makeTenancy,
  registerForGst,
  rentLine,
  TN_GSTIN,
} from './invoices.testing';

let app: FastifyInstance;
let owner: CompanySession;
let other: CompanySession;

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

/** The current month in India: credit notes are dated today, so the month's documents are dated in it. */
const today = businessDate();
const PERIOD = today.slice(0, 7);
const FIRST = `${PERIOD}-01`;
const previousMonth = (() => {
  const [y, m] = PERIOD.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 2, 1));
  return d.toISOString().slice(0, 10);
})();

const deposit = (unitPrice: number) => ({
  description: 'Security deposit',
  quantity: 1,
  unitPrice,
  kind: 'deposit',
});

async function tenancy(
  session: CompanySession,
  opts: { unitType?: string; state?: string; gstin?: string; legalName?: string } = {},
) {
  const t = await makeTenancy(app, session, { unitType: opts.unitType, state: opts.state });
  if (opts.gstin) {
    const set = await call(app, 'PUT', `/api/tenants/${t.tenantId}`, {
      ...as(session),
      body: {
        gstin: opts.gstin,
        legalName: opts.legalName ?? 'Registered Tenant Pvt Ltd',
        billingAddress: 'Somewhere',
      },
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  return t.tenantId;
}

async function credit(session: CompanySession, invoiceId: string, amount: number): Promise<CreditNoteDto> {
  const res = await call(app, 'POST', `/api/invoices/${invoiceId}/credit-notes`, {
    ...as(session),
    body: { reason: 'Rent reduced', lines: [{ description: 'Reduction', amount }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: CreditNoteDto }>().data;
}

const gstr1 = (session: CompanySession, query: Record<string, string>) =>
  call(app, 'GET', '/api/gst/gstr1', { ...as(session), query });

const issued = (tenantId: string, lineItems: unknown[]) =>
  issuedInvoice(app, owner, tenantId, { issueDate: FIRST, lineItems });

let docs: {
  b2b: InvoiceDetailDto;
  b2cs: InvoiceDetailDto;
  inter: InvoiceDetailDto;
  rcm: InvoiceDetailDto;
  exempt: InvoiceDetailDto;
};
let notes: CreditNoteDto[];
let foreign: InvoiceDetailDto;
let outside: InvoiceDetailDto;
let draftId: string;

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'professional' });
  other = await createCompany(app, { plan: 'professional' });
  await registerForGst(app, owner); // Tamil Nadu (33), 18 %
  await registerForGst(app, other);

  const registeredOffice = await tenancy(owner, {
    unitType: 'office',
    gstin: KA_GSTIN,
    legalName: 'Bangalore Traders Pvt Ltd',
  });
  const unregisteredOffice = await tenancy(owner, { unitType: 'office' });
  const karnatakaOffice = await tenancy(owner, {
    unitType: 'office',
    state: 'Karnataka',
    gstin: MH_GSTIN,
    legalName: 'Mumbai Co LLP',
  });
  const registeredFlat = await tenancy(owner, { gstin: KA_GSTIN, legalName: 'Flat Lessee Ltd' });
  const unregisteredFlat = await tenancy(owner);

  docs = {
    b2b: await issued(registeredOffice, [rentLine(1_000_000)]),
    b2cs: await issued(unregisteredOffice, [rentLine(500_050)]),
    inter: await issued(karnatakaOffice, [rentLine(300_000)]),
    rcm: await issued(registeredFlat, [rentLine(200_000)]),
    exempt: await issued(unregisteredFlat, [rentLine(150_000), deposit(2_000_000)]),
  };
  notes = [await credit(owner, docs.b2b._id, 100_000), await credit(owner, docs.b2cs._id, 50_000)];
  // Left out: an invoice of the month before and a draft of this month.
  outside = await issuedInvoice(app, owner, unregisteredOffice, {
    issueDate: previousMonth,
    lineItems: [rentLine(700_000)],
  });
  const draft = await createInvoice(app, owner, unregisteredOffice, {
    issueDate: FIRST,
    lineItems: [rentLine(900_000)],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  draftId = draft.json<{ data: InvoiceDetailDto }>().data._id;
  // Another company's invoice of the same month.
  foreign = await issuedInvoice(app, other, await tenancy(other, { unitType: 'office' }), {
    issueDate: FIRST,
    lineItems: [rentLine(400_000)],
  });
}, 120_000);

async function month(): Promise<Gstr1Dto> {
  const res = await gstr1(owner, { period: PERIOD });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Gstr1Dto }>().data;
}

describe('GET /api/gst/gstr1 (JSON)', () => {
  it('files each supply in its section, to the paisa', async () => {
    const dto = await month();
    expect(dto).toMatchObject({ period: PERIOD, gstin: TN_GSTIN, legalName: 'Test Estates Pvt Ltd' });
    expect(notes.map((n) => n.issueDate)).toEqual([today, today]);
    const tax = (rate: number, taxableValue: number, igst: number, cgst: number, sgst: number) => ({
      rate,
      taxableValue,
      igst,
      cgst,
      sgst,
      cess: 0,
    });
    expect(dto.b2b).toEqual([
      {
        recipientGstin: KA_GSTIN,
        recipientName: 'Bangalore Traders Pvt Ltd',
        invoiceId: docs.b2b._id,
        invoiceNumber: docs.b2b.number,
        invoiceDate: FIRST,
        invoiceValue: 1_180_000,
        placeOfSupply: '33-Tamil Nadu',
        reverseCharge: false,
        invoiceType: 'Regular B2B',
        ...tax(18, 1_000_000, 0, 90_000, 90_000),
      },
      expect.objectContaining({
        recipientGstin: MH_GSTIN,
        invoiceId: docs.inter._id,
        invoiceValue: 354_000,
        placeOfSupply: '29-Karnataka',
        reverseCharge: false,
        ...tax(18, 300_000, 54_000, 0, 0),
      }),
      expect.objectContaining({
        recipientName: 'Flat Lessee Ltd',
        invoiceId: docs.rcm._id,
        invoiceValue: 200_000,
        reverseCharge: true,
        ...tax(18, 200_000, 0, 18_000, 18_000),
      }),
    ]);
    // 5,000.50 at 9 % = 450.045 → 450.05 each, less the credit note of 500 (45 + 45).
    expect(dto.b2cs).toEqual([
      { type: 'OE', placeOfSupply: '33-Tamil Nadu', ...tax(18, 450_050, 0, 40_505, 40_505) },
    ]);
    expect(dto.cdnr).toEqual([
      {
        recipientGstin: KA_GSTIN,
        recipientName: 'Bangalore Traders Pvt Ltd',
        creditNoteId: notes[0]!._id,
        noteNumber: notes[0]!.number,
        noteDate: today,
        noteType: 'C',
        placeOfSupply: '33-Tamil Nadu',
        reverseCharge: false,
        noteSupplyType: 'Regular B2B',
        noteValue: 118_000,
        ...tax(18, 100_000, 0, 9_000, 9_000),
      },
    ]);
    expect(dto.exemp).toEqual([
      { description: 'Inter-State supplies to registered persons', nilRated: 0, exempted: 0, nonGst: 0 },
      { description: 'Intra-State supplies to registered persons', nilRated: 0, exempted: 0, nonGst: 0 },
      { description: 'Inter-State supplies to unregistered persons', nilRated: 0, exempted: 0, nonGst: 0 },
      {
        description: 'Intra-State supplies to unregistered persons',
        nilRated: 0,
        exempted: 150_000,
        nonGst: 2_000_000,
      },
    ]);
    expect(dto.hsn.map(({ description: _, ...row }) => row)).toEqual([
      { hsn: '997211', uqc: 'NA', totalQuantity: 0, totalValue: 150_000, ...tax(0, 150_000, 0, 0, 0) },
      {
        hsn: '997211',
        uqc: 'NA',
        totalQuantity: 0,
        totalValue: 236_000,
        ...tax(18, 200_000, 0, 18_000, 18_000),
      },
      {
        hsn: '997212',
        uqc: 'NA',
        totalQuantity: 0,
        totalValue: 1_947_060,
        ...tax(18, 1_650_050, 54_000, 121_505, 121_505),
      },
    ]);
  });

  it('adds up to the invoices of the month less its credit notes, to the paisa', async () => {
    const dto = await month();
    const invoices = Object.values(docs);
    const net = (
      pick: (d: { taxableValue: number; cgst: number; sgst: number; igst: number; total: number }) => number,
    ) => invoices.reduce((s, d) => s + pick(d), 0) - notes.reduce((s, n) => s + pick(n), 0);
    expect(dto.totals).toEqual({
      invoices: 5,
      creditNotes: 2,
      taxableValue: net((d) => d.taxableValue),
      igst: net((d) => d.igst),
      cgst: net((d) => d.cgst),
      sgst: net((d) => d.sgst),
      nonSupply: 2_000_000,
      value: net((d) => d.total),
    });
    expect(dto.totals).toMatchObject({
      taxableValue: 2_000_050,
      igst: 54_000,
      cgst: 139_505,
      value: 4_297_060,
    });
    const sum = <T>(rows: T[], pick: (r: T) => number) => rows.reduce((s, r) => s + pick(r), 0);
    for (const key of ['taxableValue', 'igst', 'cgst', 'sgst'] as const) {
      const sections =
        sum(dto.b2b, (r) => r[key]) + sum(dto.b2cs, (r) => r[key]) - sum(dto.cdnr, (r) => r[key]);
      const exempt = key === 'taxableValue' ? sum(dto.exemp, (r) => r.nilRated + r.exempted + r.nonGst) : 0;
      expect(sections + exempt, key).toBe(
        dto.totals[key] + (key === 'taxableValue' ? dto.totals.nonSupply : 0),
      );
      expect(
        sum(dto.hsn, (r) => r[key]),
        `hsn ${key}`,
      ).toBe(dto.totals[key]);
    }
  });

  it('leaves out other months, drafts and other companies', async () => {
    const body = JSON.stringify(await month());
    for (const id of [outside._id, draftId, foreign._id]) expect(body).not.toContain(id);
    const previous = await gstr1(owner, { period: previousMonth.slice(0, 7) });
    expect(previous.json<{ data: Gstr1Dto }>().data.b2cs).toEqual([
      expect.objectContaining({ taxableValue: 700_000, cgst: 63_000, sgst: 63_000 }),
    ]);
    const theirs = await gstr1(other, { period: PERIOD });
    const theirBody = theirs.body;
    expect(theirs.json<{ data: Gstr1Dto }>().data.totals).toMatchObject({
      invoices: 1,
      creditNotes: 0,
      taxableValue: 400_000,
    });
    for (const id of [...Object.values(docs).map((d) => d._id), ...notes.map((n) => n._id)])
      expect(theirBody).not.toContain(id);
  });

  it('answers 409 to a company without a GSTIN and 400 to a bad period or section', async () => {
    const unregistered = await createCompany(app, { plan: 'professional' });
    const refused = await gstr1(unregistered, { period: PERIOD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'Register for GST in Tax settings to file GSTR-1',
    });
    expect((await gstr1(owner, { period: '2026-13' })).statusCode).toBe(400);
    expect((await gstr1(owner, {})).statusCode).toBe(400);
    expect((await gstr1(owner, { period: PERIOD, format: 'csv', section: 'b2cl' })).statusCode).toBe(400);
  });
});

describe('GET /api/gst/gstr1 (CSV)', () => {
  const HEADERS = {
    b2b: 'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    b2cs: 'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    cdnr: 'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
    exemp: 'Description,Nil Rated Supplies,Exempted(other than nil rated/non GST supply),Non-GST Supplies',
    hsn: 'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
  };
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const gstDate = (d: string) => `${d.slice(8)}-${MONTHS[Number(d.slice(5, 7)) - 1]}-${d.slice(0, 4)}`;

  it('downloads one section in the offline tool columns', async () => {
    const res = await gstr1(owner, { period: PERIOD, format: 'csv', section: 'b2b' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="GSTR1-${TN_GSTIN}-${PERIOD}-b2b.csv"`,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(HEADERS.b2b);
    expect(lines[1]).toBe(
      `${KA_GSTIN},Bangalore Traders Pvt Ltd,${docs.b2b.number},${gstDate(FIRST)},11800.00,33-Tamil Nadu,N,,Regular B2B,,18,10000.00,0.00`,
    );
    expect(lines[3]).toContain(',Y,,Regular B2B,,18,2000.00,0.00');
    const exemp = await gstr1(owner, { period: PERIOD, format: 'csv', section: 'exemp' });
    expect(exemp.body.split('\r\n')[4]).toBe(
      'Intra-State supplies to unregistered persons,0.00,1500.00,20000.00',
    );
  });

  it('downloads every section one after another, each under its name', async () => {
    const res = await gstr1(owner, { period: PERIOD, format: 'csv' });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="GSTR1-${TN_GSTIN}-${PERIOD}.csv"`);
    const lines = res.body.split('\r\n');
    for (const [section, header] of Object.entries(HEADERS)) {
      expect(lines[lines.indexOf(section) + 1], section).toBe(header);
    }
    expect(lines).toContain(`OE,33-Tamil Nadu,,18,4500.50,0.00,`);
    expect(
      lines.some((l) =>
        l.startsWith(`${KA_GSTIN},Bangalore Traders Pvt Ltd,${notes[0]!.number},${gstDate(today)},C,`),
      ),
    ).toBe(true);
  });
});
