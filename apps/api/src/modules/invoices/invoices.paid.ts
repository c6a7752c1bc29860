import { recordAudit } from '../../core/audit';
import { emitEvent } from '../../core/events';
import type { Tx } from '../../db/client';
import type { PaymentOrderRow, PaymentRow } from '../payments/payments.service';
import { balanceOf } from './invoices.dto';
import { refreshTenantDues } from './invoices.dues';
import { insertOnlinePaymentOnce, lockInvoice, setInvoice } from './invoices.repo';
import { insertTdsDeduction } from './tds.repo';

const ONLINE_METHODS = new Set(['card', 'upi']);

/**
 * Runs inside the payments transaction when an invoice's gateway order is first paid: records the invoice payment
 * (unique on the ledger row) and moves the invoice's paid amount and status under its row lock.
 */
export async function onInvoicePaid(tx: Tx, order: PaymentOrderRow, payment: PaymentRow): Promise<void> {
  if (order.purpose !== 'invoice' || !order.referenceId) return;
  const invoice = await lockInvoice(tx, order.referenceId);
  if (!invoice) return;
  const inserted = await insertOnlinePaymentOnce(tx, {
    companyId: invoice.companyId,
    invoiceId: invoice.id,
    amount: payment.amount,
    method:
      payment.method && ONLINE_METHODS.has(payment.method) ? (payment.method as 'card' | 'upi') : 'other',
    source: 'online',
    paidAt: payment.paidAt,
    reference: payment.gatewayPaymentId ?? '',
    paymentId: payment.id,
    recordedBy: null,
  });
  if (!inserted) return;
  // The balance takes the payment; what goes beyond it (or any payment of a void invoice) is owed back to the payer.
  const closed = invoice.status === 'void' || invoice.status === 'cancelled';
  const due = closed ? 0 : Math.max(0, balanceOf(invoice));
  // The TDS the order was opened with settles the invoice with the money, written once with this first recording;
  // when the balance no longer holds money and TDS together, the money alone is taken.
  const tds = order.tds && payment.amount + order.tds.amount <= due ? order.tds : null;
  if (tds) await insertTdsDeduction(tx, invoice, inserted, { ...tds, recordedBy: order.userId });
  const tdsAmount = tds?.amount ?? 0;
  const applied = Math.min(payment.amount, due - tdsAmount) + tdsAmount;
  const surplus = payment.amount + tdsAmount - applied;
  const amountPaid = invoice.amountPaid + applied;
  const refundDueAmount = invoice.refundDueAmount + surplus;
  const status = closed
    ? invoice.status
    : amountPaid + invoice.creditedAmount >= invoice.total
      ? 'paid'
      : 'partially_paid';
  await setInvoice(tx, invoice.id, {
    amountPaid,
    refundDueAmount,
    status,
    paidAt: status === 'paid' && invoice.status !== 'paid' ? payment.createdAt : invoice.paidAt,
    currentOrderId: invoice.currentOrderId === order.id ? null : invoice.currentOrderId,
  });
  await refreshTenantDues(tx, invoice.companyId, invoice.tenantId);
  if (status === 'paid' && invoice.status !== 'paid')
    await emitEvent(tx, {
      companyId: invoice.companyId,
      type: 'invoice.paid',
      data: {
        invoiceId: invoice.id,
        number: invoice.number,
        total: invoice.total,
        amountPaid,
        currency: invoice.currency,
        tenantId: invoice.tenantId,
      },
    });
  await recordAudit(tx, {
    companyId: invoice.companyId,
    actorUserId: null,
    action: 'invoice.payment_recorded',
    entityType: 'invoice',
    entityId: invoice.id,
    summary: `${invoice.number}: online payment ${payment.amount}${tds ? ` + TDS ${tds.amount} u/s ${tds.section}` : ''} (${payment.gatewayPaymentId})${
      surplus > 0 ? `, ${surplus} beyond the balance: refund due` : ''
    }`,
    before: {
      status: invoice.status,
      amountPaid: invoice.amountPaid,
      refundDueAmount: invoice.refundDueAmount,
    },
    after: { status, amountPaid, refundDueAmount, tds: tdsAmount },
  });
}
