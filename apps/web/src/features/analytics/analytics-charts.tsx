import type {
  BookingsReport,
  MaintenanceReport,
  OccupancyReport,
  PlatformAnalytics,
  RevenueReport,
  TenantsReport,
} from '@rentora/shared';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { AXIS, ChartFrame, ColumnChart, HorizontalBars, withMonthLabels } from '../../components/chart-kit';
import { formatMoney } from '../../lib/format';

/** Occupancy rate by month (recharts lives only in this lazily loaded chunk). */
export function OccupancyTrendChart({ data }: { data: OccupancyReport['byMonth'] }) {
  const points = withMonthLabels(data);
  return (
    <ChartFrame
      label={`Occupancy by month: ${points.map((row) => `${row.label} ${row.rate}%`).join(', ')}`}
      className="h-64 w-full"
    >
      <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <defs>
          <linearGradient id="occupancy-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="#4f46e5" stopOpacity={0.35} />
            <stop offset="100%" stopColor="#4f46e5" stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} />
        <YAxis
          domain={[0, 100]}
          tickFormatter={(value: number) => `${value}%`}
          tick={AXIS}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip formatter={(value) => [`${value}%`, 'Occupancy']} />
        <Area type="monotone" dataKey="rate" stroke="#4f46e5" strokeWidth={2} fill="url(#occupancy-fill)" />
      </AreaChart>
    </ChartFrame>
  );
}

/** Units by status per property, stacked. */
export function UnitsByPropertyChart({ data }: { data: OccupancyReport['byProperty'] }) {
  return (
    <ColumnChart
      label={`Units by property: ${data.map((row) => `${row.name} ${row.occupied} of ${row.total} occupied`).join(', ')}`}
      data={data}
      xKey="name"
      everyTick
      legend={false}
      series={[
        { key: 'occupied', name: 'Occupied', color: '#4f46e5', stack: 'units' },
        { key: 'available', name: 'Available', color: '#a5b4fc', stack: 'units' },
        { key: 'maintenance', name: 'Under maintenance', color: '#fbbf24', stack: 'units' },
      ]}
    />
  );
}

export function SignupsChart({ data }: { data: PlatformAnalytics['signupsByMonth'] }) {
  const points = withMonthLabels(data);
  return (
    <ColumnChart
      label={`New companies by month: ${points.map((row) => `${row.label} ${row.companies}`).join(', ')}`}
      className="h-56 w-full"
      data={points}
      series={[{ key: 'companies', name: 'New companies', color: '#4f46e5' }]}
    />
  );
}

const rupees = (minor: number) => formatMoney(Math.round(minor / 100) * 100);

/** Rent expected (from running tenancies) against collected, by month. */
export function RevenueChart({ data }: { data: RevenueReport['byMonth'] }) {
  const points = withMonthLabels(data);
  return (
    <ColumnChart
      label={`Rent by month: ${points.map((row) => `${row.label} expected ${rupees(row.expected)}, collected ${rupees(row.collected)}`).join('; ')}`}
      data={points}
      yFormat={rupees}
      yWidth={72}
      tooltipFormatter={(value) => rupees(Number(value))}
      series={[
        { key: 'expected', name: 'Expected', color: '#a5b4fc' },
        { key: 'collected', name: 'Collected', color: '#4f46e5' },
      ]}
    />
  );
}

export function TenantFlowChart({ data }: { data: TenantsReport['byMonth'] }) {
  const points = withMonthLabels(data);
  return (
    <ColumnChart
      label={`Move-ins and move-outs by month: ${points.map((row) => `${row.label} ${row.moveIns} in, ${row.moveOuts} out`).join('; ')}`}
      data={points}
      series={[
        { key: 'moveIns', name: 'Move-ins', color: '#10b981' },
        { key: 'moveOuts', name: 'Move-outs', color: '#f97316' },
      ]}
    />
  );
}

/** Maintenance requests created in the range, by type (horizontal bars, the busiest type first). */
export function MaintenanceByTypeChart({ data }: { data: MaintenanceReport['byType'] }) {
  const rows = data.slice(0, 8);
  return (
    <HorizontalBars
      label={`Maintenance requests by type: ${rows.map((row) => `${row.name} ${row.requests}`).join(', ')}`}
      data={rows}
      valueKey="requests"
      valueName="Requests"
      color="#f59e0b"
      height={Math.max(160, rows.length * 36 + 32)}
      counts
    />
  );
}

const FUNNEL_STEPS = [
  { key: 'created', label: 'Created', color: '#c7d2fe' },
  { key: 'paid', label: 'Paid', color: '#a5b4fc' },
  { key: 'confirmed', label: 'Confirmed', color: '#6366f1' },
  { key: 'movedIn', label: 'Moved in', color: '#4338ca' },
] as const;

/** The booking funnel: each step with its share of the bookings created. */
export function BookingsFunnelChart({ data }: { data: BookingsReport['funnel'] }) {
  const points = FUNNEL_STEPS.map((step) => ({
    label: step.label,
    color: step.color,
    value: data[step.key],
    share: data.created > 0 ? `${Math.round((data[step.key] / data.created) * 100)}%` : '',
  }));
  return (
    <ChartFrame
      label={`Bookings funnel: ${points.map((row) => `${row.label} ${row.value}`).join(', ')}`}
      className="h-64 w-full"
    >
      <BarChart data={points} margin={{ top: 20, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} />
        <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
        <Tooltip />
        <Bar dataKey="value" name="Bookings" radius={[4, 4, 0, 0]}>
          {points.map((point) => (
            <Cell key={point.label} fill={point.color} />
          ))}
          <LabelList dataKey="share" position="top" style={{ fontSize: 11, fill: '#334155' }} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

const AGING_COLORS = ['#fcd34d', '#fb923c', '#f87171', '#dc2626'];

/** Overdue money by days past due. */
export function OverdueAgingChart({ data }: { data: RevenueReport['aging'] }) {
  const points = data.map((row) => ({ ...row, label: `${row.bucket} d` }));
  return (
    <ChartFrame
      label={`Overdue by age: ${points.map((row) => `${row.label} ${rupees(row.amount)}`).join(', ')}`}
      className="h-56 w-full"
    >
      <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} interval={0} />
        <YAxis
          tickFormatter={(value: number) => rupees(value)}
          tick={AXIS}
          tickLine={false}
          axisLine={false}
          width={72}
        />
        <Tooltip formatter={(value) => [rupees(Number(value)), 'Overdue']} />
        <Bar dataKey="amount" name="Overdue" radius={[4, 4, 0, 0]}>
          {points.map((point, index) => (
            <Cell key={point.bucket} fill={AGING_COLORS[index]} />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}
