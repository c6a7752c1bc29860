import { type Placeholder, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { statementName } from './prepared';
import {
  countOfRows,
  createSaturatedCounts,
  filterValuesOf,
  markedSaturated,
  type SaturatedCounts,
} from './saturated-counts';

/** What a drizzle query prepared with `sql.placeholder(…)` values offers. */
export interface ShapedStatement<Result> {
  execute(values: Record<string, unknown>): Promise<Result>;
}

/** A drizzle select builder: `.prepare(name)` (drizzle treats an undefined name as an unnamed statement). */
export interface Preparable<Result> {
  prepare(name: string): ShapedStatement<Result>;
  toSQL(): { sql: string };
}

/** Statements kept per database handle and shape; a shape has a few dozen variants at most, this is a safety bound. */
const MAX_SHAPES_PER_STATEMENT = 512;

/** The largest page size written into a statement as a constant (lists allow 100; limit + 1 probes included). */
const MAX_CONSTANT_LIMIT = 1_000;

/** The first page being built (see `pageLimit`); undefined while building a statement for any page. */
let firstPageLimit: number | undefined;

/**
 * `.limit(pageLimit())` in a list builder: the page size. In a first page's statement it is a constant, because
 * PostgreSQL plans a generic `LIMIT $n` (or `OFFSET $n`) for a tenth of the rows it could return: for a large company
 * that is a parallel scan and a sort instead of walking ten index entries (19 ms against 0.9 ms for the payments
 * ledger at 265,000 rows).
 */
export function pageLimit(): Placeholder {
  return (firstPageLimit === undefined
    ? sql.placeholder('limit')
    : sql.raw(String(firstPageLimit))) as unknown as Placeholder;
}

/** `.offset(pageOffset())` in a list builder: no OFFSET in a first page's statement, else the `offset` value. */
export function pageOffset(): Placeholder {
  return (firstPageLimit === undefined ? sql.placeholder('offset') : undefined) as unknown as Placeholder;
}

function buildFirstPage<T>(limit: number, build: () => T): T {
  firstPageLimit = limit;
  try {
    return build();
  } finally {
    firstPageLimit = undefined;
  }
}

function isFirstPage(values: Record<string, unknown>): values is { limit: number } {
  const { limit, offset } = values;
  return (
    typeof limit === 'number' &&
    Number.isInteger(limit) &&
    limit >= 0 &&
    limit <= MAX_CONSTANT_LIMIT &&
    (offset === undefined || offset === 0)
  );
}

/**
 * A list statement built once per query shape (which filters are present, the sort) and then only executed, with the
 * request's values bound to its `sql.placeholder(…)`s. Building a drizzle query costs more Node CPU than PostgreSQL
 * spends running these index-driven statements, so a list request must not build one.
 *
 * Shapes run as named prepared statements, which PostgreSQL (`plan_cache_mode = auto`) plans for their values on the
 * first runs and then keeps generic when a generic plan costs no more. A first page (`offset` 0 or none, most
 * requests) carries its page size as a constant (`pageLimit`): with `LIMIT $n` the generic plan is costed for a tenth
 * of the company's rows, so the server re-planned the statement on every run (0.6 ms of its CPU for a tenants page
 * whose execution took 0.08 ms). A shape that filters by an array of values (`anyOf`) keeps `LIMIT $n`, so that it
 * stays planned for its values: a generic `status = any($1)` walked the whole company (24 against 454 req/s).
 * Shapes that search by pattern (`ILIKE`) are sent unnamed, so each run is planned for its words.
 */
export function statementsByShape<Shape, Result>(
  build: (db: DbOrTx, shape: Shape) => Preparable<Result>,
  options: {
    /** The shape's key among the statements built (default: the shape as JSON). */
    key?: (shape: Shape) => string;
    searches?: (shape: Shape) => boolean;
  } = {},
): (db: DbOrTx, shape: Shape) => ShapedStatement<Result> {
  const byDb = new WeakMap<DbOrTx, Map<string, ShapedStatement<Result>>>();
  /** Shape keys whose statement filters by an array (learnt at their first build). */
  const byArray = new Set<string>();
  /** The statement of `key`, built once; `unnamed`: sent without a name, so planned for each run's values. */
  function named(
    db: DbOrTx,
    key: string,
    make: () => Preparable<Result>,
    unnamed = false,
  ): ShapedStatement<Result> {
    let statements = byDb.get(db);
    if (!statements) {
      statements = new Map();
      byDb.set(db, statements);
    }
    let statement = statements.get(key);
    if (!statement) {
      const query = make();
      // '' and not undefined: the database client names repeated unnamed statements (db/client.ts).
      statement = query.prepare(unnamed ? '' : statementName(query.toSQL().sql));
      if (statements.size < MAX_SHAPES_PER_STATEMENT) statements.set(key, statement);
    }
    return statement;
  }
  /** Per statement key: the placeholders its `anyOf`s wrote as `=` (bound to their array's one value). */
  const unwrapsOf = new Map<string, readonly string[]>();
  /** Per statement key: the bound of the count it selects as `total` (boundedCountColumn), if it selects one. */
  const countBounds = new Map<string, number>();
  function noting(key: string, make: () => Preparable<Result>): () => Preparable<Result> {
    return () => {
      const { query, byArray: filtersByArray, unwrapped, countBound } = buildNoting(make, singlesIn(key));
      if (filtersByArray) byArray.add(key);
      unwrapsOf.set(key, unwrapped);
      if (countBound !== undefined) countBounds.set(key, countBound);
      return query;
    };
  }
  const saturated = new WeakMap<DbOrTx, SaturatedCounts>();
  function saturatedOf(db: DbOrTx): SaturatedCounts {
    let counts = saturated.get(db);
    if (!counts) {
      counts = createSaturatedCounts();
      saturated.set(db, counts);
    }
    return counts;
  }
  function run(
    db: DbOrTx,
    key: string,
    values: Record<string, unknown>,
    make: () => Preparable<Result>,
    unnamed = false,
  ) {
    const statement = named(db, key, noting(key, make), unnamed);
    return statement.execute(unwrap(values, unwrapsOf.get(key)));
  }
  return (db, shape) => {
    const shapeKey = options.key?.(shape) ?? JSON.stringify(shape);
    const keyOf = (values: Record<string, unknown>) => {
      const singles = oneValueArrays(values);
      return singles.length ? `${shapeKey}${SINGLES_MARK}${singles.join(',')}` : shapeKey;
    };
    if (options.searches?.(shape)) {
      // Built once too (building costs ~1 ms of Node CPU a search), but sent unnamed: planned for its words each run.
      return {
        execute: (values) => run(db, `${SEARCH_MARK}${keyOf(values)}`, values, () => build(db, shape), true),
      };
    }
    /** Runs the shape's statement (`variant`: its key's prefix, `make`: how it is built) for `values`. */
    const runShape = (
      variant: string,
      values: Record<string, unknown>,
      make: () => Preparable<Result>,
    ): { key: string; result: Promise<Result> } => {
      const key = `${variant}${keyOf(values)}`;
      if (isFirstPage(values) && !byArray.has(key)) {
        const { limit } = values;
        const firstKey = `${key}|${limit}`;
        const first = named(
          db,
          firstKey,
          noting(firstKey, () => buildFirstPage(limit, make)),
        );
        if (!byArray.has(firstKey)) {
          return { key: firstKey, result: first.execute(unwrap(values, unwrapsOf.get(firstKey))) };
        }
        byArray.add(key);
      }
      return { key, result: run(db, key, values, make) };
    };
    return {
      async execute(values) {
        const counts = saturatedOf(db);
        const filterKey = `${keyOf(values)}${FILTER_MARK}${filterValuesOf(values)}`;
        const knownBound = counts.boundOf(filterKey);
        if (knownBound !== undefined) {
          const { result } = runShape(UNCOUNTED_MARK, values, () => withoutCount(() => build(db, shape)));
          return markedSaturated(await result, knownBound);
        }
        const { key, result } = runShape('', values, () => build(db, shape));
        const rows = await result;
        const bound = countBounds.get(key);
        if (bound !== undefined && countOfRows(rows) > bound) counts.note(filterKey, bound);
        return rows;
      },
    };
  };
}

/** Separates a statement key from the placeholders bound to one-value arrays (see `anyOf`). */
const SINGLES_MARK = '|one:';
/** Starts the key of a search shape's statement (sent unnamed). */
const SEARCH_MARK = 'search|';
/** Starts the key of a statement built without its bounded count (a filter known to have more matches). */
const UNCOUNTED_MARK = 'uncounted|';
/** Separates a statement key from the values of its filters in the key of a saturated count. */
const FILTER_MARK = '|values:';

/** Builds with every `boundedCountColumn` written as null. */
function withoutCount<T>(build: () => T): T {
  leavingCountOut = true;
  try {
    return build();
  } finally {
    leavingCountOut = false;
  }
}

/** The placeholders a statement key says were one-value arrays when it was built. */
function singlesIn(key: string): ReadonlySet<string> {
  const at = key.indexOf(SINGLES_MARK);
  if (at < 0) return new Set();
  return new Set(
    key
      .slice(at + SINGLES_MARK.length)
      .split('|')[0]!
      .split(','),
  );
}

/** The names of the values that are arrays of exactly one element, sorted. */
function oneValueArrays(values: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const name in values) {
    const value = values[name];
    if (Array.isArray(value) && value.length === 1) names.push(name);
  }
  return names.sort();
}

