import {
  financialYearOf,
  GSTR1_EXEMPT_DESCRIPTIONS,
  type Gstr1Dto,
  type GstTreatment,
  placeOfSupplyLabel,
  SAC_DESCRIPTIONS,
  stateCodeOfGstin,
} from '@rentora/shared';
import type { CreditNoteLineRow, InvoiceLine } from '../../db/schema';
import { toLineDto } from './invoices.dto';

/**
 * GSTR-1 of a month, built from the invoices issued in it and the credit notes issued in it (pure). Every supply line
 * lands in exactly one section, so the sections add up to the documents to the paisa:
 * - B2B: taxed lines (forward or reverse charge) of invoices to registered recipients, one row per invoice and rate;
 * - B2CS: taxed lines to unregistered recipients summed by place of supply and rate, their credit notes netted in
 *   as negatives;
 * - CDNR: taxed lines of credit notes to registered recipients, one row per note and rate;
 * - exempt: exempt lines, and as non-GST supplies deposits (not a supply) and what was billed while unregistered,
 *   by inter/intra-state × registered/unregistered recipient, credit notes netted in;
 * - HSN: every line with a SAC by SAC and rate, credit notes netted in.
 * Money in paise; rates in percent.
 */

interface Gstr1Document {
  id: string;
  number: string;
  issueDate: string;
  total: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  placeOfSupply: string | null;
  reverseCharge: boolean;
  recipientGstin: string | null;
  recipientName: string;
}

export interface Gstr1Invoice extends Gstr1Document {
  lineItems: InvoiceLine[];
}

export interface Gstr1CreditNote extends Gstr1Document {
  lineItems: CreditNoteLineRow[];
}

export interface Gstr1Input {
  period: string;
  gstin: string;
  legalName: string;
  invoices: Gstr1Invoice[];
  creditNotes: Gstr1CreditNote[];
}

type Tax = Pick<Gstr1Dto['b2b'][number], 'rate' | 'taxableValue' | 'igst' | 'cgst' | 'sgst' | 'cess'>;
type ExemptRow = Gstr1Dto['exemp'][number];

