import { type InventoryPagination, makePagination } from '@rentora/shared';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { badRequest } from './errors';
import { isUuid } from './ids';
import { boundedTotal } from './page-totals';
import { COUNT_BOUND } from './pagination';
import { pageLimit, pageOffset, type ShapedStatement } from './statements';

/**
 * Paging of the inventory lists (properties, rental units) at any depth:
 * - `cursor` (keyset): the next page after a given row, `WHERE (sort, id) < (v, id)` on the sort index — as fast
 *   on page 5,000 as on page 1;
 * - `page` (offset): the page's ids come from an index-only scan first, then only those rows are read;
 * - counting stops at COUNT_BOUND matches (core/pagination.ts; `totalCountExact: false` beyond), so a count never
 *   scans a huge company.
 */

export type SortCast = 'timestamptz' | 'text' | 'int';

export interface SortKey {
  /** The ordered expression, e.g. `created_at` or `lower(name)`, as in the index. */
  expression: SQL | PgColumn;
  cast: SortCast;
}

interface CursorPayload {
  s: string;
  v: string;
  id: string;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** PostgreSQL's text form of a timestamptz with a real calendar date (a tampered cursor must not reach SQL). */
function isTimestampText(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

export function encodeCursor(sortBy: string, value: string, id: string): string {
  return Buffer.from(JSON.stringify({ s: sortBy, v: value, id } satisfies CursorPayload)).toString(
    'base64url',
  );
}

/** The row a cursor points after; 400 when it is not one of ours or was made for another sort. */
export function decodeCursor(raw: string, sortBy: string, cast: SortCast): { value: string; id: string } {
  let payload: Partial<CursorPayload>;
  try {
    payload = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<CursorPayload>;
  } catch {
    throw badRequest('Invalid cursor', 'cursor');
  }
  const valid =
    payload &&
    payload.s === sortBy &&
    typeof payload.v === 'string' &&
    payload.v.length <= 300 &&
    typeof payload.id === 'string' &&
    isUuid(payload.id) &&
    (cast !== 'int' || (/^-?\d{1,10}$/.test(payload.v) && Math.abs(Number(payload.v)) <= 2_147_483_647)) &&
    (cast !== 'timestamptz' || isTimestampText(payload.v));
  if (!valid) throw badRequest('Invalid cursor (it belongs to another sort order or is damaged)', 'cursor');
  return { value: payload.v!, id: payload.id! };
}

/**
 * `(sort, id) < (afterValue, afterId)` for descending order, `>` for ascending: served by the (company_id, sort, id)
 * index. The cursor's row is bound to the placeholders `afterValue` and `afterId`.
 */
export function keysetCondition(key: SortKey, idColumn: PgColumn, direction: 'asc' | 'desc'): SQL {
  const afterValue = sql.placeholder('afterValue');
  const value =
    key.cast === 'timestamptz'
      ? sql`${afterValue}::timestamptz`
      : key.cast === 'int'
        ? sql`${afterValue}::int`
        : sql`${afterValue}::text`;
  const afterId = sql`${sql.placeholder('afterId')}::uuid`;
  return direction === 'desc'
    ? sql`(${key.expression}, ${idColumn}) < (${value}, ${afterId})`
    : sql`(${key.expression}, ${idColumn}) > (${value}, ${afterId})`;
}

/** The sort value as text, exactly as stored (timestamps keep their microseconds), for the next cursor. */
export function sortValueText(key: SortKey): SQL<string> {
  return sql<string>`(${key.expression})::text`;
}

export function inventoryPagination(options: {
  page: number;
  limit: number;
  total: number;
  exact: boolean;
  hasMore: boolean;
  nextCursor: string | null;
}): InventoryPagination {
  const base = makePagination(options.page, options.limit, options.total);
  return {
    ...base,
    hasNext: options.hasMore,
    nextCursor: options.hasMore ? options.nextCursor : null,
    totalCountExact: options.exact,
  };
}

/**
 * A search text as a prefix tsquery: words must all match (`&`), each by prefix; the parts of a punctuated
 * word must follow each other (`<->`), so "A-2" finds unit A-2 (and A-20) but not A-3 of a 2BHK.
 * Only letters and digits reach the query: "sun tow" → `sun:* & tow:*`, "A-2" → `(a:* <-> 2:*)`.
 */
export function prefixTsQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) =>
      word
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .slice(0, 4)
        .map((part) => `${part.slice(0, 40)}:*`),
    )
    .filter((parts) => parts.length > 0)
    .slice(0, 8)
    .map((parts) => (parts.length === 1 ? parts[0]! : `(${parts.join(' <-> ')})`));
  return words.length ? words.join(' & ') : null;
}

