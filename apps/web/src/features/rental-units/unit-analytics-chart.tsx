import { ColumnChart } from '../../components/chart-kit';
import type { MonthOccupancy } from './unit-occupancy';

/** The monthly occupancy bars (recharts lives only in this lazily loaded chunk). */
export function OccupancyChart({ data }: { data: readonly MonthOccupancy[] }) {
  return (
    <ColumnChart
      label={`Monthly occupancy: ${data.map((month) => `${month.label} ${month.occupancy}%`).join(', ')}`}
      data={data}
      series={[{ key: 'occupancy', name: 'Occupancy', color: '#4f46e5' }]}
      yDomain={[0, 100]}
      yFormat={(value) => `${value}%`}
      tooltipFormatter={(value) => [`${value}%`, 'Occupancy']}
      barSize={36}
    />
  );
}
