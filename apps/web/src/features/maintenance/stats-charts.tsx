import type { MaintenanceStatsDto } from '@rentora/shared';
import { ColumnChart, HorizontalBars, withMonthLabels } from '../../components/chart-kit';

/** Requests filed and resolved per month (recharts lives only in this lazily loaded chunk). */
export function RequestsByMonthChart({ data }: { data: MaintenanceStatsDto['byMonth'] }) {
  const points = withMonthLabels(data);
  return (
    <ColumnChart
      label={`Requests by month: ${points.map((p) => `${p.label} ${p.created} filed, ${p.resolved} resolved`).join('; ')}`}
      data={points}
      series={[
        { key: 'created', name: 'Filed', color: '#4f46e5' },
        { key: 'resolved', name: 'Resolved', color: '#10b981' },
      ]}
    />
  );
}

/** A horizontal bar per label (types, statuses, priorities). */
export function CountBars({
  data,
  label,
  color = '#4f46e5',
}: {
  data: { name: string; count: number }[];
  label: string;
  color?: string;
}) {
  return (
    <HorizontalBars
      label={`${label}: ${data.map((d) => `${d.name} ${d.count}`).join(', ')}`}
      data={data}
      valueKey="count"
      valueName="Requests"
      color={color}
      height={Math.max(120, data.length * 30)}
    />
  );
}
