import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import type { Preparable } from './statements';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** One selected field as drizzle orders them for a prepared select (`orderSelectedFields`). */
interface SelectedField {
  path: string[];
  field: unknown;
}

/** The parts of drizzle's prepared select (PostgreSQL and PGlite) that its `execute` reads to map rows. */
interface PreparedSelectInternals {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  const decoderOfSql = (sqlOf: SQL) => (sqlOf as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

interface MappedColumn {
  /** The nested object the value goes in (`request` of `{ request: { id, … } }`), or undefined at the top. */
  parent: string | undefined;
  key: string;
  decoder: Decoder;
  /** The table of a column of a nested object (a left join's whole row is null when all its columns are). */
  table: string | undefined;
}

/**
 * drizzle's `mapResultRow` as a function of the selected fields worked out once: the same objects, keys in the same
 * order, the same decoders, and a left-joined table's nested object null when every column of it is. drizzle works
 * out each field's kind (`is()`, a walk up its class chain) and path again for every value of every row, a tenth of
 * a list request's CPU. Fields nested one level at most (`{ request: { id, … }, typeName }`): see `mappedRows`.
 */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: unknown[][]) => Record<string, unknown>[] {
  const columns: MappedColumn[] = fields.map(({ path, field }) => ({
    parent: path.length === 2 ? path[0] : undefined,
    key: path[path.length - 1]!,
    decoder: decoderOf(field),
    table:
      joinsNotNullableMap && path.length === 2 && is(field, Column) ? getTableName(field.table) : undefined,
  }));
  const nullable = joinsNotNullableMap !== undefined && columns.some((column) => column.table !== undefined);

  function mapRow(row: unknown[]): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    /** Per nested object: the one table all its columns are of while they are all null, else false. */
    const nullTableOf: Record<string, string | false> = {};
    for (let index = 0; index < columns.length; index++) {
      const { parent, key, decoder, table } = columns[index]!;
      const raw = row[index];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      if (parent === undefined) {
        result[key] = value;
        continue;
      }
      let node = result[parent] as Record<string, unknown> | undefined;
      if (node === undefined) {
        node = {};
        result[parent] = node;
      }
      node[key] = value;
      if (table === undefined) continue;
      const seen = nullTableOf[parent];
      if (seen === undefined) nullTableOf[parent] = value === null ? table : false;
      else if (seen !== false && seen !== table) nullTableOf[parent] = false;
    }
    if (nullable) {
      for (const parent in nullTableOf) {
        const table = nullTableOf[parent];
        if (typeof table === 'string' && !joinsNotNullableMap![table]) result[parent] = null;
      }
    }
    return result;
  }

  return (rows) => {
    const mapped = new Array<Record<string, unknown>>(rows.length);
    for (let index = 0; index < rows.length; index++) mapped[index] = mapRow(rows[index]!);
    return mapped;
  };
}

/**
 * A select builder whose prepared statement maps its rows with `compileRowMapper`, for the list statements built once
 * (`statementsByShape`, `preparedOnce`, `oneShapeList`): `statementsByShape((db, shape) => mappedRows(db.select(…)…))`.
 */
export function mappedRows<Result>(query: Preparable<Result>): Preparable<Result> {
  return {
    prepare(name) {
      const prepared = query.prepare(name);
      const internals = prepared as unknown as PreparedSelectInternals;
      const { fields } = internals;
      if (fields && !internals.customResultMapper && fields.every(({ path }) => path.length <= 2)) {
        internals.customResultMapper = compileRowMapper(fields, internals.joinsNotNullableMap);
      }
      return prepared;
    },
    toSQL: () => query.toSQL(),
  };
}
