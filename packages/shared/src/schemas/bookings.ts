import { z } from 'zod';
import { ZCheckoutFields, ZPaymentDto, ZPaymentOrderDto } from './payments';

/** Bookings: a visitor books a publicly listed unit and pays in full or by installments. */

export const BOOKING_STATUSES = [
  'pending_payment',
  'partially_paid',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

export const ZBookingCreateBody = z
  .object({
    rentalUnitId: z.string().uuid(),
    moveInDate: ZIsoDate,
    durationMonths: z.number().int().min(1).max(120),
    paymentPlan: z.enum(['full', 'installments']),
    installmentCount: z.number().int().min(2).max(12).optional(),
    notes: z.string().trim().max(2000).optional(),
  })
  .refine((body) => body.paymentPlan === 'full' || body.installmentCount !== undefined, {
    message: 'installmentCount (2–12) is required with installments',
    path: ['installmentCount'],
  });
export type BookingCreateBody = z.infer<typeof ZBookingCreateBody>;

export const ZBookingInstallmentDto = z.object({
  number: z.number().int(),
  amount: z.number().int(),
  dueDate: z.string(),
  status: z.enum(['pending', 'paid']),
  paidAt: z.string().nullable(),
});
export type BookingInstallmentDto = z.infer<typeof ZBookingInstallmentDto>;

/** The rental agreement: the generated PDF and, once signed by the booker, the signed PDF and its audit. */
export const ZBookingAgreementDto = z.object({
  generatedAt: z.string(),
  sha256: z.string(),
  /** A signed link to the PDF, valid for 5 minutes. */
  url: z.string(),
  signed: z
    .object({
      signedAt: z.string(),
      signerName: z.string(),
      signatureType: z.enum(['typed', 'drawn']),
      ip: z.string(),
      userAgent: z.string().nullable(),
      unsignedSha256: z.string(),
      sha256: z.string(),
      url: z.string(),
    })
    .nullable(),
});
export type BookingAgreementDto = z.infer<typeof ZBookingAgreementDto>;

/** `signature`: the booker's typed full name, or a drawn signature as a PNG data URL. */
export const ZSignAgreementBody = z.object({ signature: z.string().trim().min(2).max(400_000) });
export type SignAgreementBody = z.infer<typeof ZSignAgreementBody>;

export const ZBookingDto = z.object({
  _id: z.string(),
  companyId: z.string(),
  propertyId: z.string(),
  rentalUnitId: z.string(),
  propertyName: z.string(),
  unitNumber: z.string(),
  userId: z.string(),
  bookerName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  moveInDate: z.string(),
  durationMonths: z.number().int(),
  paymentPlan: z.enum(['full', 'installments']),
  notes: z.string(),
  currency: z.string(),
  monthlyRent: z.number().int(),
  maintenanceCharges: z.number().int(),
  securityDeposit: z.number().int(),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  refundDueAmount: z.number().int(),
  installments: z.array(ZBookingInstallmentDto),
  statusHistory: z.array(
    z.object({
      status: z.string(),
      note: z.string().nullable(),
      at: z.string(),
      byUserId: z.string().nullable(),
    }),
  ),
  holdExpiresAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  tenantId: z.string().nullable(),
  agreement: ZBookingAgreementDto.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingDto = z.infer<typeof ZBookingDto>;

export const ZBookingDetailDto = ZBookingDto.extend({ payments: z.array(ZPaymentDto) });
export type BookingDetailDto = z.infer<typeof ZBookingDetailDto>;

export const ZBookingCheckoutDto = z.object({
  booking: ZBookingDto,
  order: ZPaymentOrderDto,
  keyId: z.string(),
  gateway: z.enum(['sandbox', 'razorpay']),
});
export type BookingCheckoutDto = z.infer<typeof ZBookingCheckoutDto>;

export const ZVerifyBookingPaymentBody = ZCheckoutFields.extend({ bookingId: z.string().uuid() });
export type VerifyBookingPaymentBody = z.infer<typeof ZVerifyBookingPaymentBody>;

export const ZVerifyBookingInstallmentBody = ZCheckoutFields.extend({
  bookingId: z.string().uuid(),
  installmentNumber: z.number().int().min(1).max(12),
});
export type VerifyBookingInstallmentBody = z.infer<typeof ZVerifyBookingInstallmentBody>;

export const ZBookingCancelBody = z.object({ cancellationReason: z.string().trim().min(3).max(1000) });

export const ZBookingStatusBody = z.object({
  status: z.enum(BOOKING_STATUSES),
  note: z.string().trim().max(1000).optional(),
});
export type BookingStatusBody = z.infer<typeof ZBookingStatusBody>;

/** Staff may only move a booking along these edges; payments, cancel and hold expiry make the others. */
export const BOOKING_STATUS_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending_payment: [],
  partially_paid: [],
  confirmed: ['completed'],
  completed: ['confirmed'],
  cancelled: [],
  expired: [],
};

export const ZBookingStatsDto = z.object({
  byStatus: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  collected: z.number().int(),
  refunded: z.number().int(),
  outstanding: z.number().int(),
  byMonth: z.array(z.object({ month: z.string(), bookings: z.number().int(), collected: z.number().int() })),
});
export type BookingStatsDto = z.infer<typeof ZBookingStatsDto>;

export const ZBookingInstallmentParams = z.object({
  id: z.string().uuid(),
  n: z.coerce.number().int().min(1).max(12),
});

const ZQueryDate = z.iso.date({ message: 'Use a date like 2025-01-31' });
const zStatusList = () =>
  z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(z.enum(BOOKING_STATUSES)).max(BOOKING_STATUSES.length),
  );

/** Filters: statuses, property, unit, the booking date range (`from`/`to`, inclusive) and a search of the booker, unit and property. */
export const ZBookingListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  status: zStatusList().optional(),
  'status[]': zStatusList().optional(),
  propertyId: z.string().uuid().optional(),
  rentalUnitId: z.string().uuid().optional(),
  from: ZQueryDate.optional(),
  to: ZQueryDate.optional(),
  search: z.string().trim().max(100).optional(),
});
export type BookingListQuery = z.infer<typeof ZBookingListQuery>;

