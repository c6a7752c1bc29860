import type { WebhookAttemptDto } from '@rentora/shared';
import type { AppDeps, ServiceLog } from '../../core/app-deps';
import { groupBy } from '../../core/collections';
import { escapeHtml } from '../../core/html';
import { iso, isoOrNull } from '../../core/http';
import { sendMail } from '../../core/mail-delivery';
import { createWebhooksRepo, type DueDelivery, type EndpointRow } from './webhooks.repo';
import { type SendResult, sendWebhook, signWebhookBody } from './webhooks.sender';
import { resolveWebhookTarget, WebhookTargetError } from './webhooks.targets';

const HOUR_MS = 3_600_000;
/** Retries go on for a day after the event; a receiver failing for a day is disabled. */
export const RETRY_WINDOW_MS = 24 * HOUR_MS;
/** Seconds before each retry (the last one repeats until the day is over). */
const BACKOFF_SECONDS = [30, 60, 300, 900, 1800, 3600, 7200, 14_400];
const EVENTS_PER_ROUND = 500;
const DELIVERIES_PER_ROUND = 100;
const LEASE_MS = 60_000;
/** Receivers sent to at the same time by one dispatcher (each receiver's deliveries go one after another). */
const PARALLEL_RECEIVERS = 8;

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'notifier'>;

export function backoffMs(attempts: number): number {
  return BACKOFF_SECONDS[Math.min(attempts, BACKOFF_SECONDS.length) - 1]! * 1000;
}

/** The body a receiver gets for an event. */
export function webhookBody(event: DueDelivery['event']): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: iso(event.createdAt),
    companyId: event.companyId,
    data: event.data,
  });
}

const isSuccess = (result: SendResult) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/**
 * The dispatcher of the outbox: fans each committed event out to the company's active receivers subscribed to its
 * type (one delivery per receiver and event, unique), then sends what is due, each receiver's deliveries in event
 * order (a failure stops that receiver's turn, so later events do not overtake it within a run). A non-2xx answer,
 * a timeout (10 s) or a refused target is retried with backoff for 24 h; a receiver failing for 24 h is disabled
 * and the company owner told (in-app and by email).
 */
