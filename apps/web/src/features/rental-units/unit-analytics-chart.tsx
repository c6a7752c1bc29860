import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthOccupancy } from './unit-occupancy';

/** The monthly occupancy bars (recharts lives only in this lazily loaded chunk). */
export function OccupancyChart({ data }: { data: readonly MonthOccupancy[] }) {
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Monthly occupancy: ${data.map((month) => `${month.label} ${month.occupancy}%`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#64748b' }} tickLine={false} axisLine={false} />
          <YAxis
            domain={[0, 100]}
            tickFormatter={(value: number) => `${value}%`}
            tick={{ fontSize: 11, fill: '#64748b' }}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            cursor={{ fill: 'rgb(79 70 229 / 0.06)' }}
            formatter={(value) => [`${value}%`, 'Occupancy']}
            contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 12 }}
          />
          <Bar
            dataKey="occupancy"
            fill="#4f46e5"
            radius={[4, 4, 0, 0]}
            maxBarSize={36}
            animationDuration={400}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
