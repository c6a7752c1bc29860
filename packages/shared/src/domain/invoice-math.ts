import type { InvoiceLine, InvoiceLineKind } from '../schemas/invoices';
import {
  collectedTaxOf,
  documentTypeOf,
  type GstDocumentType,
  type GstParties,
  gstLineOf,
  reverseChargeTaxOf,
} from './gst-tax';

/** Invoice arithmetic in paise (lines, tax, totals), invoice numbers and amounts in words. */

/** A line's amount: quantity × unit price, rounded half up to a whole paisa. */
export function lineAmount(quantity: number, unitPrice: number): number {
  const milli = Math.round(quantity * 1000);
  return Math.floor((milli * unitPrice + 500) / 1000);
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  /** Σ line amounts (before tax). */
  subtotal: number;
  /** Tax collected on the invoice (forward charge): Σ of the taxable lines' CGST + SGST + IGST. */
  tax: number;
  total: number;
  /** Σ taxable value of the supplies on it (deposits are not supplies). */
  taxableValue: number;
  /** The tax of the document by component, forward and reverse charge alike (`tax` is what it collects). */
  cgst: number;
  sgst: number;
  igst: number;
  /** Tax the recipient pays on reverse charge (shown, not collected). */
  reverseChargeTax: number;
  reverseCharge: boolean;
  documentType: GstDocumentType;
}

/**
 * The one computation of an invoice's lines and totals, used by the server (authoritative) and by the editor's live
 * preview: each line's amount, then its GST between `parties` (no tax at all when `parties` is null or the supplier
 * has no GSTIN). Totals are sums of lines.
 */
export function computeInvoiceTotals(
  lines: readonly { description: string; quantity: number; unitPrice: number; kind?: InvoiceLineKind }[],
  parties: GstParties | null,
): InvoiceTotals {
  const gstParties: GstParties = parties ?? { ...NO_GST_PARTIES };
  const computed: InvoiceLine[] = lines.map((l) => {
    const kind = l.kind ?? 'other';
    const amount = lineAmount(l.quantity, l.unitPrice);
    return {
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      kind,
      amount,
      ...gstLineOf(kind, amount, gstParties),
    };
  });
  const sum = (pick: (l: InvoiceLine) => number) => computed.reduce((s, l) => s + pick(l), 0);
  const subtotal = sum((l) => l.amount);
  const tax = sum(collectedTaxOf);
  return {
    lines: computed,
    subtotal,
    tax,
    total: subtotal + tax,
    taxableValue: sum((l) => (l.treatment === 'non_supply' ? 0 : l.taxableValue)),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    igst: sum((l) => l.igst),
    reverseChargeTax: sum(reverseChargeTaxOf),
    reverseCharge: computed.some((l) => l.treatment === 'reverse_charge'),
    documentType: documentTypeOf(computed),
  };
}

/** Parties of a company that is not registered for GST: no tax on anything. */
export const NO_GST_PARTIES: GstParties = {
  supplierGstin: null,
  placeOfSupply: '',
  recipientGstin: null,
  gstUse: 'residential',
  rateBp: 0,
};

/**
 * Amount in words in the Indian system (lakh, crore), as Indian invoices write it:
 * 1,23,456.70 → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy Paise Only".
 */
export function amountInWords(minor: number, currencyWord = 'Rupees'): string {
  const ones = [
    '',
    'One',
    'Two',
    'Three',
    'Four',
    'Five',
    'Six',
    'Seven',
    'Eight',
    'Nine',
    'Ten',
    'Eleven',
    'Twelve',
    'Thirteen',
    'Fourteen',
    'Fifteen',
    'Sixteen',
    'Seventeen',
    'Eighteen',
    'Nineteen',
  ];
  const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
  const two = (n: number): string =>
    n < 20 ? ones[n]! : n % 10 ? `${tens[Math.floor(n / 10)]}-${ones[n % 10]}` : tens[n / 10]!;
  const three = (n: number): string =>
    n >= 100 ? `${ones[Math.floor(n / 100)]} Hundred ${two(n % 100)}`.trim() : two(n);
  const words = (n: number): string => {
    if (n === 0) return 'Zero';
    const parts: string[] = [];
    const crore = Math.floor(n / 10_000_000);
    const lakh = Math.floor((n % 10_000_000) / 100_000);
    const thousand = Math.floor((n % 100_000) / 1000);
    const rest = n % 1000;
    if (crore) parts.push(`${crore >= 100 ? words(crore) : two(crore)} Crore`);
    if (lakh) parts.push(`${two(lakh)} Lakh`);
    if (thousand) parts.push(`${two(thousand)} Thousand`);
    if (rest) parts.push(three(rest));
    return parts.join(' ');
  };
  const sign = minor < 0 ? 'Minus ' : '';
  const abs = Math.abs(Math.trunc(minor));
  const major = Math.floor(abs / 100);
  const paise = abs % 100;
  if (major === 0 && paise > 0) return `${sign}${two(paise)} Paise Only`;
  return `${sign}${currencyWord} ${words(major)}${paise ? ` and ${two(paise)} Paise` : ''} Only`;
}
