import { z } from 'zod';
import { ZId } from './common';
import { ZInvoicePaymentMethod } from './invoices';
import { ZMoney } from './properties';
import { ZDateOnly } from './rental-units';

/** Security deposits held for a tenancy and the move-out settlement. Money in paise. */

export const DEPOSIT_ENTRY_KINDS = ['received', 'top_up', 'deduction', 'refund'] as const;
export type DepositEntryKind = (typeof DEPOSIT_ENTRY_KINDS)[number];

export const ZDepositEntryDto = z.object({
  _id: ZId,
  kind: z.enum(DEPOSIT_ENTRY_KINDS),
  amount: z.number().int(),
  source: z.string(),
  method: z.string().nullable(),
  reference: z.string(),
  description: z.string(),
  invoiceId: z.string().nullable(),
  occurredAt: z.string(),
});
export type DepositEntryDto = z.infer<typeof ZDepositEntryDto>;

export const ZDepositDto = z.object({
  tenantId: ZId,
  currency: z.string(),
  /** The deposit of the agreement. */
  agreed: z.number().int(),
  /** Received and topped up. */
  received: z.number().int(),
  /** received − deducted − refunded. */
  held: z.number().int(),
  deducted: z.number().int(),
  refunded: z.number().int(),
  rows: z.array(ZDepositEntryDto),
});
export type DepositDto = z.infer<typeof ZDepositDto>;

export const ZDepositReceiptBody = z.object({
  amount: ZMoney.refine((n) => n > 0, 'Must be more than 0'),
  method: ZInvoicePaymentMethod,
  reference: z.string().trim().min(1, 'Enter the payment reference').max(100),
  paidAt: z.iso.datetime({ offset: true }).or(ZDateOnly).optional(),
  /** A top-up adds to a deposit already received. */
  kind: z.enum(['received', 'top_up']).default('received'),
});
export type DepositReceiptBody = z.infer<typeof ZDepositReceiptBody>;
export type DepositReceiptInput = z.input<typeof ZDepositReceiptBody>;

export const DEDUCTION_REASONS = ['damage', 'unpaid_dues', 'notice_shortfall', 'cleaning', 'other'] as const;
export type DeductionReason = (typeof DEDUCTION_REASONS)[number];
export const DEDUCTION_REASON_LABELS: Record<DeductionReason, string> = {
  damage: 'Damage',
  unpaid_dues: 'Unpaid dues',
  notice_shortfall: 'Notice shortfall',
  cleaning: 'Cleaning',
  other: 'Other',
};

export const ZSettlementDeduction = z.object({
  reason: z.enum(DEDUCTION_REASONS),
  description: z.string().trim().min(1, 'Describe the deduction').max(300),
  amount: ZMoney.refine((n) => n > 0, 'Must be more than 0'),
});
export type SettlementDeductionInput = z.infer<typeof ZSettlementDeduction>;

export const ZSettlementBody = z.object({
  deductions: z.array(ZSettlementDeduction).max(50).default([]),
  includeOpenInvoices: z.boolean().default(false),
});
export type SettlementBody = z.infer<typeof ZSettlementBody>;
export type SettlementInput = z.input<typeof ZSettlementBody>;

export const REFUND_METHODS = ['gateway', 'bank_transfer', 'upi', 'cash', 'cheque'] as const;
export const ZSettlementRefundBody = z.object({
  method: z.enum(REFUND_METHODS),
  reference: z.string().trim().max(100).default(''),
});
export type SettlementRefundBody = z.infer<typeof ZSettlementRefundBody>;

export const ZSettlementDto = z.object({
  _id: ZId,
  tenantId: ZId,
  status: z.enum(['draft', 'finalized']),
  currency: z.string(),
  deductions: z.array(ZSettlementDeduction.extend({ invoiceId: z.string().optional() })),
  includeOpenInvoices: z.boolean(),
  held: z.number().int(),
  totalDeductions: z.number().int(),
  refundDue: z.number().int(),
  shortfall: z.number().int(),
  shortfallInvoiceId: z.string().nullable(),
  finalizedAt: z.string().nullable(),
  refundStatus: z.enum(['none', 'processing', 'refunded']),
  refundMethod: z.string().nullable(),
  refundReference: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SettlementDto = z.infer<typeof ZSettlementDto>;

/** The settlement's figures: what is refunded, or what the tenant still owes beyond the deposit. */
export function settlementFigures(held: number, deductions: readonly { amount: number }[]) {
  const totalDeductions = deductions.reduce((sum, d) => sum + d.amount, 0);
  return {
    totalDeductions,
    refundDue: Math.max(0, held - totalDeductions),
    shortfall: Math.max(0, totalDeductions - held),
  };
}
