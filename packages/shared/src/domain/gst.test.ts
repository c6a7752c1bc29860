import { describe, expect, it } from 'vitest';
import { ZCreditNoteBody, ZGstin, ZTaxSettingsBody } from '../schemas/gst';
import {
  businessDate,
  financialYearOf,
  formatDocumentNumber,
  SERIES_PREFIX_MAX_LENGTH,
  seriesPrefixProblem,
} from './financial-year';
import { gstinCheckCharacter, gstinProblem, placeOfSupplyLabel, stateCodeOfName } from './gst-registration';
import { type GstParties, gstUseOf, taxAt } from './gst-tax';
import { amountInWords, computeInvoiceTotals, NO_GST_PARTIES } from './invoice-math';

const KA_SUPPLIER = '29AAGCB7383J1Z4';
const KA_TENANT = '29AAACR5055K1Z3';
const MH_GSTIN = '27AAPFU0939F1ZV';

describe('GSTIN', () => {
  it('accepts valid GSTINs (check character verified)', () => {
    for (const g of [MH_GSTIN, KA_SUPPLIER, '33AAACH7409R1Z8', '07AAACI1681G1ZR'])
      expect(gstinProblem(g)).toBeNull();
  });

  it('refuses a corrupted check character, a swapped digit, a bad state and a bad shape', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU0993F1ZV')).toMatch(/check character/);
    const badState = `98AAPFU0939F1Z`;
    expect(gstinProblem(badState + gstinCheckCharacter(badState))).toMatch(/not a GST state code/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27AAPFU0939F1XV')).toMatch(/reads/);
  });

  it('is trimmed and upper-cased by the schema, with the reason as the message', () => {
    expect(ZGstin.parse(' 27aapfu0939f1zv ')).toBe(MH_GSTIN);
    const r = ZGstin.safeParse('27AAPFU0939F1ZA');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/check character/);
  });

  it('reads the state of an address and labels a place of supply', () => {
    expect(stateCodeOfName(' karnataka ')).toBe('29');
    expect(stateCodeOfName('Orissa')).toBe('21');
    expect(stateCodeOfName('Atlantis')).toBeNull();
    expect(placeOfSupplyLabel('29')).toBe('29-Karnataka');
  });
});

describe('GST decision table', () => {
  const line = (kind: 'rent' | 'maintenance' | 'deposit', unitPrice: number) => ({
    description: kind,
    quantity: 1,
    unitPrice,
    kind,
  });
  const parties = (p: Partial<GstParties>): GstParties => ({
    supplierGstin: KA_SUPPLIER,
    placeOfSupply: '29',
    recipientGstin: null,
    gstUse: 'commercial',
    rateBp: 1800,
    ...p,
  });

  it('commercial, same state: CGST + SGST at half the rate each, collected', () => {
    const t = computeInvoiceTotals([line('rent', 1_00_000_00), line('maintenance', 5_000_00)], parties({}));
    expect(t.documentType).toBe('tax_invoice');
    expect(t.lines[0]).toMatchObject({
      sac: '997212',
      treatment: 'taxable',
      cgstRate: 900,
      sgstRate: 900,
      igstRate: 0,
    });
    expect(t.lines[0]).toMatchObject({ cgst: 9_000_00, sgst: 9_000_00, igst: 0 });
    expect(t.cgst).toBe(9_450_00);
    expect(t.sgst).toBe(9_450_00);
    expect(t.tax).toBe(18_900_00);
    expect(t.total).toBe(1_05_000_00 + 18_900_00);
    expect(t.reverseCharge).toBe(false);
  });

  it('commercial, other state: IGST at the full rate', () => {
    const t = computeInvoiceTotals([line('rent', 50_000_00)], parties({ placeOfSupply: '27' }));
    expect(t.lines[0]).toMatchObject({ igstRate: 1800, igst: 9_000_00, cgst: 0, sgst: 0 });
    expect(t.igst).toBe(9_000_00);
    expect(t.total).toBe(59_000_00);
  });

  it('residential to an unregistered tenant: exempt, no tax, bill of supply', () => {
    const t = computeInvoiceTotals([line('rent', 25_000_00)], parties({ gstUse: 'residential' }));
    expect(t.lines[0]).toMatchObject({ sac: '997211', treatment: 'exempt', cgst: 0, sgst: 0, igst: 0 });
    expect(t.tax).toBe(0);
    expect(t.documentType).toBe('bill_of_supply');
  });

  it('residential to a registered tenant: reverse charge, tax shown and not collected (both state cases)', () => {
    const intra = computeInvoiceTotals(
      [line('rent', 40_000_00)],
      parties({ gstUse: 'residential', recipientGstin: KA_TENANT }),
    );
    expect(intra.reverseCharge).toBe(true);
    expect(intra.documentType).toBe('tax_invoice');
    expect(intra.tax).toBe(0);
    expect(intra.total).toBe(40_000_00);
    expect(intra.reverseChargeTax).toBe(7_200_00);
    expect(intra.lines[0]).toMatchObject({ treatment: 'reverse_charge', cgst: 3_600_00, sgst: 3_600_00 });
    const inter = computeInvoiceTotals(
      [line('rent', 40_000_00)],
      parties({ gstUse: 'residential', recipientGstin: MH_GSTIN, placeOfSupply: '27' }),
    );
    expect(inter.lines[0]).toMatchObject({ treatment: 'reverse_charge', igst: 7_200_00, cgst: 0 });
  });

  it('a deposit is not a supply; a supplier without a GSTIN charges nothing', () => {
    const t = computeInvoiceTotals([line('rent', 10_000_00), line('deposit', 30_000_00)], parties({}));
    expect(t.lines[1]).toMatchObject({ sac: null, treatment: 'non_supply', cgst: 0, sgst: 0, igst: 0 });
    expect(t.taxableValue).toBe(10_000_00);
    expect(t.tax).toBe(1_800_00);
    const unregistered = computeInvoiceTotals([line('rent', 10_000_00)], parties({ supplierGstin: null }));
    expect(unregistered.documentType).toBe('bill_of_supply');
    expect(unregistered.lines[0]).toMatchObject({ treatment: 'unregistered', cgst: 0 });
    expect(computeInvoiceTotals([line('rent', 1)], NO_GST_PARTIES).tax).toBe(0);
  });

  it('derives the GST use from the unit type unless set', () => {
    expect(gstUseOf('office')).toBe('commercial');
    expect(gstUseOf('shop')).toBe('commercial');
    expect(gstUseOf('warehouse')).toBe('commercial');
    expect(gstUseOf('2bhk')).toBe('residential');
    expect(gstUseOf('2bhk', 'commercial')).toBe('commercial');
    expect(gstUseOf('office', 'residential')).toBe('residential');
  });
});

