import { z } from 'zod';
import { ZInvoiceMonth } from './invoices';

/** Payment tracking (a month per tenancy) and the payment figures of a company. Money in paise. */

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
  /** Money received this month, security deposits left out (they are held, not earned). */
  collectedThisMonth: z.number().int(),
  /** Security deposits the company holds for its tenants. */
  depositsHeld: z.number().int(),
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
