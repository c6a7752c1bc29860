import type { InvoiceLineKind } from '../schemas/invoices';

/**
 * Tenant dues follow unpaid invoices: what an issued invoice still asks, split by the kind of its lines.
 * Rent, maintenance and utilities map to themselves, `penalty` lines to penalties, `deposit` and `other` lines to
 * `other` (counted in the total). Money is integers in minor units, so the parts always add up to the balance exactly.
 */
export interface DuesByKind {
  rent: number;
  maintenance: number;
  utilities: number;
  penalties: number;
  other: number;
}

export const DUES_KINDS = ['rent', 'maintenance', 'utilities', 'penalties', 'other'] as const;
export type DuesKind = (typeof DUES_KINDS)[number];

export const DUES_KIND_OF_LINE: Record<InvoiceLineKind, DuesKind> = {
  rent: 'rent',
  maintenance: 'maintenance',
  utilities: 'utilities',
  penalty: 'penalties',
  deposit: 'other',
  other: 'other',
};

export const noDues = (): DuesByKind => ({ rent: 0, maintenance: 0, utilities: 0, penalties: 0, other: 0 });

export function addDues(a: DuesByKind, b: DuesByKind): DuesByKind {
  return {
    rent: a.rent + b.rent,
    maintenance: a.maintenance + b.maintenance,
    utilities: a.utilities + b.utilities,
    penalties: a.penalties + b.penalties,
    other: a.other + b.other,
  };
}

export function subtractDues(a: DuesByKind, b: DuesByKind): DuesByKind {
  return {
    rent: a.rent - b.rent,
    maintenance: a.maintenance - b.maintenance,
    utilities: a.utilities - b.utilities,
    penalties: a.penalties - b.penalties,
    other: a.other - b.other,
  };
}

export const duesTotal = (d: DuesByKind): number =>
  d.rent + d.maintenance + d.utilities + d.penalties + d.other;

/**
 * Shares `tax` across lines in proportion to their amounts by the largest remainder: each line gets the floor of
 * its exact share, and the paise left over go one each to the lines with the largest remainders (ties: the earlier
 * line). The shares add up to `tax` exactly. Exact in BigInt (tax × amount may pass 2^53).
 */
export function shareTax(amounts: readonly number[], tax: number): number[] {
  if (amounts.length === 0) return [];
  const subtotal = amounts.reduce((s, a) => s + a, 0);
  if (subtotal <= 0) return amounts.map((_, i) => (i === 0 ? tax : 0));
  const t = BigInt(tax);
  const s = BigInt(subtotal);
  const exact = amounts.map((a) => t * BigInt(a));
  const shares = exact.map((e) => Number(e / s));
  let left = tax - shares.reduce((sum, x) => sum + x, 0);
  const order = exact
    .map((e, i) => ({ i, rem: e % s }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

export interface DuesInvoice {
  lineItems: readonly {
    kind: InvoiceLineKind;
    amount: number;
    treatment?: string;
    cgst?: number;
    sgst?: number;
    igst?: number;
  }[];
  tax: number;
  total: number;
  amountPaid: number;
}

/** Each line's tax: its own GST when the lines carry it and it adds up, else a largest-remainder share. */
function lineTaxes(invoice: DuesInvoice): number[] {
  const lines = invoice.lineItems;
  if (lines.every((l) => l.treatment !== undefined)) {
    const own = lines.map((l) =>
      l.treatment === 'taxable' ? (l.cgst ?? 0) + (l.sgst ?? 0) + (l.igst ?? 0) : 0,
    );
    if (own.reduce((s, t) => s + t, 0) === invoice.tax) return own;
  }
  return shareTax(
    lines.map((l) => l.amount),
    invoice.tax,
  );
}

/**
 * The unpaid balance of one issued invoice by dues kind: each line asks its amount plus its tax, and payments (and
 * credit notes, passed in `amountPaid` by callers) settle the lines in their order (the first line first). The parts
 * add up to `total − amountPaid`.
 */
export function invoiceDuesByKind(invoice: DuesInvoice): DuesByKind {
  const out = noDues();
  const lines = invoice.lineItems;
  const shares = lineTaxes(invoice);
  let paid = Math.max(0, invoice.amountPaid);
  let asked = 0;
  lines.forEach((line, i) => {
    const part = line.amount + shares[i]!;
    asked += part;
    const settled = Math.min(paid, part);
    paid -= settled;
    out[DUES_KIND_OF_LINE[line.kind]] += part - settled;
  });
  // A total that is not the sum of its lines (never made by this code) still counts whole, as `other`.
  const rest = invoice.total - asked;
  if (rest !== 0) out.other += rest > 0 ? Math.max(0, rest - paid) : rest;
  return out;
}

/** The dues of a set of unpaid invoices (sum of invoiceDuesByKind). */
export function duesOfInvoices(invoices: readonly DuesInvoice[]): DuesByKind {
  return invoices.reduce((sum, inv) => addDues(sum, invoiceDuesByKind(inv)), noDues());
}

/**
 * How much of an invoice's lines of one kind `paid` settles: payments settle the lines in their order (the first
 * line first), each line asking its amount plus its tax. Used for the deposit lines: money received for them is held
 * as a deposit, not income.
 */
export function settledOfKind(invoice: DuesInvoice, kind: InvoiceLineKind, paid: number): number {
  const shares = lineTaxes(invoice);
  let left = Math.max(0, paid);
  let settledKind = 0;
  invoice.lineItems.forEach((line, i) => {
    const settled = Math.min(left, line.amount + shares[i]!);
    left -= settled;
    if (line.kind === kind) settledKind += settled;
  });
  return settledKind;
}
