/**
 * Runs a page query, then the count query only when the page cannot tell the total by itself:
 * a page shorter than `limit` (and not past the end) ends the list, so total = offset + rows.
 * Most first pages of small lists then cost one query instead of two.
 */
export async function pageWithTotal<T>(
  page: { offset: number; limit: number },
  rowsQuery: PromiseLike<T[]>,
  countQuery: () => PromiseLike<number>,
): Promise<{ rows: T[]; total: number }> {
  const rows = await rowsQuery;
  const endsHere = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
  return { rows, total: endsHere ? page.offset + rows.length : await countQuery() };
}

/** Lists count their matches up to this many rows; beyond it the total is reported as inexact. */
export const COUNT_BOUND = 1_000;
