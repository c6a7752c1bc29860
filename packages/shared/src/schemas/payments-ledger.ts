import { z } from 'zod';
import { ZId, zQueryArray } from './common';
import { zQueryText } from './properties';
import { ZDateOnly } from './rental-units';

/**
 * The payments ledger: every money movement of a company in one list — booking payments, installments,
 * invoice payments online and offline, refunds, failed attempts. Money in minor units.
 */

export const LEDGER_STATUSES = ['captured', 'failed', 'refunded'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];
export const ZLedgerStatus = z.enum(LEDGER_STATUSES);

export const LEDGER_KINDS = ['booking', 'installment', 'invoice', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_STATUS_LABELS: Record<LedgerStatus, string> = {
  captured: 'Received',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  booking: 'Booking payment',
  installment: 'Installment',
  invoice: 'Invoice payment',
  refund: 'Refund',
};

/** Methods offered as filters: the offline ones and the gateway's. */
export const LEDGER_METHODS = [
  'cash',
  'upi',
  'bank_transfer',
  'cheque',
  'card',
  'netbanking',
  'wallet',
  'emi',
  'other',
] as const;

export const ZLedgerMethod = z
  .string()
  .trim()
  .regex(/^[a-z_]{1,32}$/, 'Unknown method');

export const ZPaymentListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /** The tenancy (tenant record) whose payments to show. */
  tenantId: ZId.optional(),
  propertyId: ZId.optional(),
  method: ZLedgerMethod.optional(),
  status: zQueryArray(ZLedgerStatus).optional(),
  /** Paid on or after / on or before (UTC days). */
  from: ZDateOnly.optional(),
  to: ZDateOnly.optional(),
  /** A reference, gateway payment id or invoice number (exact), or the payer's name. */
  search: zQueryText(100),
});
export type PaymentListQuery = z.infer<typeof ZPaymentListQuery>;

export const ZMyPaymentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const ZLedgerPaymentDto = z.object({
  _id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().int(),
  currency: z.string(),
  status: ZLedgerStatus,
  method: z.string().nullable(),
  source: z.string(),
  description: z.string(),
  reference: z.string(),
  paidAt: z.string(),
  tenantId: z.string().nullable(),
  payerName: z.string(),
  propertyId: z.string().nullable(),
  propertyName: z.string().nullable(),
  unitNumber: z.string().nullable(),
  bookingId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  receiptNumber: z.string(),
});
export type LedgerPaymentDto = z.infer<typeof ZLedgerPaymentDto>;

export const ZLedgerPaymentDetailDto = ZLedgerPaymentDto.extend({
  payerEmail: z.string().nullable(),
  gatewayPaymentId: z.string().nullable(),
  gatewayOrderId: z.string().nullable(),
  gateway: z.string().nullable(),
  installmentNumber: z.number().int().nullable(),
  failureReason: z.string().nullable(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
  /** Refunds of this payment (rows of the same gateway order), and what is left of it. */
  refunds: z.array(
    z.object({ _id: z.string(), amount: z.number().int(), paidAt: z.string(), reference: z.string() }),
  ),
  refundedAmount: z.number().int(),
});
export type LedgerPaymentDetailDto = z.infer<typeof ZLedgerPaymentDetailDto>;

/** A receipt number read from the ledger row's id (stable, unique, no counter to keep): `RCT-` + 12 characters. */
export function receiptNumberOf(paymentId: string): string {
  return `RCT-${paymentId.replace(/-/g, '').slice(-12).toUpperCase()}`;
}