export interface PageRequest<S extends string> {
  page: number;
  limit: number;
  sortBy: S;
  sortOrder: 'asc' | 'desc';
  cursor?: string;
}

export interface PageResult<T> {
  rows: T[];
  total: number;
  exact: boolean;
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * What one inventory list statement is built for: the filters present (each bound by the placeholder of its name),
 * the sort, and whether it pages after a cursor. The request's values go to `inventoryPageValues`.
 */
export interface InventoryShape<S extends string> {
  filters: readonly string[];
  sortBy: S;
  sortOrder: 'asc' | 'desc';
  cursor: boolean;
}

export function inventoryShape<S extends string>(
  filters: Readonly<Record<string, unknown>>,
  page: PageRequest<S>,
): InventoryShape<S> {
  return {
    filters: Object.keys(filters)
      .filter((name) => filters[name] !== undefined)
      .sort(),
    sortBy: page.sortBy,
    sortOrder: page.sortOrder,
    cursor: Boolean(page.cursor),
  };
}

export const inventoryShapeKey = (shape: InventoryShape<string>) => JSON.stringify(shape);

/** The placeholders' values: the filters, the company, one row more than the page, and the cursor's row or OFFSET. */
export function inventoryPageValues<S extends string>(
  companyId: string,
  filters: Readonly<Record<string, unknown>>,
  key: SortKey,
  page: PageRequest<S>,
): Record<string, unknown> {
  const after = page.cursor ? decodeCursor(page.cursor, page.sortBy, key.cast) : undefined;
  return {
    ...filters,
    companyId,
    limit: page.limit + 1,
    offset: after ? 0 : (page.page - 1) * page.limit,
    afterValue: after?.value,
    afterId: after?.id,
  };
}

/**
 * The ids of one page (one row more, to know whether another follows): keyset after the cursor, otherwise OFFSET,
 * in the order of the (company_id, sort, id) index. Also gives the list's whole WHERE (for the count) and the
 * direction to order the page's rows by.
 */
export function pageIdsQuery<S extends string>(
  db: DbOrTx,
  options: { table: PgTable; idColumn: PgColumn; conditions: SQL[]; key: SortKey; shape: InventoryShape<S> },
) {
  const { table, idColumn, conditions, key, shape } = options;
  const direction = shape.sortOrder === 'asc' ? asc : desc;
  const where = and(...conditions);
  const pageWhere = shape.cursor
    ? and(...conditions, keysetCondition(key, idColumn, shape.sortOrder))
    : where;
  const pageIds = db
    .select({ id: idColumn })
    .from(table)
    .where(pageWhere)
    .orderBy(direction(key.expression), direction(idColumn))
    .limit(pageLimit())
    .offset(pageOffset());
  return { pageIds, where, direction };
}

/** Cuts the extra row off and makes the cursor of the page's last row. */
export function endOfPage<R extends { sortValue: string }>(
  rows: R[],
  page: PageRequest<string>,
  idOf: (row: R) => string,
): { pageRows: R[]; hasMore: boolean; nextCursor: string | null } {
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows.at(-1);
  return {
    pageRows,
    hasMore: rows.length > page.limit,
    nextCursor: last ? encodeCursor(page.sortBy, last.sortValue, idOf(last)) : null,
  };
}

/**
 * One page of an inventory list of the company: the page statement (the page's rows with the bounded count of the
 * whole list beside them), the count statement alone only when the page cannot tell, and where the page ends.
 */
export async function runInventoryPage<
  S extends string,
  R extends { sortValue: string; total: number | null },
  T,
>(
  db: DbOrTx,
  statements: {
    page: (db: DbOrTx, shape: InventoryShape<S>) => ShapedStatement<R[]>;
    count: (db: DbOrTx, shape: InventoryShape<S>) => ShapedStatement<{ total: number }[]>;
  },
  request: {
    companyId: string;
    filters: Readonly<Record<string, unknown>>;
    key: SortKey;
    page: PageRequest<S>;
  },
  row: { idOf: (row: R) => string; map: (row: R) => T },
): Promise<PageResult<T>> {
  const { companyId, filters, key, page } = request;
  const shape = inventoryShape(filters, page);
  const values = inventoryPageValues(companyId, filters, key, page);
  const rows = await statements.page(db, shape).execute(values);
  const count = await boundedTotal(rows, COUNT_BOUND, async () => {
    const [counted] = await statements.count(db, shape).execute(values);
    return counted?.total ?? 0;
  });
  const { pageRows, hasMore, nextCursor } = endOfPage(rows, page, row.idOf);
  return { rows: pageRows.map(row.map), ...count, hasMore, nextCursor };
}
