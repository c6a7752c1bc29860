import { computeInvoiceTotals, formatMoney } from '@rentora/shared';
import { conflict } from '../../core/errors';
import type { Tx } from '../../db/client';
import type { InvoiceLine } from '../../db/schema';
import { expireOpenOrder } from '../payments/payments.service';
import type { CreditNoteIssuing } from './credit-notes';
import { balanceOf, type InvoiceRow, partiesOfInvoice } from './invoices.dto';
import { refreshTenantDues } from './invoices.dues';
import { invoiceOfCompany, setInvoiceReturning } from './invoices.repo';

/**
 * The one late-fee line of an issued invoice (a `penalty` line marked `lateFee`), written and updated by the
 * late-fees module's charge, taken off by its waiver. The line is taxed as the invoice's supply is (GST: interest or a
 * late fee for delayed payment is part of the value of the supply it is charged on, so a commercial rent's late fee
 * carries the rent's GST, a dwelling's is exempt or reverse charge like the rent); totals, tax and the tenant's dues
 * are recomputed in the caller's transaction.
 */

export const lateFeeLineOf = (invoice: Pick<InvoiceRow, 'lineItems'>): InvoiceLine | undefined =>
  invoice.lineItems.find((l) => l.lateFee === true);

/** The company's invoice under its row lock, or undefined. */
export const lockInvoiceOfCompany = (tx: Tx, companyId: string, id: string) =>
  invoiceOfCompany(tx, companyId, id, true);

/** What the invoice still asks without its late fee (and the fee's tax): the balance daily interest runs on. */
export function principalBalanceOf(invoice: InvoiceRow): number {
  const line = lateFeeLineOf(invoice);
  const feeTotal = line
    ? line.amount +
      (line.treatment === 'taxable' ? (line.cgst ?? 0) + (line.sgst ?? 0) + (line.igst ?? 0) : 0)
    : 0;
  return Math.max(0, balanceOf(invoice) - feeTotal);
}

/**
 * Sets the invoice's late-fee line to `amount` paise (removes it at 0), recomputes its totals and GST and the
 * tenant's dues; an invoice it settles (a fee taken off a paid balance) becomes paid. Answers the row as it is now.
 */
export async function setLateFeeLine(
  tx: Tx,
  invoice: InvoiceRow,
  amount: number,
  description: string,
): Promise<InvoiceRow> {
  const others = invoice.lineItems.filter((l) => l.lateFee !== true);
  const lines =
    amount > 0
      ? [...others, { description, quantity: 1, unitPrice: amount, kind: 'penalty' as const }]
      : others;
  // Invoices made before GST invoicing keep their flat tax rate; the others tax the fee like the rent.
  const legacy = invoice.lineItems.every((l) => l.treatment === undefined);
  const totals = computeInvoiceTotals(lines, partiesOfInvoice(invoice));
  const legacyTax = legacy ? Math.floor((totals.subtotal * invoice.taxRate + 5000) / 10_000) : 0;
  const stored: InvoiceLine[] = totals.lines.map((line, i) => {
    const kept = legacy
      ? {
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          kind: line.kind,
          amount: line.amount,
        }
      : line;
    return amount > 0 && i === lines.length - 1 ? { ...kept, lateFee: true } : kept;
  });
  const total = totals.subtotal + (legacy ? legacyTax : totals.tax);
  const settled = invoice.amountPaid + invoice.creditedAmount >= total;
  const updated = await setInvoiceReturning(tx, invoice.id, {
    lineItems: stored,
    subtotal: totals.subtotal,
    tax: legacy ? legacyTax : totals.tax,
    total,
    taxableValue: totals.taxableValue,
    cgst: totals.cgst,
    sgst: totals.sgst,
    igst: totals.igst,
    reverseChargeTax: totals.reverseChargeTax,
    ...(settled && invoice.status !== 'paid' ? { status: 'paid' as const, paidAt: new Date() } : {}),
    ...(settled && invoice.currentOrderId ? { currentOrderId: null } : {}),
  });
  if (settled && invoice.currentOrderId) await expireOpenOrder(tx, invoice.currentOrderId);
  await refreshTenantDues(tx, invoice.companyId, invoice.tenantId);
  return updated!;
}

/**
 * Waiving an invoice's late fee inside `tx` (the invoice locked by the caller). On a tax invoice the fee is a supply
 * already on an issued GST document: a credit note for it (the fee's value and its tax) takes it off, as an
 * accountant expects, and the line stays. On a bill of supply (no GST on it) the line is taken off and the totals
 * recomputed. Either way the balance and the tenant's dues drop by the fee.
 */
export function lateFeeWaiving(creditNotes: CreditNoteIssuing) {
  return async function waiveLateFeeInTx(
    tx: Tx,
    actor: { companyId: string; userId: string | null },
    invoice: InvoiceRow,
    reason: string,
  ): Promise<{ invoice: InvoiceRow; amount: number; creditNoteId: string | null }> {
    const line = lateFeeLineOf(invoice);
    if (!line || line.amount <= 0) throw conflict('This invoice has no late fee to waive');
    if (invoice.status === 'void' || invoice.status === 'cancelled' || invoice.status === 'draft')
      throw conflict(`A ${invoice.status} invoice has no late fee to waive`);
    if (invoice.documentType === 'tax_invoice') {
      const { note, invoice: updated } = await creditNotes.issueInTx(tx, actor, invoice, {
        reason: `Late fee waived: ${reason}`,
        lines: [{ description: `Waiver of ${line.description}`, amount: line.amount }],
      });
      return { invoice: updated, amount: line.amount, creditNoteId: note.id };
    }
    const balance = balanceOf(invoice);
    if (balance < line.amount)
      throw conflict(
        `The late fee was paid already: at most ${formatMoney(balance)} of the balance is left to waive`,
      );
    return { invoice: await setLateFeeLine(tx, invoice, 0, ''), amount: line.amount, creditNoteId: null };
  };
}

export type WaiveLateFeeInTx = ReturnType<typeof lateFeeWaiving>;
