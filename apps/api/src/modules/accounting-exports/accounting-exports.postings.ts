import type { AccountingLedgerKey, AccountingLedgers } from '@rentora/shared';
import type { InvoiceLine } from '../../db/schema';
import type { ExportBooks, ExportCreditNote, ExportInvoice, ExportPayment } from './accounting-exports.types';

/**
 * Double entry for the exports: every document becomes a voucher of postings that sum to zero (debits positive,
 * credits negative, paise). A sales voucher debits the tenant (party) with the invoice total and credits income by
 * kind of charge and the output GST collected; a credit note reverses that; a receipt debits bank or cash (and TDS
 * receivable for tax the tenant deducted) and credits the party; a refund debits the party and credits bank.
 */

export type VoucherType = 'Sales' | 'Credit Note' | 'Receipt' | 'Payment';

export interface Posting {
  ledger: string;
  /** Paise: positive debits, negative credits. */
  amount: number;
  isParty: boolean;
}

export interface Voucher {
  /** Stable across exports: derived from our document's id, so a re-import alters instead of duplicating. */
  guid: string;
  type: VoucherType;
  number: string;
  date: string;
  partyLedger: string;
  narration: string;
  /** The payer's reference (UTR, cheque number) or our document number. */
  reference: string;
  /** The invoice a party line raises (sales) or settles (credit note, receipt, refund); null when none. */
  billRef: string | null;
  postings: Posting[];
}

const INCOME_OF_KIND: Record<InvoiceLine['kind'], AccountingLedgerKey> = {
  rent: 'rentIncome',
  maintenance: 'maintenanceIncome',
  utilities: 'utilityIncome',
  penalty: 'lateFeeIncome',
  deposit: 'securityDeposit',
  other: 'otherIncome',
};

/** One ledger name per payer: a name two different people share gets a short id of each, so books never merge them. */
export function partyLedgerNames(books: ExportBooks): Map<string, string> {
  const parties = new Map<string, string>();
  const note = (id: string | null, name: string) => {
    if (id && !parties.has(id)) parties.set(id, name.trim() || 'Unnamed tenant');
  };
  for (const invoice of books.invoices) note(invoice.partyId, invoice.partyName);
  for (const credit of books.creditNotes) note(credit.partyId, credit.partyName);
  for (const payment of books.payments) note(payment.partyId, payment.partyName);
  const holders = new Map<string, number>();
  for (const name of parties.values()) holders.set(name, (holders.get(name) ?? 0) + 1);
  for (const [id, name] of parties) {
    if ((holders.get(name) ?? 0) > 1) parties.set(id, `${name} (${id.slice(-6)})`);
  }
  return parties;
}

/** Adds `amount` to a ledger's posting, keeping one posting per ledger and side. */
function post(postings: Posting[], ledger: string, amount: number, isParty = false) {
  if (amount === 0) return;
  const same = postings.find((p) => p.ledger === ledger && Math.sign(p.amount) === Math.sign(amount));
  if (same) same.amount += amount;
  else postings.push({ ledger, amount, isParty });
}

/** The income and tax a set of lines carries, credited (sign −1) or debited back (sign +1). */
function postLines(
  postings: Posting[],
  ledgers: AccountingLedgers,
  lines: { kind: InvoiceLine['kind']; line: Partial<InvoiceLine> & { amount: number } }[],
  sign: 1 | -1,
) {
  for (const { kind, line } of lines) {
    post(postings, ledgers[INCOME_OF_KIND[kind]], sign * (line.taxableValue ?? line.amount));
    if (line.treatment === 'taxable') {
      post(postings, ledgers.outputCgst, sign * (line.cgst ?? 0));
      post(postings, ledgers.outputSgst, sign * (line.sgst ?? 0));
      post(postings, ledgers.outputIgst, sign * (line.igst ?? 0));
    }
  }
}

/** Whatever the lines leave between the postings and the document's total (tax of invoices before GST lines). */
function balance(postings: Posting[], ledgers: AccountingLedgers) {
  const rest = postings.reduce((sum, p) => sum + p.amount, 0);
  post(postings, ledgers.roundOff, -rest);
}

