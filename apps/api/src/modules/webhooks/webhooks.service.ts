import { randomBytes } from 'node:crypto';
import type {
  IntegrationPageQuery,
  Pagination,
  WebhookAttemptDto,
  WebhookCreateBody,
  WebhookCreated,
  WebhookDto,
  WebhookUpdateBody,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import type { AppDeps, ServiceLog } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { badRequest, conflict, notFound } from '../../core/errors';
import { boundedPageOf, iso, isoOrNull, offsetOf } from '../../core/http';
import { createWebhookDispatcher } from './webhooks.dispatch';
import { listAttempts, listEndpoints } from './webhooks.lists';
import { createWebhooksRepo, type EndpointRow } from './webhooks.repo';
import { resolveWebhookTarget, WebhookTargetError } from './webhooks.targets';

/** Delivers the outbox (core/events.ts); cron every minute, and queued by each request that wrote events. */
export const WEBHOOKS_DISPATCH_JOB = 'webhooks.dispatch';

/** A company keeps at most this many receivers. */
const MAX_ENDPOINTS = 20;

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'mailer' | 'notifier'>;

export function toWebhookDto(row: EndpointRow): WebhookDto {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    isActive: row.isActive,
    failingSince: isoOrNull(row.failingSince),
    disabledAt: isoOrNull(row.disabledAt),
    disabledReason: row.disabledReason,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * Outgoing webhooks of a company: receivers (URL, events, signing secret shown once), their delivery log, a test
 * send and redelivery; the dispatcher (webhooks.dispatch.ts) delivers the outbox at least once, signed, with
 * retries for a day.
 */
export function createWebhooksService(deps: Deps, log: ServiceLog) {
  const { db, config, jobs } = deps;
  const allowPrivate = config.webhookAllowPrivateTargets;
  const dispatcher = createWebhookDispatcher(deps, log);

  /** The URL's rules and, after DNS resolution, its addresses (400 naming `url`). */
  async function checkTarget(url: string): Promise<void> {
    try {
      await resolveWebhookTarget(url, allowPrivate);
    } catch (error) {
      if (error instanceof WebhookTargetError) throw badRequest(error.message, 'url');
      throw error;
    }
  }

  async function endpointOf(ctx: CompanyContext, id: string): Promise<EndpointRow> {
    const endpoint = await createWebhooksRepo(db).findEndpoint(ctx.companyId, id);
    if (!endpoint) throw notFound('Webhook');
    return endpoint;
  }

  return {
    async create(ctx: CompanyContext, body: WebhookCreateBody): Promise<WebhookCreated> {
      await checkTarget(body.url);
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      const endpoint = await db.transaction(async (tx) => {
        const repo = createWebhooksRepo(tx);
        if ((await repo.countEndpoints(ctx.companyId)) >= MAX_ENDPOINTS) {
          throw conflict(`A company can have at most ${MAX_ENDPOINTS} webhooks`);
        }
        const row = await repo.insertEndpoint({
          companyId: ctx.companyId,
          url: body.url,
          description: body.description,
          events: [...new Set(body.events)],
          secret,
          createdBy: ctx.userId,
        });
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'webhook.created',
          entityType: 'webhook',
          entityId: row.id,
          summary: `Webhook to ${row.url} created`,
          after: { url: row.url, events: row.events },
        });
        return row;
      });
      return { ...toWebhookDto(endpoint), secret };
    },

    async list(
      ctx: CompanyContext,
      query: IntegrationPageQuery,
    ): Promise<{ data: WebhookDto[]; pagination: Pagination }> {
      const { rows, count } = await listEndpoints(
        db,
        ctx.companyId,
        query.limit,
        offsetOf(query.page, query.limit),
      );
      return {
        data: rows.map((row) => toWebhookDto(row.endpoint)),
        pagination: boundedPageOf(query.page, query.limit, count, rows.length),
      };
    },

    async get(ctx: CompanyContext, id: string): Promise<WebhookDto> {
      return toWebhookDto(await endpointOf(ctx, id));
    },

    async update(ctx: CompanyContext, id: string, body: WebhookUpdateBody): Promise<WebhookDto> {
      if (body.url !== undefined) await checkTarget(body.url);
      if (Object.values(body).every((value) => value === undefined))
        return toWebhookDto(await endpointOf(ctx, id));
      return db.transaction(async (tx) => {
        const reenabled = body.isActive === true;
        const row = await createWebhooksRepo(tx).updateEndpoint(ctx.companyId, id, {
          ...(body.url === undefined ? {} : { url: body.url }),
          ...(body.events === undefined ? {} : { events: [...new Set(body.events)] }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
          ...(reenabled ? { disabledAt: null, disabledReason: null, failingSince: null } : {}),
          ...(body.isActive === false
            ? { disabledAt: new Date(), disabledReason: 'Disabled by a member' }
            : {}),
        });
        if (!row) throw notFound('Webhook');
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'webhook.updated',
          entityType: 'webhook',
          entityId: id,
          summary: `Webhook to ${row.url} updated`,
          after: body,
        });
        return toWebhookDto(row);
      });
    },

    async remove(ctx: CompanyContext, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const endpoint = await createWebhooksRepo(tx).findEndpoint(ctx.companyId, id);
        if (!endpoint || !(await createWebhooksRepo(tx).deleteEndpoint(ctx.companyId, id))) {
          throw notFound('Webhook');
        }
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'webhook.deleted',
          entityType: 'webhook',
          entityId: id,
          summary: `Webhook to ${endpoint.url} deleted`,
        });
      });
    },

    /** Sends a `webhook.test` event to this receiver at once and answers the attempt (it joins the log too). */
    async sendTest(ctx: CompanyContext, id: string): Promise<WebhookAttemptDto> {
      const endpoint = await endpointOf(ctx, id);
      return dispatcher.sendTest(endpoint);
    },

    async deliveries(
      ctx: CompanyContext,
      id: string,
      query: IntegrationPageQuery,
    ): Promise<{ data: WebhookAttemptDto[]; pagination: Pagination }> {
      await endpointOf(ctx, id);
      const { rows, count } = await listAttempts(
        db,
        ctx.companyId,
        id,
        query.limit,
        offsetOf(query.page, query.limit),
      );
      return {
        data: rows.map(({ attempt, delivery }) => ({
          _id: attempt.id,
          deliveryId: delivery.id,
          eventId: delivery.eventId,
          eventType: delivery.eventType,
          deliveryStatus: delivery.status,
          statusCode: attempt.statusCode,
          durationMs: attempt.durationMs,
          responseExcerpt: attempt.responseExcerpt,
          error: attempt.error,
          nextRetryAt: isoOrNull(attempt.nextRetryAt),
          createdAt: iso(attempt.createdAt),
        })),
        pagination: boundedPageOf(query.page, query.limit, count, rows.length),
      };
    },

    /** Sends a delivery again at once (whatever its state), on a receiver that is enabled. */
    async redeliver(ctx: CompanyContext, deliveryId: string): Promise<WebhookAttemptDto> {
      const due = await createWebhooksRepo(db).findDelivery(ctx.companyId, deliveryId);
      if (!due) throw notFound('Delivery');
      if (!due.endpoint.isActive) throw conflict('This webhook is disabled: enable it before redelivering');
      return dispatcher.redeliver(due);
    },

    /** Fans the outbox out to the receivers and delivers what is due at `now` (the job's date input). */
    dispatch: dispatcher.dispatch,

    /** Queues a dispatch (at most one waiting). */
    kick: () => jobs.send(WEBHOOKS_DISPATCH_JOB, {}, { singletonKey: WEBHOOKS_DISPATCH_JOB }),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
