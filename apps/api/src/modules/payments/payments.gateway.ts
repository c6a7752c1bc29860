import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';

/** One payment gateway interface; `sandbox` runs offline, `razorpay` is used when its keys are set. */
export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface GatewayPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'created' | 'authorized' | 'refunded';
  method?: string | null;
  errorDescription?: string | null;
}

export interface PaymentGateway {
  mode: 'sandbox' | 'razorpay';
  /** The public key the browser needs (Razorpay key id), `sandbox` otherwise. */
  keyId: string;
  /** The secret signing `order_id|payment_id`. */
  signingSecret: string;
  createOrder(input: { amount: number; currency: string; receipt: string }): Promise<GatewayOrder>;
  /** The payments of an order as the gateway knows them (reconciliation). */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
}

/** Ids shaped like Razorpay's: a prefix and 14 base62 characters. */
export function gatewayId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(14);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return `${prefix}_${out}`;
}

/**
 * The offline gateway: orders are made locally and only exist in our `payment_orders` table, payments are made
 * by the sandbox checkout call, so the gateway itself knows of no payments to reconcile.
 */
export function createSandboxGateway(secret: string): PaymentGateway {
  return {
    mode: 'sandbox',
    keyId: 'sandbox',
    signingSecret: secret,
    async createOrder({ amount, currency }) {
      return { id: gatewayId('order'), amount, currency };
    },
    async fetchOrderPayments() {
      return [];
    },
  };
}

/** The gateway of this process. The Razorpay adapter (official SDK) is not built yet: payments run in the sandbox. */
export function createPaymentGateway(config: Config): PaymentGateway {
  return createSandboxGateway(config.payments.sandboxSecret);
}
