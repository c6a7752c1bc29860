import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxGatewayPayments } from '../../db/schema';
import { type GatewayPayment, gatewayId, type PaymentGateway } from './payments.gateway';

/** What the sandbox checkout did with an order: took the money or declined it. */
export interface SandboxCheckoutResult {
  paymentId: string;
  status: 'captured' | 'failed';
}

/**
 * The offline gateway. Orders are made locally; the sandbox checkout stands in for Razorpay Checkout and the
 * gateway's own books: every payment it captures or declines is written to `sandbox_gateway_payments` (committed)
 * before the browser hears of it, so reconciliation finds it through `fetchOrderPayments` even when neither the
 * verify nor any webhook ever reached the ledger. Refunds succeed at once (no real money moves).
 */
export interface SandboxGateway extends PaymentGateway {
  mode: 'sandbox';
  checkout(input: {
    orderId: string;
    amount: number;
    currency: string;
    outcome: 'success' | 'failure';
  }): Promise<SandboxCheckoutResult>;
}

export function createSandboxGateway(secret: string, db: Db): SandboxGateway {
  return {
    mode: 'sandbox',
    keyId: 'sandbox',
    signingSecret: secret,
    async createOrder({ amount, currency }) {
      return { id: gatewayId('order'), amount, currency };
    },
    async checkout({ orderId, amount, currency, outcome }) {
      const paymentId = gatewayId('pay');
      const status = outcome === 'success' ? 'captured' : 'failed';
      await db.insert(sandboxGatewayPayments).values({
        gatewayOrderId: orderId,
        gatewayPaymentId: paymentId,
        amount,
        currency,
        status,
        method: 'card',
        errorDescription: status === 'failed' ? 'Payment declined in the sandbox' : null,
      });
      return { paymentId, status };
    },
    async fetchOrderPayments(orderId): Promise<GatewayPayment[]> {
      const rows = await db
        .select()
        .from(sandboxGatewayPayments)
        .where(eq(sandboxGatewayPayments.gatewayOrderId, orderId))
        .orderBy(sandboxGatewayPayments.createdAt);
      return rows.map((row) => ({
        id: row.gatewayPaymentId,
        orderId: row.gatewayOrderId,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        method: row.method,
        errorDescription: row.errorDescription,
      }));
    },
    async refund({ paymentId, amount }) {
      return { id: gatewayId('rfnd'), paymentId, amount, status: 'processed' };
    },
  };
}
