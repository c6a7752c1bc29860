// Filters known to have more matches than their count's bound: statementsByShape runs their page statement without
// the count for a while (docs/decisions.md, "Lists and caching").

/**
 * How long a list filter found to have more matches than its count's bound (the list says "1,000+") is served without
 * counting them again: counting stops at the bound, but reaching it reads that many index entries (~1 ms at 1,000 on
 * this machine, half of a large company's page), and a filter with a thousand matches keeps them between writes.
 * The total of a filter that drops below the bound says "1,000+" for at most this long (docs/decisions.md).
 */
export const SATURATED_COUNT_MS = 30_000;
/** Saturated filters remembered per database handle; past it the oldest are forgotten. */
const MAX_SATURATED_FILTERS = 5_000;

export interface SaturatedCounts {
  /** The bound a filter's count was found beyond, while that holds. */
  boundOf(filterKey: string): number | undefined;
  note(filterKey: string, bound: number): void;
}

export function createSaturatedCounts(): SaturatedCounts {
  const found = new Map<string, { bound: number; at: number }>();
  return {
    boundOf(filterKey) {
      const entry = found.get(filterKey);
      if (!entry) return undefined;
      if (Date.now() - entry.at < SATURATED_COUNT_MS) return entry.bound;
      found.delete(filterKey);
      return undefined;
    },
    note(filterKey, bound) {
      found.delete(filterKey);
      found.set(filterKey, { bound, at: Date.now() });
      if (found.size > MAX_SATURATED_FILTERS) found.delete(found.keys().next().value as string);
    },
  };
}

/**
 * The values a statement's matches depend on, as text: its page's `limit` and `offset` left out, and a time (the `now`
 * an overdue filter compares with) to the minute, so that the clock does not make every request a filter of its own.
 */
export function filterValuesOf(values: Record<string, unknown>): string {
  const { limit: _limit, offset: _offset, ...filters } = values;
  return JSON.stringify(filters, function toMinute(this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    return original instanceof Date ? `minute:${Math.floor(original.getTime() / 60_000)}` : value;
  });
}

/** The `total` a list statement's first row selected (-1 without one). */
export function countOfRows(rows: unknown): number {
  const first = Array.isArray(rows) ? (rows[0] as { total?: unknown } | undefined) : undefined;
  return typeof first?.total === 'number' ? first.total : -1;
}

/** Rows of a statement built without its count, with the `total` a count past `bound` would have selected. */
export function markedSaturated<Result>(rows: Result, bound: number): Result {
  if (Array.isArray(rows)) for (const row of rows as { total?: number | null }[]) row.total = bound + 1;
  return rows;
}
