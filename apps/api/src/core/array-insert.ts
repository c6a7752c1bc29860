import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** The columns of a table an array insert fills, by their drizzle key. */
export type ArrayInsertColumns = Record<string, PgColumn>;

/** A column's name in the database: both drivers run with `casing: 'snake_case'` (db/client.ts). */
export function databaseName(column: PgColumn): string {
  return column.keyAsName ? toSnakeCase(column.name) : column.name;
}

/**
 * Which of an array insert's rows go in: `where` over each new row, which `row(key)` names by a column's key or an
 * `extra` array's (extra arrays, name → SQL type, are bound beside the columns' for the condition only).
 */
export interface ArrayInsertFilter {
  extra: Record<string, string>;
  where: (row: (key: string) => SQL) => SQL;
}

/**
 * `insert into <table> (<columns>) select * from unnest($1::<type>[], …)`: any number of rows in one statement text,
 * each column bound as one array. drizzle's multi-row `values()` builds a parameter per value on every call (a few
 * milliseconds of Node CPU for fifty rows of ten columns) and its text changes with the row count, so PostgreSQL
 * parses and plans it every time; this text is built once and runs as a named prepared statement. Columns left out
 * take their database default (a `$defaultFn` of drizzle does not run: give such columns, e.g. ids, a value). With a
 * `filter`, only the rows that meet it are inserted (`returning` answers those).
 */
export function arrayInsert(table: PgTable, columns: ArrayInsertColumns, filter?: ArrayInsertFilter): SQL {
  const keys = Object.keys(columns);
  const names = keys.map((key) => sql.identifier(databaseName(columns[key]!)));
  const arrays = keys.map((key) => sql`${sql.placeholder(key)}::${sql.raw(columns[key]!.getSQLType())}[]`);
  const into = sql`insert into ${table} (${sql.join(names, sql`, `)})`;
  if (!filter) return sql`${into} select * from unnest(${sql.join(arrays, sql`, `)})`;

  const extraKeys = Object.keys(filter.extra);
  const extraNames = extraKeys.map((key) => sql.identifier(toSnakeCase(key)));
  const extraArrays = extraKeys.map((key) => sql`${sql.placeholder(key)}::${sql.raw(filter.extra[key]!)}[]`);
  const newRow = sql.identifier('new_row');
  const row = (key: string): SQL => {
    const column = columns[key];
    if (column) return sql`${newRow}.${sql.identifier(databaseName(column))}`;
    if (key in filter.extra) return sql`${newRow}.${sql.identifier(toSnakeCase(key))}`;
    throw new Error(`arrayInsert: no column or extra array named ${key}`);
  };
  return sql`${into} select ${sql.join(
    keys.map((key) => row(key)),
    sql`, `,
  )} from unnest(${sql.join([...arrays, ...extraArrays], sql`, `)}) as ${newRow}(${sql.join(
    [...names, ...extraNames],
    sql`, `,
  )}) where ${filter.where(row)}`;
}

/**
 * An `arrayInsert … returning *` as the common table expression `inserted`, with the table's columns: select from it
 * (`db.with(inserted).select(…).from(inserted)`) to get the new rows, mapped like any select, and to prepare the whole
 * statement once (`preparedOnce`).
 */
export function insertedRows<Table extends PgTable>(
  db: DbOrTx,
  table: Table,
  columns: ArrayInsertColumns,
  filter?: ArrayInsertFilter,
) {
  return db
    .$with('inserted', getTableColumns(table) as Table['_']['columns'])
    .as(sql`${arrayInsert(table, columns, filter)} returning *`);
}

/**
 * The values of an `arrayInsert`: one array per column, in the driver's form (`mapToDriverValue`: JSON text for
 * jsonb, ISO text for timestamps), undefined as null.
 */
export function insertArrays<Row extends Record<string, unknown>>(
  columns: ArrayInsertColumns,
  rows: readonly Row[],
): Record<string, unknown[]> {
  const arrays: Record<string, unknown[]> = {};
  for (const key of Object.keys(columns)) {
    const column = columns[key]!;
    arrays[key] = rows.map((row) => {
      const value = row[key];
      return value === undefined || value === null ? null : column.mapToDriverValue(value);
    });
  }
  return arrays;
}

/** Every column of `table` but those named: the columns an array insert fills when the rest keep their defaults. */
export function columnsExcept<Table extends PgTable>(
  table: Table,
  ...left: (keyof Table['_']['columns'])[]
): ArrayInsertColumns {
  const columns: ArrayInsertColumns = { ...getTableColumns(table) };
  for (const key of left) delete columns[key as string];
  return columns;
}
