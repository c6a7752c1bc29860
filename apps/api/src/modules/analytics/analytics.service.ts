import {
  type AnalyticsOverview,
  type AnalyticsQuery,
  type Kpi,
  monthsBetween,
  type OccupancyReport,
  type PlatformAnalytics,
  percentChange,
  type RevenueReport,
  type TenantsReport,
} from '@rentora/shared';
import type { AppDeps } from '../../app';
import type { AuthContext } from '../../core/access';
import { AppError, badRequest, notFound } from '../../core/errors';
import { renderOwnerReport } from './analytics.pdf';
import { createAnalyticsRepo, type Scope } from './analytics.repo';

const DAY_MS = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The requested range (default: the last 12 months up to today) and the equally long period before it. */
export function resolvePeriod(query: Pick<AnalyticsQuery, 'from' | 'to'>, now = new Date()) {
  const to = query.to ?? day(now);
  const from =
    query.from ??
    day(
      new Date(Date.UTC(Number(to.slice(0, 4)) - 1, Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)) + 1)),
    );
  const lengthDays = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (lengthDays > 366 * 5) throw badRequest('The range may cover at most five years', 'from');
  const previousTo = day(new Date(Date.parse(from) - DAY_MS));
  const previousFrom = day(new Date(Date.parse(from) - lengthDays * DAY_MS));
  return { from, to, previousFrom, previousTo };
}

const nextDay = (value: string) => day(new Date(Date.parse(value) + DAY_MS));
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

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

  return {
    async overview(ctx: AuthContext, query: AnalyticsQuery): Promise<AnalyticsOverview> {
      const scope = await scopeOf(ctx, query);
      const period = resolvePeriod(query);
      const [units, activeTenants, moveIns, previousMoveIns, expectedRent] = await Promise.all([
        repo.unitsByStatus(scope),
        repo.activeTenancies(scope),
        repo.moveIns(scope, period.from, nextDay(period.to)),
        repo.moveIns(scope, period.previousFrom, nextDay(period.previousTo)),
        repo.expectedMonthlyRent(scope),
      ]);
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
          kpi('moveIns', 'Move-ins', 'count', moveIns, previousMoveIns),
          kpi('expectedMonthlyRent', 'Expected monthly rent', 'money', expectedRent),
        ],
      };
    },

    async occupancy(ctx: AuthContext, query: AnalyticsQuery): Promise<OccupancyReport> {
      const scope = await scopeOf(ctx, query);
      const period = resolvePeriod(query);
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
    },

    async tenants(ctx: AuthContext, query: AnalyticsQuery): Promise<TenantsReport> {
      const scope = await scopeOf(ctx, query);
      const period = resolvePeriod(query);
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
    },

    async revenue(ctx: AuthContext, query: AnalyticsQuery): Promise<RevenueReport> {
      const scope = await scopeOf(ctx, query);
      const period = resolvePeriod(query);
      const months = monthsBetween(period.from, period.to);
      const [expected, collected] = await Promise.all([
        repo.expectedRentByMonth(scope, months[0]!, months.at(-1)!),
        repo.collectedByMonth(scope, months[0]!, months.at(-1)!),
      ]);
      const byMonth = expected.map((row) => ({ ...row, collected: collected.get(row.month) ?? 0 }));
      return {
        period: { from: period.from, to: period.to },
        byMonth,
        expected: byMonth.reduce((sum, row) => sum + row.expected, 0),
        collected: byMonth.reduce((sum, row) => sum + row.collected, 0),
      };
    },

    /** The monthly owner report PDF: the month itself for the KPIs, the 12 months up to it for the charts. */
    async ownerReport(ctx: AuthContext, query: { month: string; propertyId?: string }): Promise<Uint8Array> {
      const [year, month] = query.month.split('-').map(Number) as [number, number];
      const monthEnd = day(new Date(Date.UTC(year, month, 0)));
      const yearStart = day(new Date(Date.UTC(year - 1, month, 1)));
      const scoped = { propertyId: query.propertyId };
      const [overview, occupancy, revenue, companyName] = await Promise.all([
        this.overview(ctx, { ...scoped, from: `${query.month}-01`, to: monthEnd }),
        this.occupancy(ctx, { ...scoped, from: yearStart, to: monthEnd }),
        this.revenue(ctx, { ...scoped, from: yearStart, to: monthEnd }),
        ctx.companyId ? repo.companyName(ctx.companyId) : Promise.resolve('All companies'),
      ]);
      return renderOwnerReport({ companyName, month: query.month, overview, occupancy, revenue });
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
