import type { InvoiceLine, InvoiceLineKind } from '../schemas/invoices';

/** Invoice arithmetic in paise (lines, tax, totals, late fees), invoice numbers and amounts in words. */

/** A line's amount: quantity × unit price, rounded half up to a whole paisa. */
export function lineAmount(quantity: number, unitPrice: number): number {
  const milli = Math.round(quantity * 1000);
  return Math.floor((milli * unitPrice + 500) / 1000);
}

/** The late fee on `balance`: fixed paise, or `value` basis points of the balance rounded half up. */
export function lateFeeOf(
  rule: { lateFeeType: 'none' | 'fixed' | 'percent'; lateFeeValue: number },
  balance: number,
): number {
  if (rule.lateFeeType === 'fixed') return rule.lateFeeValue;
  if (rule.lateFeeType === 'percent') return Math.floor((balance * rule.lateFeeValue + 5000) / 10_000);
  return 0;
}

/** Tax of a subtotal at `rateBp` basis points (1800 = 18 %), rounded half up. */
export function taxOf(subtotal: number, rateBp: number): number {
  return Math.floor((subtotal * rateBp + 5000) / 10_000);
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  subtotal: number;
  tax: number;
  total: number;
}

/** The one computation of totals, used by the server (authoritative) and by the editor's live preview. */
export function computeInvoiceTotals(
  lines: readonly { description: string; quantity: number; unitPrice: number; kind?: InvoiceLineKind }[],
  taxRateBp: number,
): InvoiceTotals {
  const computed = lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    kind: l.kind ?? 'other',
    amount: lineAmount(l.quantity, l.unitPrice),
  }));
  const subtotal = computed.reduce((sum, l) => sum + l.amount, 0);
  const tax = taxOf(subtotal, taxRateBp);
  return { lines: computed, subtotal, tax, total: subtotal + tax };
}

export function formatInvoiceNumber(year: number, n: number): string {
  return `INV-${year}-${String(n).padStart(6, '0')}`;
}

/** Amount in words, Indian numbering (lakh, crore): 1,25,000.50 → "One Lakh Twenty Five Thousand Rupees and Fifty Paise Only". */
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
    n < 20 ? ones[n]! : `${tens[Math.floor(n / 10)]} ${ones[n % 10]}`.trim();
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
  return `${sign}${words(major)} ${currencyWord}${paise ? ` and ${two(paise)} Paise` : ''} Only`;
}
