import {
  businessDate,
  type CreditNoteDto,
  DEFAULT_ACCOUNTING_LEDGERS,
  type InvoiceDetailDto,
} from '@rentora/shared';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany } from '../../../test/factories';
import { issuedInvoice, makeTenancy, registerForGst } from '../invoices/invoices.testing';

let app: FastifyInstance;
let owner: CompanySession;

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });
const today = businessDate();
const FIRST = `${today.slice(0, 7)}-01`;
const period = { from: FIRST, to: today };

const line = (kind: string, unitPrice: number, description = kind) => ({
  description,
  quantity: 1,
  unitPrice,
  kind,
});

/** Paise of a Tally amount ("-11800.50" → -1180050), read as text so no float creeps in. */
const paiseOf = (amount: string | number) => {
  const [whole, fraction = '0'] = String(amount).replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return String(amount).startsWith('-') ? -value : value;
};

const exportOf = (session: CompanySession, query: Record<string, string>) =>
  call(app, 'GET', '/api/exports/accounting', { ...as(session), query });

interface TallyEntry {
  LEDGERNAME: string;
  ISDEEMEDPOSITIVE: 'Yes' | 'No';
  AMOUNT: string;
  ISPARTYLEDGER: 'Yes' | 'No';
  BILLALLOCATIONS_LIST?: { NAME: string; BILLTYPE: string; AMOUNT: string };
}
interface TallyVoucher {
  '@_REMOTEID': string;
  '@_VCHTYPE': string;
  GUID: string;
  VOUCHERNUMBER: string;
  DATE: string;
  PARTYLEDGERNAME: string;
  'ALLLEDGERENTRIES.LIST': TallyEntry[];
}

function parseTally(xml: string) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => ['TALLYMESSAGE', 'ALLLEDGERENTRIES.LIST'].includes(name),
  });
  const doc = parser.parse(xml);
  const messages: { VOUCHER?: TallyVoucher; LEDGER?: { '@_NAME': string; PARENT: string } }[] =
    doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA?.TALLYMESSAGE ?? [];
  return {
    vouchers: messages.flatMap((m) => (m.VOUCHER ? [m.VOUCHER] : [])),
    ledgers: messages.flatMap((m) => (m.LEDGER ? [m.LEDGER] : [])),
  };
}

let invoices: InvoiceDetailDto[];
let credit: CreditNoteDto;

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise' });
  await registerForGst(app, owner);
  // A shop in Tamil Nadu (CGST + SGST), one in Karnataka (IGST) and a flat (exempt rent and a deposit).
  const shop = await makeTenancy(app, owner, { unitType: 'shop' });
  const office = await makeTenancy(app, owner, { unitType: 'office', state: 'Karnataka' });
  const flat = await makeTenancy(app, owner);
  invoices = [
    await issuedInvoice(app, owner, shop.tenantId, {
      issueDate: FIRST,
      lineItems: [line('rent', 1_500_000, 'Rent'), line('maintenance', 200_050, 'Maintenance')],
    }),
    await issuedInvoice(app, owner, office.tenantId, {
      issueDate: FIRST,
      lineItems: [line('rent', 1_000_000)],
    }),
    await issuedInvoice(app, owner, flat.tenantId, {
      issueDate: FIRST,
      lineItems: [line('rent', 1_200_000), line('deposit', 2_400_000, 'Security deposit')],
    }),
  ];
  const credited = await call(app, 'POST', `/api/invoices/${invoices[0]!._id}/credit-notes`, {
    ...as(owner),
    body: { reason: 'Rent reduced', lines: [{ description: 'Rent', amount: 100_000 }] },
  });
  expect(credited.statusCode, credited.body).toBe(201);
  credit = credited.json<{ data: CreditNoteDto }>().data;
  const withTds = await call(app, 'POST', `/api/invoices/${invoices[1]!._id}/payments`, {
    ...as(owner),
    body: {
      amount: 1_080_000,
      method: 'bank_transfer',
      reference: 'UTR123',
      tds: { section: '194I', rate: 10, amount: 100_000 },
    },
  });
  expect(withTds.statusCode, withTds.body).toBe(201);
  const cash = await call(app, 'POST', `/api/invoices/${invoices[2]!._id}/payments`, {
    ...as(owner),
    body: { amount: 1_000_000, method: 'cash' },
  });
  expect(cash.statusCode, cash.body).toBe(201);
});

