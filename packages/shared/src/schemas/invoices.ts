import { z } from 'zod';
import { ZId, ZSortOrder } from './common';
import { ZMoney, zQueryText } from './properties';
import { ZDateOnly } from './rental-units';

/** Invoices, invoice templates, invoice payments, rent run and payment tracking. Money in paise. */

export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void'] as const;
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
};

export const ZInvoiceMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-01');

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
  amount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof ZInvoiceLine>;

/** A line's amount: quantity × unit price, rounded half up to a whole paisa. */
export function lineAmount(quantity: number, unitPrice: number): number {
  const milli = Math.round(quantity * 1000);
  return Math.floor((milli * unitPrice + 500) / 1000);
}

/** The late fee on `balance`: fixed paise, or `value` basis points of the balance rounded half up. */
export function lateFeeOf(
  rule: { lateFeeType: 'none' | 'fixed' | 'percent'; lateFeeValue: number },
  balance: number,
): number {
  if (rule.lateFeeType === 'fixed') return rule.lateFeeValue;
  if (rule.lateFeeType === 'percent') return Math.floor((balance * rule.lateFeeValue + 5000) / 10_000);
  return 0;
}

/** Tax of a subtotal at `rateBp` basis points (1800 = 18 %), rounded half up. */
export function taxOf(subtotal: number, rateBp: number): number {
  return Math.floor((subtotal * rateBp + 5000) / 10_000);
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  subtotal: number;
  tax: number;
  total: number;
}

/** The one computation of totals, used by the server (authoritative) and by the editor's live preview. */
export function computeInvoiceTotals(
  lines: readonly { description: string; quantity: number; unitPrice: number; kind?: InvoiceLineKind }[],
  taxRateBp: number,
): InvoiceTotals {
  const computed = lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    kind: l.kind ?? 'other',
    amount: lineAmount(l.quantity, l.unitPrice),
  }));
  const subtotal = computed.reduce((sum, l) => sum + l.amount, 0);
  const tax = taxOf(subtotal, taxRateBp);
  return { lines: computed, subtotal, tax, total: subtotal + tax };
}

export function formatInvoiceNumber(year: number, n: number): string {
  return `INV-${year}-${String(n).padStart(6, '0')}`;
}

// ---------- templates ----------

const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #4f46e5');

/** Tax rate in basis points: 0 – 100 %. */
export const ZTaxRate = z.number().int().min(0).max(10_000);

/** The template fields without their create defaults (an update must not reset the fields it leaves out). */
const templateFields = {
  name: z.string().trim().min(1, 'Required').max(100),
  /** Read-only but for `null` on update (removes the uploaded logo); logos are uploaded to POST /{id}/logo. */
  logoUrl: z.string().trim().max(500).nullable(),
  primaryColor: ZColor,
  accentColor: ZColor,
  headerText: z.string().max(500),
  footerText: z.string().max(500),
  defaultLineItems: z.array(ZInvoiceLineInput).max(50),
  paymentInstructions: z.string().max(1000),
  gstNumber: z
    .string()
    .trim()
    .max(20)
    .regex(/^[0-9A-Z]*$/, 'Use capital letters and digits')
    .nullable(),
  taxRate: ZTaxRate,
  notes: z.string().max(1000),
  /** Late fee rule of the company (its default template's): a fixed amount (paise) or a percent (basis points). */
  lateFeeType: z.enum(['none', 'fixed', 'percent']),
  lateFeeValue: z.number().int().min(0).max(100_000_000),
  lateFeeAfterDays: z.number().int().min(0).max(365),
  isDefault: z.boolean(),
};

export const ZInvoiceTemplateBody = z.object({
  ...templateFields,
  logoUrl: templateFields.logoUrl.optional(),
  primaryColor: templateFields.primaryColor.default('#4f46e5'),
  accentColor: templateFields.accentColor.default('#0f172a'),
  headerText: templateFields.headerText.default(''),
  footerText: templateFields.footerText.default(''),
  defaultLineItems: templateFields.defaultLineItems.default([]),
  paymentInstructions: templateFields.paymentInstructions.default(''),
  gstNumber: templateFields.gstNumber.optional(),
  taxRate: templateFields.taxRate.default(0),
  notes: templateFields.notes.default(''),
  lateFeeType: templateFields.lateFeeType.default('none'),
  lateFeeValue: templateFields.lateFeeValue.default(0),
  lateFeeAfterDays: templateFields.lateFeeAfterDays.default(0),
  isDefault: templateFields.isDefault.default(false),
});
export type InvoiceTemplateBody = z.infer<typeof ZInvoiceTemplateBody>;
export type InvoiceTemplateInput = z.input<typeof ZInvoiceTemplateBody>;

export const ZInvoiceTemplateUpdateBody = z.object(templateFields).partial();
export type InvoiceTemplateUpdateBody = z.infer<typeof ZInvoiceTemplateUpdateBody>;

