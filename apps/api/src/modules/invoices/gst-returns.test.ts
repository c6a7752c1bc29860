import { computeInvoiceTotals, type GstParties, gstLineOf } from '@rentora/shared';
import { describe, expect, it } from 'vitest';
import { buildGstr1, type Gstr1CreditNote, type Gstr1Invoice } from './gst-returns';
import { gstDate, gstr1Csv, rupees } from './gst-returns.csv';

/** A worked month of a company registered in Tamil Nadu (33) at 18 %. */
const SUPPLIER = '33AAACH7409R1Z8';
const REGISTERED = '29AAGCB7383J1Z4';

const parties = (over: Partial<GstParties>): GstParties => ({
  supplierGstin: SUPPLIER,
  placeOfSupply: '33',
  recipientGstin: null,
  gstUse: 'commercial',
  rateBp: 1800,
  ...over,
});

function invoice(
  id: string,
  p: GstParties,
  lines: { unitPrice: number; kind: 'rent' | 'deposit' }[],
): Gstr1Invoice {
  const t = computeInvoiceTotals(
    lines.map((l) => ({ description: l.kind, quantity: 1, ...l })),
    p,
  );
  return {
    id,
    number: `INV/26-27/0000${id}`,
    issueDate: '2026-04-05',
    total: t.total,
    taxableValue: t.taxableValue,
    cgst: t.cgst,
    sgst: t.sgst,
    igst: t.igst,
    placeOfSupply: p.placeOfSupply,
    reverseCharge: t.reverseCharge,
    recipientGstin: p.recipientGstin,
    recipientName: `Tenant ${id}`,
    lineItems: t.lines,
  };
}

function creditNote(id: string, of: Gstr1Invoice, p: GstParties, amount: number): Gstr1CreditNote {
  const line = { description: 'Credit', amount, ...gstLineOf('rent', amount, p) };
  const tax = line.treatment === 'taxable' ? line.cgst + line.sgst + line.igst : 0;
  return {
    ...of,
    id,
    number: `CN/26-27/0000${id}`,
    issueDate: '2026-04-20',
    total: amount + tax,
    taxableValue: amount,
    cgst: line.cgst,
    sgst: line.sgst,
    igst: line.igst,
    lineItems: [line],
  };
}

const b2bCommercial = parties({ recipientGstin: REGISTERED });
const b2cCommercial = parties({});
const interState = parties({ placeOfSupply: '29' });
const reverseCharge = parties({ recipientGstin: REGISTERED, gstUse: 'residential' });
const exempt = parties({ gstUse: 'residential' });

const A = invoice('1', b2bCommercial, [{ unitPrice: 10_000_000, kind: 'rent' }]);
const B = invoice('2', b2cCommercial, [
  { unitPrice: 5_000_050, kind: 'rent' },
  { unitPrice: 20_000_000, kind: 'deposit' },
]);
const C = invoice('3', interState, [{ unitPrice: 3_000_000, kind: 'rent' }]);
const D = invoice('4', reverseCharge, [{ unitPrice: 2_000_000, kind: 'rent' }]);
const E = invoice('5', exempt, [{ unitPrice: 1_500_000, kind: 'rent' }]);
const noteA = creditNote('1', A, b2bCommercial, 1_000_000);
const noteB = creditNote('2', B, b2cCommercial, 500_000);

const dto = buildGstr1({
  period: '2026-04',
  gstin: SUPPLIER,
  legalName: 'Test Estates',
  invoices: [A, B, C, D, E],
  creditNotes: [noteA, noteB],
});

const tax = { cess: 0 };

