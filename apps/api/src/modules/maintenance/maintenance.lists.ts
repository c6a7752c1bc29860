import {
  type MaintenanceListQuery,
  type MaintenanceRequestListItemDto,
  makePagePagination,
  type PagePagination,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { createSingleFlight } from '../../core/single-flight';
import type { Db } from '../../db/client';
import { toListItemDto } from './maintenance.dto';
import { type ListFilters, type MaintenanceRepo, pageCount } from './maintenance.repo';
import { STATS_CACHE_MIN_TOTAL, STATS_CACHE_MS } from './maintenance.stats';
import { findTypeByRef } from './maintenance.types';
import type { RequestViews } from './maintenance.views';

/** The staff list of a company's requests (filters, sorts, pages) and one request. */
export function requestLists(deps: { db: Db; repo: MaintenanceRepo }, views: RequestViews) {
  const { db, repo } = deps;
  const countCache = new Map<string, { at: number; total: number }>();
  const counting = createSingleFlight<number>();

  /**
   * The total of a filtered list. Counting a large company's requests costs more than the page itself, so a total of
   * STATS_CACHE_MIN_TOTAL or more is kept per process for STATS_CACHE_MS (a list total may lag half a minute there), and
   * the lists that ask for one total at once share its count.
   */
  async function countOf(
    companyId: string,
    filters: Omit<ListFilters, 'page' | 'limit'>,
    now: Date,
  ): Promise<number> {
    const key = JSON.stringify([
      companyId,
      filters.status,
      filters.priority,
      filters.typeId,
      filters.propertyId,
      filters.rentalUnitId,
      filters.assignee,
      filters.source,
      filters.overdue,
      filters.search,
    ]);
    const cached = countCache.get(key);
    if (cached && Date.now() - cached.at < STATS_CACHE_MS) return cached.total;
    return counting(key, async () => {
      const total = await repo.count(companyId, filters, now);
      if (total >= STATS_CACHE_MIN_TOTAL) {
        if (countCache.size >= 5000) countCache.clear();
        countCache.set(key, { at: Date.now(), total });
      } else {
        countCache.delete(key);
      }
      return total;
    });
  }

  return {
    async list(
      ctx: CompanyContext,
      query: MaintenanceListQuery,
    ): Promise<{ data: MaintenanceRequestListItemDto[]; pagination: PagePagination }> {
      let typeId: string | undefined;
      if (query.type) {
        const type = await findTypeByRef(db, ctx.companyId, query.type);
        if (!type) return { data: [], pagination: makePagePagination(query.page, query.limit, 0) };
        typeId = type.id;
      }
      const now = new Date();
      const filters = { ...query, typeId };
      const offset = (query.page - 1) * query.limit;
      const rows = await repo.page(ctx.companyId, filters, now);
      const endsHere = rows.length < query.limit && (rows.length > 0 || offset === 0);
      const total = endsHere
        ? offset + rows.length
        : (pageCount(rows) ?? (await countOf(ctx.companyId, filters, now)));
      return {
        data: rows.map((row) => toListItemDto(row, now)),
        pagination: makePagePagination(query.page, query.limit, total),
      };
    },

    get: (ctx: CompanyContext, id: string) => views.staffDto(ctx.companyId, id),
  };
}
