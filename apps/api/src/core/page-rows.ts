import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { databaseName } from './array-insert';
import { pageLimit, pageOffset } from './statements';

// A list page's rows and the names beside them, without joins.

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
