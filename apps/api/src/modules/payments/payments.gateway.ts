import { randomBytes } from 'node:crypto';
import type Razorpay from 'razorpay';
import { AppError } from '../../core/errors';

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

/** A refund as the gateway answers it (`pending` ones are settled later by the `refund.processed` webhook). */
export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
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
  /** Refunds `amount` (minor units) of a captured payment. */
  refund(input: { paymentId: string; amount: number; receipt?: string }): Promise<GatewayRefund>;
}

/** Ids shaped like Razorpay's: a prefix and 14 base62 characters. */
export function gatewayId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(14);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return `${prefix}_${out}`;
}

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** Another API host than https://api.razorpay.com (a local stand-in in tests). */
  apiUrl?: string;
}

/** The SDK's error shape (`normalizeError` in its api.js) or a network error. */
function gatewayError(what: string, error: unknown): AppError {
  const described =
    error && typeof error === 'object' && 'error' in error
      ? (error as { error?: { description?: unknown } }).error?.description
      : undefined;
  const reason = typeof described === 'string' ? described : error instanceof Error ? error.message : '';
  return new AppError(
    'SERVICE_UNAVAILABLE',
    `The payment gateway could not ${what}${reason ? `: ${reason.slice(0, 200)}` : ''}`,
  );
}

const toInt = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

const PAYMENT_STATUSES: readonly GatewayPayment['status'][] = [
  'captured',
  'failed',
  'created',
  'authorized',
  'refunded',
];

/** Razorpay through its official SDK: orders, the payments of an order, refunds. */
export function createRazorpayGateway(options: RazorpayOptions): PaymentGateway {
  // The SDK (about 18 MB with axios) is loaded with the first call to the gateway, not at start-up.
  let loaded: Promise<Razorpay> | undefined;
  const sdk = (): Promise<Razorpay> =>
    (loaded ??= import('razorpay').then(({ default: RazorpaySdk }) => {
      const client = new RazorpaySdk({ key_id: options.keyId, key_secret: options.keySecret });
      if (options.apiUrl) {
        // The SDK fixes its host (`hostUrl: 'https://api.razorpay.com'` in razorpay.js) on an axios instance `api.rq`
        // and adds `/v1/...` per call; a different host is set on that instance.
        (client as unknown as { api: { rq: { defaults: { baseURL?: string } } } }).api.rq.defaults.baseURL =
          options.apiUrl.replace(/\/$/, '');
      }
      return client;
    }));
  return {
    mode: 'razorpay',
    keyId: options.keyId,
    signingSecret: options.keySecret,
    async createOrder({ amount, currency, receipt }) {
      try {
        const order = await (await sdk()).orders.create({
          amount,
          currency,
          receipt: receipt.slice(0, 40) || undefined,
        });
        return { id: order.id, amount: toInt(order.amount), currency: order.currency };
      } catch (error) {
        throw gatewayError('create the order', error);
      }
    },
    async fetchOrderPayments(orderId) {
      try {
        const answer = await (await sdk()).orders.fetchPayments(orderId);
        return answer.items.map((p) => ({
          id: p.id,
          orderId: p.order_id,
          amount: toInt(p.amount),
          currency: p.currency,
          status: (PAYMENT_STATUSES as readonly string[]).includes(p.status)
            ? (p.status as GatewayPayment['status'])
            : 'created',
          method: p.method ?? null,
          errorDescription: p.error_description ?? null,
        }));
      } catch (error) {
        throw gatewayError('list the payments of the order', error);
      }
    },
    async refund({ paymentId, amount, receipt }) {
      try {
        const refund = await (await sdk()).payments.refund(paymentId, {
          amount,
          ...(receipt ? { receipt: receipt.slice(0, 40) } : {}),
        });
        const status =
          refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending';
        return { id: refund.id, paymentId: refund.payment_id, amount: toInt(refund.amount), status };
      } catch (error) {
        throw gatewayError('refund the payment', error);
      }
    },
  };
}
