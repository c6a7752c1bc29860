import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { StatCard } from '../../components/stat-card';
import { useAnalyticsOverview } from './analytics.api';
import { formatKpi, KPI_ICONS, KPI_TONES, KpiChange } from './kpi';

/** The figures the dashboard home shows, each a way into /dashboard/analytics. */
const HOME_KPIS = ['occupancyRate', 'rentCollected', 'outstanding', 'openMaintenance'] as const;

/** Dashboard home: four key figures of the last 12 months, linking to the analytics page. */
export function HomeKpis() {
  const overview = useAnalyticsOverview({});
  if (overview.isError) return null;
  const kpis = HOME_KPIS.map((key) => overview.data?.kpis.find((kpi) => kpi.key === key));
  return (
    <section aria-labelledby="home-kpis-title" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 id="home-kpis-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          Key figures
        </h2>
        <Link
          to="/dashboard/analytics"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
        >
          Open analytics <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {kpis.map((kpi, index) =>
          kpi ? (
            <Link
              key={kpi.key}
              to="/dashboard/analytics"
              className="rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <StatCard
                label={kpi.label}
                value={formatKpi(kpi)}
                icon={KPI_ICONS[kpi.key]}
                tone={KPI_TONES[kpi.key]}
                hint={<KpiChange kpi={kpi} />}
                className="h-full transition hover:border-brand-300 hover:shadow-md"
              />
            </Link>
          ) : (
            <StatCard key={HOME_KPIS[index]} label="Loading" value="" loading />
          ),
        )}
      </div>
    </section>
  );
}
