import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { AppError, badRequest, notFound } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { bookings, invoices, paymentOrders, payments, paymentWebhookEvents } from '../../db/schema';
import { createPaymentGateway, gatewayId, type PaymentGateway } from './payments.gateway';
import { paymentSignature, verifyPaymentSignature, verifyWebhookSignature } from './payments.signature';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
/** A ledger row of a gateway payment or refund (offline rows have neither order nor gateway id). */
export type GatewayPaymentRow = PaymentRow & { orderId: string; gatewayPaymentId: string };
const isGatewayRow = (p: PaymentRow): p is GatewayPaymentRow =>
  p.orderId !== null && p.gatewayPaymentId !== null;

export interface RecordPaymentInput {
  gatewayOrderId: string;
  gatewayPaymentId: string;
  status: 'captured' | 'failed' | 'refunded';
  source: 'verify' | 'webhook' | 'reconcile' | 'checkout' | 'refund';
  amount?: number;
  method?: string | null;
  failureReason?: string | null;
}

export interface RecordResult {
  /** True only for the one call that wrote the ledger row. */
  recorded: boolean;
  order: PaymentOrderRow;
  payment: PaymentRow;
}

/**
 * Runs after a captured payment is first recorded, inside the same transaction (services.ts registers the bookings
 * and invoices hooks with `onPaid`).
 */
export type PaidHook = (tx: Tx, order: PaymentOrderRow, payment: PaymentRow) => Promise<void>;

/**
 * Runs after the transaction that first recorded a captured payment has committed (notifications, emails), without
 * holding up the caller's answer. Best effort: a failure is logged and never undoes the payment. Registered with
 * `onSettled` (services.ts).
 */
export type SettledHook = (deps: PaymentsDeps, order: PaymentOrderRow, payment: PaymentRow) => Promise<void>;

/** What the service needs; the notifier and mailer are only used by settled hooks (absent in benchmarks). */
export type PaymentsDeps = Pick<AppDeps, 'db' | 'config'> &
  Partial<Pick<AppDeps, 'notifier' | 'mailer'>> & {
    log?: { error(details: object, message: string): void; warn?(details: object, message: string): void };
  };

export interface RefundResult {
  /** `processed`: refunded now (ledger row written); `pending`: the gateway settles it later (webhook). */
  status: 'processed' | 'pending';
  refundId: string;
  amount: number;
}

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
    const [invoice] = await tx
      .select({
        tenantId: invoices.tenantId,
        userId: invoices.userId,
        propertyId: invoices.propertyId,
        rentalUnitId: invoices.rentalUnitId,
        number: invoices.number,
      })
      .from(invoices)
      .where(and(eq(invoices.id, order.referenceId), eq(invoices.companyId, order.companyId)));
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
  const [booking] = order.referenceId
    ? await tx
        .select({
          tenantId: bookings.tenantId,
          userId: bookings.userId,
          propertyId: bookings.propertyId,
          rentalUnitId: bookings.rentalUnitId,
        })
        .from(bookings)
        .where(and(eq(bookings.id, order.referenceId), eq(bookings.companyId, order.companyId)))
    : [];
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
 * After the paid hooks: a booking that has just become a tenancy names it on every ledger row of that booking (the
 * attempts made before it existed included), so that the tenant filter and the tenant's payments find them.
 */
async function linkBookingTenancy(tx: Tx, payment: PaymentRow): Promise<void> {
  if (!payment.bookingId) return;
  await tx.execute(sql`
    update payments set tenant_id = b.tenant_id
    from bookings b
    where b.id = ${payment.bookingId} and b.company_id = ${payment.companyId} and b.tenant_id is not null
      and payments.company_id = ${payment.companyId} and payments.booking_id = b.id and payments.tenant_id is null`);
}

const verificationFailed = () => new AppError('VALIDATION_ERROR', 'Payment verification failed');

