import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in of Razorpay's Orders, Payments and Refunds API (the real host cannot be reached from CI),
 * shaped as https://razorpay.com/docs/api documents it: HTTP Basic auth with the key id and secret, amounts in
 * paise, entities with `entity`, collections `{entity: 'collection', count, items}`, errors
 * `{error: {code, description}}`. Tests "pay" through it with `capture()`.
 */
export interface StandinOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface StandinPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  amount_refunded: number;
  captured: boolean;
  error_description: string | null;
  created_at: number;
}

export interface StandinRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
}

export interface RazorpayStandin {
  url: string;
  orders: Map<string, StandinOrder>;
  payments: Map<string, StandinPayment>;
  refunds: Map<string, StandinRefund>;
  /** Every request as received: method, path, the Basic auth user, the JSON body. */
  requests: { method: string; path: string; keyId: string | null; body: unknown }[];
  /** The status the next refunds get (`processed` unless changed). */
  refundStatus: StandinRefund['status'];
  /** Makes a payment of the order as Checkout would (captured by default). */
  capture(orderId: string, options?: { status?: StandinPayment['status']; method?: string }): StandinPayment;
  close(): Promise<void>;
}

const id = (prefix: string) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}_${[...randomBytes(14)].map((b) => alphabet[b % alphabet.length]).join('')}`;
};
const now = () => Math.floor(Date.now() / 1000);

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return {};
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startRazorpayStandin(keyId: string, keySecret: string): Promise<RazorpayStandin> {
  const orders = new Map<string, StandinOrder>();
  const payments = new Map<string, StandinPayment>();
  const refunds = new Map<string, StandinRefund>();
  const requests: RazorpayStandin['requests'] = [];
  const state = { refundStatus: 'processed' as StandinRefund['status'] };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, code: string, description: string) =>
    send(response, status, { error: { code, description, source: 'business', step: 'payment_initiation' } });

  const server: Server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://standin');
      const auth = request.headers.authorization ?? '';
      const [user, pass] = auth.startsWith('Basic ')
        ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')
        : [null, null];
      const body = request.method === 'POST' ? await readJson(request) : undefined;
      requests.push({ method: request.method ?? '', path: url.pathname, keyId: user ?? null, body });
      if (user !== keyId || pass !== keySecret) {
        return error(response, 401, 'BAD_REQUEST_ERROR', 'The api key provided is invalid');
      }
      const path = url.pathname;
      if (request.method === 'POST' && path === '/v1/orders') {
        const input = body as { amount?: unknown; currency?: unknown; receipt?: unknown };
        if (typeof input.amount !== 'number' || !Number.isInteger(input.amount) || input.amount < 100) {
          return error(response, 400, 'BAD_REQUEST_ERROR', 'Order amount less than minimum amount allowed');
        }
        const order: StandinOrder = {
          id: id('order'),
          entity: 'order',
          amount: input.amount,
          amount_paid: 0,
          amount_due: input.amount,
          currency: typeof input.currency === 'string' ? input.currency : 'INR',
          receipt: typeof input.receipt === 'string' ? input.receipt : null,
          status: 'created',
          attempts: 0,
          notes: {},
          created_at: now(),
        };
        orders.set(order.id, order);
        return send(response, 200, order);
      }
      const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (request.method === 'GET' && orderPayments) {
        const order = orders.get(orderPayments[1]!);
        if (!order) return error(response, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
        const items = [...payments.values()].filter((p) => p.order_id === order.id);
        return send(response, 200, { entity: 'collection', count: items.length, items });
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (request.method === 'POST' && refund) {
        const payment = payments.get(refund[1]!);
        if (!payment) return error(response, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
        const input = body as { amount?: unknown; receipt?: unknown };
        const amount =
          typeof input.amount === 'number' ? input.amount : payment.amount - payment.amount_refunded;
        if (payment.status !== 'captured' && payment.status !== 'refunded') {
          return error(response, 400, 'BAD_REQUEST_ERROR', 'Only captured payments can be refunded');
        }
        if (amount <= 0 || amount > payment.amount - payment.amount_refunded) {
          return error(
            response,
            400,
            'BAD_REQUEST_ERROR',
            'The refund amount provided is greater than amount captured',
          );
        }
        const made: StandinRefund = {
          id: id('rfnd'),
          entity: 'refund',
          amount,
          currency: payment.currency,
          payment_id: payment.id,
          receipt: typeof input.receipt === 'string' ? input.receipt : null,
          status: state.refundStatus,
          created_at: now(),
        };
        refunds.set(made.id, made);
        payment.amount_refunded += amount;
        if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
        return send(response, 200, made);
      }
      return error(response, 404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
    } catch (cause) {
      return error(response, 500, 'SERVER_ERROR', cause instanceof Error ? cause.message : 'error');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    payments,
    refunds,
    requests,
    get refundStatus() {
      return state.refundStatus;
    },
    set refundStatus(value) {
      state.refundStatus = value;
    },
    capture(orderId, options = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const status = options.status ?? 'captured';
      const payment: StandinPayment = {
        id: id('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: order.currency,
        status,
        order_id: order.id,
        method: options.method ?? 'upi',
        amount_refunded: 0,
        captured: status === 'captured',
        error_description: status === 'failed' ? 'Payment was declined by the bank' : null,
        created_at: now(),
      };
      payments.set(payment.id, payment);
      order.attempts += 1;
      order.status = status === 'captured' ? 'paid' : 'attempted';
      if (status === 'captured') {
        order.amount_paid = order.amount;
        order.amount_due = 0;
      }
      return payment;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
