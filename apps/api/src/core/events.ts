import type { WebhookEventType } from '@rentora/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { webhookEvents } from '../db/schema';
import { currentRequest } from './audit';

export interface DomainEvent {
  companyId: string;
  type: WebhookEventType;
  /** What a receiver needs about the change: ids, numbers, statuses (money in paise), never secrets. */
  data: Record<string, unknown>;
}

const requestsWithEvents = new WeakSet<FastifyRequest>();

/**
 * Writes a domain event to the outbox (`webhook_events`) with the transaction of the change: it commits with the
 * change or not at all. The `webhooks.dispatch` job delivers it to the company's receivers after commit; a request
 * that wrote events queues that job as it ends (registerEventDispatchKick), jobs and scripts leave it to the
 * job's minute tick.
 */
export async function emitEvent(tx: DbOrTx, event: DomainEvent): Promise<void> {
  await tx.insert(webhookEvents).values({ companyId: event.companyId, type: event.type, data: event.data });
  const request = currentRequest();
  if (request) requestsWithEvents.add(request);
}

/** After a response whose request wrote events (its transactions have ended by then), `kick` runs once. */
export function registerEventDispatchKick(app: FastifyInstance, kick: () => Promise<unknown>): void {
  app.addHook('onResponse', async (request) => {
    if (!requestsWithEvents.has(request)) return;
    requestsWithEvents.delete(request);
    await kick().catch((error: unknown) => request.log.warn({ err: error }, 'webhook dispatch not queued'));
  });
}

/** Writes many events with the change's transaction (a rent run's invoices), in batches under the parameter limit. */
export async function emitEvents(tx: DbOrTx, events: DomainEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += 2000) {
    await tx.insert(webhookEvents).values(events.slice(start, start + 2000));
  }
  const request = currentRequest();
  if (request && events.length > 0) requestsWithEvents.add(request);
}