export const ZInvoiceTemplateDto = z.object({
  _id: z.string(),
  companyId: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  accentColor: z.string(),
  headerText: z.string(),
  footerText: z.string(),
  defaultLineItems: z.array(
    z.object({
      description: z.string(),
      quantity: z.number(),
      unitPrice: z.number().int(),
      kind: ZInvoiceLineKind,
    }),
  ),
  paymentInstructions: z.string(),
  gstNumber: z.string().nullable(),
  taxRate: z.number().int(),
  notes: z.string(),
  lateFeeType: z.enum(['none', 'fixed', 'percent']),
  lateFeeValue: z.number().int(),
  lateFeeAfterDays: z.number().int(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceTemplateDto = z.infer<typeof ZInvoiceTemplateDto>;

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
  tax: z.number().int(),
  total: z.number().int(),
  amountPaid: z.number().int(),
  balance: z.number().int(),
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
});
export type InvoicePaymentBody = z.infer<typeof ZInvoicePaymentBody>;
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

// ---------- tracking and stats ----------

export const TRACKING_STATUSES = ['paid', 'partial', 'unpaid', 'overdue', 'not_billed'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const ZPaymentTrackingQuery = z.object({ month: ZInvoiceMonth.optional() });

export const ZPaymentTrackingRow = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  propertyName: z.string(),
  unitNumber: z.string(),
  expected: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  status: z.enum(TRACKING_STATUSES),
  invoiceIds: z.array(z.string()),
  dueDate: z.string().nullable(),
});
export type PaymentTrackingRow = z.infer<typeof ZPaymentTrackingRow>;

export const ZPaymentTrackingDto = z.object({
  month: z.string(),
  rows: z.array(ZPaymentTrackingRow),
  totals: z.object({
    expected: z.number().int(),
    paid: z.number().int(),
    balance: z.number().int(),
    tenants: z.number().int(),
    paidCount: z.number().int(),
  }),
});
export type PaymentTrackingDto = z.infer<typeof ZPaymentTrackingDto>;

export const ZPaymentStatsDto = z.object({
  collectedThisMonth: z.number().int(),
  outstanding: z.number().int(),
  overdue: z.number().int(),
  byMonth: z.array(z.object({ month: z.string(), collected: z.number().int() })),
  overdueBuckets: z.object({
    '0-30': z.number().int(),
    '31-60': z.number().int(),
    '61-90': z.number().int(),
    '90+': z.number().int(),
  }),
  byMethod: z.array(z.object({ method: z.string(), amount: z.number().int(), count: z.number().int() })),
  invoiceCounts: z.record(z.string(), z.number().int()),
  recent: z.array(
    z.object({
      _id: z.string(),
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      tenantName: z.string(),
      amount: z.number().int(),
      method: z.string(),
      source: z.string(),
      paidAt: z.string(),
    }),
  ),
});
export type PaymentStatsDto = z.infer<typeof ZPaymentStatsDto>;

/** Amount in words, Indian numbering (lakh, crore): 1,25,000.50 → "One Lakh Twenty Five Thousand Rupees and Fifty Paise Only". */
export function amountInWords(minor: number, currencyWord = 'Rupees'): string {
  const ones = [
    '',
    'One',
    'Two',
    'Three',
    'Four',
    'Five',
    'Six',
    'Seven',
    'Eight',
    'Nine',
    'Ten',
    'Eleven',
    'Twelve',
    'Thirteen',
    'Fourteen',
    'Fifteen',
    'Sixteen',
    'Seventeen',
    'Eighteen',
    'Nineteen',
  ];
  const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
  const two = (n: number): string =>
    n < 20 ? ones[n]! : `${tens[Math.floor(n / 10)]} ${ones[n % 10]}`.trim();
  const three = (n: number): string =>
    n >= 100 ? `${ones[Math.floor(n / 100)]} Hundred ${two(n % 100)}`.trim() : two(n);
  const words = (n: number): string => {
    if (n === 0) return 'Zero';
    const parts: string[] = [];
    const crore = Math.floor(n / 10_000_000);
    const lakh = Math.floor((n % 10_000_000) / 100_000);
    const thousand = Math.floor((n % 100_000) / 1000);
    const rest = n % 1000;
    if (crore) parts.push(`${crore >= 100 ? words(crore) : two(crore)} Crore`);
    if (lakh) parts.push(`${two(lakh)} Lakh`);
    if (thousand) parts.push(`${two(thousand)} Thousand`);
    if (rest) parts.push(three(rest));
    return parts.join(' ');
  };
  const sign = minor < 0 ? 'Minus ' : '';
  const abs = Math.abs(Math.trunc(minor));
  const major = Math.floor(abs / 100);
  const paise = abs % 100;
  return `${sign}${words(major)} ${currencyWord}${paise ? ` and ${two(paise)} Paise` : ''} Only`;
}
