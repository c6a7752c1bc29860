import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import { badRequest, notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import type { PaymentsRepo } from './payments.repo';
import { verifyWebhookSignature } from './payments.signature';
import type { RecordPaymentInput, WebhookDelivery } from './payments.types';

interface WebhookEntity {
  id?: unknown;
  order_id?: unknown;
  payment_id?: unknown;
  amount?: unknown;
  method?: unknown;
  error_description?: unknown;
}

const integerOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

/** Gateway webhooks: checked by signature, applied and logged once per event id. */
export function paymentWebhooks(
  config: Pick<Config, 'payments'>,
  db: Db,
  repo: PaymentsRepo,
  recording: {
    logDelivery(conn: Db, delivery: WebhookDelivery): Promise<boolean>;
    recordPayment(input: RecordPaymentInput, delivery?: WebhookDelivery): Promise<{ fresh: boolean } | null>;
  },
) {
  /**
   * A gateway webhook: the signature over the raw body first; then the event is applied and its id logged in ONE
   * transaction, so a process that dies half-way keeps neither and the gateway's retry applies it again. A copy
   * delivered while the first is being applied waits for it (the order's row lock) and only then answers; the
   * answer says `duplicate` when that event id had been logged before.
   */
  async function handleWebhook(
    rawBody: Buffer,
    signature: unknown,
    eventIdHeader: unknown,
  ): Promise<{ duplicate: boolean; event: string }> {
    const secret = config.payments.webhookSecret;
    if (!secret) throw notFound('Route');
    if (!verifyWebhookSignature(secret, rawBody, signature)) throw badRequest('Invalid webhook signature');
    let body: { event?: unknown; payload?: Record<string, { entity?: WebhookEntity }> };
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw badRequest('Webhook body is not JSON');
    }
    const event = str(body?.event);
    if (!event) throw badRequest('Webhook event missing');
    const delivery: WebhookDelivery = {
      eventId: str(eventIdHeader) ?? createHash('sha256').update(rawBody).digest('hex'),
      event,
      payload: body,
    };
    const input = await paymentOfWebhook(event, body.payload ?? {});
    const recorded = input ? await recording.recordPayment(input, delivery) : null;
    // Events that move no money here (other events, orders of another system) are only logged.
    const fresh = recorded ? recorded.fresh : await recording.logDelivery(db, delivery);
    return { duplicate: !fresh, event };
  }

  /** The ledger row a webhook event asks for, or null when it moves no money of ours. */
  async function paymentOfWebhook(
    event: string,
    payload: Record<string, { entity?: WebhookEntity }>,
  ): Promise<RecordPaymentInput | null> {
    const payment = payload.payment?.entity;
    if (event === 'payment.captured' || event === 'order.paid' || event === 'payment.failed') {
      const paymentId = str(payment?.id);
      const orderId = str(payment?.order_id);
      if (!paymentId || !orderId) return null;
      return {
        gatewayOrderId: orderId,
        gatewayPaymentId: paymentId,
        status: event === 'payment.failed' ? 'failed' : 'captured',
        source: 'webhook',
        amount: integerOf(payment?.amount),
        method: str(payment?.method) ?? null,
        failureReason:
          event === 'payment.failed' ? (str(payment?.error_description) ?? 'Payment failed') : null,
      };
    }
    if (event === 'refund.processed') {
      const refund = payload.refund?.entity;
      const refundId = str(refund?.id);
      const paymentId = str(refund?.payment_id);
      if (!refundId || !paymentId) return null;
      const paid = await repo.gatewayOrderIdOfPayment(paymentId);
      if (!paid) return null;
      return {
        gatewayOrderId: paid.gatewayOrderId,
        gatewayPaymentId: refundId,
        status: 'refunded',
        source: 'webhook',
        amount: integerOf(refund?.amount),
      };
    }
    return null;
  }

  return { handleWebhook };
}