interface Line {
  sac: string | null;
  treatment: GstTreatment;
  amount: number;
  taxableValue: number;
  rate: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** A stored line of either document (invoice lines written before GST invoicing read as untaxed: toLineDto). */
const lineOf = (line: CreditNoteLineRow): Line => ({
  sac: line.sac,
  treatment: line.treatment as GstTreatment,
  amount: line.amount,
  taxableValue: line.taxableValue,
  rate: (line.cgstRate + line.sgstRate + line.igstRate) / 100,
  cgst: line.cgst,
  sgst: line.sgst,
  igst: line.igst,
});

const invoiceLine = (line: InvoiceLine): Line => lineOf(toLineDto(line));

const isTaxed = (line: Line) => line.treatment === 'taxable' || line.treatment === 'reverse_charge';

const zeroTax = (rate: number): Tax => ({ rate, taxableValue: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 });

/** Adds `sign` × a line's taxable value and tax to `into`. */
function addTax(into: Tax, line: Line, sign: 1 | -1) {
  into.taxableValue += sign * line.taxableValue;
  into.igst += sign * line.igst;
  into.cgst += sign * line.cgst;
  into.sgst += sign * line.sgst;
}

/** Rows kept in insertion order by a key, each made on first use. */
function grouped<T>() {
  const rows = new Map<string, T>();
  return {
    at(key: string, make: () => T): T {
      let row = rows.get(key);
      if (!row) {
        row = make();
        rows.set(key, row);
      }
      return row;
    },
    values: () => [...rows.values()],
  };
}

const hasValue = (row: Tax) => row.taxableValue !== 0 || row.igst !== 0 || row.cgst !== 0 || row.sgst !== 0;
const byRate = (a: Tax, b: Tax) => a.rate - b.rate;

export function buildGstr1(input: Gstr1Input): Gstr1Dto {
  const supplierState = stateCodeOfGstin(input.gstin);
  const b2b = grouped<Gstr1Dto['b2b'][number]>();
  const b2cs = grouped<Gstr1Dto['b2cs'][number]>();
  const cdnr = grouped<Gstr1Dto['cdnr'][number]>();
  const hsn = grouped<Gstr1Dto['hsn'][number]>();
  const exemp = new Map<string, ExemptRow>(
    GSTR1_EXEMPT_DESCRIPTIONS.map((description) => [
      description,
      { description, nilRated: 0, exempted: 0, nonGst: 0 },
    ]),
  );

  const placeOf = (doc: Gstr1Document) => placeOfSupplyLabel(doc.placeOfSupply ?? '');
  const exemptRowOf = (doc: Gstr1Document): ExemptRow => {
    const inter = doc.placeOfSupply !== null && doc.placeOfSupply !== supplierState;
    const description = `${inter ? 'Inter' : 'Intra'}-State supplies to ${doc.recipientGstin ? 'registered' : 'unregistered'} persons`;
    return exemp.get(description)!;
  };

  /** The lines every document shares a section with, whatever its kind: exempt, non-GST and HSN. */
  function addCommon(doc: Gstr1Document, line: Line, sign: 1 | -1) {
    if (line.treatment === 'exempt') exemptRowOf(doc).exempted += sign * line.taxableValue;
    else if (line.treatment === 'non_supply') exemptRowOf(doc).nonGst += sign * line.amount;
    else if (line.treatment === 'unregistered') exemptRowOf(doc).nonGst += sign * line.taxableValue;
    if (line.sac) {
      const row = hsn.at(`${line.sac}|${line.rate}`, () => ({
        hsn: line.sac!,
        description: SAC_DESCRIPTIONS[line.sac!] ?? '',
        uqc: 'NA',
        totalQuantity: 0,
        totalValue: 0,
        ...zeroTax(line.rate),
      }));
      addTax(row, line, sign);
      row.totalValue += sign * (line.taxableValue + line.igst + line.cgst + line.sgst);
    }
  }

  function addB2cs(doc: Gstr1Document, line: Line, sign: 1 | -1) {
    const placeOfSupply = placeOf(doc);
    const row = b2cs.at(`${placeOfSupply}|${line.rate}`, () => ({
      type: 'OE' as const,
      placeOfSupply,
      ...zeroTax(line.rate),
    }));
    addTax(row, line, sign);
  }

  for (const invoice of input.invoices) {
    for (const line of invoice.lineItems.map(invoiceLine)) {
      addCommon(invoice, line, 1);
      if (!isTaxed(line)) continue;
      if (!invoice.recipientGstin) {
        addB2cs(invoice, line, 1);
        continue;
      }
      const row = b2b.at(`${invoice.id}|${line.rate}`, () => ({
        recipientGstin: invoice.recipientGstin!,
        recipientName: invoice.recipientName,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        invoiceDate: invoice.issueDate,
        invoiceValue: invoice.total,
        placeOfSupply: placeOf(invoice),
        reverseCharge: invoice.reverseCharge,
        invoiceType: 'Regular B2B' as const,
        ...zeroTax(line.rate),
      }));
      addTax(row, line, 1);
    }
  }

  for (const note of input.creditNotes) {
    for (const line of note.lineItems.map(lineOf)) {
      addCommon(note, line, -1);
      if (!isTaxed(line)) continue;
      if (!note.recipientGstin) {
        addB2cs(note, line, -1);
        continue;
      }
      const row = cdnr.at(`${note.id}|${line.rate}`, () => ({
        recipientGstin: note.recipientGstin!,
        recipientName: note.recipientName,
        creditNoteId: note.id,
        noteNumber: note.number,
        noteDate: note.issueDate,
        noteType: 'C' as const,
        placeOfSupply: placeOf(note),
        reverseCharge: note.reverseCharge,
        noteSupplyType: 'Regular B2B' as const,
        noteValue: note.total,
        ...zeroTax(line.rate),
      }));
      // A credit note's rows carry positive values: the note type says they reduce the supplies.
      addTax(row, line, 1);
    }
  }

  const sum = (docs: Gstr1Document[], pick: (d: Gstr1Document) => number) =>
    docs.reduce((s, d) => s + pick(d), 0);
  const net = (pick: (d: Gstr1Document) => number) =>
    sum(input.invoices, pick) - sum(input.creditNotes, pick);
  const nonSupplyOf = (lines: Line[]) =>
    lines.filter((l) => l.treatment === 'non_supply').reduce((s, l) => s + l.amount, 0);

  return {
    period: input.period,
    financialYear: financialYearOf(`${input.period}-01`).label,
    gstin: input.gstin,
    legalName: input.legalName,
    b2b: b2b.values(),
    b2cs: b2cs
      .values()
      .filter(hasValue)
      .sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || byRate(a, b)),
    cdnr: cdnr.values(),
    exemp: [...exemp.values()],
    hsn: hsn
      .values()
      .filter((row) => hasValue(row) || row.totalValue !== 0)
      .sort((a, b) => a.hsn.localeCompare(b.hsn) || byRate(a, b)),
    totals: {
      invoices: input.invoices.length,
      creditNotes: input.creditNotes.length,
      taxableValue: net((d) => d.taxableValue),
      igst: net((d) => d.igst),
      cgst: net((d) => d.cgst),
      sgst: net((d) => d.sgst),
      nonSupply:
        input.invoices.reduce((s, d) => s + nonSupplyOf(d.lineItems.map(invoiceLine)), 0) -
        input.creditNotes.reduce((s, d) => s + nonSupplyOf(d.lineItems.map(lineOf)), 0),
      value: net((d) => d.total),
    },
  };
}
