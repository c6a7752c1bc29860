import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { bookings, invoices, paymentOrders, payments, paymentWebhookEvents } from '../../db/schema';

type PaymentOrderRow = typeof paymentOrders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** The invoice an order pays, with what its ledger rows copy. */
export async function invoiceOfOrder(tx: Tx, invoiceId: string, companyId: string) {
  const [invoice] = await tx
    .select({
      tenantId: invoices.tenantId,
      userId: invoices.userId,
      propertyId: invoices.propertyId,
      rentalUnitId: invoices.rentalUnitId,
      number: invoices.number,
    })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)));
  return invoice;
}

/** The booking an order pays, with what its ledger rows copy. */
export function bookingOfOrder(tx: Tx, bookingId: string, companyId: string) {
  return tx
    .select({
      tenantId: bookings.tenantId,
      userId: bookings.userId,
      propertyId: bookings.propertyId,
      rentalUnitId: bookings.rentalUnitId,
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.companyId, companyId)));
}

/** Names the booking's tenancy on every ledger row of that booking that has none yet. */
export async function linkBookingTenancy(tx: Tx, payment: PaymentRow): Promise<void> {
  await tx.execute(sql`
    update payments set tenant_id = b.tenant_id
    from bookings b
    where b.id = ${payment.bookingId} and b.company_id = ${payment.companyId} and b.tenant_id is not null
      and payments.company_id = ${payment.companyId} and payments.booking_id = b.id and payments.tenant_id is null`);
}

export async function insertOrder(
  conn: DbOrTx,
  values: typeof paymentOrders.$inferInsert,
): Promise<PaymentOrderRow> {
  const [row] = await conn.insert(paymentOrders).values(values).returning();
  return row!;
}

/** Logs a webhook delivery unless its event id is logged already; true when it was new. */
export async function insertWebhookEvent(
  conn: DbOrTx,
  delivery: { eventId: string; event: string; payload: unknown },
): Promise<boolean> {
  const inserted = await conn
    .insert(paymentWebhookEvents)
    .values({ eventId: delivery.eventId, event: delivery.event, payload: delivery.payload })
    .onConflictDoNothing({ target: paymentWebhookEvents.eventId })
    .returning({ id: paymentWebhookEvents.id });
  return inserted.length > 0;
}

/** The order of a gateway order id under its row lock (SKIP LOCKED when asked: a locked row is then not read). */
export async function lockOrderByGatewayId(
  tx: Tx,
  gatewayOrderId: string,
  skipLocked: boolean,
): Promise<PaymentOrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.gatewayOrderId, gatewayOrderId))
    .for('update', skipLocked ? { skipLocked: true } : {});
  return order;
}

/** Whether an order with this gateway order id exists (without locking it). */
export async function orderIdByGatewayId(tx: Tx, gatewayOrderId: string) {
  const [exists] = await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(eq(paymentOrders.gatewayOrderId, gatewayOrderId));
  return exists;
}

/** Inserts a ledger row unless its gateway payment id is in the ledger already; answers the inserted row. */
export async function insertLedgerRowOnce(
  tx: Tx,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow | undefined> {
  const inserted = await tx
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.gatewayPaymentId })
    .returning();
  return inserted[0];
}

export async function setReceiptNumber(
  tx: Tx,
  paymentId: string,
  receiptNumber: string,
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ receiptNumber })
    .where(eq(payments.id, paymentId))
    .returning();
  return row!;
}

export async function markOrderPaid(tx: Tx, orderId: string): Promise<PaymentOrderRow | undefined> {
  const [paid] = await tx
    .update(paymentOrders)
    .set({ status: 'paid' })
    .where(eq(paymentOrders.id, orderId))
    .returning();
  return paid;
}

export async function ledgerRowByGatewayId(
  tx: Tx,
  gatewayPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [existing] = await tx.select().from(payments).where(eq(payments.gatewayPaymentId, gatewayPaymentId));
  return existing;
}

/** A payment order by its row id. */
export async function orderById(tx: Tx, id: string) {
  const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return row;
}

/** Marks an order expired (it was replaced). */
export async function expireOrder(tx: Tx, id: string): Promise<void> {
  await tx.update(paymentOrders).set({ status: 'expired' }).where(eq(paymentOrders.id, id));
}

