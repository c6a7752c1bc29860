import {
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_SOURCES,
  MAINTENANCE_STATUSES,
  type MaintenanceStatsDto,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { createSingleFlight } from '../../core/single-flight';
import type { MaintenanceRepo } from './maintenance.repo';

/** Large companies' statistics (and list totals) are cached this long per process. */
export const STATS_CACHE_MS = 30_000;
/** From this many requests (or list matches) on, statistics and totals are cached. */
export const STATS_CACHE_MIN_TOTAL = 5_000;

/** A company's request statistics: counts by status, priority, source and type, months, resolution times. */
export function requestStatistics(repo: MaintenanceRepo) {
  const statsCache = new Map<string, { at: number; value: MaintenanceStatsDto }>();
  const computing = createSingleFlight<MaintenanceStatsDto>();

  async function freshStats(ctx: CompanyContext): Promise<MaintenanceStatsDto> {
    const now = new Date();
    const raw = await repo.stats(ctx.companyId, now);
    const tally = <K extends string>(keys: readonly K[], rows: { key: string; total: number }[]) =>
      Object.fromEntries(keys.map((key) => [key, rows.find((row) => row.key === key)?.total ?? 0])) as Record<
        K,
        number
      >;
    const byStatus = tally(MAINTENANCE_STATUSES, raw.byStatus);
    const months: MaintenanceStatsDto['byMonth'] = [];
    for (let i = 0; i < 12; i++) {
      const date = new Date(Date.UTC(raw.since.getUTCFullYear(), raw.since.getUTCMonth() + i, 1));
      const month = date.toISOString().slice(0, 7);
      months.push({
        month,
        created: raw.created.find((row) => row.month === month)?.total ?? 0,
        resolved: raw.resolved.find((row) => row.month === month)?.total ?? 0,
      });
    }
    const hours = (seconds: number | null | undefined) =>
      seconds === null || seconds === undefined ? null : Math.round((Number(seconds) / 3600) * 10) / 10;
    return {
      total: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
      open: byStatus.open + byStatus.assigned + byStatus.in_progress + byStatus.on_hold,
      overdue: raw.summary?.overdue ?? 0,
      byStatus,
      byPriority: tally(MAINTENANCE_PRIORITIES, raw.byPriority),
      bySource: tally(MAINTENANCE_SOURCES, raw.bySource),
      byType: raw.byType.map((row) => ({
        typeId: row.typeId,
        name: row.name ?? 'No type',
        count: row.total,
      })),
      averageResolutionHours: hours(raw.summary?.average),
      p90ResolutionHours: hours(raw.summary?.p90),
      byMonth: months,
    };
  }

  return {
    /**
     * Statistics of a large company (STATS_CACHE_MIN_TOTAL requests or more) are served from this process's memory for
     * STATS_CACHE_MS: they aggregate every request, and a dashboard needs them fresh to the half minute, not the
     * millisecond. Smaller companies (and so the tests) always get them fresh.
     */
    async stats(ctx: CompanyContext): Promise<MaintenanceStatsDto> {
      const cached = statsCache.get(ctx.companyId);
      if (cached && Date.now() - cached.at < STATS_CACHE_MS) return cached.value;
      // Requests of the company that arrive while they are being computed wait for that answer.
      return computing(ctx.companyId, async () => {
        const value = await freshStats(ctx);
        if (value.total >= STATS_CACHE_MIN_TOTAL) {
          if (statsCache.size >= 1000) statsCache.clear();
          statsCache.set(ctx.companyId, { at: Date.now(), value });
        } else {
          statsCache.delete(ctx.companyId);
        }
        return value;
      });
    },

    freshStats,
  };
}
