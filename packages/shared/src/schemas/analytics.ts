import { z } from 'zod';
import { ZId } from './common';

/** Analytics and reports. Money in minor units. */
/** Reports cover the years a company can have data for; anything else is a typo or a probe. */
const inRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 2100;
};
/** The first day a report may cover (dates of 2000–2100 are accepted). */
export const ANALYTICS_FIRST_DAY = '2000-01-01';

const ZDay = z.iso.date('Use a real date, YYYY-MM-DD').refine(inRange, 'Use a date between 2000 and 2100');
export const ZAnalyticsMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM')
  .refine(inRange, 'Use a month between 2000 and 2100');

export const ZAnalyticsQuery = z
  .object({
    /** First day of the range (default: 12 months before `to`). */
    from: ZDay.optional(),
    /** Last day of the range (default: today). */
    to: ZDay.optional(),
    propertyId: ZId.optional(),
    /** Super admin: one company's numbers; without it, the platform view. */
    companyId: ZId.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: '`from` must not be after `to`',
    path: ['from'],
  });
export type AnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

export const KPI_UNITS = ['percent', 'count', 'money', 'hours'] as const;

export const ZKpi = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(KPI_UNITS),
  value: z.number(),
  /** The same figure over the previous period of equal length (null for point-in-time figures). */
  previous: z.number().nullable(),
  /** Percentage change against `previous`; null when there is nothing to compare with. */
  change: z.number().nullable(),
});
export type Kpi = z.infer<typeof ZKpi>;

export const ZAnalyticsPeriod = z.object({ from: ZDay, to: ZDay });

export const ZAnalyticsOverview = z.object({
  period: ZAnalyticsPeriod,
  previousPeriod: ZAnalyticsPeriod,
  kpis: z.array(ZKpi),
});
export type AnalyticsOverview = z.infer<typeof ZAnalyticsOverview>;

export const ZOccupancyReport = z.object({
  period: ZAnalyticsPeriod,
  byMonth: z.array(
    z.object({ month: ZAnalyticsMonth, occupied: z.number(), total: z.number(), rate: z.number() }),
  ),
  byProperty: z.array(
    z.object({
      propertyId: ZId,
      name: z.string(),
      total: z.number(),
      occupied: z.number(),
      available: z.number(),
      maintenance: z.number(),
      rate: z.number(),
    }),
  ),
});
export type OccupancyReport = z.infer<typeof ZOccupancyReport>;

export const ZPlatformAnalytics = z.object({
  companiesByPlan: z.array(z.object({ plan: z.string(), companies: z.number() })),
  /** Monthly recurring revenue from the plan prices of active companies, minor units. */
  mrr: z.number(),
  signupsByMonth: z.array(z.object({ month: ZAnalyticsMonth, companies: z.number() })),
  totals: z.object({ companies: z.number(), properties: z.number(), units: z.number(), users: z.number() }),
});
export type PlatformAnalytics = z.infer<typeof ZPlatformAnalytics>;

export const ZTenantsReport = z.object({
  period: ZAnalyticsPeriod,
  byMonth: z.array(z.object({ month: ZAnalyticsMonth, moveIns: z.number(), moveOuts: z.number() })),
  moveIns: z.number(),
  moveOuts: z.number(),
  /** Move-outs over the average number of tenancies in the period, percent. */
  churnRate: z.number(),
  /** Current tenancies whose lease ends within the next 30, 60 and 90 days. */
  leaseExpiries: z.object({ days30: z.number(), days60: z.number(), days90: z.number() }),
});
export type TenantsReport = z.infer<typeof ZTenantsReport>;

export const ZRevenueReport = z.object({
  period: ZAnalyticsPeriod,
  /** Expected: the monthly rent of the tenancies running in each month. Collected: payments received in it. */
  byMonth: z.array(z.object({ month: ZAnalyticsMonth, expected: z.number(), collected: z.number() })),
  expected: z.number(),
  collected: z.number(),
  /** Money owed now: tenants' outstanding dues plus unpaid installments of partially paid bookings. */
  outstanding: z.number(),
  /** The part of `outstanding` past its due date. */
  overdue: z.number(),
  /** `overdue` by days past due (tenants' dues count from their last rent due date). */
  aging: z.array(z.object({ bucket: z.enum(['1-30', '31-60', '61-90', '90+']), amount: z.number() })),
});
export type RevenueReport = z.infer<typeof ZRevenueReport>;

export const AGING_BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;

/**
 * Maintenance requests: volume of requests created in the range (by type, priority and month), and resolution of
 * requests resolved in the range (resolved = resolved or closed; the moment is `resolvedAt`, else `closedAt`).
 * SLA met = resolved no later than the request's due time; requests without a due time are not counted for SLA.
 */
export const ZMaintenanceReport = z.object({
  period: ZAnalyticsPeriod,
  created: z.number(),
  resolved: z.number(),
  /** Requests open right now (open, assigned, in progress, on hold). */
  open: z.number(),
  /** Percent of resolved requests with a due time that met it; null when none had one. */
  slaCompliance: z.number().nullable(),
  avgResolutionHours: z.number().nullable(),
  p90ResolutionHours: z.number().nullable(),
  byType: z.array(z.object({ typeId: ZId.nullable(), name: z.string(), requests: z.number() })),
  byPriority: z.array(
    z.object({ priority: z.enum(['low', 'medium', 'high', 'urgent']), requests: z.number() }),
  ),
  byMonth: z.array(
    z.object({
      month: ZAnalyticsMonth,
      created: z.number(),
      resolved: z.number(),
      slaMet: z.number(),
      slaTotal: z.number(),
      slaCompliance: z.number().nullable(),
      avgResolutionHours: z.number().nullable(),
      p90ResolutionHours: z.number().nullable(),
    }),
  ),
});
export type MaintenanceReport = z.infer<typeof ZMaintenanceReport>;

/**
 * The booking funnel by the month a booking was created: created → paid (any money received) → confirmed (fully
 * paid, now or before: status confirmed or completed, or a confirmed entry in its history) → moved in (completed).
 */
export const ZBookingFunnelStep = z.object({
  created: z.number(),
  paid: z.number(),
  confirmed: z.number(),
  movedIn: z.number(),
});
export const ZBookingsReport = z.object({
  period: ZAnalyticsPeriod,
  funnel: ZBookingFunnelStep,
  byMonth: z.array(ZBookingFunnelStep.extend({ month: ZAnalyticsMonth })),
});
export type BookingsReport = z.infer<typeof ZBookingsReport>;

export const ANALYTICS_REPORTS = [
  'overview',
  'occupancy',
  'tenants',
  'revenue',
  'maintenance',
  'bookings',
] as const;
export type AnalyticsReportName = (typeof ANALYTICS_REPORTS)[number];

export const ZOwnerReportQuery = z.object({ month: ZAnalyticsMonth, propertyId: ZId.optional() });
export const ZAnalyticsExportQuery = z.intersection(
  ZAnalyticsQuery,
  z.object({ report: z.enum(ANALYTICS_REPORTS), format: z.enum(['csv', 'xlsx']).default('csv') }),
);

/** Month keys `YYYY-MM` from the month of `from` to the month of `to`, inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const endYear = Number(to.slice(0, 4));
  const endMonth = Number(to.slice(5, 7));
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** Percentage change from `previous` to `value`, one decimal; null when there is no base to compare with. */
export function percentChange(value: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}
