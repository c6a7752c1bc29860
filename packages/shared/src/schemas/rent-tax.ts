import { z } from 'zod';
import { panProblem, TDS_SECTIONS, TDS_STATUSES } from '../domain/rent-tax';
import { ZId, zMonthLabel } from './common';
import { ZMoney } from './properties';

/** HRA rent receipts of a tenancy and the TDS tenants deduct from rent. Money in paise, rates in percent. */

/** A PAN, trimmed and upper-cased, checked for format. */
export const ZPan = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = panProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An optional PAN: empty text means none. */
export const ZOptionalPan = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  ZPan.nullable(),
);

/**
 * A financial year written "2026-27", from 2000-01 to 2099-00: months and years are of this century throughout (a year
 * like 0000 or 9999 has no date PostgreSQL or the PDF can write).
 */
export const ZFinancialYearLabel = z
  .string()
  .trim()
  .regex(/^20\d{2}-\d{2}$/, 'Use a financial year like 2026-27')
  .refine(
    (v) => Number(v.slice(5)) === (Number(v.slice(0, 4)) + 1) % 100,
    'The second year follows the first (2026-27)',
  );

export const ZRentReceiptsQuery = z.object({ fy: ZFinancialYearLabel });
export type RentReceiptsQuery = z.infer<typeof ZRentReceiptsQuery>;

const ZRentReceiptPdfFields = z.object({
  fy: ZFinancialYearLabel.optional(),
  month: zMonthLabel('2026-11').optional(),
});
const oneOfFyOrMonth = (q: { fy?: string; month?: string }) => Boolean(q.fy) !== Boolean(q.month);
const FY_OR_MONTH = { message: 'Give either fy (2026-27) or month (2026-11)', path: ['fy'] };

/** The PDF: an annual statement of a financial year, or the receipt of one month. */
export const ZRentReceiptPdfQuery = ZRentReceiptPdfFields.refine(oneOfFyOrMonth, FY_OR_MONTH);
export type RentReceiptPdfQuery = z.infer<typeof ZRentReceiptPdfQuery>;

/** The same reads from the tenant portal by code; `companyId` narrows the code to one company. */
export const ZPortalRentReceiptsQuery = ZRentReceiptsQuery.extend({ companyId: ZId.optional() });
export const ZPortalRentReceiptPdfQuery = ZRentReceiptPdfFields.extend({ companyId: ZId.optional() }).refine(
  oneOfFyOrMonth,
  FY_OR_MONTH,
);

export const ZTenantRentReceiptsParams = z.object({ id: z.uuid() });

export const ZRentPaymentDto = z.object({
  paidAt: z.string(),
  invoiceNumber: z.string().nullable(),
  method: z.string(),
  reference: z.string(),
  receiptNumber: z.string().nullable(),
  /** Money received by this payment. */
  amount: z.number().int(),
  /** TDS the tenant deducted with it (paid to the government on the landlord's behalf). */
  tds: z.number().int(),
  /** What of (amount + tds) paid rent: its share by the invoice's rent lines. */
  rent: z.number().int(),
});
export type RentPaymentDto = z.infer<typeof ZRentPaymentDto>;

export const ZRentReceiptMonthDto = z.object({
  /** "2026-11" */
  month: z.string(),
  rentPaid: z.number().int(),
  /** Rent paid in cash this month (a cash receipt above ₹5,000 carries a revenue stamp). */
  cashRent: z.number().int(),
  payments: z.array(ZRentPaymentDto),
});
export type RentReceiptMonthDto = z.infer<typeof ZRentReceiptMonthDto>;

export const ZRentReceiptsDto = z.object({
  tenantId: z.string(),
  financialYear: z.string(),
  tenantName: z.string(),
  propertyName: z.string(),
  unitNumber: z.string(),
  unitAddress: z.string(),
  landlordName: z.string(),
  landlordPan: z.string().nullable(),
  /** The year's rent is above ₹1,00,000: the landlord's PAN must be on the receipts. */
  panRequired: z.boolean(),
  total: z.number().int(),
  months: z.array(ZRentReceiptMonthDto),
});
export type RentReceiptsDto = z.infer<typeof ZRentReceiptsDto>;

// ---------- TDS ----------

export const ZTdsSection = z.enum(TDS_SECTIONS);
export const ZTdsStatus = z.enum(TDS_STATUSES);

/** TDS deducted from a payment: the section, its rate (percent, up to two decimals) and the amount in paise. */
export const ZTdsInput = z.object({
  section: ZTdsSection,
  rate: z
    .number()
    .positive('Must be more than 0')
    .max(30)
    .refine((r) => Math.abs(Math.round(r * 100) - r * 100) < 1e-6, 'At most two decimals'),
  amount: ZMoney.refine((n) => n > 0, 'Must be more than 0'),
});
export type TdsInput = z.infer<typeof ZTdsInput>;

export const ZTdsListQuery = z.object({
  fy: ZFinancialYearLabel,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TdsListQuery = z.infer<typeof ZTdsListQuery>;

export const ZTdsDto = z.object({
  _id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  propertyName: z.string().nullable(),
  unitNumber: z.string().nullable(),
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  section: ZTdsSection,
  rate: z.number(),
  amount: z.number().int(),
  /** The money received with it. */
  paymentAmount: z.number().int(),
  deductedAt: z.string(),
  financialYear: z.string(),
  status: ZTdsStatus,
  certificateFileName: z.string().nullable(),
  certificateReceivedAt: z.string().nullable(),
});
export type TdsDto = z.infer<typeof ZTdsDto>;

/** A TDS certificate (Form 16A / 16C): one PDF, told by its content. */
export const TDS_CERTIFICATE_UPLOAD = { maxBytes: 5 * 1024 * 1024, field: 'certificate' } as const;