/** Splits `total` into `count` parts that add up to it exactly (the first parts take the remainder). */
export function splitInstallments(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  const remainder = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** Bounds of a company's rental agreement template (clauses are printed in order, numbered, under their titles). */
export const AGREEMENT_TEMPLATE_LIMITS = {
  title: 120,
  clauses: 40,
  clauseTitle: 120,
  clauseText: 2000,
  extraTerms: 4000,
} as const;

export const ZAgreementClause = z.object({
  title: z.string().trim().min(1, 'Give the clause a title').max(AGREEMENT_TEMPLATE_LIMITS.clauseTitle),
  text: z.string().trim().min(1, 'Write the clause').max(AGREEMENT_TEMPLATE_LIMITS.clauseText),
});
export type AgreementClause = z.infer<typeof ZAgreementClause>;

/** `PUT /api/bookings/agreement-template`: the whole template (title, ordered clauses, optional extra terms). */
export const ZAgreementTemplateBody = z.object({
  title: z.string().trim().min(3, 'Use at least 3 characters').max(AGREEMENT_TEMPLATE_LIMITS.title),
  clauses: z
    .array(ZAgreementClause)
    .min(1, 'Keep at least one clause')
    .max(AGREEMENT_TEMPLATE_LIMITS.clauses, `At most ${AGREEMENT_TEMPLATE_LIMITS.clauses} clauses`),
  extraTerms: z.string().trim().max(AGREEMENT_TEMPLATE_LIMITS.extraTerms).default(''),
});
export type AgreementTemplateBody = z.input<typeof ZAgreementTemplateBody>;
export type AgreementTemplate = z.output<typeof ZAgreementTemplateBody>;

/** The company's template; `isDefault` while the company has saved none (then `updatedAt` is null). */
export const ZAgreementTemplateDto = z.object({
  title: z.string(),
  clauses: z.array(ZAgreementClause),
  extraTerms: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AgreementTemplateDto = z.infer<typeof ZAgreementTemplateDto>;

/** The template every company starts from (and the agreement uses until the company saves its own). */
export const DEFAULT_AGREEMENT_TEMPLATE: AgreementTemplate = {
  title: 'Rental agreement',
  clauses: [
    {
      title: 'Rent and charges',
      text: 'The Tenant shall pay the monthly rent and maintenance charges on or before the due day of each month.',
    },
    {
      title: 'Security deposit',
      text: 'The security deposit is refundable at the end of the tenancy, less any amounts owed for unpaid rent, charges or damage beyond normal wear and tear.',
    },
    {
      title: 'Use of the unit',
      text: 'The Tenant shall use the unit for residential purposes only and shall not sublet it without the written consent of the Landlord.',
    },
    {
      title: 'Upkeep and repairs',
      text: 'The Tenant shall keep the unit in good condition and report maintenance issues promptly through the Rentora tenant portal.',
    },
    {
      title: 'Notice',
      text: 'Either party may end this agreement by giving one month of written notice, subject to the minimum lease period stated above.',
    },
    {
      title: 'Inspection',
      text: 'The Landlord may inspect the unit with 24 hours of notice to the Tenant, except in an emergency.',
    },
    {
      title: 'Governing law',
      text: 'This agreement is governed by the laws of India; disputes fall under the courts where the unit is located.',
    },
  ],
  extraTerms: '',
};
