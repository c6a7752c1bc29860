import {
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_PRIORITY_LABELS,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_STATUSES,
} from '@rentora/shared';
import { AlarmClock, CheckCircle2, ClipboardList, Timer } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { StatCard } from '../../components/stat-card';
import { apiErrorMessage } from '../../lib/api-client';
import { MAINTENANCE_FALLBACKS, useMaintenanceStats } from './maintenance.api';

const RequestsByMonthChart = lazy(() =>
  import('./stats-charts').then((m) => ({ default: m.RequestsByMonthChart })),
);
const CountBars = lazy(() => import('./stats-charts').then((m) => ({ default: m.CountBars })));

const hours = (value: number | null) =>
  value === null ? '—' : value < 48 ? `${value} h` : `${Math.round((value / 24) * 10) / 10} days`;

/** Figures and charts: open and overdue work, resolution times, requests by month, status, priority and type. */
export function StatsTab() {
  const stats = useMaintenanceStats();
  if (stats.isError) {
    return (
      <ErrorState
        message={apiErrorMessage(stats.error, MAINTENANCE_FALLBACKS.fetchStats)}
        onRetry={() => void stats.refetch()}
      />
    );
  }
  const data = stats.data;
  const chartFallback = <Skeleton className="h-64 w-full" />;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="All requests"
          value={data?.total ?? 0}
          icon={ClipboardList}
          loading={stats.isLoading}
        />
        <StatCard
          label="Open"
          value={data?.open ?? 0}
          icon={Timer}
          tone="warning"
          loading={stats.isLoading}
        />
        <StatCard
          label="Overdue"
          value={data?.overdue ?? 0}
          icon={AlarmClock}
          tone="danger"
          loading={stats.isLoading}
        />
        <StatCard
          label="Resolution time"
          value={data ? hours(data.averageResolutionHours) : '—'}
          hint={data ? `90% within ${hours(data.p90ResolutionHours)}` : undefined}
          icon={CheckCircle2}
          tone="success"
          loading={stats.isLoading}
        />
      </div>
      {data ? (
        <Suspense fallback={chartFallback}>
          <Card className="p-5">
            <h2 className="mb-3 text-sm font-semibold text-slate-900">Filed and resolved by month</h2>
            <RequestsByMonthChart data={data.byMonth} />
          </Card>
          <div className="grid gap-4 lg:grid-cols-3">
            <Card className="p-5">
              <h2 className="mb-3 text-sm font-semibold text-slate-900">By status</h2>
              <CountBars
                label="Requests by status"
                data={MAINTENANCE_STATUSES.map((s) => ({
                  name: MAINTENANCE_STATUS_LABELS[s],
                  count: data.byStatus[s],
                }))}
              />
            </Card>
            <Card className="p-5">
              <h2 className="mb-3 text-sm font-semibold text-slate-900">By priority</h2>
              <CountBars
                label="Requests by priority"
                color="#f59e0b"
                data={MAINTENANCE_PRIORITIES.map((p) => ({
                  name: MAINTENANCE_PRIORITY_LABELS[p],
                  count: data.byPriority[p],
                }))}
              />
            </Card>
            <Card className="p-5">
              <h2 className="mb-3 text-sm font-semibold text-slate-900">By type</h2>
              <CountBars
                label="Requests by type"
                color="#10b981"
                data={data.byType.map((t) => ({ name: t.name, count: t.count }))}
              />
            </Card>
          </div>
        </Suspense>
      ) : (
        chartFallback
      )}
    </div>
  );
}