describe('rounding and words', () => {
  it('rounds tax per line half up in paise; totals are sums of lines', () => {
    expect(taxAt(25, 900)).toBe(2); // 2.25 → 2
    expect(taxAt(50, 900)).toBe(5); // 4.5 → 5
    expect(taxAt(1_000_001, 1800)).toBe(180_000); // 180000.18
    const t = computeInvoiceTotals(
      [
        { description: 'a', quantity: 1, unitPrice: 50, kind: 'rent' },
        { description: 'b', quantity: 1, unitPrice: 50, kind: 'maintenance' },
      ],
      {
        supplierGstin: KA_SUPPLIER,
        placeOfSupply: '29',
        recipientGstin: null,
        gstUse: 'commercial',
        rateBp: 1800,
      },
    );
    // each line: 50 × 9 % = 4.5 → 5 CGST and 5 SGST; the total is the sum of the lines, not 100 × 18 % = 18
    expect(t.cgst).toBe(10);
    expect(t.sgst).toBe(10);
    expect(t.total).toBe(120);
  });

  it('writes amounts in the Indian system', () => {
    expect(amountInWords(1_23_456_70)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy Paise Only',
    );
    expect(amountInWords(2_34_56_789_00)).toBe(
      'Rupees Two Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Only',
    );
    expect(amountInWords(15_000_00)).toBe('Rupees Fifteen Thousand Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(45)).toBe('Forty-Five Paise Only');
  });
});

describe('financial years and series', () => {
  it('runs April to March, by the date in India', () => {
    expect(financialYearOf('2027-03-31').label).toBe('2026-27');
    expect(financialYearOf('2027-04-01').label).toBe('2027-28');
    expect(financialYearOf('2026-11-26').short).toBe('26-27');
    // 31 March 18:35 UTC is 1 April 00:05 in India
    expect(businessDate(new Date('2027-03-31T18:35:00Z'))).toBe('2027-04-01');
    expect(businessDate(new Date('2027-03-31T18:25:00Z'))).toBe('2027-03-31');
  });

  it('formats numbers within 16 characters and refuses prefixes that would pass it', () => {
    const fy = financialYearOf('2026-11-26');
    expect(formatDocumentNumber('INV', fy, 42)).toBe('INV/26-27/00042');
    expect(formatDocumentNumber('CN', fy, 7)).toBe('CN/26-27/00007');
    expect(formatDocumentNumber('RCT', fy, 311)).toBe('RCT/26-27/00311');
    expect(SERIES_PREFIX_MAX_LENGTH).toBe(4);
    expect(seriesPrefixProblem('RENT')).toBeNull();
    expect(seriesPrefixProblem('RENTS')).toMatch(/At most 4 characters/);
    expect(seriesPrefixProblem('IN V')).toMatch(/letters, digits/);
    expect(ZTaxSettingsBody.safeParse({ invoicePrefix: 'INVOICE' }).success).toBe(false);
    expect(ZTaxSettingsBody.parse({ gstin: '' })).toMatchObject({
      gstin: null,
      rate: 18,
      invoicePrefix: 'INV',
    });
  });

  it('takes a credit note as lines or the full amount, not both', () => {
    expect(ZCreditNoteBody.safeParse({ reason: 'x', fullAmount: true }).success).toBe(true);
    expect(
      ZCreditNoteBody.safeParse({ reason: 'x', lines: [{ description: 'a', amount: 100 }] }).success,
    ).toBe(true);
    expect(ZCreditNoteBody.safeParse({ reason: 'x' }).success).toBe(false);
    expect(
      ZCreditNoteBody.safeParse({ reason: 'x', fullAmount: true, lines: [{ description: 'a', amount: 1 }] })
        .success,
    ).toBe(false);
  });
});
