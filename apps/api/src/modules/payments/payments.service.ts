import type { Config } from '../../config';
import type { AppDeps } from '../../core/app-deps';
import type { Db, Tx } from '../../db/client';
import type { PaymentGateway } from './payments.gateway';
import { createRazorpayGateway } from './payments.gateway';
import { paymentOrdersOf } from './payments.orders';
import { paymentReconciliation } from './payments.reconcile';
import { paymentRecording } from './payments.recording';
import { createPaymentsRepo } from './payments.repo';
import { createSandboxGateway, type SandboxGateway } from './payments.sandbox';
import type { PaymentOrderRow, PaymentRow } from './payments.types';
import { paymentWebhooks } from './payments.webhooks';

/** The gateway of this process: Razorpay when its key id and secret are set, the sandbox otherwise. */
export { gatewayId } from './payments.gateway';
export type { LedgerService } from './payments.ledger';
export { ledgerFieldsOfOrder } from './payments.recording';
/** What a booking or an invoice does to its payment order inside its own transaction. */
export { expireOpenOrder, expireOrder, orderById } from './payments.repo';
export type {
  GatewayPaymentRow,
  PaymentOrderRow,
  PaymentRow,
  RecordPaymentInput,
  RecordResult,
  RefundResult,
  WebhookDelivery,
} from './payments.types';

export function createPaymentGateway(config: Config, db: Db): PaymentGateway | SandboxGateway {
  if (config.razorpay) return createRazorpayGateway(config.razorpay);
  return createSandboxGateway(config.payments.sandboxSecret, db);
}

/**
 * Runs after a captured payment is first recorded, inside the same transaction (services.ts registers the bookings
 * and invoices hooks with `onPaid`).
 */
export type PaidHook = (tx: Tx, order: PaymentOrderRow, payment: PaymentRow) => Promise<void>;

/**
 * Runs after the transaction that first recorded a captured payment has committed (notifications, emails), without
 * holding up the caller's answer. Best effort: a failure is logged and never undoes the payment. Registered with
 * `onSettled` (services.ts).
 */
export type SettledHook = (deps: PaymentsDeps, order: PaymentOrderRow, payment: PaymentRow) => Promise<void>;

/** What the service needs; the notifier and mailer are only used by settled hooks (absent in benchmarks). */
export type PaymentsDeps = Pick<AppDeps, 'db' | 'config'> &
  Partial<Pick<AppDeps, 'notifier' | 'mailer'>> & {
    log?: { error(details: object, message: string): void; warn?(details: object, message: string): void };
  };

export function createPaymentsService(
  deps: PaymentsDeps,
  hooks: PaidHook[] = [],
  gatewayOverride?: PaymentGateway,
) {
  const db: Db = deps.db;
  const settledHooks: SettledHook[] = [];
  const gateway: PaymentGateway | SandboxGateway = gatewayOverride ?? createPaymentGateway(deps.config, db);

  async function runSettledHooks(order: PaymentOrderRow, payment: PaymentRow): Promise<void> {
    for (const hook of settledHooks) {
      try {
        await hook(deps, order, payment);
      } catch (error) {
        deps.log?.error({ err: error, paymentId: payment.id }, 'payment settled hook failed');
      }
    }
  }

  const repo = createPaymentsRepo(db);
  const recording = paymentRecording(db, repo, hooks, runSettledHooks);
  const { recordPayment } = recording;
  const reconciliation = paymentReconciliation(deps.log, repo, gateway, recordPayment);

  return {
    /** Adds a hook run inside the transaction that first records a captured payment. */
    onPaid(hook: PaidHook): void {
      if (!hooks.includes(hook)) hooks.push(hook);
    },
    /** Adds a hook run after that transaction has committed (best effort). */
    onSettled(hook: SettledHook): void {
      if (!settledHooks.includes(hook)) settledHooks.push(hook);
    },
    gateway,
    ...paymentOrdersOf(repo, gateway, recordPayment),
    recordPayment,
    ...paymentWebhooks(deps.config, db, repo, recording),
    ...reconciliation,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
export { methodLabel } from './payments.receipt';
