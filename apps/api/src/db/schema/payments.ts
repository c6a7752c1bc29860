import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';

/**
 * Money movements. Orders are what we ask the gateway to collect; `payments` is the one ledger of money that moved
 * (booking payments, installments, later invoices and refunds), unique on the gateway payment id so that the client
 * verify, the webhook and the reconciliation job record a payment exactly once.
 */

export const PAYMENT_ORDER_STATUS = ['created', 'paid', 'failed', 'expired'] as const;
export const PAYMENT_STATUS = ['captured', 'failed', 'refunded'] as const;

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
    orderId: uuid()
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    gatewayPaymentId: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull().default('INR'),
    status: text({ enum: PAYMENT_STATUS }).notNull(),
    method: text(),
    /** Which path recorded it first: `verify`, `webhook`, `reconcile`, `checkout`. */
    source: text().notNull(),
    failureReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_gateway_payment_uq').on(t.gatewayPaymentId),
    index('payments_company_idx').on(t.companyId, t.createdAt),
    index('payments_order_idx').on(t.orderId),
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