interface WebhookEntity {
  id?: unknown;
  order_id?: unknown;
  payment_id?: unknown;
  amount?: unknown;
  method?: unknown;
  error_description?: unknown;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

export function createPaymentsService(
  deps: PaymentsDeps,
  hooks: PaidHook[] = [],
  gatewayOverride?: PaymentGateway,
) {
  const db: Db = deps.db;
  const settledHooks: SettledHook[] = [];
  const gateway: PaymentGateway = gatewayOverride ?? createPaymentGateway(deps.config);

  async function runSettledHooks(order: PaymentOrderRow, payment: PaymentRow): Promise<void> {
    for (const hook of settledHooks) {
      try {
        await hook(deps, order, payment);
      } catch (error) {
        deps.log?.error({ err: error, paymentId: payment.id }, 'payment settled hook failed');
      }
    }
  }

  /** Asks the gateway for an order and keeps it; verification later uses this stored gateway order id. */
  async function createOrder(
    tx: Db | Tx,
    input: {
      companyId: string;
      userId: string;
      amount: number;
      currency?: string;
      purpose: string;
      referenceId?: string | null;
      installmentNumber?: number | null;
    },
  ): Promise<PaymentOrderRow> {
    if (!Number.isInteger(input.amount) || input.amount <= 0)
      throw badRequest('Amount must be positive', 'amount');
    const currency = input.currency ?? 'INR';
    const order = await gateway.createOrder({
      amount: input.amount,
      currency,
      receipt: input.referenceId ?? '',
    });
    const [row] = await tx
      .insert(paymentOrders)
      .values({
        companyId: input.companyId,
        userId: input.userId,
        gateway: gateway.mode,
        gatewayOrderId: order.id,
        amount: input.amount,
        currency,
        purpose: input.purpose,
        referenceId: input.referenceId ?? null,
        installmentNumber: input.installmentNumber ?? null,
      })
      .returning();
    return row!;
  }

  /**
   * Records one gateway payment exactly once: the order row is locked, the ledger insert is
   * `ON CONFLICT (gateway_payment_id) DO NOTHING`, and only the call that inserted runs the paid hooks.
   */
  async function recordPayment(input: RecordPaymentInput): Promise<RecordResult | null> {
    // Fast path for repeats (the webhook redelivered, the verify retried): a payment already in the ledger is
    // answered from one read, without queueing on the order's row lock. The first recording still goes through the
    // locked transaction below; the unique key decides any race between the two.
    const recordedBefore = async (): Promise<RecordResult | null> => {
      const [known] = await db
        .select({ payment: payments, order: paymentOrders })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(eq(payments.gatewayPaymentId, input.gatewayPaymentId));
      if (!known) return null;
      if (known.order.gatewayOrderId !== input.gatewayOrderId) throw verificationFailed();
      return { recorded: false, order: known.order, payment: known.payment };
    };
    const before = await recordedBefore();
    if (before) return before;
    // While another delivery of the same order holds its row lock, this one waits here (not in a pooled connection
    // blocked on the lock), then looks again: usually that other delivery has recorded the payment meanwhile. After
    // LOCK_TRIES the wait is left to PostgreSQL.
    let result: Awaited<ReturnType<typeof recordPaymentInTx>> | typeof LOCK_BUSY = LOCK_BUSY;
    for (let attempt = 0; result === LOCK_BUSY; attempt += 1) {
      result = await recordPaymentInTx(input, attempt < LOCK_TRIES);
      if (result !== LOCK_BUSY) break;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS + Math.random() * LOCK_RETRY_MS));
      const meanwhile = await recordedBefore();
      if (meanwhile) return meanwhile;
    }
    // Notifications and emails run after the answer is on its way (the webhook answers 2xx quickly); they catch
    // and log their own errors.
    if (result?.settled) void runSettledHooks(result.order, result.payment);
    if (!result) return null;
    return { recorded: result.recorded, order: result.order, payment: result.payment };
  }

  async function recordPaymentInTx(
    input: RecordPaymentInput,
    skipLocked: boolean,
  ): Promise<(RecordResult & { settled: boolean }) | null | typeof LOCK_BUSY> {
    return db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.gatewayOrderId, input.gatewayOrderId))
        .for('update', skipLocked ? { skipLocked: true } : {});
      if (!order) {
        if (!skipLocked) return null;
        const [exists] = await tx
          .select({ id: paymentOrders.id })
          .from(paymentOrders)
          .where(eq(paymentOrders.gatewayOrderId, input.gatewayOrderId));
        return exists ? LOCK_BUSY : null;
      }
      const inserted = await tx
        .insert(payments)
        .values({
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
        })
        .onConflictDoNothing({ target: payments.gatewayPaymentId })
        .returning();
      if (inserted[0]) {
        const payment = inserted[0];
        await recordAudit(tx, {
          companyId: order.companyId,
          action: `payment.${payment.status}`,
          entityType: 'payment',
          entityId: payment.id,
          summary: `${payment.status} ${payment.amount} ${payment.currency} (${payment.gatewayPaymentId}) via ${payment.source}`,
          after: { orderId: order.gatewayOrderId, amount: payment.amount, status: payment.status },
        });
        if (payment.status === 'captured' && order.status !== 'paid') {
          const [paid] = await tx
            .update(paymentOrders)
            .set({ status: 'paid' })
            .where(eq(paymentOrders.id, order.id))
            .returning();
          for (const hook of hooks) await hook(tx, paid!, payment);
          await linkBookingTenancy(tx, payment);
          return { recorded: true, settled: true, order: paid!, payment };
        }
        return { recorded: true, settled: false, order, payment };
      }
      const [existing] = await tx
        .select()
        .from(payments)
        .where(eq(payments.gatewayPaymentId, input.gatewayPaymentId));
      if (!existing || existing.orderId !== order.id) throw verificationFailed();
      return { recorded: false, settled: false, order, payment: existing };
    });
  }

  /**
   * Refunds a captured payment through the gateway (all of what is left of it unless `amount` is given). A refund
   * the gateway has processed is written to the ledger at once, keyed on the refund id, so that the later
   * `refund.processed` webhook records nothing twice; a pending one is written by that webhook. Gateway errors are
   * thrown (the caller keeps the money as a refund due).
   */
  async function refundPayment(input: {
    gatewayPaymentId: string;
    amount?: number;
    receipt?: string;
  }): Promise<RefundResult> {
    const [row] = await db
      .select({ payment: payments, order: paymentOrders })
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .where(eq(payments.gatewayPaymentId, input.gatewayPaymentId));
    if (row?.payment.status !== 'captured') throw notFound('Payment');
    const [refunded] = await db
      .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
      .from(payments)
      .where(and(eq(payments.orderId, row.order.id), eq(payments.status, 'refunded')));
    const left = row.payment.amount - (refunded?.total ?? 0);
    const amount = input.amount ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new AppError('CONFLICT', 'Nothing is left to refund on this payment');
    }
    const refund = await gateway.refund({
      paymentId: input.gatewayPaymentId,
      amount,
      receipt: input.receipt,
    });
    if (refund.status === 'failed') {
      throw new AppError('SERVICE_UNAVAILABLE', 'The payment gateway refused the refund');
    }
    if (refund.status === 'processed') {
      await recordPayment({
        gatewayOrderId: row.order.gatewayOrderId,
        gatewayPaymentId: refund.id,
        status: 'refunded',
        source: 'refund',
        amount: refund.amount,
      });
    }
    return { status: refund.status, refundId: refund.id, amount: refund.amount };
  }

  /**
   * The client's Checkout answer. The signature is checked against the order id stored on our side for `orderRowId`
   * (never the client's); a bad signature changes nothing. Repeats answer the same recorded payment.
   */
  async function verifyClientPayment(input: {
    orderRowId: string;
    userId: string;
    clientOrderId: string;
    paymentId: string;
    signature: string;
  }): Promise<RecordResult> {
    const [order] = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, input.orderRowId), eq(paymentOrders.userId, input.userId)));
    if (!order) throw verificationFailed();
    if (input.clientOrderId !== order.gatewayOrderId) throw verificationFailed();
    if (
      !verifyPaymentSignature(gateway.signingSecret, order.gatewayOrderId, input.paymentId, input.signature)
    ) {
      throw verificationFailed();
    }
    const result = await recordPayment({
      gatewayOrderId: order.gatewayOrderId,
      gatewayPaymentId: input.paymentId,
      status: 'captured',
      source: 'verify',
    });
    if (!result) throw verificationFailed();
    if (result.payment.status !== 'captured') throw verificationFailed();
    return result;
  }

  /** The sandbox's stand-in for Razorpay Checkout: only the order's owner, only in sandbox mode. */
  async function sandboxCheckout(userId: string, gatewayOrderId: string, outcome: 'success' | 'failure') {
    if (gateway.mode !== 'sandbox') throw notFound('Order');
    const [order] = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.gatewayOrderId, gatewayOrderId), eq(paymentOrders.userId, userId)));
    if (!order) throw notFound('Order');
    if (order.gateway !== 'sandbox') throw notFound('Order');
    if (order.status !== 'created')
      throw new AppError('CONFLICT', 'This order is no longer open for payment');
    const paymentId = gatewayId('pay');
    if (outcome === 'failure') {
      await recordPayment({
        gatewayOrderId,
        gatewayPaymentId: paymentId,
        status: 'failed',
        source: 'checkout',
        method: 'card',
        failureReason: 'Payment declined in the sandbox',
      });
      return {
        outcome: 'failure' as const,
        razorpay_order_id: gatewayOrderId,
        razorpay_payment_id: paymentId,
      };
    }
    return {
      outcome: 'success' as const,
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(gateway.signingSecret, gatewayOrderId, paymentId),
    };
  }

  /**
   * A gateway webhook: the signature over the raw body first, then the event is deduped on its id and handled in
   * one transaction (a failure rolls the event row back so that the gateway's retry is handled again).
   */
  async function handleWebhook(
    rawBody: Buffer,
    signature: unknown,
    eventIdHeader: unknown,
  ): Promise<{ duplicate: boolean; event: string }> {
    const secret = deps.config.payments.webhookSecret;
    if (!secret) throw notFound('Route');
    if (!verifyWebhookSignature(secret, rawBody, signature)) throw badRequest('Invalid webhook signature');
    let body: { event?: unknown; payload?: Record<string, { entity?: WebhookEntity }> };
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw badRequest('Webhook body is not JSON');
    }
    const event = str(body?.event);
    if (!event) throw badRequest('Webhook event missing');
    const eventId = str(eventIdHeader) ?? createHash('sha256').update(rawBody).digest('hex');
    const inserted = await db
      .insert(paymentWebhookEvents)
      .values({ eventId, event, payload: body })
      .onConflictDoNothing({ target: paymentWebhookEvents.eventId })
      .returning({ id: paymentWebhookEvents.id });
    if (!inserted[0]) return { duplicate: true, event };
    try {
      await applyWebhook(event, body.payload ?? {});
    } catch (error) {
      await db.delete(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId));
      throw error;
    }
    return { duplicate: false, event };
  }

  async function applyWebhook(event: string, payload: Record<string, { entity?: WebhookEntity }>) {
    const payment = payload.payment?.entity;
    const method = str(payment?.method) ?? null;
    const amount =
      typeof payment?.amount === 'number' && Number.isInteger(payment.amount) ? payment.amount : undefined;
    if (event === 'payment.captured' || event === 'order.paid' || event === 'payment.failed') {
      const paymentId = str(payment?.id);
      const orderId = str(payment?.order_id);
      if (!paymentId || !orderId) return;
      await recordPayment({
        gatewayOrderId: orderId,
        gatewayPaymentId: paymentId,
        status: event === 'payment.failed' ? 'failed' : 'captured',
        source: 'webhook',
        amount,
        method,
        failureReason:
          event === 'payment.failed' ? (str(payment?.error_description) ?? 'Payment failed') : null,
      });
      return;
    }
    if (event === 'refund.processed') {
      const refund = payload.refund?.entity;
      const refundId = str(refund?.id);
      const paymentId = str(refund?.payment_id);
      if (!refundId || !paymentId) return;
      const [paid] = await db
        .select({ gatewayOrderId: paymentOrders.gatewayOrderId })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(eq(payments.gatewayPaymentId, paymentId));
      if (!paid) return;
      await recordPayment({
        gatewayOrderId: paid.gatewayOrderId,
        gatewayPaymentId: refundId,
        status: 'refunded',
        source: 'webhook',
        amount:
          typeof refund?.amount === 'number' && Number.isInteger(refund.amount) ? refund.amount : undefined,
      });
    }
  }

  /**
   * Settles orders left `created` by asking the gateway for their payments. Safe on several processes at once: a
   * payment found twice is recorded once through the ledger's unique key (the sandbox gateway reports none).
   */
  async function reconcile(limit = 50): Promise<number> {
    const stale = await db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.status, 'created'),
          eq(paymentOrders.gateway, gateway.mode),
          sql`${paymentOrders.createdAt} < now() - interval '2 minutes'`,
        ),
      )
      .orderBy(paymentOrders.createdAt)
      .limit(limit);
    let settled = 0;
    for (const order of stale) {
      let found: Awaited<ReturnType<PaymentGateway['fetchOrderPayments']>>;
      try {
        found = await gateway.fetchOrderPayments(order.gatewayOrderId);
      } catch (error) {
        // One order the gateway cannot answer for must not stop the others.
        deps.log?.error({ err: error, orderId: order.gatewayOrderId }, 'reconciliation: order not fetched');
        continue;
      }
      for (const p of found) {
        if (p.status !== 'captured' && p.status !== 'failed') continue;
        const result = await recordPayment({
          gatewayOrderId: order.gatewayOrderId,
          gatewayPaymentId: p.id,
          status: p.status,
          source: 'reconcile',
          amount: p.amount,
          method: p.method ?? null,
          failureReason: p.errorDescription ?? null,
        });
        if (result?.recorded) settled += 1;
      }
    }
    return settled;
  }

  async function orderPayments(orderRowId: string): Promise<PaymentRow[]> {
    return db.select().from(payments).where(eq(payments.orderId, orderRowId)).orderBy(payments.createdAt);
  }

  /** Every ledger row of the orders made for one booking (or other paid record). */
  async function paymentsOfReference(referenceId: string): Promise<GatewayPaymentRow[]> {
    return db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .where(eq(paymentOrders.referenceId, referenceId))
      .orderBy(payments.createdAt)
      .then((rows) => rows.map((r) => r.payment).filter(isGatewayRow));
  }

  return {
    /** Adds a hook run inside the transaction that first records a captured payment. */
    onPaid(hook: PaidHook): void {
      if (!hooks.includes(hook)) hooks.push(hook);
    },
    /** Adds a hook run after that transaction has committed (best effort). */
    onSettled(hook: SettledHook): void {
      if (!settledHooks.includes(hook)) settledHooks.push(hook);
    },
    gateway,
    refundPayment,
    paymentsOfReference,
    createOrder,
    recordPayment,
    verifyClientPayment,
    sandboxCheckout,
    handleWebhook,
    reconcile,
    orderPayments,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