describe('buildGstr1 (a worked month)', () => {
  it('B2B: one row per invoice to a registered recipient and rate, reverse charge flagged', () => {
    expect(dto.b2b).toEqual([
      expect.objectContaining({
        invoiceId: '1',
        recipientGstin: REGISTERED,
        invoiceValue: 11_800_000,
        placeOfSupply: '33-Tamil Nadu',
        reverseCharge: false,
        rate: 18,
        taxableValue: 10_000_000,
        igst: 0,
        cgst: 900_000,
        sgst: 900_000,
        ...tax,
      }),
      expect.objectContaining({
        invoiceId: '4',
        invoiceValue: 2_000_000,
        reverseCharge: true,
        rate: 18,
        taxableValue: 2_000_000,
        cgst: 180_000,
        sgst: 180_000,
      }),
    ]);
  });

  it('B2CS: unregistered recipients by place of supply and rate, credit notes netted as negatives', () => {
    expect(dto.b2cs).toEqual([
      {
        type: 'OE',
        placeOfSupply: '29-Karnataka',
        rate: 18,
        taxableValue: 3_000_000,
        igst: 540_000,
        cgst: 0,
        sgst: 0,
        ...tax,
      },
      // 50,000.50 at 9 % is 4,500.045 → 4,500.05 each; less the credit note of 5,000 (450 + 450).
      {
        type: 'OE',
        placeOfSupply: '33-Tamil Nadu',
        rate: 18,
        taxableValue: 4_500_050,
        igst: 0,
        cgst: 405_005,
        sgst: 405_005,
        ...tax,
      },
    ]);
  });

  it('CDNR: credit notes to registered recipients with positive values', () => {
    expect(dto.cdnr).toEqual([
      expect.objectContaining({
        creditNoteId: '1',
        noteType: 'C',
        noteValue: 1_180_000,
        reverseCharge: false,
        taxableValue: 1_000_000,
        cgst: 90_000,
        sgst: 90_000,
        igst: 0,
      }),
    ]);
  });

  it('exempt: the exempt dwelling and the deposit (non-GST) as intra-state supplies to unregistered persons', () => {
    expect(dto.exemp).toEqual([
      { description: 'Inter-State supplies to registered persons', nilRated: 0, exempted: 0, nonGst: 0 },
      { description: 'Intra-State supplies to registered persons', nilRated: 0, exempted: 0, nonGst: 0 },
      { description: 'Inter-State supplies to unregistered persons', nilRated: 0, exempted: 0, nonGst: 0 },
      {
        description: 'Intra-State supplies to unregistered persons',
        nilRated: 0,
        exempted: 1_500_000,
        nonGst: 20_000_000,
      },
    ]);
  });

  it('HSN: per SAC and rate, credit notes netted', () => {
    expect(dto.hsn.map(({ description: _, ...r }) => r)).toEqual([
      {
        hsn: '997211',
        uqc: 'NA',
        totalQuantity: 0,
        totalValue: 1_500_000,
        rate: 0,
        taxableValue: 1_500_000,
        igst: 0,
        cgst: 0,
        sgst: 0,
        ...tax,
      },
      {
        hsn: '997211',
        uqc: 'NA',
        totalQuantity: 0,
        totalValue: 2_360_000,
        rate: 18,
        taxableValue: 2_000_000,
        igst: 0,
        cgst: 180_000,
        sgst: 180_000,
        ...tax,
      },
      {
        hsn: '997212',
        uqc: 'NA',
        totalQuantity: 0,
        totalValue: 19_470_060,
        rate: 18,
        taxableValue: 16_500_050,
        igst: 540_000,
        cgst: 1_215_005,
        sgst: 1_215_005,
        ...tax,
      },
    ]);
  });

  it('totals: the invoices less the credit notes, and the sections add up to them', () => {
    expect(dto.totals).toEqual({
      invoices: 5,
      creditNotes: 2,
      taxableValue: 20_000_050,
      igst: 540_000,
      cgst: 1_395_005,
      sgst: 1_395_005,
      nonSupply: 20_000_000,
      value: 42_970_060,
    });
    const sum = <T>(rows: T[], pick: (r: T) => number) => rows.reduce((s, r) => s + pick(r), 0);
    const taxable =
      sum(dto.b2b, (r) => r.taxableValue) +
      sum(dto.b2cs, (r) => r.taxableValue) -
      sum(dto.cdnr, (r) => r.taxableValue) +
      sum(dto.exemp, (r) => r.nilRated + r.exempted + r.nonGst);
    expect(taxable).toBe(dto.totals.taxableValue + dto.totals.nonSupply);
    expect(sum(dto.hsn, (r) => r.taxableValue)).toBe(dto.totals.taxableValue);
    expect(sum(dto.hsn, (r) => r.cgst)).toBe(dto.totals.cgst);
    expect(sum(dto.hsn, (r) => r.igst)).toBe(dto.totals.igst);
  });

  it('an empty month has the four exempt rows and nothing else', () => {
    const empty = buildGstr1({
      period: '2027-03',
      gstin: SUPPLIER,
      legalName: '',
      invoices: [],
      creditNotes: [],
    });
    expect(empty.financialYear).toBe('2026-27');
    expect([empty.b2b, empty.b2cs, empty.cdnr, empty.hsn]).toEqual([[], [], [], []]);
    expect(empty.exemp).toHaveLength(4);
  });
});

describe('GSTR-1 CSV', () => {
  it('writes dates, rupees and rates as the offline tool reads them', () => {
    expect(gstDate('2026-04-05')).toBe('05-Apr-2026');
    expect(rupees(-123_456)).toBe('-1234.56');
    expect(rupees(5)).toBe('0.05');
    const b2cs = gstr1Csv(dto, 'b2cs').split('\r\n');
    expect(b2cs[0]).toBe(
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    );
    expect(b2cs[2]).toBe('OE,33-Tamil Nadu,,18,45000.50,0.00,');
    const b2b = gstr1Csv(dto, 'b2b').split('\r\n');
    expect(b2b[2]).toBe(
      `${REGISTERED},Tenant 4,INV/26-27/00004,05-Apr-2026,20000.00,33-Tamil Nadu,Y,,Regular B2B,,18,20000.00,0.00`,
    );
  });

  it('without a section writes every section under a line naming it', () => {
    const lines = gstr1Csv(dto).split('\r\n');
    expect(lines.filter((l) => ['b2b', 'b2cs', 'cdnr', 'exemp', 'hsn'].includes(l))).toEqual([
      'b2b',
      'b2cs',
      'cdnr',
      'exemp',
      'hsn',
    ]);
  });
});
