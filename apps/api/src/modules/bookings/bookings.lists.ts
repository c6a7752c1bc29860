import type { BookingListQuery, BookingStatsDto } from '@rentora/shared';
import type { AuthContext, CompanyContext } from '../../core/access';
import { personFieldsFor } from '../../core/name-search';
import { COUNT_BOUND } from '../../core/pagination';
import { type AgreementLinks, toBookingDto } from './bookings.dto';
import type { BookingListShape, BookingListValues, createBookingListsRepo } from './bookings.lists.repo';
import type { BookingViews } from './bookings.views';

/** The bookings list (the booker's own, or the company's for staff) and the company's booking figures. */
export function bookingLists(
  lists: ReturnType<typeof createBookingListsRepo>,
  views: BookingViews,
  links: AgreementLinks,
) {
  /**
   * The booker's own bookings, or the company's for staff with bookings_read: one statement for the page with its
   * names and a count bounded at COUNT_BOUND rows, built once per filter shape; a search counts in a statement of
   * its own.
   */
  async function list(ctx: AuthContext, query: BookingListQuery) {
    const staff = ctx.companyId !== null && views.isStaffOf(ctx, ctx.companyId, 'bookings_read');
    const statuses = [...new Set([...(query.status ?? []), ...(query['status[]'] ?? [])])];
    const shape: BookingListShape = {
      staff,
      statuses: statuses.length > 0,
      propertyId: Boolean(query.propertyId),
      rentalUnitId: Boolean(query.rentalUnitId),
      from: Boolean(query.from),
      to: Boolean(query.to),
      search: query.search ? { email: personFieldsFor(query.search).email } : false,
    };
    const offset = (query.page - 1) * query.limit;
    const values: BookingListValues = {
      companyId: ctx.companyId,
      userId: ctx.userId,
      statuses,
      propertyId: query.propertyId,
      rentalUnitId: query.rentalUnitId,
      from: query.from,
      to: query.to,
      like: query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
      limit: query.limit + 1,
      offset,
    };
    const rows = await lists.page(shape, values);
    const counted = rows[0]?.total ?? (await lists.countPage(shape, values)) ?? 0;
    const hasNext = rows.length > query.limit;
    const total = Math.max(Math.min(counted, COUNT_BOUND), offset + Math.min(rows.length, query.limit));
    const data = rows.slice(0, query.limit).map((r) =>
      toBookingDto(
        r.booking,
        {
          propertyName: r.propertyName,
          unitNumber: r.unitNumber,
          bookerName: `${r.firstName} ${r.lastName}`.trim(),
        },
        links,
      ),
    );
    return { rows: data, total, hasNext };
  }

  /** Counts by status, money collected and refunded (ledger), outstanding on open bookings, last 12 months. */
  async function stats(ctx: CompanyContext): Promise<BookingStatsDto> {
    const [statusRows, money, outstandingRows, months] = await lists.stats(ctx.companyId);
    const byStatus: Record<string, number> = {};
    for (const status of [
      'pending_payment',
      'partially_paid',
      'confirmed',
      'completed',
      'cancelled',
      'expired',
    ]) {
      byStatus[status] = 0;
    }
    for (const row of statusRows) byStatus[row.status] = row.n;
    return {
      byStatus,
      total: statusRows.reduce((sum, r) => sum + r.n, 0),
      collected: money[0]?.collected ?? 0,
      refunded: money[0]?.refunded ?? 0,
      outstanding: outstandingRows[0]?.outstanding ?? 0,
      byMonth: months,
    };
  }

  return { list, stats };
}
