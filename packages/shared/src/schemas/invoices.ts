import { z } from 'zod';
import { ZId, ZSortOrder, zMonthLabel } from './common';
import { gstDocumentFields, gstLineFields } from './gst';
import { ZMoney, zQueryText } from './properties';
import { ZTdsInput } from './rent-tax';
import { ZDateOnly } from './rental-units';

/** Invoices: statuses, lines, the invoice and its payments, list query, checkout, rent run. Money in paise. */

export const INVOICE_STATUSES = [
  'draft',
  'sent',
  'partially_paid',
  'paid',
  'overdue',
  'void',
  'cancelled',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);

export const INVOICE_LINE_KINDS = [
  'rent',
  'maintenance',
  'utilities',
  'penalty',
  'deposit',
  'other',
] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
export const ZInvoiceLineKind = z.enum(INVOICE_LINE_KINDS);

export const INVOICE_PAYMENT_METHODS = ['cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];
export const ZInvoicePaymentMethod = z.enum(INVOICE_PAYMENT_METHODS);

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
  cancelled: 'Cancelled',
};

export const ZInvoiceMonth = zMonthLabel('2026-01');

/** Up to three decimals (1.5 units of water, 0.25 of a month). */
export const ZQuantity = z
  .number()
  .positive('Must be more than 0')
  .max(1_000_000)
  .refine((q) => Math.abs(Math.round(q * 1000) - q * 1000) < 1e-6, 'At most three decimals');

export const ZInvoiceLineInput = z.object({
  description: z.string().trim().min(1, 'Required').max(200),
  quantity: ZQuantity,
  unitPrice: ZMoney,
  kind: ZInvoiceLineKind.default('other'),
});
export type InvoiceLineInput = z.input<typeof ZInvoiceLineInput>;

export const ZInvoiceLine = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  kind: ZInvoiceLineKind,
  /** quantity × unit price: the line's taxable value. */
  amount: z.number().int(),
  ...gstLineFields,
  /** The invoice's late-fee line (charged by the late-fee rules; staff may waive it). */
  lateFee: z.boolean().optional(),
});
export type InvoiceLine = z.infer<typeof ZInvoiceLine>;

// ---------- invoices ----------

const invoiceFields = {
  tenantId: ZId,
  issueDate: ZDateOnly,
  dueDate: ZDateOnly,
  lineItems: z.array(ZInvoiceLineInput).min(1, 'Add at least one line').max(100),
  templateId: ZId.nullable().optional(),
  notes: z.string().max(2000).default(''),
  period: ZInvoiceMonth.nullable().optional(),
};

export const ZInvoiceCreateBody = z
  .object({ ...invoiceFields, send: z.boolean().default(false) })
  .refine((b) => b.dueDate >= b.issueDate, {
    message: 'The due date cannot be before the issue date',
    path: ['dueDate'],
  });
export type InvoiceCreateBody = z.infer<typeof ZInvoiceCreateBody>;
export type InvoiceCreateInput = z.input<typeof ZInvoiceCreateBody>;

/** PUT /invoices/:id — drafts change freely; a sent invoice only its notes and due date. */
export const ZInvoiceUpdateBody = z.object(invoiceFields).partial();
export type InvoiceUpdateBody = z.infer<typeof ZInvoiceUpdateBody>;

export const ZInvoicePaymentDto = z.object({
  _id: z.string(),
  invoiceId: z.string(),
  amount: z.number().int(),
  method: ZInvoicePaymentMethod,
  source: z.enum(['offline', 'online']),
  paidAt: z.string(),
  reference: z.string(),
  createdAt: z.string(),
});
export type InvoicePaymentDto = z.infer<typeof ZInvoicePaymentDto>;

