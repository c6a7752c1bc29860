import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, withCustomPlans } from '../db/client';
import { statementName } from './prepared';

/** What a drizzle query prepared with `sql.placeholder(…)` values offers. */
export interface ShapedStatement<Result> {
  execute(values: Record<string, unknown>): Promise<Result>;
}

/** A drizzle select builder: `.prepare(name)` (drizzle treats an undefined name as an unnamed statement). */
interface Preparable<Result> {
  prepare(name: string): ShapedStatement<Result>;
  toSQL(): { sql: string };
}

/** Statements kept per database handle and shape; a shape has a few dozen variants at most, this is a safety bound. */
const MAX_SHAPES_PER_STATEMENT = 512;

/**
 * A list statement built once per query shape (which filters are present, the sort) and then only executed, with the
 * request's values bound to its `sql.placeholder(…)`s. Building a drizzle query costs more Node CPU than PostgreSQL
 * spends running these index-driven statements, so a list request must not build one.
 *
 * Shapes that search by pattern (`ILIKE`) are built per run and planned for the actual text (`withCustomPlans`): a
 * generic plan of `ILIKE $1` walks the whole company in the list's order. Other shapes run as named prepared
 * statements, parsed and planned once per connection (db/client.ts plans them generically).
 */
export function statementsByShape<Shape, Result>(
  build: (db: DbOrTx, shape: Shape) => Preparable<Result>,
  options: { key: (shape: Shape) => string; searches?: (shape: Shape) => boolean },
): (db: DbOrTx, shape: Shape) => ShapedStatement<Result> {
  const byDb = new WeakMap<DbOrTx, Map<string, ShapedStatement<Result>>>();
  return (db, shape) => {
    let statements = byDb.get(db);
    if (!statements) {
      statements = new Map();
      byDb.set(db, statements);
    }
    if (options.searches?.(shape)) {
      return {
        execute: (values) =>
          withCustomPlans(db, (handle) =>
            build(handle, shape)
              .prepare(undefined as unknown as string)
              .execute(values),
          ),
      };
    }
    const key = options.key(shape);
    let statement = statements.get(key);
    if (!statement) {
      const query = build(db, shape);
      statement = query.prepare(statementName(query.toSQL().sql));
      if (statements.size < MAX_SHAPES_PER_STATEMENT) statements.set(key, statement);
    }
    return statement;
  };
}

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

/** The total a list statement selected as `total` (bounded), or `countAlone`'s when it returned no row. */
export async function boundedTotal(
  rows: readonly { total: number | null }[],
  bound: number,
  countAlone: () => Promise<number>,
): Promise<BoundedTotal> {
  const total = rows[0]?.total ?? (await countAlone());
  return total > bound ? { total: bound, exact: false } : { total, exact: true };
}

/** `column = any($name)`: a list filter by several values, bound as one array (one statement for any number). */
export function anyOf(column: PgColumn | SQL, placeholder: string): SQL {
  return sql`${column} = any(${sql.placeholder(placeholder)})`;
}

/**
 * `(select count(*) from (select 1 … limit bound + 1))` as a column: the bounded count of a list's matches, selected
 * beside the page so that page and count take one round trip.
 */
export function boundedCountColumn(db: DbOrTx, table: PgTable, where: SQL | undefined, bound: number) {
  return sql<number | null>`(${boundedCountQuery(db, table, where, bound)})`;
}

/** The exact count of a list's matches as a column (lists whose total must stay exact, on a filtered index). */
export function countColumn(table: PgTable, where: SQL | undefined) {
  return sql<number | null>`(select count(*)::int from ${table} where ${where ?? sql`true`})`;
}

/** The bounded count on its own (a page past the end, or a shape whose count is not in its page statement). */
export function boundedCountQuery(db: DbOrTx, table: PgTable, where: SQL | undefined, bound: number) {
  const bounded = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(bound + 1)
    .as('bounded');
  return db.select({ total: sql<number>`count(*)::int` }).from(bounded);
}
