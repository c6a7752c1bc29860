import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
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
import { paymentOrders } from './payments';
import { properties, rentalUnits } from './properties';

/** Bookings of publicly listed units, paid online in full or by installments (money moves in `payments`). */

export const BOOKING_STATUS = [
  'pending_payment',
  'partially_paid',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
] as const;

export interface BookingInstallment {
  number: number;
  amount: number;
  dueDate: string;
  status: 'pending' | 'paid';
  paidAt: string | null;
}

export interface BookingStatusEntry {
  status: string;
  note: string | null;
  at: string;
  byUserId: string | null;
}

/** The rental agreement of a booking: the generated PDF and, once the booker signs, the signed PDF and its audit. */
export interface BookingAgreement {
  /** Private storage key of the generated (unsigned) PDF, and its SHA-256 (hex). */
  key: string;
  sha256: string;
  generatedAt: string;
  generatedBy: string | null;
  signed: {
    key: string;
    sha256: string;
    signedAt: string;
    signerUserId: string;
    signerName: string;
    signatureType: 'typed' | 'drawn';
    ip: string;
    userAgent: string | null;
    /** The SHA-256 of the unsigned document that was signed. */
    unsignedSha256: string;
  } | null;
}

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: BOOKING_STATUS }).notNull().default('pending_payment'),
    moveInDate: date({ mode: 'string' }).notNull(),
    durationMonths: integer().notNull(),
    paymentPlan: text({ enum: ['full', 'installments'] }).notNull(),
    notes: text().notNull().default(''),
    currency: text().notNull().default('INR'),
    monthlyRent: integer().notNull(),
    maintenanceCharges: integer().notNull(),
    securityDeposit: integer().notNull(),
    totalAmount: integer().notNull(),
    paidAmount: integer().notNull().default(0),
    /** Money received after the booking was cancelled or expired, to be refunded. */
    refundDueAmount: integer().notNull().default(0),
    installments: jsonb().$type<BookingInstallment[]>().notNull().default([]),
    statusHistory: jsonb().$type<BookingStatusEntry[]>().notNull().default([]),
    /** The order awaiting payment, cleared when it is paid. */
    currentOrderId: uuid().references(() => paymentOrders.id, { onDelete: 'set null' }),
    holdExpiresAt: timestamp({ withTimezone: true }),
    cancellationReason: text(),
    tenantId: uuid(),
    agreement: jsonb().$type<BookingAgreement>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A unit is held by one booking awaiting payment or paid: 100 concurrent bookings → one row.
    uniqueIndex('bookings_unit_hold_uq')
      .on(t.rentalUnitId)
      .where(sql`status in ('pending_payment', 'partially_paid', 'confirmed')`),
    // The list (newest first, then id) for each filter it offers; `id` last so that the page needs no sort.
    index('bookings_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('bookings_company_status_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('bookings_company_property_idx').on(t.companyId, t.propertyId, t.createdAt, t.id),
    index('bookings_company_unit_idx').on(t.companyId, t.rentalUnitId, t.createdAt, t.id),
    index('bookings_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('bookings_hold_idx').on(t.holdExpiresAt).where(sql`status = 'pending_payment'`),
  ],
);

/** A company's rental agreement template: the title and ordered clauses printed on every agreement it generates. */
export const bookingAgreementTemplates = pgTable('booking_agreement_templates', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  title: text().notNull(),
  clauses: jsonb().$type<{ title: string; text: string }[]>().notNull(),
  extraTerms: text().notNull().default(''),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