export const ZInvoiceDto = z.object({
  _id: z.string(),
  companyId: z.string(),
  /** Null on drafts: the number is given when the invoice is issued. */
  number: z.string().nullable(),
  tenantId: z.string(),
  userId: z.string(),
  propertyId: z.string(),
  rentalUnitId: z.string(),
  templateId: z.string().nullable(),
  tenantName: z.string(),
  tenantEmail: z.string(),
  propertyName: z.string(),
  unitNumber: z.string(),
  status: ZInvoiceStatus,
  issueDate: z.string(),
  dueDate: z.string(),
  period: z.string().nullable(),
  source: z.enum(['manual', 'rent_run']),
  currency: z.string(),
  lineItems: z.array(ZInvoiceLine),
  taxRate: z.number().int(),
  subtotal: z.number().int(),
  /** Tax collected on the invoice (CGST + SGST + IGST under forward charge). */
  tax: z.number().int(),
  total: z.number().int(),
  amountPaid: z.number().int(),
  /** Σ of the credit notes issued against it; the balance is total − credited − paid. */
  creditedAmount: z.number().int(),
  balance: z.number().int(),
  ...gstDocumentFields,
  notes: z.string(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceDto = z.infer<typeof ZInvoiceDto>;

/** A row of `GET /api/invoices`: the invoice without its lines and notes (`GET /api/invoices/{id}` has them). */
export const ZInvoiceListItemDto = ZInvoiceDto.omit({ lineItems: true, notes: true });
export type InvoiceListItemDto = z.infer<typeof ZInvoiceListItemDto>;

export const ZInvoiceDetailDto = ZInvoiceDto.extend({
  /** Money received online beyond the total (or for a void invoice), owed back to the payer. */
  refundDueAmount: z.number().int(),
  payments: z.array(ZInvoicePaymentDto),
});
export type InvoiceDetailDto = z.infer<typeof ZInvoiceDetailDto>;

export const INVOICE_SORTS = ['createdAt', 'dueDate', 'total', 'number'] as const;

export const ZInvoiceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(INVOICE_SORTS).default('createdAt'),
  sortOrder: ZSortOrder.default('desc'),
  status: ZInvoiceStatus.optional(),
  tenantId: ZId.optional(),
  propertyId: ZId.optional(),
  period: ZInvoiceMonth.optional(),
  dueFrom: ZDateOnly.optional(),
  dueTo: ZDateOnly.optional(),
  /** An invoice number (or its end) or the tenant's name. */
  search: zQueryText(100),
});
export type InvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;

export const ZInvoiceVoidBody = z.object({ reason: z.string().trim().min(1, 'Give a reason').max(500) });

export const ZInvoicePaymentBody = z.object({
  amount: ZMoney.refine((n) => n > 0, 'Must be more than 0'),
  method: ZInvoicePaymentMethod,
  paidAt: z.iso.datetime({ offset: true }).or(ZDateOnly).optional(),
  reference: z.string().trim().max(100).default(''),
  /** TDS the tenant deducted: the invoice is settled by the money and the TDS together. */
  tds: ZTdsInput.optional(),
});
export type InvoicePaymentBody = z.infer<typeof ZInvoicePaymentBody>;

/** Paying online: the TDS the payer deducts, if any; the gateway order asks the balance less it. */
export const ZInvoicePayBody = z.object({ tds: ZTdsInput.optional() }).nullish();
export type InvoicePayBody = z.infer<typeof ZInvoicePayBody>;
export type InvoicePaymentInput = z.input<typeof ZInvoicePaymentBody>;

export const ZInvoiceCheckoutDto = z.object({
  invoice: ZInvoiceDto,
  order: z.object({ id: z.string(), amount: z.number().int(), currency: z.string() }),
  keyId: z.string(),
  gateway: z.enum(['sandbox', 'razorpay']),
});
export type InvoiceCheckoutDto = z.infer<typeof ZInvoiceCheckoutDto>;

export const ZVerifyInvoicePaymentBody = z.object({
  invoiceId: ZId,
  razorpay_order_id: z.string().trim().min(1).max(64),
  razorpay_payment_id: z.string().trim().min(1).max(64),
  razorpay_signature: z.string().trim().min(1).max(256),
});
export type VerifyInvoicePaymentBody = z.infer<typeof ZVerifyInvoicePaymentBody>;

export const ZGenerateRentBody = z.object({ month: ZInvoiceMonth });
export const ZGenerateRentResult = z.object({
  month: z.string(),
  created: z.number().int(),
  skipped: z.number().int(),
});
export type GenerateRentResult = z.infer<typeof ZGenerateRentResult>;
