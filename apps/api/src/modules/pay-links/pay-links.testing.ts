import type { PayLinkCheckoutDto, PayLinkDto, SandboxCheckoutResult } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { call } from '../../../test/app';

/** The public pay page's calls, as its web page makes them. */
export function payPage(app: FastifyInstance, token: string) {
  const base = `/api/public/pay/${token}`;
  return {
    view: () => call(app, 'GET', base),
    openOrder: () => call(app, 'POST', `${base}/order`),
    sandbox: (orderId: string, outcome: 'success' | 'failure' = 'success') =>
      call(app, 'POST', `${base}/sandbox-checkout`, { body: { orderId, outcome } }),
    verify: (body: Record<string, unknown>) => call(app, 'POST', `${base}/verify`, { body }),
  };
}

/** Opens an order through the link, pays it in the sandbox and answers the fields to verify (not yet verified). */
export async function paidAtSandbox(app: FastifyInstance, token: string) {
  const page = payPage(app, token);
  const opened = await page.openOrder();
  if (opened.statusCode !== 200) throw new Error(`order: ${opened.body}`);
  const checkout = opened.json<{ data: PayLinkCheckoutDto }>().data;
  const taken = await page.sandbox(checkout.order.id);
  if (taken.statusCode !== 200) throw new Error(`sandbox: ${taken.body}`);
  const result = taken.json<{ data: SandboxCheckoutResult }>().data;
  return {
    checkout,
    fields: {
      razorpay_order_id: result.razorpay_order_id,
      razorpay_payment_id: result.razorpay_payment_id,
      razorpay_signature: result.razorpay_signature!,
    },
  };
}

export const dataOf = (response: { json<T>(): T }) => response.json<{ data: PayLinkDto }>().data;