/** The values with each of `names` (one-value arrays written as `=`) bound to its one element. */
function unwrap(
  values: Record<string, unknown>,
  names: readonly string[] | undefined,
): Record<string, unknown> {
  if (!names?.length) return values;
  const bound: Record<string, unknown> = Object.assign({}, values);
  for (const name of names) bound[name] = (values[name] as unknown[])[0];
  return bound;
}

/**
 * A statement of one shape (a detail, a lookup by id), built once per database handle and run as a named prepared
 * statement: `const findUnit = preparedOnce((db) => db.select(…).where(eq(t.id, sql.placeholder('id'))))`, then
 * `await findUnit(db, { id })`. For reads outside transactions (a transaction's handle builds its own each time).
 */
export function preparedOnce<Result>(
  build: (db: DbOrTx) => Preparable<Result>,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Result> {
  const statement = statementsByShape((db: DbOrTx, _shape: Record<string, never>) => build(db));
  return (db, values) => statement(db, {}).execute(values);
}

/**
 * While a statement is built: the placeholders bound to one-value arrays, what `anyOf` did with its filters, and the
 * bound of the count it selects (`boundedCountColumn`).
 */
let building:
  | { singles: ReadonlySet<string>; byArray: boolean; unwrapped: string[]; countBound?: number }
  | undefined;

/** Set while the variant of a statement without its bounded count is built (see `statementsByShape`). */
let leavingCountOut = false;

/**
 * `column = any($name)`: a list filter by several values, bound as one array (one statement for any number). Its
 * statement keeps `LIMIT $n` so that PostgreSQL keeps planning it for its values (see statementsByShape): a generic
 * plan cannot tell how many rows two statuses out of seven keep, and walked the whole company for them.
 * A filter by one value (the usual `?status=Occupied`) is written `column = $name` in a statement of its own, bound to
 * the array's one element: with `= any(…)` PostgreSQL 15 cannot read a `(company_id, status, rent)` index in `rent`
 * order, so a page sorted by rent read and sorted all 140,000 occupied units of a large company (21 ms against 0.05).
 */
export function anyOf(column: PgColumn | SQL, placeholder: string): SQL {
  if (building?.singles.has(placeholder)) {
    building.unwrapped.push(placeholder);
    return sql`${column} = ${sql.placeholder(placeholder)}`;
  }
  if (building) building.byArray = true;
  return sql`${column} = any(${sql.placeholder(placeholder)})`;
}

/**
 * Builds a statement with `singles` bound to one value; tells whether it filters by an array of values (`anyOf`) and
 * which placeholders it wrote as `=`.
 */
function buildNoting<T>(
  build: () => T,
  singles: ReadonlySet<string>,
): { query: T; byArray: boolean; unwrapped: string[]; countBound: number | undefined } {
  const outer = building;
  const state: NonNullable<typeof building> = { singles, byArray: false, unwrapped: [] };
  building = state;
  try {
    const query = build();
    return { query, byArray: state.byArray, unwrapped: state.unwrapped, countBound: state.countBound };
  } finally {
    building = outer;
  }
}

/**
 * `(select count(*) from (select 1 … limit bound + 1))` as a column: the bounded count of a list's matches, selected
 * beside the page so that page and count take one round trip.
 */
export function boundedCountColumn(db: DbOrTx, table: PgTable, where: SQL | undefined, bound: number) {
  if (building) building.countBound = bound;
  if (leavingCountOut) return sql<number | null>`null::int`;
  return sql<number | null>`(${boundedCountQuery(db, table, where, bound)})`;
}

/**
 * A page statement's `total`: the bounded count of its matches, or null for a shape that searches (its count would
 * repeat the search; `pageTotal` / `boundedTotal` then count on their own when the page cannot tell).
 */
export function pageCountColumn(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  options: { bound: number; searches: boolean },
) {
  return options.searches
    ? sql<number | null>`null::int`
    : boundedCountColumn(db, table, where, options.bound);
}

/** The exact count of a list's matches as a column (lists whose total must stay exact, on a filtered index). */
export function countColumn(table: PgTable, where: SQL | undefined) {
  return sql<number | null>`(select count(*)::int from ${table} where ${where ?? sql`true`})`;
}

/**
 * The bounded count on its own (a page past the end, or a shape whose count is not in its page statement), after the
 * WITH queries its `where` reads (a search's matches), if any.
 */
export function boundedCountQuery(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  bound: number,
  withQueries: readonly WithSubquery[] = [],
) {
  const bounded = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(bound + 1)
    .as('bounded');
  return db
    .with(...withQueries)
    .select({ total: sql<number>`count(*)::int` })
    .from(bounded);
}
