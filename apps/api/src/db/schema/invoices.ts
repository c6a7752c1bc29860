import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';
import { payments } from './payments';
import { properties, rentalUnits, rentalUnitUsers } from './properties';

/**
 * Invoices. Money is integers in minor units (paise); a line's amount and the tax are rounded once, on
 * the server. Numbers come from a per-company, per-year counter row updated in the invoice's own transaction, so a
 * rolled-back create gives its number back and two creates never share one.
 */

export const INVOICE_STATUS = ['draft', 'sent', 'partially_paid', 'paid', 'void', 'cancelled'] as const;
export const INVOICE_LINE_KINDS = [
  'rent',
  'maintenance',
  'utilities',
  'penalty',
  'deposit',
  'other',
] as const;
export const INVOICE_PAYMENT_METHODS = ['cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other'] as const;

/** A line as stored; the GST columns are absent on lines written before GST invoicing (read as untaxed). */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: number;
  kind: (typeof INVOICE_LINE_KINDS)[number];
  amount: number;
  sac?: string | null;
  treatment?: 'taxable' | 'reverse_charge' | 'exempt' | 'non_supply' | 'unregistered';
  taxableValue?: number;
  cgstRate?: number;
  sgstRate?: number;
  igstRate?: number;
  cgst?: number;
  sgst?: number;
  igst?: number;
  /** Set on the one line the late-fee charge writes and updates (late-fees module); never on a line staff typed. */
  lateFee?: boolean;
}

export type InvoiceTemplateLine = Pick<InvoiceLine, 'description' | 'quantity' | 'unitPrice' | 'kind'>;

export const invoiceTemplates = pgTable(
  'invoice_templates',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    logoUrl: text(),
    /** The uploaded logo in storage (an image re-encoded on upload, checked by its content), drawn on the PDF. */
    logoKey: text(),
    logoThumbKey: text(),
    primaryColor: text().notNull().default('#4f46e5'),
    accentColor: text().notNull().default('#0f172a'),
    headerText: text().notNull().default(''),
    footerText: text().notNull().default(''),
    defaultLineItems: jsonb().$type<InvoiceTemplateLine[]>().notNull().default([]),
    paymentInstructions: text().notNull().default(''),
    gstNumber: text(),
    /** Tax in basis points (1800 = 18 %); 0 when the company charges none. */
    taxRate: integer().notNull().default(0),
    notes: text().notNull().default(''),
    isDefault: boolean().notNull().default(false),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoice_templates_company_idx').on(t.companyId, t.createdAt, t.id),
    uniqueIndex('invoice_templates_default_uq').on(t.companyId).where(sql`is_default`),
  ],
);

/** The last number given per company and year: `INV-<year>-<lastNumber>`. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** `INV-YYYY-000042`, given when the invoice is issued (sent); drafts have none, so deleting one leaves no gap. */
    number: text(),
    /** The tenancy billed (rental_unit_users) and, copied from it, its person, property and unit. */
    tenantId: uuid()
      .notNull()
      .references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id, { onDelete: 'cascade' }),
    templateId: uuid().references(() => invoiceTemplates.id, { onDelete: 'set null' }),
    /** Stored: draft, sent, partially_paid, paid, void. `overdue` is read from the due date and the balance. */
    status: text({ enum: INVOICE_STATUS }).notNull().default('draft'),
    issueDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    /** The month billed, `YYYY-MM` (rent invoices). */
    period: text(),
    /** `manual` or `rent_run`; the rent run makes one invoice per tenancy and period. */
    source: text({ enum: ['manual', 'rent_run'] })
      .notNull()
      .default('manual'),
    currency: text().notNull().default('INR'),
    lineItems: jsonb().$type<InvoiceLine[]>().notNull().default([]),
    taxRate: integer().notNull().default(0),
    subtotal: integer().notNull(),
    tax: integer().notNull(),
    total: integer().notNull(),
    amountPaid: integer().notNull().default(0),
    /** Money received online beyond the total (or for a void invoice): owed back to the payer, shown to staff. */
    refundDueAmount: integer().notNull().default(0),
    /** Σ of the credit notes against it: the balance is total − credited − paid. */
    creditedAmount: integer().notNull().default(0),
    /** GST: the document, the parties as they were when it was issued, the place of supply and the tax totals. */
    documentType: text({ enum: ['tax_invoice', 'bill_of_supply'] })
      .notNull()
      .default('bill_of_supply'),
    /** "2026-27": the financial year of the issue date, whose series numbered it. */
    financialYear: text(),
    /** The property's state code; null when its state is not an Indian state the GST system knows. */
    placeOfSupply: text(),
    reverseCharge: boolean().notNull().default(false),
    gstUse: text({ enum: ['residential', 'commercial'] })
      .notNull()
      .default('residential'),
    supplierGstin: text(),
    supplierLegalName: text().notNull().default(''),
    supplierAddress: text().notNull().default(''),
    recipientGstin: text(),
    recipientLegalName: text().notNull().default(''),
    recipientAddress: text().notNull().default(''),
    taxableValue: integer().notNull().default(0),
    cgst: integer().notNull().default(0),
    sgst: integer().notNull().default(0),
    igst: integer().notNull().default(0),
    reverseChargeTax: integer().notNull().default(0),
    notes: text().notNull().default(''),
    sentAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    /** When it was issued (numbered): the late-fee rules in force then are the ones it follows (late-fees module). */
    issuedAt: timestamp({ withTimezone: true }),
    /** When the due-date reminder and the overdue notice were sent (once each). */
    dueReminderAt: timestamp({ withTimezone: true }),
    overdueNoticeAt: timestamp({ withTimezone: true }),
    /** The open gateway order paying the balance (payment_orders.id). */
    currentOrderId: uuid(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_company_number_uq').on(t.companyId, t.number),
    uniqueIndex('invoices_rent_run_uq').on(t.tenantId, t.period).where(sql`source = 'rent_run'`),
    index('invoices_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('invoices_company_status_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('invoices_company_due_idx').on(t.companyId, t.status, t.dueDate),
    index('invoices_company_due_sort_idx').on(t.companyId, t.dueDate, t.id),
    index('invoices_company_total_idx').on(t.companyId, t.total, t.id),
    index('invoices_company_tenant_idx').on(t.companyId, t.tenantId, t.createdAt),
    index('invoices_company_period_idx').on(t.companyId, t.period),
    /** Tracking reads a month as `period = m OR (period IS NULL AND issue_date in m)`: both sides indexed (BitmapOr). */
    index('invoices_company_issue_idx').on(t.companyId, t.issueDate),
    /** GSTR-1 reads a month's issued invoices by issue date. */
    index('invoices_company_fy_issue_idx').on(t.companyId, t.issueDate, t.id).where(sql`number is not null`),
    index('invoices_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Money received against an invoice: offline (cash, UPI, cheque, … recorded by staff) or online (a captured
 * gateway payment of the ledger, unique on it so that verify, webhook and reconciliation settle it once).
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    method: text({ enum: INVOICE_PAYMENT_METHODS }).notNull(),
    source: text({ enum: ['offline', 'online'] }).notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
    reference: text().notNull().default(''),
    /** The ledger row of an online payment. */
    paymentId: uuid().references(() => payments.id, { onDelete: 'set null' }),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_payments_payment_uq').on(t.paymentId),
    uniqueIndex('invoice_payments_reference_uq').on(t.invoiceId, t.reference).where(sql`reference <> ''`),
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.paidAt),
    index('invoice_payments_company_idx').on(t.companyId, t.paidAt),
  ],
);
