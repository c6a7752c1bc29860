import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema';

export interface AuditEntry {
  companyId: string | null;
  /** Defaults to the signed-in caller of the current request. */
  actorUserId?: string | null;
  /** `<area>.<verb>`, e.g. `company_user.permissions_changed`, `plan.deleted`, `property.verification_decided`. */
  action: string;
  entityType: string;
  entityId: string;
  summary?: string;
  before?: unknown;
  after?: unknown;
}

const requestContext = new AsyncLocalStorage<FastifyRequest>();

/** Every request runs inside a context, so audit rows get its id, client IP and caller without being passed them. */
export function registerAuditContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requestContext.run(request, done);
  });
}

/**
 * Appends an audit row; pass the transaction of the change so both commit or neither does. Outside a request
 * (jobs, seeds) the row has no request id, IP or implicit actor.
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const request = requestContext.getStore();
  await db.insert(auditLogs).values({
    companyId: entry.companyId,
    actorUserId: entry.actorUserId !== undefined ? entry.actorUserId : (request?.auth?.userId ?? null),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: request?.id ?? null,
    ip: request?.ip ?? null,
  });
}
