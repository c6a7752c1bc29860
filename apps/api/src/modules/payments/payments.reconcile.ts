import { sql } from 'drizzle-orm';
import type { PaymentGateway } from './payments.gateway';
import type { PaymentsRepo } from './payments.repo';
import type { PaymentOrderRow, PaymentsLog, RecordPaymentInput } from './payments.types';

/** Open orders are asked about for this long after they were made (Razorpay keeps an order payable for days). */
const RECONCILE_WINDOW = sql`interval '3 days'`;
/** Order statuses whose payments may still arrive: `expired` orders were replaced on our side, not at the gateway. */
const UNSETTLED_ORDER_STATUSES = ['created', 'expired'] as const;

/** Reconciliation: asking the gateway what it took for orders not settled on our side, and recording it once. */
export function paymentReconciliation(
  log: PaymentsLog | undefined,
  repo: PaymentsRepo,
  gateway: PaymentGateway,
  recordPayment: (input: RecordPaymentInput) => Promise<{ recorded: boolean } | null>,
) {
  /** The first reconciliation of this process asks about every recent unsettled order (a restart may have lost some). */
  let sweptSinceStart = false;

  /** Asks the gateway about each order and records every captured or failed payment it reports, once. */
  async function settleOrders(orders: PaymentOrderRow[]): Promise<number> {
    let settled = 0;
    for (const order of orders) {
      let found: Awaited<ReturnType<PaymentGateway['fetchOrderPayments']>>;
      try {
        found = await gateway.fetchOrderPayments(order.gatewayOrderId);
      } catch (error) {
        // One order the gateway cannot answer for must not stop the others.
        log?.error({ err: error, orderId: order.gatewayOrderId }, 'reconciliation: order not fetched');
        continue;
      }
      for (const p of found) {
        if (p.status !== 'captured' && p.status !== 'failed') continue;
        const result = await recordPayment({
          gatewayOrderId: order.gatewayOrderId,
          gatewayPaymentId: p.id,
          status: p.status,
          source: 'reconcile',
          amount: p.amount,
          method: p.method ?? null,
          failureReason: p.errorDescription ?? null,
        });
        if (result?.recorded) settled += 1;
      }
    }
    return settled;
  }

  /**
   * Records what the gateway captured for recent orders that are not settled on our side (`created`, or `expired`
   * because another order replaced them: the gateway may still take money for it). Each order is asked less often
   * as it ages (after a quarter of its age, at least a minute); the first run of a process, and `all`, ask about
   * every one of them. Safe on several processes at once: each run claims the orders it asks about, and a payment
   * found twice is recorded once through the ledger's unique key. Answers how many payments it recorded.
   */
  async function reconcile(limit = 50, options: { all?: boolean } = {}): Promise<number> {
    const all = options.all === true || !sweptSinceStart;
    sweptSinceStart = true;
    let settled = 0;
    let afterId: string | null = null;
    for (;;) {
      // A sweep walks every unsettled order once (by id); a scheduled run takes those whose next look is due.
      const orders = await repo.claimOrdersToCheck({
        all,
        afterId,
        limit,
        mode: gateway.mode,
        statuses: UNSETTLED_ORDER_STATUSES,
        window: RECONCILE_WINDOW,
      });
      if (orders.length === 0) break;
      orders.sort((x, y) => (x.id < y.id ? -1 : 1));
      settled += await settleOrders(orders);
      afterId = orders[orders.length - 1]!.id;
      if (!all || orders.length < limit) break;
    }
    return settled;
  }

  /**
   * Before a new order is made for a booking or an invoice: records whatever the gateway took for its earlier
   * unsettled orders, so that the amount still due is computed from every payment the gateway holds.
   */
  async function settleOpenOrdersOf(referenceId: string): Promise<number> {
    const open = await repo.ordersOfReference({
      referenceId,
      mode: gateway.mode,
      statuses: UNSETTLED_ORDER_STATUSES,
      window: RECONCILE_WINDOW,
    });
    return settleOrders(open);
  }

  return { reconcile, settleOpenOrdersOf };
}
