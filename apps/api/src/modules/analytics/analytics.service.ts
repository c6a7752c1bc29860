import {
  ANALYTICS_FIRST_DAY,
  type AnalyticsOverview,
  type AnalyticsQuery,
  type BookingsReport,
  DEFAULT_TIME_ZONE,
  type Kpi,
  type MaintenanceReport,
  monthsBetween,
  type OccupancyReport,
  type PlatformAnalytics,
  percentChange,
  type RevenueReport,
  type TenantsReport,
} from '@rentora/shared';
import type { AuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { AppError, badRequest, notFound } from '../../core/errors';
import { renderOwnerReport } from './analytics.pdf';
import { createAnalyticsRepo, type Scope } from './analytics.repo';
import { createReportCache } from './analytics.versions';

const DAY_MS = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The requested range (default: the last 12 months up to today) and the equally long period before it. */
export function resolvePeriod(query: Pick<AnalyticsQuery, 'from' | 'to'>, now = new Date()) {
  const to = query.to ?? day(now);
  const yearBefore = day(
    new Date(Date.UTC(Number(to.slice(0, 4)) - 1, Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)) + 1)),
  );
  // Nothing starts before the first day a report covers: the default start (`to` early in 2000) and the period
  // before a range that starts early in 2000 are cut there.
  const notBeforeFirstDay = (value: string) => (value < ANALYTICS_FIRST_DAY ? ANALYTICS_FIRST_DAY : value);
  const from = query.from ?? notBeforeFirstDay(yearBefore);
  if (from > to) throw badRequest('`from` must not be after `to`', 'from');
  const lengthDays = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (lengthDays > 366 * 5) throw badRequest('The range may cover at most five years', 'from');
  const previousTo = notBeforeFirstDay(day(new Date(Date.parse(from) - DAY_MS)));
  const previousFrom = notBeforeFirstDay(day(new Date(Date.parse(from) - lengthDays * DAY_MS)));
  return { from, to, previousFrom, previousTo };
}

const nextDay = (value: string) => day(new Date(Date.parse(value) + DAY_MS));
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const oneDecimal = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 10) / 10;
const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

function kpi(
  key: string,
  label: string,
  unit: Kpi['unit'],
  value: number,
  previous: number | null = null,
): Kpi {
  return { key, label, unit, value, previous, change: percentChange(value, previous) };
}

