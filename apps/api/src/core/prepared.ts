import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';

interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/** The parts of a drizzle select builder that `.prepare()` reads (drizzle marks them internal). */
interface SelectInternals {
  getSQL(): SQL;
  dialect: { sqlToQuery(sql: SQL): BuiltQuery };
}

interface Preparable<Result> {
  prepare(name: string): { execute(): Promise<Result> };
}

/**
 * Runs a select as a named prepared statement: PostgreSQL parses and plans each distinct query shape (filters × sort)
 * once per connection instead of on every request. The name is a hash of the SQL text, so one name always means one
 * text. The SQL is built once: drizzle's `.prepare()` would build it again after `toSQL()` named it, and building
 * costs more Node CPU than the statement costs PostgreSQL on these index-driven lists.
 */
export function executePrepared<Result>(query: Preparable<Result>): Promise<Result> {
  const internals = query as unknown as SelectInternals;
  const sqlObject = internals.getSQL();
  const built = internals.dialect.sqlToQuery(sqlObject);
  const dialect = internals.dialect;
  internals.getSQL = () => sqlObject;
  internals.dialect = Object.assign(Object.create(dialect), { sqlToQuery: () => built });
  return query.prepare(statementName(built.sql)).execute();
}

const names = new Map<string, string>();

export function statementName(sqlText: string): string {
  let name = names.get(sqlText);
  if (!name) {
    name = `q_${createHash('sha1').update(sqlText).digest('base64url').slice(0, 20)}`;
    if (names.size < 10_000) names.set(sqlText, name);
  }
  return name;
}
