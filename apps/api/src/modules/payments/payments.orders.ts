import type { TdsInput } from '@rentora/shared';
import { AppError, badRequest, notFound } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import type { PaymentGateway } from './payments.gateway';
import { verificationFailed } from './payments.recording';
import { insertOrder, type PaymentsRepo } from './payments.repo';
import type { SandboxGateway } from './payments.sandbox';
import { paymentSignature, verifyPaymentSignature } from './payments.signature';
import type {
  GatewayPaymentRow,
  PaymentOrderRow,
  PaymentRow,
  RecordPaymentInput,
  RecordResult,
  RefundResult,
} from './payments.types';

const isGatewayRow = (p: PaymentRow): p is GatewayPaymentRow =>
  p.orderId !== null && p.gatewayPaymentId !== null;

/** Gateway orders and what is done with them: made, checked out (sandbox), verified, refunded, read. */
export function paymentOrdersOf(
  repo: PaymentsRepo,
  gateway: PaymentGateway | SandboxGateway,
  recordPayment: (input: RecordPaymentInput) => Promise<RecordResult | null>,
) {
  /** Asks the gateway for an order and keeps it; verification later uses this stored gateway order id. */
  async function createOrder(
    tx: DbOrTx,
    input: {
      companyId: string;
      userId: string;
      amount: number;
      currency?: string;
      purpose: string;
      referenceId?: string | null;
      installmentNumber?: number | null;
      tds?: TdsInput | null;
    },
  ): Promise<PaymentOrderRow> {
    if (!Number.isInteger(input.amount) || input.amount <= 0)
      throw badRequest('Amount must be positive', 'amount');
    const currency = input.currency ?? 'INR';
    const order = await gateway.createOrder({
      amount: input.amount,
      currency,
      receipt: input.referenceId ?? '',
    });
    return insertOrder(tx, {
      companyId: input.companyId,
      userId: input.userId,
      gateway: gateway.mode,
      gatewayOrderId: order.id,
      amount: input.amount,
      currency,
      purpose: input.purpose,
      referenceId: input.referenceId ?? null,
      installmentNumber: input.installmentNumber ?? null,
      tds: input.tds ?? null,
    });
  }

  /**
   * Refunds a captured payment through the gateway (all of what is left of it unless `amount` is given). A refund
   * the gateway has processed is written to the ledger at once, keyed on the refund id, so that the later
   * `refund.processed` webhook records nothing twice; a pending one is written by that webhook. Gateway errors are
   * thrown (the caller keeps the money as a refund due).
   */
  async function refundPayment(input: {
    gatewayPaymentId: string;
    amount?: number;
    receipt?: string;
  }): Promise<RefundResult> {
    const row = await repo.paymentWithOrder(input.gatewayPaymentId);
    if (row?.payment.status !== 'captured') throw notFound('Payment');
    const refunded = await repo.refundedOfOrder(row.order.id);
    const left = row.payment.amount - (refunded?.total ?? 0);
    const amount = input.amount ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new AppError('CONFLICT', 'Nothing is left to refund on this payment');
    }
    const refund = await gateway.refund({
      paymentId: input.gatewayPaymentId,
      amount,
      receipt: input.receipt,
    });
    if (refund.status === 'failed') {
      throw new AppError('SERVICE_UNAVAILABLE', 'The payment gateway refused the refund');
    }
    if (refund.status === 'processed') {
      await recordPayment({
        gatewayOrderId: row.order.gatewayOrderId,
        gatewayPaymentId: refund.id,
        status: 'refunded',
        source: 'refund',
        amount: refund.amount,
      });
    }
    return { status: refund.status, refundId: refund.id, amount: refund.amount };
  }

  /**
   * The client's Checkout answer. The signature is checked against the order id stored on our side for `orderRowId`
   * (never the client's); a bad signature changes nothing. Repeats answer the same recorded payment.
   */
  async function verifyClientPayment(input: {
    orderRowId: string;
    userId: string;
    clientOrderId: string;
    paymentId: string;
    signature: string;
  }): Promise<RecordResult> {
    const order = await repo.orderOfUser(input.orderRowId, input.userId);
    if (!order) throw verificationFailed();
    if (input.clientOrderId !== order.gatewayOrderId) throw verificationFailed();
    if (
      !verifyPaymentSignature(gateway.signingSecret, order.gatewayOrderId, input.paymentId, input.signature)
    ) {
      throw verificationFailed();
    }
    const result = await recordPayment({
      gatewayOrderId: order.gatewayOrderId,
      gatewayPaymentId: input.paymentId,
      status: 'captured',
      source: 'verify',
    });
    if (!result) throw verificationFailed();
    if (result.payment.status !== 'captured') throw verificationFailed();
    return result;
  }

  /**
   * The sandbox's stand-in for Razorpay Checkout: only the order's owner, only in sandbox mode. The sandbox gateway
   * books the payment first (its own record, as Razorpay's), then the browser gets what Checkout would hand it.
   */
  async function sandboxCheckout(userId: string, gatewayOrderId: string, outcome: 'success' | 'failure') {
    if (gateway.mode !== 'sandbox' || !('checkout' in gateway)) throw notFound('Order');
    const order = await repo.orderOfUserByGatewayId(gatewayOrderId, userId);
    if (!order) throw notFound('Order');
    if (order.gateway !== 'sandbox') throw notFound('Order');
    if (order.status !== 'created')
      throw new AppError('CONFLICT', 'This order is no longer open for payment');
    const taken = await gateway.checkout({
      orderId: gatewayOrderId,
      amount: order.amount,
      currency: order.currency,
      outcome,
    });
    if (taken.status === 'failed') {
      await recordPayment({
        gatewayOrderId,
        gatewayPaymentId: taken.paymentId,
        status: 'failed',
        source: 'checkout',
        method: 'card',
        failureReason: 'Payment declined in the sandbox',
      });
      return {
        outcome: 'failure' as const,
        razorpay_order_id: gatewayOrderId,
        razorpay_payment_id: taken.paymentId,
      };
    }
    return {
      outcome: 'success' as const,
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: taken.paymentId,
      razorpay_signature: paymentSignature(gateway.signingSecret, gatewayOrderId, taken.paymentId),
    };
  }

  function orderPayments(orderRowId: string): Promise<PaymentRow[]> {
    return repo.orderPayments(orderRowId);
  }

  /** Every ledger row of the orders made for one booking (or other paid record). */
  async function paymentsOfReference(referenceId: string): Promise<GatewayPaymentRow[]> {
    return (await repo.paymentsOfReference(referenceId)).filter(isGatewayRow);
  }

  return {
    createOrder,
    refundPayment,
    verifyClientPayment,
    sandboxCheckout,
    orderPayments,
    paymentsOfReference,
  };
}