describe('GET /api/exports/accounting?format=tally', () => {
  it('writes a balanced voucher per invoice, credit note and payment that sums to the documents to the paisa', async () => {
    const res = await exportOf(owner, { ...period, format: 'tally' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toContain(`rentora-tally-${FIRST}-to-${today}.xml`);
    const { vouchers, ledgers } = parseTally(res.body);

    expect(vouchers.map((v) => v['@_VCHTYPE']).sort()).toEqual(
      ['Credit Note', 'Receipt', 'Receipt', 'Sales', 'Sales', 'Sales'].sort(),
    );
    for (const voucher of vouchers) {
      const entries = voucher['ALLLEDGERENTRIES.LIST'];
      expect(
        entries.reduce((sum, e) => sum + paiseOf(e.AMOUNT), 0),
        voucher.VOUCHERNUMBER,
      ).toBe(0);
      for (const entry of entries) {
        // Tally's convention: debits are deemed positive and written negative.
        expect(entry.ISDEEMEDPOSITIVE === 'Yes', entry.LEDGERNAME).toBe(paiseOf(entry.AMOUNT) < 0);
      }
      expect(voucher.GUID).toBe(voucher['@_REMOTEID']);
    }
    const sales = (number: string) => vouchers.find((v) => v.VOUCHERNUMBER === number)!;
    const entry = (v: TallyVoucher, ledger: string) =>
      paiseOf(v['ALLLEDGERENTRIES.LIST'].find((e) => e.LEDGERNAME === ledger)?.AMOUNT ?? 0);
    const partyLine = (v: TallyVoucher) => v['ALLLEDGERENTRIES.LIST'].find((e) => e.ISPARTYLEDGER === 'Yes')!;

    // Shop: ₹15,000 rent + ₹2,000.50 maintenance, 9 % + 9 % on each line (half up per line).
    const shop = sales(invoices[0]!.number!);
    expect(invoices[0]!.total).toBe(1_500_000 + 200_050 + 135_000 + 135_000 + 18_005 + 18_005);
    expect(paiseOf(partyLine(shop).AMOUNT)).toBe(-invoices[0]!.total);
    expect(partyLine(shop).LEDGERNAME).toBe(shop.PARTYLEDGERNAME);
    expect(entry(shop, 'Rent Income')).toBe(1_500_000);
    expect(entry(shop, 'Maintenance Charges')).toBe(200_050);
    expect(entry(shop, 'Output CGST')).toBe(153_005);
    expect(entry(shop, 'Output SGST')).toBe(153_005);
    expect(shop.DATE).toBe(FIRST.replaceAll('-', ''));
    // Karnataka office: IGST; the flat: exempt rent and a deposit held as a liability.
    expect(entry(sales(invoices[1]!.number!), 'Output IGST')).toBe(180_000);
    const flat = sales(invoices[2]!.number!);
    expect(entry(flat, 'Security Deposits Received')).toBe(2_400_000);
    expect(entry(flat, 'Rent Income')).toBe(1_200_000);

    const note = sales(credit.number);
    expect(note['@_VCHTYPE']).toBe('Credit Note');
    expect(paiseOf(partyLine(note).AMOUNT)).toBe(credit.total);

    const receipts = vouchers.filter((v) => v['@_VCHTYPE'] === 'Receipt');
    const bank = receipts.find((v) => entry(v, 'Bank Account') !== 0)!;
    expect(entry(bank, 'Bank Account')).toBe(-1_080_000);
    expect(entry(bank, 'TDS Receivable')).toBe(-100_000);
    expect(paiseOf(partyLine(bank).AMOUNT)).toBe(1_180_000);
    const cash = receipts.find((v) => entry(v, 'Cash') !== 0)!;
    expect(entry(cash, 'Cash')).toBe(-1_000_000);
    // The party line settles the invoice bill-wise.
    const party = partyLine(bank);
    expect(
      party.BILLALLOCATIONS_LIST ?? (party as unknown as Record<string, unknown>)['BILLALLOCATIONS.LIST'],
    ).toMatchObject({
      NAME: invoices[1]!.number,
      BILLTYPE: 'Agst Ref',
    });

    // Masters for every ledger used, in Tally's groups.
    const parents = Object.fromEntries(ledgers.map((l) => [l['@_NAME'], l.PARENT]));
    expect(parents['Output IGST']).toBe('Duties & Taxes');
    expect(parents['Rent Income']).toBe('Sales Accounts');
    expect(parents['Cash']).toBe('Cash-in-Hand');
  });

  it('keeps the same GUIDs on a second export of the period (a re-import alters, never duplicates)', async () => {
    const first = parseTally((await exportOf(owner, { ...period, format: 'tally' })).body).vouchers;
    const second = parseTally((await exportOf(owner, { ...period, format: 'tally' })).body).vouchers;
    expect(second.map((v) => v.GUID)).toEqual(first.map((v) => v.GUID));
    expect(new Set(first.map((v) => v.GUID)).size).toBe(first.length);
  });

  it('posts to the ledger names the company chose', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    const tenancy = await makeTenancy(app, company);
    await issuedInvoice(app, company, tenancy.tenantId, { issueDate: FIRST });
    const renamed = { ...DEFAULT_ACCOUNTING_LEDGERS, rentIncome: 'Rent Received - Chennai' };
    const saved = await call(app, 'PUT', '/api/exports/accounting/settings', {
      ...as(company),
      body: { ledgers: renamed },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const got = await call(app, 'GET', '/api/exports/accounting/settings', as(company));
    expect(got.json().data).toEqual({ ledgers: renamed, isDefault: false });
    const { vouchers } = parseTally((await exportOf(company, { ...period, format: 'tally' })).body);
    expect(vouchers[0]!['ALLLEDGERENTRIES.LIST'].map((e) => e.LEDGERNAME)).toContain(
      'Rent Received - Chennai',
    );

    const clash = await call(app, 'PUT', '/api/exports/accounting/settings', {
      ...as(company),
      body: { ledgers: { ...renamed, cash: 'Rent Received - Chennai' } },
    });
    expect(clash.statusCode).toBe(400);
    const unsafe = await call(app, 'PUT', '/api/exports/accounting/settings', {
      ...as(company),
      body: { ledgers: { ...renamed, bank: 'HDFC <Current>' } },
    });
    expect(unsafe.statusCode).toBe(400);
  });
});

describe('GET /api/exports/accounting?format=zoho|quickbooks', () => {
  async function filesOf(format: string) {
    const res = await exportOf(owner, { ...period, format });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const files: Record<string, string[][]> = {};
    for (const name of Object.keys(zip.files)) {
      const text = await zip.file(name)!.async('string');
      files[name] = text
        .trim()
        .split('\r\n')
        .map((row) => row.split(','));
    }
    return files;
  }
  const column = (rows: string[][], name: string) => {
    const index = rows[0]!.indexOf(name);
    expect(index, name).toBeGreaterThanOrEqual(0);
    return rows.slice(1).map((row) => row[index]!);
  };
  const sum = (values: string[]) => values.reduce((total, value) => total + paiseOf(value), 0);

  it('Zoho Books: invoice, credit note and payment files whose lines add up to the documents', async () => {
    const files = await filesOf('zoho');
    expect(Object.keys(files).sort()).toEqual([
      'zoho-credit-notes.csv',
      'zoho-customer-payments.csv',
      'zoho-invoices.csv',
    ]);
    const rows = files['zoho-invoices.csv']!;
    const numbers = column(rows, 'Invoice Number');
    const shopRows = rows.slice(1).filter((_, i) => numbers[i] === invoices[0]!.number);
    const net = sum(shopRows.map((r) => r[rows[0]!.indexOf('Item Price')]!));
    const tax = sum(shopRows.map((r) => r[rows[0]!.indexOf('Item Tax Amount')]!));
    expect(net + tax).toBe(invoices[0]!.total);
    expect(column(rows, 'Item Tax')).toContain('GST18');
    expect(column(rows, 'Item Tax')).toContain('IGST18');
    expect(column(rows, 'Place of Supply')).toContain('TN');
    expect(column(rows, 'Place of Supply')).toContain('KA');
    const payments = files['zoho-customer-payments.csv']!;
    expect(sum(column(payments, 'Amount'))).toBe(2_080_000);
    expect(sum(column(payments, 'Withholding Tax Amount'))).toBe(100_000);
    expect(column(files['zoho-credit-notes.csv']!, 'Associated Invoice Number')).toEqual([
      invoices[0]!.number,
    ]);
  });

  it('QuickBooks Online: invoices, credit memos and payments in its import columns (dates DD/MM/YYYY)', async () => {
    const files = await filesOf('quickbooks');
    const rows = files['quickbooks-invoices.csv']!;
    expect(rows[0]!.slice(0, 4)).toEqual(['InvoiceNo', 'Customer', 'InvoiceDate', 'DueDate']);
    const net = sum(column(rows, 'ItemAmount'));
    const tax = sum(column(rows, 'ItemTaxAmount'));
    expect(net + tax).toBe(invoices.reduce((total, invoice) => total + invoice.total, 0));
    expect(column(rows, 'InvoiceDate')[0]).toBe(FIRST.split('-').reverse().join('/'));
    expect(column(rows, 'ItemTaxCode')).toEqual(
      expect.arrayContaining(['GST 18%', 'IGST 18%', 'Exempt', 'Out of Scope']),
    );
    expect(sum(column(files['quickbooks-payments.csv']!, 'Amount'))).toBe(2_080_000);
    expect(column(files['quickbooks-credit-memos.csv']!, 'CreditMemoNo')).toEqual([credit.number]);
  });
});

describe('access and input', () => {
  it('refuses a period that ends before it starts or spans more than a year, and unknown formats', async () => {
    for (const query of [
      { from: '2026-05-01', to: '2026-04-01', format: 'tally' },
      { from: '2025-04-01', to: '2026-04-30', format: 'tally' },
      { from: '2026-04-01', to: '2026-04-30', format: 'sage' },
      { from: '01-04-2026', to: '2026-04-30', format: 'tally' },
    ]) {
      const res = await exportOf(owner, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it("exports only the caller's company, and only to members who read payments and invoices", async () => {
    const stranger = await createCompany(app, { plan: 'enterprise' });
    const theirs = parseTally((await exportOf(stranger, { ...period, format: 'tally' })).body);
    expect(theirs.vouchers).toEqual([]);
    const designer = await addMember(app, owner, 'designer');
    expect((await exportOf(designer, { ...period, format: 'tally' })).statusCode).toBe(403);
    const accountant = await addMember(app, owner, 'accountant');
    expect((await exportOf(accountant, { ...period, format: 'tally' })).statusCode).toBe(200);
    const manager = await addMember(app, owner, 'manager');
    const rename = await call(app, 'PUT', '/api/exports/accounting/settings', {
      ...as(manager),
      body: { ledgers: DEFAULT_ACCOUNTING_LEDGERS },
    });
    expect(rename.statusCode).toBe(403);
  });
});
