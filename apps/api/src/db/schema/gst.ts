import {
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
import { invoicePayments, invoices } from './invoices';
import { properties, rentalUnits, rentalUnitUsers } from './properties';

/**
 * GST: a company's registration and series prefixes, the counters of its document series (one row per series and
 * financial year, bumped in the issuing transaction so numbers have no gaps), and credit notes. Money in paise.
 */

export const companyTaxSettings = pgTable('company_tax_settings', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Null: not registered for GST (bills of supply, no tax). */
  gstin: text(),
  legalName: text().notNull().default(''),
  address: text().notNull().default(''),
  /** Rate on taxable supplies in basis points (1800 = 18 %). */
  rateBp: integer().notNull().default(1800),
  invoicePrefix: text().notNull().default('INV'),
  creditNotePrefix: text().notNull().default('CN'),
  receiptPrefix: text().notNull().default('RCT'),
  /** The landlord's PAN, printed on rent receipts (null: none given). */
  pan: text(),
  updatedAt: updatedAt(),
});

export const DOCUMENT_SERIES = ['invoice', 'credit_note', 'receipt'] as const;

/** The last serial given per company, series and financial year (the year April starts in). */
export const documentCounters = pgTable(
  'document_counters',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    series: text({ enum: DOCUMENT_SERIES }).notNull(),
    fyStart: integer().notNull(),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.series, t.fyStart] })],
);

export interface CreditNoteLineRow {
  description: string;
  amount: number;
  sac: string | null;
  treatment: string;
  taxableValue: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** `CN/26-27/00007` */
    number: text().notNull(),
    financialYear: text().notNull(),
    tenantId: uuid()
      .notNull()
      .references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id, { onDelete: 'cascade' }),
    issueDate: date({ mode: 'string' }).notNull(),
    reason: text().notNull(),
    lineItems: jsonb().$type<CreditNoteLineRow[]>().notNull(),
    taxableValue: integer().notNull(),
    cgst: integer().notNull(),
    sgst: integer().notNull(),
    igst: integer().notNull(),
    /** Tax credited back (forward charge only). */
    tax: integer().notNull(),
    reverseChargeTax: integer().notNull().default(0),
    total: integer().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_company_number_uq').on(t.companyId, t.number),
    index('credit_notes_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('credit_notes_company_issue_idx').on(t.companyId, t.issueDate, t.id),
    index('credit_notes_invoice_idx').on(t.invoiceId, t.createdAt),
    index('credit_notes_company_tenant_idx').on(t.companyId, t.tenantId, t.createdAt),
  ],
);

export const TDS_SECTIONS = ['194IB', '194I'] as const;
export const TDS_STATUSES = ['certificate_pending', 'certificate_received'] as const;

/**
 * TDS a tenant deducted from rent: it settles the invoice with the money received (the invoice payment it came
 * with) but is no money received itself, so it is kept here, apart from the payments ledger, until the tenant's
 * certificate (Form 16A / 16C) is uploaded.
 */
export const tdsDeductions = pgTable(
  'tds_deductions',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The payment it was deducted from: one deduction per payment. */
    invoicePaymentId: uuid()
      .notNull()
      .references(() => invoicePayments.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    section: text({ enum: TDS_SECTIONS }).notNull(),
    /** Percent in basis points (1000 = 10 %). */
    rateBp: integer().notNull(),
    amount: integer().notNull(),
    /** The money received with it. */
    paymentAmount: integer().notNull(),
    deductedAt: timestamp({ withTimezone: true }).notNull(),
    /** "2026-27": the financial year of the payment's date in India. */
    financialYear: text().notNull(),
    status: text({ enum: TDS_STATUSES }).notNull().default('certificate_pending'),
    certificateKey: text(),
    certificateFileName: text(),
    certificateReceivedAt: timestamp({ withTimezone: true }),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tds_deductions_payment_uq').on(t.invoicePaymentId),
    index('tds_deductions_company_fy_idx').on(t.companyId, t.financialYear, t.status, t.tenantId),
    index('tds_deductions_invoice_idx').on(t.invoiceId),
  ],
);
