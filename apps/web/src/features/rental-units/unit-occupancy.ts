import type { UnitAnalyticsDto } from '@rentora/shared';
import { formatMonth } from '../../lib/format';

export interface MonthOccupancy {
  /** "Jan 25" */
  label: string;
  /** Occupied share of the month's days since the unit existed, 0–100. */
  occupancy: number;
  occupiedDays: number;
}

const DAY = 86_400_000;

function dayStart(iso: string): number {
  return Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
}

/** Occupied days per calendar month over the last `months` months, from the tenancy history. */
export function monthlyOccupancy(analytics: UnitAnalyticsDto, months = 12): MonthOccupancy[] {
  const asOf = dayStart(analytics.asOf);
  const intervals = analytics.occupancy.history.map((entry) => ({
    start: dayStart(entry.startDate),
    end: entry.endDate ? dayStart(entry.endDate) : asOf,
  }));
  // A tenancy may predate the unit's record (a unit added with its tenant): count from the earlier of the two.
  const since = Math.min(dayStart(analytics.since), ...intervals.map((interval) => interval.start));
  const now = new Date(asOf);
  const result: MonthOccupancy[] = [];
  for (let back = months - 1; back >= 0; back -= 1) {
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1);
    const monthEnd = Math.min(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1), asOf + DAY);
    const from = Math.max(monthStart, since);
    const month = new Date(monthStart).toISOString().slice(0, 7);
    const label = `${formatMonth(month, { year: false })} ${month.slice(2, 4)}`;
    if (from >= monthEnd) {
      result.push({ label, occupancy: 0, occupiedDays: 0 });
      continue;
    }
    const days = Math.round((monthEnd - from) / DAY);
    const covered = new Set<number>();
    for (const interval of intervals) {
      const start = Math.max(interval.start, from);
      const end = Math.min(interval.end + DAY, monthEnd);
      for (let day = start; day < end; day += DAY) covered.add(day);
    }
    result.push({
      label,
      occupiedDays: covered.size,
      occupancy: days > 0 ? Math.round((covered.size / days) * 1000) / 10 : 0,
    });
  }
  return result;
}
