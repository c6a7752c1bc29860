import { getTableName, type Placeholder, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { databaseName } from './array-insert';
import { COUNT_BOUND } from './pagination';
import { statementName } from './prepared';

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

/**
 * How long a list filter found to have more matches than its count's bound (the list says "1,000+") is served without
 * counting them again: counting stops at the bound, but reaching it reads that many index entries (~1 ms at 1,000 on
 * this machine, half of a large company's page), and a filter with a thousand matches keeps them between writes.
 * The total of a filter that drops below the bound says "1,000+" for at most this long (docs/decisions.md).
 */
export const SATURATED_COUNT_MS = 30_000;
/** Saturated filters remembered per database handle; past it the oldest are forgotten. */
const MAX_SATURATED_FILTERS = 5_000;

interface SaturatedCounts {
  /** The bound a filter's count was found beyond, while that holds. */
  boundOf(filterKey: string): number | undefined;
  note(filterKey: string, bound: number): void;
}

function createSaturatedCounts(): SaturatedCounts {
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
function filterValuesOf(values: Record<string, unknown>): string {
  const { limit: _limit, offset: _offset, ...filters } = values;
  return JSON.stringify(filters, function toMinute(this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    return original instanceof Date ? `minute:${Math.floor(original.getTime() / 60_000)}` : value;
  });
}

/** Builds with every `boundedCountColumn` written as null. */
function withoutCount<T>(build: () => T): T {
  leavingCountOut = true;
  try {
    return build();
  } finally {
    leavingCountOut = false;
  }
}

/** The `total` a list statement's first row selected (-1 without one). */
function countOfRows(rows: unknown): number {
  const first = Array.isArray(rows) ? (rows[0] as { total?: unknown } | undefined) : undefined;
  return typeof first?.total === 'number' ? first.total : -1;
}

/** Rows of a statement built without its count, with the `total` a count past `bound` would have selected. */
function markedSaturated<Result>(rows: Result, bound: number): Result {
  if (Array.isArray(rows)) for (const row of rows as { total?: number | null }[]) row.total = bound + 1;
  return rows;
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

/**
 * `(select <column> from <its table> where <key> = <ref>)`: a value looked up by key (a name beside a list row) as a
 * scalar subquery. A left join does the same, but PostgreSQL searches the join order of every join on each execution
 * it plans: with four lookups beside a list page that search cost ~1 ms, five times the page itself, where the four
 * subqueries plan in ~0.1 ms (docs/performance.md, "Fifth turn"). `key` must be unique (a primary key);
 * `ref` is a column of the statement's table, which must not be aliased (both sides are written with their table's
 * name: drizzle leaves columns unqualified in a statement without joins, and an unqualified `ref` could name a column
 * of the looked-up table). `Value` includes null unless `ref` is never null and always found.
 */
export function lookedUp<Value>(column: PgColumn, key: PgColumn, ref: PgColumn): SQL<Value> {
  const found = sql.identifier('looked_up');
  const outer = sql`${sql.identifier(getTableName(ref.table))}.${sql.identifier(databaseName(ref))}`;
  return sql<Value>`(select ${found}.${sql.identifier(databaseName(column))} from ${sql.identifier(
    getTableName(key.table),
  )} ${found} where ${found}.${sql.identifier(databaseName(key))} = ${outer})`;
}

/**
 * A list's page of `table` (its own `columns`, filtered by `where`, in `order`, windowed by `pageLimit`/`pageOffset`)
 * as a subquery named like the table. Select from it with the table's columns and `lookedUp` names, ordered by `order`
 * again: the lookups then run for the page's rows only, not for every row an OFFSET skips (tenants page 50 at 200,000
 * tenancies: 4 ms of lookups → 0.3 ms).
 */
export function pageRowsOf(
  db: DbOrTx,
  table: PgTable,
  columns: Record<string, PgColumn>,
  where: SQL | undefined,
  order: SQL[],
) {
  return db
    .select(columns)
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(pageLimit())
    .offset(pageOffset())
    .as(getTableName(table));
}