export function createAnalyticsService(deps: Pick<AppDeps, 'db'>) {
  const repo = createAnalyticsRepo(deps.db);
  const cache = createReportCache(deps.db);

  /** A report of a company, served from the exact per-version cache (analytics.versions.ts). */
  function cached<T>(
    name: string,
    scope: Scope,
    period: { from: string; to: string },
    compute: () => Promise<T>,
  ): Promise<T> {
    // "today" is part of the key: overdue amounts and lease expiries move with the date.
    const key = JSON.stringify([name, scope.propertyId ?? null, period.from, period.to, day(new Date())]);
    return cache.get(scope.companyId, key, compute);
  }

  /** Staff see their current company; the super admin a company of their choice or (null) the whole platform. */
  async function scopeOf(ctx: AuthContext, query: AnalyticsQuery): Promise<Scope> {
    let companyId: string | null;
    if (ctx.role === 'super_admin') companyId = query.companyId ?? ctx.companyId;
    else if (query.companyId && query.companyId !== ctx.companyId) throw notFound('Company');
    else companyId = ctx.companyId;
    if (!companyId && ctx.role !== 'super_admin') throw new AppError('FORBIDDEN', 'No company selected');
    if (query.propertyId && companyId && !(await repo.propertyBelongsTo(companyId, query.propertyId))) {
      throw notFound('Property');
    }
    return { companyId, propertyId: query.propertyId };
  }

  type Period = ReturnType<typeof resolvePeriod>;

  async function computeOverview(scope: Scope, period: Period): Promise<AnalyticsOverview> {
    // Six statements in parallel, each one pass over one table (the two periods side by side).
    const range = {
      from: period.from,
      end: nextDay(period.to),
      previousFrom: period.previousFrom,
      previousEnd: nextDay(period.previousTo),
    };
    const [units, tenancies, installments, money, bookingCounts, maintenance, depositsHeld] =
      await Promise.all([
        repo.unitsByStatus(scope),
        repo.overviewTenancies(scope, range),
        repo.pendingInstallments(scope, day(new Date())),
        repo.collectedTwoPeriods(scope, range),
        repo.bookingsTwoPeriods(scope, range),
        repo.maintenanceTwoPeriods(scope, range),
        repo.depositsHeld(scope),
      ]);
    const activeTenants = tenancies.active;
    const expectedRent = tenancies.rent;
    // Tenants' dues are all past due (they count from the last rent due date); installments after their due date.
    const outstanding = tenancies.dues + installments.outstanding;
    const overdue = tenancies.dues + installments.overdue;
    const total = Object.values(units).reduce((sum, value) => sum + value, 0);
    const occupied = units.Occupied ?? 0;
    return {
      period: { from: period.from, to: period.to },
      previousPeriod: { from: period.previousFrom, to: period.previousTo },
      kpis: [
        kpi('occupancyRate', 'Occupancy rate', 'percent', rate(occupied, total)),
        kpi('unitsTotal', 'Rental units', 'count', total),
        kpi('unitsAvailable', 'Available', 'count', units.Available ?? 0),
        kpi('unitsOccupied', 'Occupied', 'count', occupied),
        kpi('unitsUnderMaintenance', 'Under maintenance', 'count', units.Under_Maintenance ?? 0),
        kpi('activeTenants', 'Active tenants', 'count', activeTenants),
        kpi('moveIns', 'Move-ins', 'count', tenancies.moveIns, tenancies.previousMoveIns),
        kpi('expectedMonthlyRent', 'Expected monthly rent', 'money', expectedRent),
        kpi('rentCollected', 'Rent collected', 'money', money.collected, money.previous),
        kpi('depositsHeld', 'Deposits held', 'money', depositsHeld),
        kpi('outstanding', 'Outstanding', 'money', outstanding),
        kpi('overdue', 'Overdue', 'money', overdue),
        kpi('bookings', 'Bookings', 'count', bookingCounts.created, bookingCounts.previous),
        kpi('openMaintenance', 'Open maintenance requests', 'count', maintenance.open),
        kpi(
          'avgResolutionHours',
          'Average resolution time',
          'hours',
          oneDecimal(maintenance.hours) ?? 0,
          oneDecimal(maintenance.previousHours),
        ),
      ],
    };
  }

  async function computeOccupancy(scope: Scope, period: Period): Promise<OccupancyReport> {
    const months = monthsBetween(period.from, period.to);
    const [series, byProperty] = await Promise.all([
      repo.occupancyByMonth(scope, months[0]!, months.at(-1)!),
      repo.unitsByProperty(scope),
    ]);
    return {
      period: { from: period.from, to: period.to },
      byMonth: series.map((row) => ({ ...row, rate: rate(row.occupied, row.total) })),
      byProperty: byProperty.map((row) => ({ ...row, rate: rate(row.occupied, row.total) })),
    };
  }

  async function computeTenants(scope: Scope, period: Period): Promise<TenantsReport> {
    const months = monthsBetween(period.from, period.to);
    const today = day(new Date());
    const [byMonth, expiries, atStart, atEnd] = await Promise.all([
      repo.tenancyFlowByMonth(scope, months[0]!, months.at(-1)!),
      repo.leaseExpiries(scope, today),
      repo.tenanciesOn(scope, period.from),
      repo.tenanciesOn(scope, period.to),
    ]);
    const moveIns = byMonth.reduce((sum, row) => sum + row.moveIns, 0);
    const moveOuts = byMonth.reduce((sum, row) => sum + row.moveOuts, 0);
    return {
      period: { from: period.from, to: period.to },
      byMonth,
      moveIns,
      moveOuts,
      churnRate: rate(moveOuts, (atStart + atEnd) / 2),
      leaseExpiries: expiries,
    };
  }

  async function computeRevenue(scope: Scope, period: Period): Promise<RevenueReport> {
    const months = monthsBetween(period.from, period.to);
    const [expected, collected] = await Promise.all([
      repo.expectedRentByMonth(scope, months[0]!, months.at(-1)!),
      repo.collectedByMonth(scope, months[0]!, months.at(-1)!),
    ]);
    const byMonth = expected.map((row) => ({ ...row, collected: collected.get(row.month) ?? 0 }));
    const receivables = await repo.receivables(scope, day(new Date()));
    return {
      period: { from: period.from, to: period.to },
      byMonth,
      expected: byMonth.reduce((sum, row) => sum + row.expected, 0),
      collected: byMonth.reduce((sum, row) => sum + row.collected, 0),
      ...receivables,
    };
  }

  async function computeMaintenance(scope: Scope, period: Period): Promise<MaintenanceReport> {
    const months = monthsBetween(period.from, period.to);
    const end = nextDay(period.to);
    const [volume, resolution, open] = await Promise.all([
      repo.maintenanceVolume(scope, period.from, end),
      repo.maintenanceResolution(scope, period.from, end),
      repo.openMaintenance(scope),
    ]);
    const createdByMonth = new Map<string, number>();
    const byType = new Map<string, { typeId: string | null; name: string; requests: number }>();
    const byPriority = new Map<string, number>(PRIORITIES.map((priority) => [priority, 0]));
    for (const row of volume) {
      createdByMonth.set(row.month, (createdByMonth.get(row.month) ?? 0) + row.requests);
      const key = row.typeId ?? '';
      const type = byType.get(key) ?? { typeId: row.typeId, name: row.typeName, requests: 0 };
      type.requests += row.requests;
      byType.set(key, type);
      byPriority.set(row.priority, (byPriority.get(row.priority) ?? 0) + row.requests);
    }
    const resolvedByMonth = new Map(resolution.filter((row) => row.month).map((row) => [row.month!, row]));
    const total = resolution.find((row) => row.month === null);
    return {
      period: { from: period.from, to: period.to },
      created: volume.reduce((sum, row) => sum + row.requests, 0),
      resolved: total?.resolved ?? 0,
      open,
      slaCompliance: total?.slaTotal ? rate(total.slaMet, total.slaTotal) : null,
      avgResolutionHours: oneDecimal(total?.avgHours),
      p90ResolutionHours: oneDecimal(total?.p90Hours),
      byType: [...byType.values()].sort((a, b) => b.requests - a.requests || a.name.localeCompare(b.name)),
      byPriority: PRIORITIES.map((priority) => ({ priority, requests: byPriority.get(priority) ?? 0 })),
      byMonth: months.map((month) => {
        const solved = resolvedByMonth.get(month);
        return {
          month,
          created: createdByMonth.get(month) ?? 0,
          resolved: solved?.resolved ?? 0,
          slaMet: solved?.slaMet ?? 0,
          slaTotal: solved?.slaTotal ?? 0,
          slaCompliance: solved?.slaTotal ? rate(solved.slaMet, solved.slaTotal) : null,
          avgResolutionHours: oneDecimal(solved?.avgHours),
          p90ResolutionHours: oneDecimal(solved?.p90Hours),
        };
      }),
    };
  }

  async function computeBookings(scope: Scope, period: Period): Promise<BookingsReport> {
    const months = monthsBetween(period.from, period.to);
    const rows = new Map(
      (await repo.bookingFunnel(scope, period.from, nextDay(period.to))).map((row) => [row.month, row]),
    );
    const byMonth = months.map((month) => {
      const row = rows.get(month);
      return {
        month,
        created: row?.created ?? 0,
        paid: row?.paid ?? 0,
        confirmed: row?.confirmed ?? 0,
        movedIn: row?.movedIn ?? 0,
      };
    });
    const sum = (key: 'created' | 'paid' | 'confirmed' | 'movedIn') =>
      byMonth.reduce((total, row) => total + row[key], 0);
    return {
      period: { from: period.from, to: period.to },
      funnel: {
        created: sum('created'),
        paid: sum('paid'),
        confirmed: sum('confirmed'),
        movedIn: sum('movedIn'),
      },
      byMonth,
    };
  }

  return {
    async overview(ctx: AuthContext, query: AnalyticsQuery): Promise<AnalyticsOverview> {
      const scope = await scopeOf(ctx, query);
      const period = resolvePeriod(query);
      return cached('overview', scope, period, () => computeOverview(scope, period));
    },

    async occupancy(ctx: AuthContext, query: AnalyticsQuery): Promise<OccupancyReport> {
      const scope = await scopeOf(ctx, query);
      const period = resolvePeriod(query);
      return cached('occupancy', scope, period, () => computeOccupancy(scope, period));
    },

    async tenants(ctx: AuthContext, query: AnalyticsQuery): Promise<TenantsReport> {
      const scope = await scopeOf(ctx, query);
      const period = resolvePeriod(query);
      return cached('tenants', scope, period, () => computeTenants(scope, period));
    },

    async revenue(ctx: AuthContext, query: AnalyticsQuery): Promise<RevenueReport> {
      const scope = await scopeOf(ctx, query);
      const period = resolvePeriod(query);
      return cached('revenue', scope, period, () => computeRevenue(scope, period));
    },

    async maintenance(ctx: AuthContext, query: AnalyticsQuery): Promise<MaintenanceReport> {
      const scope = await scopeOf(ctx, query);
      const period = resolvePeriod(query);
      return cached('maintenance', scope, period, () => computeMaintenance(scope, period));
    },

    async bookings(ctx: AuthContext, query: AnalyticsQuery): Promise<BookingsReport> {
      const scope = await scopeOf(ctx, query);
      const period = resolvePeriod(query);
      return cached('bookings', scope, period, () => computeBookings(scope, period));
    },

    /** The monthly owner report PDF: the month itself for the KPIs, the 12 months up to it for the charts. */
    async ownerReport(ctx: AuthContext, query: { month: string; propertyId?: string }): Promise<Uint8Array> {
      const [year, month] = query.month.split('-').map(Number) as [number, number];
      const monthEnd = day(new Date(Date.UTC(year, month, 0)));
      const yearStart = day(new Date(Date.UTC(year - 1, month, 1)));
      const scoped = { propertyId: query.propertyId };
      const [overview, occupancy, revenue, maintenance, bookings, company] = await Promise.all([
        this.overview(ctx, { ...scoped, from: `${query.month}-01`, to: monthEnd }),
        this.occupancy(ctx, { ...scoped, from: yearStart, to: monthEnd }),
        this.revenue(ctx, { ...scoped, from: yearStart, to: monthEnd }),
        this.maintenance(ctx, { ...scoped, from: yearStart, to: monthEnd }),
        this.bookings(ctx, { ...scoped, from: yearStart, to: monthEnd }),
        ctx.companyId
          ? repo.companyHeading(ctx.companyId)
          : Promise.resolve({ name: 'All companies', timeZone: DEFAULT_TIME_ZONE }),
      ]);
      return renderOwnerReport({
        companyName: company.name,
        timeZone: company.timeZone,
        month: query.month,
        overview,
        occupancy,
        revenue,
        maintenance,
        bookings,
      });
    },

    async platform(query: AnalyticsQuery): Promise<PlatformAnalytics> {
      const period = resolvePeriod(query);
      const months = monthsBetween(period.from, period.to);
      const { byPlan, signups, totals } = await repo.platform(months[0]!, months.at(-1)!);
      const signupsByMonth = new Map(signups.map((row) => [row.month, row.companies]));
      return {
        companiesByPlan: byPlan.map((row) => ({ plan: row.plan, companies: row.companies })),
        mrr: byPlan.reduce((sum, row) => sum + Number(row.revenue), 0),
        signupsByMonth: months.map((month) => ({ month, companies: signupsByMonth.get(month) ?? 0 })),
        totals,
      };
    },
  };
}
