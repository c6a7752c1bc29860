import { lazy, Suspense } from 'react';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { formatMoney } from '../../lib/format';
import type { useBookingsReport, useMaintenanceReport, useRevenueReport } from './analytics.api';

/** recharts and the charts load with the first chart shown (their own chunk). */
export const charts = () => import('./analytics-charts');
const MaintenanceByTypeChart = lazy(() =>
  charts().then((module) => ({ default: module.MaintenanceByTypeChart })),
);
const BookingsFunnelChart = lazy(() => charts().then((module) => ({ default: module.BookingsFunnelChart })));
const OverdueAgingChart = lazy(() => charts().then((module) => ({ default: module.OverdueAgingChart })));

export const ChartFallback = () => <Skeleton className="h-64 w-full" />;

/** The operations row of the analytics page: maintenance by type, the bookings funnel, overdue aging. */
export function OperationsCards({
  maintenance,
  bookings,
  revenue,
}: {
  maintenance: ReturnType<typeof useMaintenanceReport>;
  bookings: ReturnType<typeof useBookingsReport>;
  revenue: ReturnType<typeof useRevenueReport>;
}) {
  return (
    <div className="grid gap-6 xl:grid-cols-3">
      <Card className="p-5">
        <h2 className="mb-1 font-semibold text-slate-900">Maintenance by type</h2>
        <p className="mb-4 text-xs text-slate-500">
          {maintenance.data
            ? [
                `${maintenance.data.created} created · ${maintenance.data.resolved} resolved`,
                maintenance.data.slaCompliance === null ? null : `SLA met ${maintenance.data.slaCompliance}%`,
                maintenance.data.avgResolutionHours === null
                  ? null
                  : `avg ${maintenance.data.avgResolutionHours} h · p90 ${maintenance.data.p90ResolutionHours} h`,
              ]
                .filter(Boolean)
                .join(' · ')
            : 'Requests created in the period'}
        </p>
        {maintenance.isPending ? (
          <ChartFallback />
        ) : maintenance.data && maintenance.data.byType.length > 0 ? (
          <>
            <Suspense fallback={<ChartFallback />}>
              <MaintenanceByTypeChart data={maintenance.data.byType} />
            </Suspense>
            <ul className="mt-3 flex flex-wrap gap-2 text-xs" aria-label="Requests by priority">
              {maintenance.data.byPriority.map((row) => (
                <li key={row.priority} className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-600">
                  <span className="capitalize">{row.priority}</span>{' '}
                  <span className="font-semibold tabular-nums text-slate-900">{row.requests}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <EmptyState title="No maintenance requests in this period" />
        )}
      </Card>
      <Card className="p-5">
        <h2 className="mb-1 font-semibold text-slate-900">Bookings funnel</h2>
        <p className="mb-4 text-xs text-slate-500">
          {bookings.data
            ? `${bookings.data.funnel.created} created · ${bookings.data.funnel.paid} paid · ${bookings.data.funnel.confirmed} confirmed · ${bookings.data.funnel.movedIn} moved in`
            : 'Bookings created in the period'}
        </p>
        {bookings.isPending ? (
          <ChartFallback />
        ) : bookings.data && bookings.data.funnel.created > 0 ? (
          <Suspense fallback={<ChartFallback />}>
            <BookingsFunnelChart data={bookings.data.funnel} />
          </Suspense>
        ) : (
          <EmptyState title="No bookings in this period" />
        )}
      </Card>
      <Card className="p-5">
        <h2 className="mb-1 font-semibold text-slate-900">Overdue aging</h2>
        <p className="mb-4 text-xs text-slate-500">
          {revenue.data
            ? `${formatMoney(revenue.data.overdue)} overdue of ${formatMoney(revenue.data.outstanding)} outstanding`
            : 'Money past its due date'}
        </p>
        {revenue.isPending ? (
          <ChartFallback />
        ) : revenue.data && revenue.data.overdue > 0 ? (
          <Suspense fallback={<ChartFallback />}>
            <OverdueAgingChart data={revenue.data.aging} />
          </Suspense>
        ) : (
          <EmptyState
            title="Nothing overdue"
            description="Tenants' dues and booking installments are paid."
          />
        )}
      </Card>
    </div>
  );
}
