import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { COUNT_BOUND } from '../../core/pagination';
import {
  type BoundedTotal,
  boundedCountQuery,
  pageCountColumn,
  pageLimit,
  pageOffset,
  pageTotal,
  type ShapedStatement,
  statementsByShape,
} from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';

/**
 * The two lists of Company → Integrations (receivers, and one receiver's attempts), each one shape: built once as a
 * prepared statement with its bounded count in the same round trip (docs/architecture.md, "How to add a fast list").
 */
const value = (name: string) => sql.placeholder(name);

const endpointsWhere = eq(webhookEndpoints.companyId, value('companyId'));
const attemptsWhere = and(
  eq(webhookAttempts.companyId, value('companyId')),
  eq(webhookAttempts.endpointId, value('endpointId')),
);

const endpointPage = statementsByShape((db) =>
  db
    .select({
      endpoint: webhookEndpoints,
      total: pageCountColumn(db, webhookEndpoints, endpointsWhere, { bound: COUNT_BOUND, searches: false }),
    })
    .from(webhookEndpoints)
    .where(endpointsWhere)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(pageLimit())
    .offset(pageOffset()),
);

const attemptPage = statementsByShape((db) =>
  db
    .select({
      attempt: webhookAttempts,
      delivery: webhookDeliveries,
      total: pageCountColumn(db, webhookAttempts, attemptsWhere, { bound: COUNT_BOUND, searches: false }),
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(attemptsWhere)
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    .limit(pageLimit())
    .offset(pageOffset()),
);

function countOf(table: PgTable, where: SQL | undefined) {
  return statementsByShape((db) => boundedCountQuery(db, table, where, COUNT_BOUND));
}
const endpointCount = countOf(webhookEndpoints, endpointsWhere);
const attemptCount = countOf(webhookAttempts, attemptsWhere);

async function onePage<Row extends { total: number | null }>(
  db: DbOrTx,
  page: (db: DbOrTx, shape: object) => ShapedStatement<Row[]>,
  countAlone: (db: DbOrTx, shape: object) => ShapedStatement<{ total: number }[]>,
  values: { limit: number; offset: number } & Record<string, unknown>,
): Promise<{ rows: Row[]; count: BoundedTotal }> {
  const rows = await page(db, {}).execute(values);
  const count = await pageTotal(
    rows,
    { limit: values.limit, offset: values.offset, bound: COUNT_BOUND },
    async () => (await countAlone(db, {}).execute(values))[0]?.total ?? 0,
  );
  return { rows, count };
}

/** A company's receivers, newest first through (company_id, created_at, id). */
export function listEndpoints(db: DbOrTx, companyId: string, limit: number, offset: number) {
  return onePage(db, endpointPage, endpointCount, { companyId, limit, offset });
}

/** A receiver's attempts, newest first (with their delivery's event and state), through (company_id, endpoint_id, created_at, id). */
export function listAttempts(
  db: DbOrTx,
  companyId: string,
  endpointId: string,
  limit: number,
  offset: number,
) {
  return onePage(db, attemptPage, attemptCount, { companyId, endpointId, limit, offset });
}
