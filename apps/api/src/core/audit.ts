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

/** Runs `work` outside any request's context: its statements wait for no request's access check (core/deferred-access.ts). */
export function outsideRequest<T>(work: () => T): T {
  return requestContext.exit(work);
}

/** The request being served, if any (core/events.ts marks that it wrote events). */
export function currentRequest(): FastifyRequest | undefined {
  return requestContext.getStore();
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
    actorLabel: request?.auth?.apiKey ? `API key "${request.auth.apiKey.name}"` : null,
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

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every successful write made with a company API key leaves an `api_key.request` row (method, route, status) with
 * the key's name as actor label, besides the rows the services record themselves (which carry the label too).
 */
export function registerApiKeyWriteAudit(app: FastifyInstance, db: DbOrTx): void {
  app.addHook('onResponse', async (request, reply) => {
    const key = request.auth?.apiKey;
    if (!key || READ_METHODS.has(request.method) || reply.statusCode >= 400) return;
    const route = request.routeOptions.url ?? request.url.split('?')[0];
    await db
      .insert(auditLogs)
      .values({
        companyId: request.auth?.companyId ?? null,
        actorUserId: request.auth?.userId ?? null,
        actorLabel: `API key "${key.name}"`,
        action: 'api_key.request',
        entityType: 'api_key',
        entityId: key.id,
        summary: `${request.method} ${route} → ${reply.statusCode}`,
        requestId: request.id,
        ip: request.ip,
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'api key write not audited'));
  });
}
