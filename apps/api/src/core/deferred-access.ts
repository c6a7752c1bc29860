import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StatementGate } from '../db/statement-gate';
import { outsideRequest } from './audit';
import { toErrorReply } from './error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads its caller's role, permissions or plan before its first statement (e.g. to choose the company
     * a super admin looks at): its access is checked before it starts, as for every write.
     */
    checkAccessFirst?: true;
  }
  interface FastifyRequest {
    /** Set while the caller's access is checked alongside the route's first statement (a company GET). */
    accessGate?: StatementGate;
  }
}

/**
 * A company GET with the company named in its header does not wait for its caller's context: the route starts at once
 * with a provisional context (core/access.ts), and the context query runs with the route's first statement
 * (db/statement-gate.ts), which saves a round trip to the database per read. Nothing reaches the caller before the
 * check has passed: every statement's rows wait for it, and the answer (whatever the route made of it, an error
 * included) is replaced by the check's error when it fails (`registerDeferredAccessAnswers`).
 */
export function deferAccessCheck(request: FastifyRequest, check: () => Promise<void>): void {
  const gate = new StatementGate(() =>
    outsideRequest(async () => {
      try {
        await check();
        if (request.accessGate === gate) request.accessGate = undefined;
      } catch (error) {
        request.auth = null;
        throw error;
      }
    }),
  );
  request.accessGate = gate;
}

/** Whether a request may start before its access check: see deferAccessCheck. */
export function mayDeferAccessCheck(
  request: FastifyRequest,
  accessKind: string,
  companyId: string | null,
): companyId is string {
  return (
    accessKind === 'company' &&
    request.method === 'GET' &&
    companyId !== null &&
    !request.routeOptions.config?.checkAccessFirst
  );
}

/** Headers a route may have set for an answer that is not sent when the caller's access fails. */
const ANSWER_HEADERS = ['content-disposition', 'etag', 'last-modified', 'cache-control', 'x-page-cache'];

function deniedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  payload: unknown,
): string {
  if (payload && typeof (payload as { destroy?: unknown }).destroy === 'function') {
    (payload as { destroy(): void }).destroy();
  }
  const { status, body } = toErrorReply(error, request.id);
  if (status >= 500) request.log.error({ err: error }, 'access check failed');
  for (const header of ANSWER_HEADERS) reply.removeHeader(header);
  reply.code(status).type('application/json; charset=utf-8');
  return JSON.stringify(body);
}

/**
 * Before any answer of a deferred request leaves, its access check must have passed (it is run now if the route made no
 * statement); otherwise the check's error is sent instead.
 */
export function registerDeferredAccessAnswers(app: FastifyInstance): void {
  // A callback hook: most answers have no gate, and an async hook would cost them a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    const gate = request.accessGate;
    if (!gate) return done(null, payload);
    gate.open().then(
      () => done(null, payload),
      (error: unknown) => done(null, deniedAnswer(request, reply, error, payload)),
    );
  });
}