export function createWebhookDispatcher({ db, config, mailer, notifier }: Deps, log: ServiceLog) {
  async function send(endpoint: EndpointRow, due: DueDelivery): Promise<SendResult> {
    const body = webhookBody(due.event);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const target = await resolveWebhookTarget(endpoint.url, config.webhookAllowPrivateTargets);
      return await sendWebhook(target, body, {
        'x-rentora-event-id': due.event.id,
        'x-rentora-event-type': due.event.type,
        'x-rentora-delivery-id': due.delivery.id,
        'x-rentora-signature': signWebhookBody(endpoint.secret, timestamp, body),
      });
    } catch (error) {
      if (!(error instanceof WebhookTargetError)) throw error;
      return { statusCode: null, durationMs: 0, responseExcerpt: null, error: error.message };
    }
  }

  async function announceDisabled(endpoint: EndpointRow): Promise<void> {
    const title = 'A webhook was disabled';
    const message = `Every delivery to ${endpoint.url} has failed for 24 hours, so Rentora stopped sending to it. Fix the receiver, then enable it again under Company → Integrations.`;
    await notifier.notifyCompany(
      endpoint.companyId,
      {
        category: 'system',
        type: 'webhook.disabled',
        title,
        message,
        link: '/dashboard/companies/integrations',
        priority: 'high',
      },
      { roles: ['owner'] },
    );
    const owner = await createWebhooksRepo(db).ownerOf(endpoint.companyId);
    if (!owner) return;
    const link = `${config.appUrl}/dashboard/companies/integrations`;
    await sendMail(
      mailer,
      {
        to: owner.email,
        subject: `${owner.name}: a webhook was disabled`,
        text: `${message}\n\n${link}`,
        html: `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(link)}">Open Integrations</a></p>`,
        template: 'webhook.disabled',
        link,
      },
      { companyId: endpoint.companyId, userId: owner.userId },
    );
  }

  /**
   * Records an attempt. `retrying`: the dispatcher's attempt (schedules the next try or gives up, and counts toward
   * disabling the receiver); otherwise a manual one (test or redelivery), which changes the delivery only when it
   * succeeds.
   */
  async function attempt(due: DueDelivery, now: Date, retrying: boolean): Promise<WebhookAttemptDto> {
    const { delivery, endpoint } = due;
    const result = await send(endpoint, due);
    const ok = isSuccess(result);
    const attempts = delivery.attempts + 1;
    let status = delivery.status;
    let nextAttemptAt: Date | null = retrying ? null : delivery.nextAttemptAt;
    if (ok) {
      status = 'succeeded';
      nextAttemptAt = null;
    } else if (retrying) {
      const deadline = delivery.createdAt.getTime() + RETRY_WINDOW_MS;
      if (now.getTime() >= deadline) status = 'failed';
      else nextAttemptAt = new Date(Math.min(now.getTime() + backoffMs(attempts), deadline));
    }
    const disabled = await db.transaction(async (tx) => {
      const repo = createWebhooksRepo(tx);
      await repo.insertAttempt({
        companyId: delivery.companyId,
        endpointId: endpoint.id,
        deliveryId: delivery.id,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        responseExcerpt: result.responseExcerpt,
        error: result.error,
        nextRetryAt: status === 'pending' ? nextAttemptAt : null,
      });
      await repo.updateDelivery(delivery.id, {
        status,
        attempts,
        nextAttemptAt: status === 'pending' ? nextAttemptAt : null,
        lastStatusCode: result.statusCode,
        ...(ok ? { deliveredAt: now } : {}),
      });
      if (ok) {
        await repo.endpointSucceeded(endpoint.id);
        return false;
      }
      if (!retrying) return false;
      const failingSince = await repo.endpointFailed(endpoint.id, now);
      if (now.getTime() - failingSince.getTime() < RETRY_WINDOW_MS) return false;
      return repo.disableEndpoint(endpoint.id, now, 'Every delivery failed for 24 hours');
    });
    if (disabled) {
      await announceDisabled(endpoint).catch((error: unknown) =>
        log.warn({ err: error, endpointId: endpoint.id }, 'webhook disabled but the owner was not told'),
      );
    }
    return {
      _id: delivery.id,
      deliveryId: delivery.id,
      eventId: due.event.id,
      eventType: due.event.type,
      deliveryStatus: status,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      responseExcerpt: result.responseExcerpt,
      error: result.error,
      nextRetryAt: status === 'pending' ? isoOrNull(nextAttemptAt) : null,
      createdAt: iso(new Date()),
    };
  }

  /** One event-fan-out round: answers how many events it took. */
  async function fanOut(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const repo = createWebhooksRepo(tx);
      const events = await repo.pendingEvents(EVENTS_PER_ROUND);
      if (events.length === 0) return 0;
      const endpoints = await repo.activeEndpointsOf([...new Set(events.map((event) => event.companyId))]);
      const byCompany = groupBy(endpoints, (endpoint) => endpoint.companyId);
      await repo.insertDeliveries(
        events.flatMap((event) =>
          (byCompany.get(event.companyId) ?? [])
            .filter(
              (endpoint) => endpoint.events.includes(event.type) && endpoint.createdAt <= event.createdAt,
            )
            .map((endpoint) => ({
              companyId: event.companyId,
              endpointId: endpoint.id,
              eventId: event.id,
              eventType: event.type,
              nextAttemptAt: now,
            })),
        ),
      );
      await repo.markDispatched(
        events.map((event) => event.id),
        now,
      );
      return events.length;
    });
  }

  /** Sends one receiver's claimed deliveries in event order; the first failure releases the rest to the next run. */
  async function deliverInOrder(
    deliveries: DueDelivery[],
    now: Date,
  ): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    for (const [index, due] of deliveries.entries()) {
      const result = await attempt(due, now, true);
      if (result.deliveryStatus === 'succeeded') {
        sent++;
        continue;
      }
      const rest = deliveries.slice(index + 1);
      await Promise.all(
        rest.map((next) => createWebhooksRepo(db).updateDelivery(next.delivery.id, { nextAttemptAt: now })),
      );
      return { sent, failed: 1 };
    }
    return { sent, failed: 0 };
  }

  return {
    async dispatch(now = new Date()): Promise<{ events: number; sent: number; failed: number }> {
      const totals = { events: 0, sent: 0, failed: 0 };
      for (let round = 0; round < 20; round++) {
        const events = await fanOut(now);
        const claimed = await db.transaction((tx) =>
          createWebhooksRepo(tx).claimDue(now, new Date(Date.now() + LEASE_MS), DELIVERIES_PER_ROUND),
        );
        totals.events += events;
        const receivers = [...groupBy(claimed, (due) => due.endpoint.id).values()];
        for (let start = 0; start < receivers.length; start += PARALLEL_RECEIVERS) {
          const results = await Promise.all(
            receivers.slice(start, start + PARALLEL_RECEIVERS).map((group) => deliverInOrder(group, now)),
          );
          for (const result of results) {
            totals.sent += result.sent;
            totals.failed += result.failed;
          }
        }
        if (events < EVENTS_PER_ROUND && claimed.length < DELIVERIES_PER_ROUND) break;
      }
      return totals;
    },

    async sendTest(endpoint: EndpointRow): Promise<WebhookAttemptDto> {
      const now = new Date();
      const { event, delivery } = await db.transaction(async (tx) => {
        const repo = createWebhooksRepo(tx);
        const created = await repo.insertEvent({
          companyId: endpoint.companyId,
          type: 'webhook.test',
          data: { message: 'A test event sent from Rentora', webhookId: endpoint.id },
          dispatchedAt: now,
        });
        const [row] = await repo.insertDeliveries([
          {
            companyId: endpoint.companyId,
            endpointId: endpoint.id,
            eventId: created.id,
            eventType: created.type,
            status: 'failed',
            nextAttemptAt: null,
          },
        ]);
        return { event: created, delivery: row! };
      });
      return attempt({ delivery, endpoint, event }, now, false);
    },

    redeliver: (due: DueDelivery) => attempt(due, new Date(), false),
  };
}
