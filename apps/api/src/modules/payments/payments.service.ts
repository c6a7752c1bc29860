import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { AppError, badRequest, notFound } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { bookings, invoices, paymentOrders, payments, paymentWebhookEvents } from '../../db/schema';
import type { PaymentGateway } from './payments.gateway';
import { createRazorpayGateway } from './payments.gateway';
import { createSandboxGateway, type SandboxGateway } from './payments.sandbox';
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

/** A webhook delivery, logged (deduplicated on its event id) in the transaction that applies it. */
export interface WebhookDelivery {
  eventId: string;
  event: string;
  payload: unknown;
}

/** The gateway of this process: Razorpay when its key id and secret are set, the sandbox otherwise. */
export function createPaymentGateway(config: Config, db: Db): PaymentGateway | SandboxGateway {
  if (config.razorpay) return createRazorpayGateway(config.razorpay);
  return createSandboxGateway(config.payments.sandboxSecret, db);
}

/** Open orders are asked about for this long after they were made (Razorpay keeps an order payable for days). */
const RECONCILE_WINDOW = sql`interval '3 days'`;
/** Order statuses whose payments may still arrive: `expired` orders were replaced on our side, not at the gateway. */
const UNSETTLED_ORDER_STATUSES = ['created', 'expired'] as const;

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

const integerOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

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
  const gateway: PaymentGateway | SandboxGateway = gatewayOverride ?? createPaymentGateway(deps.config, db);
  /** The first reconciliation of this process asks about every recent unsettled order (a restart may have lost some). */
  let sweptSinceStart = false;

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

  /** Logs a webhook delivery; true when its event id is new (committed with `conn`'s transaction). */
  async function logDelivery(conn: Db | Tx, delivery: WebhookDelivery): Promise<boolean> {
    const inserted = await conn
      .insert(paymentWebhookEvents)
      .values({ eventId: delivery.eventId, event: delivery.event, payload: delivery.payload })
      .onConflictDoNothing({ target: paymentWebhookEvents.eventId })
      .returning({ id: paymentWebhookEvents.id });
    return inserted.length > 0;
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
      const [known] = await db
        .select({ payment: payments, order: paymentOrders })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(eq(payments.gatewayPaymentId, input.gatewayPaymentId));
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
      const fresh = delivery ? await logDelivery(tx, delivery) : true;
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
        // A capture settles its order, once: a second capture of one order (two checkouts of it) still runs the
        // hooks, which keep what goes beyond the amount due as a refund due.
        if (payment.status === 'captured') {
          const [paid] =
            order.status === 'paid'
              ? [order]
              : await tx
                  .update(paymentOrders)
                  .set({ status: 'paid' })
                  .where(eq(paymentOrders.id, order.id))
                  .returning();
          for (const hook of hooks) await hook(tx, paid!, payment);
          await linkBookingTenancy(tx, payment);
          return { recorded: true, settled: true, fresh, order: paid!, payment };
        }
        return { recorded: true, settled: false, fresh, order, payment };
      }
      const [existing] = await tx
        .select()
        .from(payments)
        .where(eq(payments.gatewayPaymentId, input.gatewayPaymentId));
      if (!existing || existing.orderId !== order.id) throw verificationFailed();
      return { recorded: false, settled: false, fresh, order, payment: existing };
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

  /**
   * The sandbox's stand-in for Razorpay Checkout: only the order's owner, only in sandbox mode. The sandbox gateway
   * books the payment first (its own record, as Razorpay's), then the browser gets what Checkout would hand it.
   */
  async function sandboxCheckout(userId: string, gatewayOrderId: string, outcome: 'success' | 'failure') {
    if (gateway.mode !== 'sandbox' || !('checkout' in gateway)) throw notFound('Order');
    const [order] = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.gatewayOrderId, gatewayOrderId), eq(paymentOrders.userId, userId)));
    if (!order) throw notFound('Order');
    if (order.gateway !== 'sandbox') throw notFound('Order');
    if (order.status !== 'created')
      throw new AppError('CONFLICT', 'This order is no longer open for payment');
    const taken = await gateway.checkout({
      orderId: gatewayOrderId,
      amount: order.amount,
      currency: order.currency,
      outcome,
    });
    if (taken.status === 'failed') {
      await recordPayment({
        gatewayOrderId,
        gatewayPaymentId: taken.paymentId,
        status: 'failed',
        source: 'checkout',
        method: 'card',
        failureReason: 'Payment declined in the sandbox',
      });
      return {
        outcome: 'failure' as const,
        razorpay_order_id: gatewayOrderId,
        razorpay_payment_id: taken.paymentId,
      };
    }
    return {
      outcome: 'success' as const,
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: taken.paymentId,
      razorpay_signature: paymentSignature(gateway.signingSecret, gatewayOrderId, taken.paymentId),
    };
  }

  /**
   * A gateway webhook: the signature over the raw body first; then the event is applied and its id logged in ONE
   * transaction, so a process that dies half-way keeps neither and the gateway's retry applies it again. A copy
   * delivered while the first is being applied waits for it (the order's row lock) and only then answers; the
   * answer says `duplicate` when that event id had been logged before.
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
    const delivery: WebhookDelivery = {
      eventId: str(eventIdHeader) ?? createHash('sha256').update(rawBody).digest('hex'),
      event,
      payload: body,
    };
    const input = await paymentOfWebhook(event, body.payload ?? {});
    const recorded = input ? await recordPayment(input, delivery) : null;
    // Events that move no money here (other events, orders of another system) are only logged.
    const fresh = recorded ? recorded.fresh : await logDelivery(db, delivery);
    return { duplicate: !fresh, event };
  }

  /** The ledger row a webhook event asks for, or null when it moves no money of ours. */
  async function paymentOfWebhook(
    event: string,
    payload: Record<string, { entity?: WebhookEntity }>,
  ): Promise<RecordPaymentInput | null> {
    const payment = payload.payment?.entity;
    if (event === 'payment.captured' || event === 'order.paid' || event === 'payment.failed') {
      const paymentId = str(payment?.id);
      const orderId = str(payment?.order_id);
      if (!paymentId || !orderId) return null;
      return {
        gatewayOrderId: orderId,
        gatewayPaymentId: paymentId,
        status: event === 'payment.failed' ? 'failed' : 'captured',
        source: 'webhook',
        amount: integerOf(payment?.amount),
        method: str(payment?.method) ?? null,
        failureReason:
          event === 'payment.failed' ? (str(payment?.error_description) ?? 'Payment failed') : null,
      };
    }
    if (event === 'refund.processed') {
      const refund = payload.refund?.entity;
      const refundId = str(refund?.id);
      const paymentId = str(refund?.payment_id);
      if (!refundId || !paymentId) return null;
      const [paid] = await db
        .select({ gatewayOrderId: paymentOrders.gatewayOrderId })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(eq(payments.gatewayPaymentId, paymentId));
      if (!paid) return null;
      return {
        gatewayOrderId: paid.gatewayOrderId,
        gatewayPaymentId: refundId,
        status: 'refunded',
        source: 'webhook',
        amount: integerOf(refund?.amount),
      };
    }
    return null;
  }

  /** Asks the gateway about each order and records every captured or failed payment it reports, once. */
  async function settleOrders(orders: PaymentOrderRow[]): Promise<number> {
    let settled = 0;
    for (const order of orders) {
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

  /**
   * Records what the gateway captured for recent orders that are not settled on our side (`created`, or `expired`
   * because another order replaced them: the gateway may still take money for it). Each order is asked less often
   * as it ages (after a quarter of its age, at least a minute); the first run of a process, and `all`, ask about
   * every one of them. Safe on several processes at once: each run claims the orders it asks about, and a payment
   * found twice is recorded once through the ledger's unique key. Answers how many payments it recorded.
   */
  async function reconcile(limit = 50, options: { all?: boolean } = {}): Promise<number> {
    const all = options.all === true || !sweptSinceStart;
    sweptSinceStart = true;
    let settled = 0;
    let afterId: string | null = null;
    for (;;) {
      const unsettled = and(
        inArray(paymentOrders.status, [...UNSETTLED_ORDER_STATUSES]),
        eq(paymentOrders.gateway, gateway.mode),
        sql`${paymentOrders.createdAt} > now() - ${RECONCILE_WINDOW}`,
      );
      // A sweep walks every unsettled order once (by id); a scheduled run takes those whose next look is due.
      const candidates = all
        ? db
            .select({ id: paymentOrders.id })
            .from(paymentOrders)
            .where(and(unsettled, afterId ? gt(paymentOrders.id, afterId) : undefined))
            .orderBy(paymentOrders.id)
            .limit(limit)
            .for('update', { skipLocked: true })
        : db
            .select({ id: paymentOrders.id })
            .from(paymentOrders)
            .where(
              and(
                unsettled,
                sql`coalesce(${paymentOrders.checkedAt}, ${paymentOrders.createdAt})
                  < now() - greatest(interval '1 minute', (now() - ${paymentOrders.createdAt}) / 4)`,
              ),
            )
            .orderBy(sql`coalesce(${paymentOrders.checkedAt}, ${paymentOrders.createdAt})`)
            .limit(limit)
            .for('update', { skipLocked: true });
      const orders: PaymentOrderRow[] = await db
        .update(paymentOrders)
        .set({ checkedAt: sql`clock_timestamp()` })
        .where(inArray(paymentOrders.id, candidates))
        .returning();
      if (orders.length === 0) break;
      orders.sort((x, y) => (x.id < y.id ? -1 : 1));
      settled += await settleOrders(orders);
      afterId = orders[orders.length - 1]!.id;
      if (!all || orders.length < limit) break;
    }
    return settled;
  }

  /**
   * Before a new order is made for a booking or an invoice: records whatever the gateway took for its earlier
   * unsettled orders, so that the amount still due is computed from every payment the gateway holds.
   */
  async function settleOpenOrdersOf(referenceId: string): Promise<number> {
    const open = await db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.referenceId, referenceId),
          eq(paymentOrders.gateway, gateway.mode),
          inArray(paymentOrders.status, [...UNSETTLED_ORDER_STATUSES]),
          sql`${paymentOrders.createdAt} > now() - ${RECONCILE_WINDOW}`,
        ),
      );
    return settleOrders(open);
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
    settleOpenOrdersOf,
    orderPayments,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
