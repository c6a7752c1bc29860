import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { COUNT_BOUND } from './pagination';
import {
  boundedCountQuery,
  type Preparable,
  pageCountColumn,
  type ShapedStatement,
  statementsByShape,
} from './statements';

// The total that goes with a list page: read from the page statement's bounded `total`, or counted alone.

/** `count(*)` over at most `bound + 1` rows of `from` (a drizzle subquery builder's rows): a count that stops. */
export interface BoundedTotal {
  total: number;
  /** False when the count reached its bound: the list says "1,000+". */
  exact: boolean;
}

/**
 * The total that goes with one page of a list whose statement also selects a bounded count as `total` (a scalar
 * subquery PostgreSQL runs once per statement): one round trip for the page and its count. The count is not needed
 * when the page ends the list; `countAlone` runs when the statement carries no count (search shapes, whose count would
 * repeat the search) or the page is past the end.
 */
export async function pageTotal(
  rows: readonly { total: number | null }[],
  page: { limit: number; offset: number; bound: number },
  countAlone: () => Promise<number>,
): Promise<BoundedTotal> {
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { total: page.offset + rows.length, exact: true };
  }
  return boundedTotal(rows, page.bound, countAlone);
}

/**
 * A list page and its total: runs the page statement (which selects `total`), then the count statement only when the
 * page cannot tell (`pageTotal`). Both are given the same values.
 */
export async function runPage<Row extends { total: number | null }>(
  statements: { page: ShapedStatement<Row[]>; count: ShapedStatement<{ total: number }[]> },
  values: { limit: number; offset: number } & Record<string, unknown>,
  bound = COUNT_BOUND,
): Promise<{ rows: Row[]; count: BoundedTotal }> {
  const rows = await statements.page.execute(values);
  const count = await pageTotal(
    rows,
    { limit: values.limit, offset: values.offset, bound },
    async () => (await statements.count.execute(values))[0]?.total ?? 0,
  );
  return { rows, count };
}

/** The total a list statement selected as `total` (bounded), or `countAlone`'s when it returned no row. */
export async function boundedTotal(
  rows: readonly { total: number | null }[],
  bound: number,
  countAlone: () => Promise<number>,
): Promise<BoundedTotal> {
  const total = rows[0]?.total ?? (await countAlone());
  return total > bound ? { total: bound, exact: false } : { total, exact: true };
}

/**
 * A list with one shape (no optional filters, one sort): its page statement (built by `buildPage`, which selects
 * `total` as given) and its count alone, each built once; answers a page and its bounded total in one round trip.
 */
export function oneShapeList<Row extends { total: number | null }>(
  table: PgTable,
  where: SQL | undefined,
  buildPage: (db: DbOrTx, total: SQL<number | null>) => Preparable<Row[]>,
) {
  const page = statementsByShape((db) =>
    buildPage(db, pageCountColumn(db, table, where, { bound: COUNT_BOUND, searches: false })),
  );
  const countAlone = statementsByShape((db) => boundedCountQuery(db, table, where, COUNT_BOUND));
  return async (
    db: DbOrTx,
    values: { limit: number; offset: number } & Record<string, unknown>,
  ): Promise<{ rows: Row[]; count: BoundedTotal }> => {
    return runPage({ page: page(db, {}), count: countAlone(db, {}) }, values);
  };
}
