import type { TdsInput } from '@rentora/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';

/**
 * Money movements. Orders are what we ask the gateway to collect; `payments` is the one ledger of money that moved
 * (booking payments, installments, invoice payments online and offline, refunds, failed attempts), unique on the
 * gateway payment id so that the client verify, the webhook and the reconciliation job record a payment exactly once.
 * Offline invoice payments (cash, cheque, …) have no order and no gateway id. What a row paid, who paid and where
 * (tenant, person, property, unit, booking, invoice) is copied onto it when it is written, in the same transaction,
 * so that the ledger list reads one table through its own indexes.
 */

export const PAYMENT_ORDER_STATUS = ['created', 'paid', 'failed', 'expired'] as const;
export const PAYMENT_STATUS = ['captured', 'failed', 'refunded'] as const;
/** What a ledger row is: a booking payment, an installment of one, an invoice payment, or a refund. */
export const PAYMENT_KINDS = ['booking', 'installment', 'invoice', 'refund'] as const;

export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text({ enum: ['sandbox', 'razorpay'] }).notNull(),
    /** The gateway's order id (`order_…`); verification always uses this stored value. */
    gatewayOrderId: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull().default('INR'),
    status: text({ enum: PAYMENT_ORDER_STATUS }).notNull().default('created'),
    /** What the order pays for, e.g. `booking` / `installment`. */
    purpose: text().notNull(),
    /** The paid entity (a booking) and, for installments, its number. */
    referenceId: uuid(),
    installmentNumber: integer(),
    /** The TDS the payer deducts from an invoice's balance with this order, settled with its payment. */
    tds: jsonb().$type<TdsInput>(),
    /** When reconciliation last asked the gateway for this order's payments (it asks less often as the order ages). */
    checkedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_orders_gateway_order_uq').on(t.gatewayOrderId),
    index('payment_orders_company_idx').on(t.companyId, t.createdAt),
    index('payment_orders_reference_idx').on(t.companyId, t.referenceId),
    index('payment_orders_pending_idx').on(t.status, t.createdAt),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The gateway order (null for offline payments). */
    orderId: uuid().references(() => paymentOrders.id, { onDelete: 'cascade' }),
    /** The gateway's payment or refund id; null for offline payments (unique where present). */
    gatewayPaymentId: text(),
    kind: text({ enum: PAYMENT_KINDS }).notNull(),
    amount: integer().notNull(),
    currency: text().notNull().default('INR'),
    status: text({ enum: PAYMENT_STATUS }).notNull(),
    /** The gateway's method (card, upi, netbanking, …) or the offline one (cash, cheque, bank_transfer, …). */
    method: text(),
    /** Which path recorded it first: `verify`, `webhook`, `reconcile`, `checkout`, `refund`, `offline`. */
    source: text().notNull(),
    failureReason: text(),
    /** Copied at insert (no foreign keys: the rows they name are kept while money rows point at them). */
    tenantId: uuid(),
    userId: uuid(),
    propertyId: uuid(),
    rentalUnitId: uuid(),
    bookingId: uuid(),
    invoiceId: uuid(),
    /** When the money moved (the ledger's sort key): the offline payment's date, else when it was recorded. */
    paidAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    /** The payer's reference (cheque number, UTR, …) or the gateway id. */
    reference: text().notNull().default(''),
    /** What it paid, e.g. `Invoice INV-2026-000042`, `Booking installment 2`. */
    description: text().notNull().default(''),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** `RCT/26-27/00311`: the receipt series of the financial year it was paid in (money received only). */
    receiptNumber: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_gateway_payment_uq').on(t.gatewayPaymentId),
    uniqueIndex('payments_company_receipt_uq').on(t.companyId, t.receiptNumber),
    index('payments_order_idx').on(t.orderId),
    // The ledger list: newest first with the id as tiebreak, alone and under each filter it offers. Ascending
    // columns read backwards give `paid_at desc, id desc` (an index declared DESC is DESC NULLS LAST, which
    // `order by … desc` (NULLS FIRST) cannot use: the first bench run sorted the whole company).
    index('payments_company_paid_idx').on(t.companyId, t.paidAt, t.id),
    index('payments_company_tenant_idx').on(t.companyId, t.tenantId, t.paidAt, t.id),
    index('payments_company_property_idx').on(t.companyId, t.propertyId, t.paidAt, t.id),
    index('payments_company_method_idx').on(t.companyId, t.method, t.paidAt, t.id),
    index('payments_company_status_idx').on(t.companyId, t.status, t.paidAt, t.id),
    index('payments_company_booking_idx').on(t.companyId, t.bookingId),
    index('payments_company_invoice_idx').on(t.companyId, t.invoiceId),
    // The list's search by a reference (cheque number, UTR); gateway ids use the unique index above.
    index('payments_company_reference_idx').on(t.companyId, t.reference),
    // A person's own payments (the tenant area).
    index('payments_user_paid_idx').on(t.userId, t.paidAt, t.id),
  ],
);

export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: id(),
    eventId: text().notNull(),
    event: text().notNull(),
    payload: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('payment_webhook_events_event_uq').on(t.eventId)],
);

/**
 * The offline gateway's own record of the payments it captured or declined, per order: what Razorpay keeps on its
 * side. The sandbox checkout writes here before it answers, so reconciliation finds a payment whose client never
 * came back (or whose server died before recording it), exactly as `orders.fetchPayments` does with Razorpay.
 */
export const sandboxGatewayPayments = pgTable(
  'sandbox_gateway_payments',
  {
    id: id(),
    gatewayOrderId: text().notNull(),
    gatewayPaymentId: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull().default('INR'),
    status: text({ enum: ['captured', 'failed'] }).notNull(),
    method: text(),
    errorDescription: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_gateway_payments_payment_uq').on(t.gatewayPaymentId),
    index('sandbox_gateway_payments_order_idx').on(t.gatewayOrderId),
  ],
);
