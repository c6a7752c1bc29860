import type { AppDeps } from '../../app';
import type { Config } from '../../config';
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

export { ledgerFieldsOfOrder } from './payments.recording';
export type {
  GatewayPaymentRow,
  PaymentOrderRow,
  PaymentRow,
  RecordPaymentInput,
  RecordResult,
  RefundResult,
  WebhookDelivery,
} from './payments.types';

/** The gateway of this process: Razorpay when its key id and secret are set, the sandbox otherwise. */
export function createPaymentGateway(config: Config, db: Db): PaymentGateway | SandboxGateway {
  if (config.razorpay) return createRazorpayGateway(config.razorpay);
  return createSandboxGateway(config.payments.sandboxSecret, db);
}

/** Runs after a captured payment is first recorded, inside the same transaction (bookings hook in here). */
export type PaidHook = (tx: Tx, order: PaymentOrderRow, payment: PaymentRow) => Promise<void>;

/** Hooks every payments service runs (modules register theirs when they load, e.g. bookings). */
const registeredHooks: PaidHook[] = [];
export function registerPaidHook(hook: PaidHook): void {
  if (!registeredHooks.includes(hook)) registeredHooks.push(hook);
}

/**
 * Runs after the transaction that first recorded a captured payment has committed (notifications, emails), without
 * holding up the caller's answer. Best effort: a failure is logged and never undoes the payment.
 */
export type SettledHook = (deps: PaymentsDeps, order: PaymentOrderRow, payment: PaymentRow) => Promise<void>;
const settledHooks: SettledHook[] = [];
export function registerSettledHook(hook: SettledHook): void {
  if (!settledHooks.includes(hook)) settledHooks.push(hook);
}

/** What the service needs; the notifier and mailer are only used by settled hooks (absent in benchmarks). */
export type PaymentsDeps = Pick<AppDeps, 'db' | 'config'> &
  Partial<Pick<AppDeps, 'notifier' | 'mailer'>> & {
    log?: { error(details: object, message: string): void; warn?(details: object, message: string): void };
  };

export function createPaymentsService(
  deps: PaymentsDeps,
  hooks: PaidHook[] = registeredHooks,
  gatewayOverride?: PaymentGateway,
) {
  const db: Db = deps.db;
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
    gateway,
    ...paymentOrdersOf(repo, gateway, recordPayment),
    recordPayment,
    ...paymentWebhooks(deps.config, db, repo, recording),
    ...reconciliation,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
