import { recordAudit } from '../../core/audit';
import { AppError } from '../../core/errors';
import { emitEvent } from '../../core/events';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { payments } from '../../db/schema';
import { takeReceiptNumber } from '../gst/gst.service';
import {
  bookingOfOrder,
  insertLedgerRowOnce,
  insertWebhookEvent,
  invoiceOfOrder,
  ledgerRowByGatewayId,
  linkBookingTenancy,
  lockOrderByGatewayId,
  markOrderPaid,
  orderIdByGatewayId,
  type PaymentsRepo,
  setReceiptNumber,
} from './payments.repo';
import type {
  PaymentOrderRow,
  PaymentRow,
  RecordPaymentInput,
  RecordResult,
  WebhookDelivery,
} from './payments.types';

export const verificationFailed = () => new AppError('VALIDATION_ERROR', 'Payment verification failed');

/** recordPaymentInTx found the order row locked by another delivery (SKIP LOCKED). */
const LOCK_BUSY = Symbol('order row locked');
const LOCK_TRIES = 100;
const LOCK_RETRY_MS = 15;

/** The ledger columns a gateway payment copies from what its order pays (a booking, an installment, an invoice). */
export async function ledgerFieldsOfOrder(
  tx: Tx,
  order: PaymentOrderRow,
  status: PaymentRow['status'],
): Promise<
  Pick<
    typeof payments.$inferInsert,
    'kind' | 'tenantId' | 'userId' | 'propertyId' | 'rentalUnitId' | 'bookingId' | 'invoiceId' | 'description'
  >
> {
  const refund = status === 'refunded';
  if (order.purpose === 'invoice' && order.referenceId) {
    const invoice = await invoiceOfOrder(tx, order.referenceId, order.companyId);
    const what = `Invoice ${invoice?.number ?? ''}`.trim();
    return {
      kind: refund ? 'refund' : 'invoice',
      tenantId: invoice?.tenantId ?? null,
      userId: invoice?.userId ?? order.userId,
      propertyId: invoice?.propertyId ?? null,
      rentalUnitId: invoice?.rentalUnitId ?? null,
      bookingId: null,
      invoiceId: invoice ? order.referenceId : null,
      description: refund ? `Refund of ${what.toLowerCase()}` : what,
    };
  }
  const [booking] = order.referenceId ? await bookingOfOrder(tx, order.referenceId, order.companyId) : [];
  const what = order.installmentNumber ? `Booking installment ${order.installmentNumber}` : 'Booking payment';
  return {
    kind: refund ? 'refund' : order.installmentNumber ? 'installment' : 'booking',
    tenantId: booking?.tenantId ?? null,
    userId: booking?.userId ?? order.userId,
    propertyId: booking?.propertyId ?? null,
    rentalUnitId: booking?.rentalUnitId ?? null,
    bookingId: booking ? order.referenceId : null,
    invoiceId: null,
    description: refund ? 'Booking refund' : what,
  };
}

/**
 * Recording gateway payments exactly once: each call that writes a ledger row runs the paid hooks in its
 * transaction; the settled hooks run after it has committed.
 */
