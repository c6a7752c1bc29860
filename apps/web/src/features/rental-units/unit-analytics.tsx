import { BarChart3, CalendarClock, IndianRupee, Percent, Wrench } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Card } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { useUnitAnalytics } from './rental-units.api';
import { monthlyOccupancy } from './unit-occupancy';

const OccupancyChart = lazy(() =>
  import('./unit-analytics-chart').then((module) => ({ default: module.OccupancyChart })),
);

function Kpi({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint?: string }) {
  return (
    <Card className="p-4">
      <div className="flex items-center gap-2 text-sm text-slate-500">
        <span className="text-brand-600">{icon}</span>
        {label}
      </div>
      <p className="mt-1 text-xl font-bold text-slate-900">{value}</p>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </Card>
  );
}

/** GET /rental-units/:id/analytics: occupancy, revenue, maintenance, and a monthly occupancy chart. */
export function UnitAnalytics({ unitId }: { unitId: string }) {
  const analytics = useUnitAnalytics(unitId);
  const months = useMemo(() => (analytics.data ? monthlyOccupancy(analytics.data) : []), [analytics.data]);
  if (analytics.isPending) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading analytics">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={index} className="h-24 rounded-2xl" />
          ))}
        </div>
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    );
  }
  if (analytics.isError) {
    return (
      <ErrorState
        title="Failed to fetch unit analytics"
        message={apiErrorMessage(analytics.error, 'Please try again.')}
        onRetry={() => void analytics.refetch()}
      />
    );
  }
  const { occupancy, revenue, maintenance, since } = analytics.data;
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Kpi
          icon={<Percent className="h-4 w-4" aria-hidden />}
          label="Occupancy"
          value={`${occupancy.occupancyRate}%`}
          hint={`${occupancy.occupiedDays} occupied · ${occupancy.vacantDays} vacant days since ${formatDate(since)}`}
        />
        <Kpi
          icon={<CalendarClock className="h-4 w-4" aria-hidden />}
          label="Current vacancy"
          value={occupancy.currentTenants > 0 ? 'Occupied' : `${occupancy.currentVacancyDays} days`}
          hint={
            occupancy.lastMoveOutAt
              ? `Last move-out ${formatDate(occupancy.lastMoveOutAt)}`
              : `${occupancy.totalAssignments} tenancies`
          }
        />
        <Kpi
          icon={<IndianRupee className="h-4 w-4" aria-hidden />}
          label="Expected monthly"
          value={formatMoney(revenue.expectedMonthly, revenue.currency)}
          hint={`Collected ${formatMoney(revenue.collected, revenue.currency)} of ${formatMoney(revenue.billed, revenue.currency)} billed`}
        />
        <Kpi
          icon={<Wrench className="h-4 w-4" aria-hidden />}
          label="Maintenance"
          value={`${maintenance.open} open`}
          hint={`${maintenance.total} requests in total`}
        />
      </div>
      <Card className="p-5">
        <h3 className="text-sm font-semibold text-slate-900">Occupancy by month</h3>
        <p className="mb-4 text-xs text-slate-500">
          Share of each month's days with a tenant, last 12 months.
        </p>
        {occupancy.totalAssignments === 0 ? (
          <EmptyState
            className="border-0 py-8"
            icon={BarChart3}
            title="No tenancy yet"
            description="The chart fills in once a tenant is assigned."
          />
        ) : (
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <OccupancyChart data={months} />
          </Suspense>
        )}
      </Card>
      {occupancy.history.length > 0 ? (
        <Card className="overflow-x-auto">
          <table className="w-full min-w-[520px] text-left text-sm">
            <caption className="px-4 pt-4 text-left text-sm font-semibold text-slate-900">
              Tenancy history
            </caption>
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Tenant
                </th>
                <th scope="col" className="px-4 py-2">
                  From
                </th>
                <th scope="col" className="px-4 py-2">
                  To
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Days
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {occupancy.history.map((entry) => (
                <tr key={entry.assignmentId}>
                  <td className="px-4 py-2 font-medium text-slate-900">{entry.name}</td>
                  <td className="px-4 py-2 text-slate-600">{formatDate(entry.startDate)}</td>
                  <td className="px-4 py-2 text-slate-600">
                    {entry.endDate ? formatDate(entry.endDate) : 'Now'}
                  </td>
                  <td className="px-4 py-2 text-right text-slate-600">{entry.days}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}
    </div>
  );
}
