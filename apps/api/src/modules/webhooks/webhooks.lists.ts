import { and, desc, eq, sql } from 'drizzle-orm';
import { oneShapeList } from '../../core/page-totals';
import { pageLimit, pageOffset } from '../../core/statements';
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

const endpointPage = oneShapeList(webhookEndpoints, endpointsWhere, (db, total) =>
  db
    .select({ endpoint: webhookEndpoints, total })
    .from(webhookEndpoints)
    .where(endpointsWhere)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(pageLimit())
    .offset(pageOffset()),
);

const attemptPage = oneShapeList(webhookAttempts, attemptsWhere, (db, total) =>
  db
    .select({ attempt: webhookAttempts, delivery: webhookDeliveries, total })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(attemptsWhere)
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    .limit(pageLimit())
    .offset(pageOffset()),
);

/** A company's receivers, newest first through (company_id, created_at, id). */
export function listEndpoints(db: DbOrTx, companyId: string, limit: number, offset: number) {
  return endpointPage(db, { companyId, limit, offset });
}

/** A receiver's attempts, newest first (with their delivery's event and state), through (company_id, endpoint_id, created_at, id). */
export function listAttempts(
  db: DbOrTx,
  companyId: string,
  endpointId: string,
  limit: number,
  offset: number,
) {
  return attemptPage(db, { companyId, endpointId, limit, offset });
}
