import { ANALYTICS_REPORTS, type AnalyticsReportName, type OccupancyReport } from '@rentora/shared';
import { Building2, Download, FileText, Home, Users, Wallet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, Input, Select } from '../../components/field';
import { StatCard } from '../../components/stat-card';
import { apiErrorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/use-permissions';
import { useProperties } from '../properties/properties.api';
import {
  ANALYTICS_FALLBACK_MESSAGES,
  type AnalyticsFilters,
  downloadOwnerReport,
  downloadReport,
  useAnalyticsOverview,
  useBookingsReport,
  useMaintenanceReport,
  useOccupancyReport,
  usePlatformAnalytics,
  useRevenueReport,
  useTenantsReport,
} from './analytics.api';
import { formatKpi, KPI_ICONS, KPI_TONES, KpiChange } from './kpi';

import { ChartFallback, charts, OperationsCards } from './operations-cards';

const OccupancyTrendChart = lazy(() => charts().then((module) => ({ default: module.OccupancyTrendChart })));
const UnitsByPropertyChart = lazy(() =>
  charts().then((module) => ({ default: module.UnitsByPropertyChart })),
);
const SignupsChart = lazy(() => charts().then((module) => ({ default: module.SignupsChart })));
const RevenueChart = lazy(() => charts().then((module) => ({ default: module.RevenueChart })));
const TenantFlowChart = lazy(() => charts().then((module) => ({ default: module.TenantFlowChart })));

const REPORT_LABELS: Record<AnalyticsReportName, string> = {
  overview: 'Overview',
  occupancy: 'Occupancy',
  tenants: 'Tenants',
  revenue: 'Revenue',
  maintenance: 'Maintenance',
  bookings: 'Bookings',
};

type OccupancyRow = OccupancyReport['byProperty'][number];
const numeric = 'text-right tabular-nums';
/** Occupancy by property: a table on wide screens, stacked cards on a phone (DataTable). */
const OCCUPANCY_COLUMNS: DataTableColumn<OccupancyRow>[] = [
  {
    id: 'property',
    header: 'Property',
    cell: (row) => <span className="font-medium text-slate-900">{row.name}</span>,
  },
  { id: 'units', header: 'Units', cell: (row) => row.total, className: numeric },
  { id: 'occupied', header: 'Occupied', cell: (row) => row.occupied, className: numeric },
  { id: 'available', header: 'Available', cell: (row) => row.available, className: numeric },
  { id: 'maintenance', header: 'Maintenance', cell: (row) => row.maintenance, className: numeric },
  { id: 'rate', header: 'Occupancy', cell: (row) => `${row.rate}%`, className: numeric },
];

/** /dashboard/analytics: company KPIs, occupancy trends and exports; the super admin also sees the platform. */
export function AnalyticsPage() {
  const { canUseFeature, isSuperAdmin } = usePermissions();
  const [filters, setFilters] = useState<AnalyticsFilters>({});
  const [exporting, setExporting] = useState<string | null>(null);
  // Only readers of properties may list them: the others see every property's figures, without the filter.
  const canFilterByProperty = canUseFeature('properties_read');
  const properties = useProperties(
    { limit: 100, sortBy: 'name', sortOrder: 'asc' },
    { enabled: canFilterByProperty },
  );
  const overview = useAnalyticsOverview(filters);
  const occupancy = useOccupancyReport(filters);
  const platform = usePlatformAnalytics(filters, isSuperAdmin);
  const tenants = useTenantsReport(filters);
  const revenue = useRevenueReport(filters);
  const maintenance = useMaintenanceReport(filters);
  const bookings = useBookingsReport(filters);
  const [exportName, setExportName] = useState<AnalyticsReportName>('overview');
  const canExport = canUseFeature('analytics_export');
  const canReport = canUseFeature('reports_read');
  const [reportMonth, setReportMonth] = useState(() => new Date().toISOString().slice(0, 7));

  async function exportReport(report: AnalyticsReportName | 'pdf', format: 'csv' | 'xlsx' | 'pdf') {
    setExporting(`${report}.${format}`);
    try {
      if (report === 'pdf') await downloadOwnerReport(reportMonth, filters.propertyId);
      else await downloadReport(report, format as 'csv' | 'xlsx', filters);
      toast.success('Report downloaded');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : ANALYTICS_FALLBACK_MESSAGES.export);
    } finally {
      setExporting(null);
    }
  }

  const set = (patch: AnalyticsFilters) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Analytics"
        description={
          overview.data
            ? `${overview.data.period.from} – ${overview.data.period.to}`
            : 'Occupancy, tenants and trends'
        }
        actions={
          canExport || canReport ? (
            <>
              {canExport ? (
                <div className="flex flex-wrap items-center gap-2">
                  <label htmlFor="export-report" className="sr-only">
                    Report to export
                  </label>
                  <div className="w-36 shrink-0">
                    <Select
                      id="export-report"
                      value={exportName}
                      onChange={(event) => setExportName(event.target.value as AnalyticsReportName)}
                    >
                      {ANALYTICS_REPORTS.map((name) => (
                        <option key={name} value={name}>
                          {REPORT_LABELS[name]}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <Button
                    variant="outline"
                    onClick={() => void exportReport(exportName, 'csv')}
                    disabled={exporting !== null}
                    className="whitespace-nowrap"
                  >
                    <Download className="h-4 w-4" /> Export CSV
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => void exportReport(exportName, 'xlsx')}
                    disabled={exporting !== null}
                    className="whitespace-nowrap"
                  >
                    <Download className="h-4 w-4" /> XLSX
                  </Button>
                </div>
              ) : null}
              {canReport ? (
                <div className="flex flex-wrap items-center gap-2">
                  <label htmlFor="report-month" className="sr-only">
                    Report month
                  </label>
                  <Input
                    id="report-month"
                    type="month"
                    value={reportMonth}
                    onChange={(event) => setReportMonth(event.target.value)}
                    className="w-40"
                  />
                  <Button
                    onClick={() => void exportReport('pdf', 'pdf')}
                    disabled={exporting !== null || !reportMonth}
                    className="whitespace-nowrap"
                  >
                    <FileText className="h-4 w-4" /> Monthly report PDF
                  </Button>
                </div>
              ) : null}
            </>
          ) : null
        }
      />

      <Card className="grid gap-4 p-4 sm:grid-cols-3">
        <Field label="From">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.from ?? ''}
              onChange={(event) => set({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label="To">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.to ?? ''}
              onChange={(event) => set({ to: event.target.value })}
            />
          )}
        </Field>
        {canFilterByProperty ? (
          <Field label="Property">
            {(control) => (
              <Select
                {...control}
                value={filters.propertyId ?? ''}
                onChange={(event) => set({ propertyId: event.target.value })}
              >
                <option value="">All properties</option>
                {(properties.data?.data ?? []).map((property) => (
                  <option key={property._id} value={property._id}>
                    {property.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
      </Card>

      {overview.isError ? (
        <ErrorState
          title={apiErrorMessage(overview.error, ANALYTICS_FALLBACK_MESSAGES.overview)}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {(overview.data?.kpis ?? Array.from({ length: 15 }, () => null)).map((kpi, index) =>
            kpi ? (
              <StatCard
                key={kpi.key}
                label={kpi.label}
                value={formatKpi(kpi)}
                icon={KPI_ICONS[kpi.key]}
                tone={KPI_TONES[kpi.key]}
                hint={<KpiChange kpi={kpi} />}
              />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders while loading
              <StatCard key={index} label="Loading" value="" loading />
            ),
          )}
        </section>
      )}

      <div className="grid gap-6 xl:grid-cols-2">
        <Card className="p-5">
          <h2 className="mb-4 font-semibold text-slate-900">Occupancy by month</h2>
          {occupancy.isPending ? (
            <ChartFallback />
          ) : occupancy.data?.byMonth.some((row) => row.total > 0) ? (
            <Suspense fallback={<ChartFallback />}>
              <OccupancyTrendChart data={occupancy.data.byMonth} />
            </Suspense>
          ) : (
            <EmptyState title="No units in this period" description="Occupancy appears once units exist." />
          )}
        </Card>
        <Card className="p-5">
          <h2 className="mb-4 font-semibold text-slate-900">Units by property</h2>
          {occupancy.isPending ? (
            <ChartFallback />
          ) : occupancy.data && occupancy.data.byProperty.length > 0 ? (
            <Suspense fallback={<ChartFallback />}>
              <UnitsByPropertyChart data={occupancy.data.byProperty} />
            </Suspense>
          ) : (
            <EmptyState title="No properties yet" />
          )}
        </Card>
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <Card className="p-5">
          <h2 className="mb-1 font-semibold text-slate-900">Rent by month</h2>
          <p className="mb-4 text-xs text-slate-500">
            Expected from running tenancies
            {revenue.data ? ` · ${formatMoney(revenue.data.expected)} in the period` : ''}
          </p>
          {revenue.isPending ? (
            <ChartFallback />
          ) : revenue.data?.byMonth.some((row) => row.expected > 0 || row.collected > 0) ? (
            <Suspense fallback={<ChartFallback />}>
              <RevenueChart data={revenue.data.byMonth} />
            </Suspense>
          ) : (
            <EmptyState
              title="No rent in this period"
              description="Rent appears once tenants live in your units."
            />
          )}
        </Card>
        <Card className="p-5">
          <h2 className="mb-1 font-semibold text-slate-900">Move-ins and move-outs</h2>
          <p className="mb-4 text-xs text-slate-500">
            {tenants.data
              ? `Churn ${tenants.data.churnRate}% · leases ending in 30 / 60 / 90 days: ${tenants.data.leaseExpiries.days30} / ${tenants.data.leaseExpiries.days60} / ${tenants.data.leaseExpiries.days90}`
              : 'Tenancies started and ended'}
          </p>
          {tenants.isPending ? (
            <ChartFallback />
          ) : tenants.data?.byMonth.some((row) => row.moveIns > 0 || row.moveOuts > 0) ? (
            <Suspense fallback={<ChartFallback />}>
              <TenantFlowChart data={tenants.data.byMonth} />
            </Suspense>
          ) : (
            <EmptyState title="No move-ins or move-outs in this period" />
          )}
        </Card>
      </div>

      <OperationsCards maintenance={maintenance} bookings={bookings} revenue={revenue} />

      {occupancy.data && occupancy.data.byProperty.length > 0 ? (
        <DataTable
          caption="Occupancy by property"
          columns={OCCUPANCY_COLUMNS}
          rows={occupancy.data.byProperty}
          rowKey={(row) => row.propertyId}
        />
      ) : null}

      {isSuperAdmin && platform.data ? (
        <section aria-label="Platform" className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">Platform</h2>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard label="Companies" value={platform.data.totals.companies} icon={Building2} />
            <StatCard label="MRR" value={formatMoney(platform.data.mrr)} icon={Wallet} tone="success" />
            <StatCard label="Rental units" value={platform.data.totals.units} icon={Home} />
            <StatCard label="Accounts" value={platform.data.totals.users} icon={Users} />
          </div>
          <div className="grid gap-6 xl:grid-cols-2">
            <Card className="p-5">
              <h3 className="mb-4 font-semibold text-slate-900">New companies by month</h3>
              <Suspense fallback={<ChartFallback />}>
                <SignupsChart data={platform.data.signupsByMonth} />
              </Suspense>
            </Card>
            <Card className="p-5">
              <h3 className="mb-4 font-semibold text-slate-900">Companies by plan</h3>
              <ul className="divide-y divide-slate-100">
                {platform.data.companiesByPlan.map((row) => (
                  <li key={row.plan} className="flex justify-between py-2 text-sm">
                    <span>{row.plan}</span>
                    <span className="font-semibold tabular-nums">{row.companies}</span>
                  </li>
                ))}
              </ul>
            </Card>
          </div>
        </section>
      ) : null}
    </div>
  );
}