export function salesVoucher(invoice: ExportInvoice, party: string, ledgers: AccountingLedgers): Voucher {
  const postings: Posting[] = [];
  post(postings, party, invoice.total, true);
  postLines(
    postings,
    ledgers,
    invoice.lines.map((line) => ({ kind: line.kind, line })),
    -1,
  );
  balance(postings, ledgers);
  return {
    guid: `rentora-invoice-${invoice.id}`,
    type: 'Sales',
    number: invoice.number,
    date: invoice.issueDate,
    partyLedger: party,
    narration: `Invoice ${invoice.number}${invoice.period ? ` for ${invoice.period}` : ''}`,
    reference: invoice.number,
    billRef: invoice.number,
    postings,
  };
}

/** The kind of charge a credit note line reverses: the credited invoice's line of the same description. */
function kindOfCreditLine(
  credit: ExportCreditNote,
  description: string,
  treatment: string,
): InvoiceLine['kind'] {
  const match = credit.invoiceLines.find((line) => line.description === description);
  if (match) return match.kind;
  return treatment === 'non_supply' ? 'deposit' : 'other';
}

export function creditNoteVoucher(
  credit: ExportCreditNote,
  party: string,
  ledgers: AccountingLedgers,
): Voucher {
  const postings: Posting[] = [];
  post(postings, party, -credit.total, true);
  postLines(
    postings,
    ledgers,
    credit.lines.map((line) => ({
      kind: kindOfCreditLine(credit, line.description, line.treatment),
      line: { ...line, treatment: line.treatment as InvoiceLine['treatment'] },
    })),
    1,
  );
  balance(postings, ledgers);
  return {
    guid: `rentora-credit-note-${credit.id}`,
    type: 'Credit Note',
    number: credit.number,
    date: credit.issueDate,
    partyLedger: party,
    narration: `Credit note ${credit.number} against ${credit.invoiceNumber}: ${credit.reason}`,
    reference: credit.invoiceNumber,
    billRef: credit.invoiceNumber || null,
    postings,
  };
}

const cashOrBank = (method: string | null, ledgers: AccountingLedgers) =>
  method === 'cash' ? ledgers.cash : ledgers.bank;

/** A day in India of an instant (payments are dated by the business day they moved on). */
export const indiaDate = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

export function paymentVoucher(payment: ExportPayment, party: string, ledgers: AccountingLedgers): Voucher {
  const postings: Posting[] = [];
  const refund = payment.kind === 'refund';
  if (refund) {
    post(postings, party, payment.amount, true);
    post(postings, cashOrBank(payment.method, ledgers), -payment.amount);
  } else {
    post(postings, cashOrBank(payment.method, ledgers), payment.amount);
    post(postings, ledgers.tdsReceivable, payment.tds);
    post(postings, party, -(payment.amount + payment.tds), true);
  }
  const what = payment.invoiceNumber ? `invoice ${payment.invoiceNumber}` : payment.description;
  return {
    guid: `rentora-payment-${payment.id}`,
    type: refund ? 'Payment' : 'Receipt',
    number: payment.receiptNumber || payment.reference || payment.id.slice(-8),
    date: indiaDate(payment.paidAt),
    partyLedger: party,
    narration: [
      refund ? `Refund: ${payment.description}` : `Received against ${what}`,
      payment.method ? `by ${payment.method.replace('_', ' ')}` : '',
      payment.reference ? `ref ${payment.reference}` : '',
      payment.tds ? `TDS ${payment.tdsSection ?? ''} deducted by the tenant`.replace('  ', ' ') : '',
    ]
      .filter(Boolean)
      .join(', '),
    reference: payment.reference,
    billRef: payment.invoiceNumber,
    postings,
  };
}

/** Every voucher of the period, in date order: invoices, credit notes, then money moved. */
export function vouchersOf(books: ExportBooks, ledgers: AccountingLedgers): Voucher[] {
  const parties = partyLedgerNames(books);
  const partyOf = (id: string | null, name: string) => (id && parties.get(id)) || name;
  return [
    ...books.invoices.map((i) => salesVoucher(i, partyOf(i.partyId, i.partyName), ledgers)),
    ...books.creditNotes.map((c) => creditNoteVoucher(c, partyOf(c.partyId, c.partyName), ledgers)),
    ...books.payments.map((p) => paymentVoucher(p, partyOf(p.partyId, p.partyName), ledgers)),
  ];
}
