import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';
import { invoices } from './invoices';
import { payments } from './payments';
import { rentalUnitUsers } from './properties';

/**
 * Security deposits: money held for a tenant (a liability, never income). Each movement is a row; what is held is
 * derived from the rows (received + top_up − deduction − refund), never stored. `sourceKey` makes every movement
 * happen once (a booking, an invoice payment, an offline reference, a settlement).
 */
export const DEPOSIT_ENTRY_KINDS = ['received', 'top_up', 'deduction', 'refund'] as const;

export const depositLedger = pgTable(
  'deposit_ledger',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    kind: text({ enum: DEPOSIT_ENTRY_KINDS }).notNull(),
    /** Positive paise; the kind says which way it moves. */
    amount: bigint({ mode: 'number' }).notNull(),
    /** booking | invoice | offline | settlement */
    source: text().notNull(),
    sourceKey: text().notNull(),
    method: text(),
    reference: text().notNull().default(''),
    description: text().notNull().default(''),
    /** The gateway payment the money came with (booking or online invoice payment), for refunds and analytics. */
    paymentId: uuid().references(() => payments.id, { onDelete: 'set null' }),
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'set null' }),
    /** The invoice payment that carried it (deposit lines of an invoice). */
    invoicePaymentId: uuid(),
    settlementId: uuid(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposit_ledger_source_uq').on(t.companyId, t.sourceKey),
    index('deposit_ledger_tenant_idx').on(t.companyId, t.tenantId, t.occurredAt),
    index('deposit_ledger_company_kind_idx').on(t.companyId, t.kind, t.occurredAt),
    index('deposit_ledger_payment_idx').on(t.paymentId),
    index('deposit_ledger_invoice_payment_idx').on(t.invoicePaymentId),
  ],
);

export interface SettlementDeduction {
  reason: 'damage' | 'unpaid_dues' | 'notice_shortfall' | 'cleaning' | 'other';
  description: string;
  amount: number;
  /** The open invoice this line settles (unpaid dues taken from the deposit). */
  invoiceId?: string;
}

/** One move-out settlement per tenancy: draft, then finalized (locked), then refunded once. */
export const depositSettlements = pgTable(
  'deposit_settlements',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    status: text({ enum: ['draft', 'finalized'] })
      .notNull()
      .default('draft'),
    deductions: jsonb().$type<SettlementDeduction[]>().notNull().default([]),
    includeOpenInvoices: boolean().notNull().default(false),
    /** Figures fixed at finalize (held, deducted, refund due, shortfall). */
    held: bigint({ mode: 'number' }).notNull().default(0),
    refundDue: bigint({ mode: 'number' }).notNull().default(0),
    shortfall: bigint({ mode: 'number' }).notNull().default(0),
    shortfallInvoiceId: uuid().references(() => invoices.id, { onDelete: 'set null' }),
    finalizedAt: timestamp({ withTimezone: true }),
    finalizedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** none → processing (claimed by one caller) → refunded. */
    refundStatus: text({ enum: ['none', 'processing', 'refunded'] })
      .notNull()
      .default('none'),
    refundMethod: text(),
    refundReference: text(),
    refundedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('deposit_settlements_tenant_uq').on(t.companyId, t.tenantId)],
);