export function paymentRecording(
  db: Db,
  repo: PaymentsRepo,
  hooks: ((tx: Tx, order: PaymentOrderRow, payment: PaymentRow) => Promise<void>)[],
  runSettledHooks: (order: PaymentOrderRow, payment: PaymentRow) => Promise<void>,
) {
  /** Logs a webhook delivery; true when its event id is new (committed with `conn`'s transaction). */
  function logDelivery(conn: DbOrTx, delivery: WebhookDelivery): Promise<boolean> {
    return insertWebhookEvent(conn, delivery);
  }

  /**
   * Records one gateway payment exactly once: the order row is locked, the ledger insert is
   * `ON CONFLICT (gateway_payment_id) DO NOTHING`, and only the call that inserted runs the paid hooks. A webhook
   * delivery is logged in that same transaction, so its event id is never kept without the payment it brought
   * (`fresh` says whether the event id was new). Nothing is answered before the payment is committed.
   */
  async function recordPayment(
    input: RecordPaymentInput,
    delivery?: WebhookDelivery,
  ): Promise<(RecordResult & { fresh: boolean }) | null> {
    // Fast path for repeats (the webhook redelivered, the verify retried): a payment already in the ledger is
    // answered from one read, without queueing on the order's row lock. The first recording still goes through the
    // locked transaction below; the unique key decides any race between the two.
    const recordedBefore = async (): Promise<(RecordResult & { fresh: boolean }) | null> => {
      const known = await repo.paymentWithOrder(input.gatewayPaymentId);
      if (!known) return null;
      if (known.order.gatewayOrderId !== input.gatewayOrderId) throw verificationFailed();
      // The payment is durable already: the delivery's log row needs no transaction of its own with it.
      const fresh = delivery ? await logDelivery(db, delivery) : true;
      return { recorded: false, fresh, order: known.order, payment: known.payment };
    };
    const before = await recordedBefore();
    if (before) return before;
    // While another delivery of the same order holds its row lock, this one waits here (not in a pooled connection
    // blocked on the lock), then looks again: usually that other delivery has recorded the payment meanwhile. After
    // LOCK_TRIES the wait is left to PostgreSQL.
    let result: Awaited<ReturnType<typeof recordPaymentInTx>> | typeof LOCK_BUSY = LOCK_BUSY;
    for (let attempt = 0; result === LOCK_BUSY; attempt += 1) {
      result = await recordPaymentInTx(input, attempt < LOCK_TRIES, delivery);
      if (result !== LOCK_BUSY) break;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS + Math.random() * LOCK_RETRY_MS));
      const meanwhile = await recordedBefore();
      if (meanwhile) return meanwhile;
    }
    // Notifications and emails run after the answer is on its way (the webhook answers 2xx quickly); they catch
    // and log their own errors.
    if (result?.settled) void runSettledHooks(result.order, result.payment);
    if (!result) return null;
    return { recorded: result.recorded, fresh: result.fresh, order: result.order, payment: result.payment };
  }

  async function recordPaymentInTx(
    input: RecordPaymentInput,
    skipLocked: boolean,
    delivery: WebhookDelivery | undefined,
  ): Promise<(RecordResult & { settled: boolean; fresh: boolean }) | null | typeof LOCK_BUSY> {
    return db.transaction(async (tx) => {
      const order = await lockOrderByGatewayId(tx, input.gatewayOrderId, skipLocked);
      if (!order) {
        if (!skipLocked) return null;
        const exists = await orderIdByGatewayId(tx, input.gatewayOrderId);
        return exists ? LOCK_BUSY : null;
      }
      const fresh = delivery ? await logDelivery(tx, delivery) : true;
      const inserted = await insertLedgerRowOnce(tx, {
        companyId: order.companyId,
        orderId: order.id,
        gatewayPaymentId: input.gatewayPaymentId,
        amount: input.amount ?? order.amount,
        currency: order.currency,
        status: input.status,
        method: input.method ?? null,
        source: input.source,
        failureReason: input.failureReason ?? null,
        reference: input.gatewayPaymentId,
        ...(await ledgerFieldsOfOrder(tx, order, input.status)),
      });
      if (inserted) {
        // Money received gets its receipt number from the receipt series of the year it was paid in.
        const payment =
          inserted.status === 'captured' && inserted.kind !== 'refund'
            ? await setReceiptNumber(
                tx,
                inserted.id,
                await takeReceiptNumber(tx, inserted.companyId, inserted.paidAt),
              )
            : inserted;
        await recordAudit(tx, {
          companyId: order.companyId,
          action: `payment.${payment.status}`,
          entityType: 'payment',
          entityId: payment.id,
          summary: `${payment.status} ${payment.amount} ${payment.currency} (${payment.gatewayPaymentId}) via ${payment.source}`,
          after: { orderId: order.gatewayOrderId, amount: payment.amount, status: payment.status },
        });
        if (payment.status !== 'failed')
          await emitEvent(tx, {
            companyId: order.companyId,
            type: payment.status === 'captured' ? 'payment.captured' : 'payment.refunded',
            data: {
              paymentId: payment.id,
              purpose: order.purpose,
              referenceId: order.referenceId,
              amount: payment.amount,
              currency: payment.currency,
              method: payment.method,
              source: payment.source,
              gatewayPaymentId: payment.gatewayPaymentId,
              receiptNumber: payment.receiptNumber,
              paidAt: payment.paidAt,
            },
          });
        // A capture settles its order, once: a second capture of one order (two checkouts of it) still runs the
        // hooks, which keep what goes beyond the amount due as a refund due.
        if (payment.status === 'captured') {
          const paid = order.status === 'paid' ? order : await markOrderPaid(tx, order.id);
          for (const hook of hooks) await hook(tx, paid!, payment);
          // A booking that has just become a tenancy names it on every ledger row of that booking (the attempts
          // made before it existed included), so that the tenant filter and the tenant's payments find them.
          if (payment.bookingId) await linkBookingTenancy(tx, payment);
          return { recorded: true, settled: true, fresh, order: paid!, payment };
        }
        return { recorded: true, settled: false, fresh, order, payment };
      }
      const existing = await ledgerRowByGatewayId(tx, input.gatewayPaymentId);
      if (!existing || existing.orderId !== order.id) throw verificationFailed();
      return { recorded: false, settled: false, fresh, order, payment: existing };
    });
  }

  return { logDelivery, recordPayment };
}
