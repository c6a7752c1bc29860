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
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const AXIS = { fontSize: 11, fill: '#64748b' };
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });

/** Occupancy rate by month (recharts lives only in this lazily loaded chunk). */
export function OccupancyTrendChart({ data }: { data: OccupancyReport['byMonth'] }) {
  const points = data.map((row) => ({ ...row, label: monthLabel(row.month) }));
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Occupancy by month: ${points.map((row) => `${row.label} ${row.rate}%`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
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
      </ResponsiveContainer>
    </div>
  );
}

/** Units by status per property, stacked. */
export function UnitsByPropertyChart({ data }: { data: OccupancyReport['byProperty'] }) {
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Units by property: ${data.map((row) => `${row.name} ${row.occupied} of ${row.total} occupied`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="name" tick={AXIS} tickLine={false} axisLine={false} interval={0} />
          <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
          <Tooltip />
          <Bar dataKey="occupied" name="Occupied" stackId="units" fill="#4f46e5" radius={[0, 0, 0, 0]} />
          <Bar dataKey="available" name="Available" stackId="units" fill="#a5b4fc" />
          <Bar
            dataKey="maintenance"
            name="Under maintenance"
            stackId="units"
            fill="#fbbf24"
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function SignupsChart({ data }: { data: PlatformAnalytics['signupsByMonth'] }) {
  const points = data.map((row) => ({ ...row, label: monthLabel(row.month) }));
  return (
    <div
      className="h-56 w-full"
      role="img"
      aria-label={`New companies by month: ${points.map((row) => `${row.label} ${row.companies}`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} />
          <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
          <Tooltip />
          <Bar dataKey="companies" name="New companies" fill="#4f46e5" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

const rupees = (minor: number) => `₹${Math.round(minor / 100).toLocaleString('en-IN')}`;

/** Rent expected (from running tenancies) against collected, by month. */
export function RevenueChart({ data }: { data: RevenueReport['byMonth'] }) {
  const points = data.map((row) => ({ ...row, label: monthLabel(row.month) }));
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Rent by month: ${points.map((row) => `${row.label} expected ${rupees(row.expected)}, collected ${rupees(row.collected)}`).join('; ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} />
          <YAxis
            tickFormatter={(value: number) => rupees(value)}
            tick={AXIS}
            tickLine={false}
            axisLine={false}
            width={72}
          />
          <Tooltip formatter={(value) => rupees(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="expected" name="Expected" fill="#a5b4fc" radius={[4, 4, 0, 0]} />
          <Bar dataKey="collected" name="Collected" fill="#4f46e5" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function TenantFlowChart({ data }: { data: TenantsReport['byMonth'] }) {
  const points = data.map((row) => ({ ...row, label: monthLabel(row.month) }));
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Move-ins and move-outs by month: ${points.map((row) => `${row.label} ${row.moveIns} in, ${row.moveOuts} out`).join('; ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} />
          <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="moveIns" name="Move-ins" fill="#10b981" radius={[4, 4, 0, 0]} />
          <Bar dataKey="moveOuts" name="Move-outs" fill="#f97316" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Maintenance requests created in the range, by type (horizontal bars, the busiest type first). */
export function MaintenanceByTypeChart({ data }: { data: MaintenanceReport['byType'] }) {
  const rows = data.slice(0, 8);
  return (
    <div
      className="w-full"
      style={{ height: Math.max(160, rows.length * 36 + 32) }}
      role="img"
      aria-label={`Maintenance requests by type: ${rows.map((row) => `${row.name} ${row.requests}`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 32, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
          <YAxis type="category" dataKey="name" tick={AXIS} tickLine={false} axisLine={false} width={110} />
          <Tooltip />
          <Bar dataKey="requests" name="Requests" fill="#f59e0b" radius={[0, 4, 4, 0]} barSize={18}>
            <LabelList dataKey="requests" position="right" style={{ fontSize: 11, fill: '#334155' }} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
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
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Bookings funnel: ${points.map((row) => `${row.label} ${row.value}`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
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
      </ResponsiveContainer>
    </div>
  );
}

const AGING_COLORS = ['#fcd34d', '#fb923c', '#f87171', '#dc2626'];

/** Overdue money by days past due. */
export function OverdueAgingChart({ data }: { data: RevenueReport['aging'] }) {
  const points = data.map((row) => ({ ...row, label: `${row.bucket} d` }));
  return (
    <div
      className="h-56 w-full"
      role="img"
      aria-label={`Overdue by age: ${points.map((row) => `${row.label} ${rupees(row.amount)}`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
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
      </ResponsiveContainer>
    </div>
  );
}
