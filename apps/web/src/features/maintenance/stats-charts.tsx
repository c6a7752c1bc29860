import type { MaintenanceStatsDto } from '@rentora/shared';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const AXIS = { fontSize: 11, fill: '#64748b' };
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });

/** Requests filed and resolved per month (recharts lives only in this lazily loaded chunk). */
export function RequestsByMonthChart({ data }: { data: MaintenanceStatsDto['byMonth'] }) {
  const points = data.map((row) => ({ ...row, label: monthLabel(row.month) }));
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Requests by month: ${points.map((p) => `${p.label} ${p.created} filed, ${p.resolved} resolved`).join('; ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} />
          <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="created" name="Filed" fill="#4f46e5" radius={[4, 4, 0, 0]} />
          <Bar dataKey="resolved" name="Resolved" fill="#10b981" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
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
    <div
      className="w-full"
      style={{ height: Math.max(120, data.length * 30) }}
      role="img"
      aria-label={`${label}: ${data.map((d) => `${d.name} ${d.count}`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
          <YAxis type="category" dataKey="name" width={110} tick={AXIS} tickLine={false} axisLine={false} />
          <Tooltip />
          <Bar dataKey="count" name="Requests" fill={color} radius={[0, 4, 4, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
