// The chart kit over recharts. Import it only from lazily loaded chart files, so recharts stays out of the pages'
// first load (analytics-charts, stats-charts, unit-analytics-chart).
import type { CSSProperties, ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMonth } from '../lib/format';

export const AXIS = { fontSize: 11, fill: '#64748b' };
const GRID = '#e2e8f0';

/** "2026-04" → "Apr 26". */
export const monthLabel = (month: string) => `${formatMonth(month, { year: false })} ${month.slice(2, 4)}`;

/** Rows with a `month` gain the `label` the charts' x axis shows. */
export const withMonthLabels = <T extends { month: string }>(rows: readonly T[]) =>
  rows.map((row) => ({ ...row, label: monthLabel(row.month) }));

/** A chart's box: read out to screen readers as one image with `label`, the chart filling it. */
export function ChartFrame({
  label,
  className = 'h-64 w-full',
  style,
  children,
}: {
  label: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div className={className} style={style} role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  /** Series with the same stack are stacked; the last one of a stack gets the rounded top. */
  stack?: string;
}

/** Columns per x value (a month, a property…), one or more series side by side or stacked. */
export function ColumnChart({
  label,
  data,
  series,
  xKey = 'label',
  className,
  yFormat,
  yDomain,
  yWidth,
  tooltipFormatter,
  legend = series.length > 1,
  everyTick = false,
  barSize,
}: {
  label: string;
  data: readonly object[];
  series: readonly ChartSeries[];
  xKey?: string;
  className?: string;
  yFormat?: (value: number) => string;
  yDomain?: [number, number];
  yWidth?: number;
  /** The tooltip's text for a value, or [value, name]. */
  tooltipFormatter?: (value: unknown) => string | [string, string];
  legend?: boolean;
  /** Show every x label (few, long names). */
  everyTick?: boolean;
  barSize?: number;
}) {
  const lastOfStack = (index: number) => {
    const stack = series[index]?.stack;
    return !stack || !series.slice(index + 1).some((other) => other.stack === stack);
  };
  return (
    <ChartFrame label={label} className={className}>
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: yWidth ? 8 : -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID} />
        <XAxis
          dataKey={xKey}
          tick={AXIS}
          tickLine={false}
          axisLine={false}
          interval={everyTick ? 0 : undefined}
        />
        <YAxis
          allowDecimals={false}
          domain={yDomain}
          tickFormatter={yFormat}
          tick={AXIS}
          tickLine={false}
          axisLine={false}
          width={yWidth}
        />
        <Tooltip formatter={tooltipFormatter ? (value) => tooltipFormatter(value) : undefined} />
        {legend ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((one, index) => (
          <Bar
            key={one.key}
            dataKey={one.key}
            name={one.name}
            fill={one.color}
            stackId={one.stack}
            radius={lastOfStack(index) ? [4, 4, 0, 0] : undefined}
            maxBarSize={barSize}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** A horizontal bar per name (types, statuses…), optionally with the count at the bar's end. */
export function HorizontalBars<K extends string>({
  label,
  data,
  valueKey,
  valueName,
  color,
  height,
  counts = false,
}: {
  label: string;
  data: readonly ({ name: string } & Record<K, number>)[];
  valueKey: K;
  valueName: string;
  color: string;
  height: number;
  /** Print the value at the end of each bar. */
  counts?: boolean;
}) {
  return (
    <ChartFrame label={label} className="w-full" style={{ height }}>
      <BarChart
        data={[...data]}
        layout="vertical"
        margin={{ top: 0, right: counts ? 32 : 16, bottom: 0, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke={GRID} />
        <XAxis type="number" allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
        <YAxis type="category" dataKey="name" width={110} tick={AXIS} tickLine={false} axisLine={false} />
        <Tooltip />
        <Bar
          dataKey={valueKey}
          name={valueName}
          fill={color}
          radius={[0, 4, 4, 0]}
          barSize={counts ? 18 : undefined}
        >
          {counts ? (
            <LabelList dataKey={valueKey} position="right" style={{ fontSize: 11, fill: '#334155' }} />
          ) : null}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}