/** Marks an order expired only while it is still open (`created`). */
export async function expireOpenOrder(tx: Tx, id: string): Promise<void> {
  await tx
    .update(paymentOrders)
    .set({ status: 'expired' })
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'created')));
}

export function createPaymentsRepo(db: Db) {
  return {
    /** A ledger row of a gateway payment id with its order. */
    async paymentWithOrder(gatewayPaymentId: string) {
      const [row] = await db
        .select({ payment: payments, order: paymentOrders })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(eq(payments.gatewayPaymentId, gatewayPaymentId));
      return row;
    },

    /** What is refunded of an order so far. */
    async refundedOfOrder(orderId: string) {
      const [refunded] = await db
        .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'refunded')));
      return refunded;
    },

    /** A person's order by its row id. */
    async orderOfUser(orderRowId: string, userId: string): Promise<PaymentOrderRow | undefined> {
      const [order] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.id, orderRowId), eq(paymentOrders.userId, userId)));
      return order;
    },

    /** A person's order by its gateway order id. */
    async orderOfUserByGatewayId(
      gatewayOrderId: string,
      userId: string,
    ): Promise<PaymentOrderRow | undefined> {
      const [order] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.gatewayOrderId, gatewayOrderId), eq(paymentOrders.userId, userId)));
      return order;
    },

    /** The gateway order id of the order a gateway payment paid. */
    async gatewayOrderIdOfPayment(gatewayPaymentId: string) {
      const [paid] = await db
        .select({ gatewayOrderId: paymentOrders.gatewayOrderId })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(eq(payments.gatewayPaymentId, gatewayPaymentId));
      return paid;
    },

    /**
     * Claims up to `limit` orders of `mode` in `statuses` made within `window` (SKIP LOCKED, so several processes
     * share the work) and stamps them checked now. `all` walks them by id after `afterId`; otherwise the orders whose
     * next look is due (a quarter of their age since the last one, at least a minute), the longest waiting first.
     */
    claimOrdersToCheck(input: {
      all: boolean;
      afterId: string | null;
      limit: number;
      mode: PaymentOrderRow['gateway'];
      statuses: readonly PaymentOrderRow['status'][];
      window: SQL;
    }): Promise<PaymentOrderRow[]> {
      const unsettled = and(
        inArray(paymentOrders.status, [...input.statuses]),
        eq(paymentOrders.gateway, input.mode),
        sql`${paymentOrders.createdAt} > now() - ${input.window}`,
      );
      const candidates = input.all
        ? db
            .select({ id: paymentOrders.id })
            .from(paymentOrders)
            .where(and(unsettled, input.afterId ? gt(paymentOrders.id, input.afterId) : undefined))
            .orderBy(paymentOrders.id)
            .limit(input.limit)
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
            .limit(input.limit)
            .for('update', { skipLocked: true });
      return db
        .update(paymentOrders)
        .set({ checkedAt: sql`clock_timestamp()` })
        .where(inArray(paymentOrders.id, candidates))
        .returning();
    },

    /** The orders of one paid record (a booking, an invoice) of `mode` in `statuses` made within `window`. */
    ordersOfReference(input: {
      referenceId: string;
      mode: PaymentOrderRow['gateway'];
      statuses: readonly PaymentOrderRow['status'][];
      window: SQL;
    }): Promise<PaymentOrderRow[]> {
      return db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.referenceId, input.referenceId),
            eq(paymentOrders.gateway, input.mode),
            inArray(paymentOrders.status, [...input.statuses]),
            sql`${paymentOrders.createdAt} > now() - ${input.window}`,
          ),
        );
    },

    orderPayments(orderRowId: string): Promise<PaymentRow[]> {
      return db.select().from(payments).where(eq(payments.orderId, orderRowId)).orderBy(payments.createdAt);
    },

    /** Every ledger row of the orders made for one paid record, oldest first. */
    async paymentsOfReference(referenceId: string): Promise<PaymentRow[]> {
      const rows = await db
        .select({ payment: payments })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(eq(paymentOrders.referenceId, referenceId))
        .orderBy(payments.createdAt);
      return rows.map((r) => r.payment);
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
