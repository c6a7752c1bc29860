import { createHmac } from 'node:crypto';
import type { BookingCheckoutDto, BookingDetailDto } from '@rentora/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany, type Session, signUp } from '../../../test/factories';
import { AppError } from '../../core/errors';
import { paymentOrders } from '../../db/schema';
import { book, makeBookableUnit } from '../bookings/bookings.testing';
import { createRazorpayGateway } from './payments.gateway';
import { paymentSignature } from './payments.signature';
import { type RazorpayStandin, startRazorpayStandin } from './razorpay-standin.testing';

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'standin-key-secret-0123456789';
const WEBHOOK_SECRET = 'standin-webhook-secret';

let standin: RazorpayStandin;
let app: FastifyInstance;
let company: CompanySession;
let visitor: Session;

beforeAll(async () => {
  await getTestApp();
  standin = await startRazorpayStandin(KEY_ID, KEY_SECRET);
  app = await buildTestAppWith({
    razorpay: { keyId: KEY_ID, keySecret: KEY_SECRET, apiUrl: standin.url },
    payments: {
      sandboxSecret: 'unused-sandbox-secret-0123456789abcdef',
      webhookSecret: WEBHOOK_SECRET,
      holdMinutes: 30,
    },
  });
  company = await createCompany(app, { plan: 'professional' });
  visitor = await signUp(app);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await standin?.close();
});

const checkoutOf = (response: { json<T>(): T }) => response.json<{ data: BookingCheckoutDto }>().data;

describe('Razorpay signature', () => {
  it("agrees with Razorpay's documented example and with the SDK's own check", () => {
    // razorpay-node test/utils/razorpay-utils.spec.js, the documented validatePaymentVerification example.
    const orderId = 'order_IEIaMR65cu6nz3';
    const paymentId = 'pay_IH4NVgf4Dreq1l';
    const secret = 'EnLs21M47BllR3X8PSFtjtbd';
    const signature = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';
    expect(paymentSignature(secret, orderId, paymentId)).toBe(signature);
    expect(validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, secret)).toBe(
      true,
    );
    const ours = paymentSignature(KEY_SECRET, 'order_X', 'pay_Y');
    expect(validatePaymentVerification({ order_id: 'order_X', payment_id: 'pay_Y' }, ours, KEY_SECRET)).toBe(
      true,
    );
  });
});

describe('Content-Security-Policy', () => {
  it('lets the page load Razorpay Checkout only when Razorpay is configured', async () => {
    const { app: sandboxApp } = await getTestApp();
    const withRazorpay = String(
      (await app.inject({ url: '/api/health' })).headers['content-security-policy'],
    );
    expect(withRazorpay).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(withRazorpay).toContain('frame-src https://api.razorpay.com');
    const sandbox = String(
      (await sandboxApp.inject({ url: '/api/health' })).headers['content-security-policy'],
    );
    expect(sandbox).toContain("script-src 'self';");
    expect(sandbox).not.toContain('razorpay');
  });
});

describe('Razorpay adapter (official SDK against a local stand-in)', () => {
  it('creates orders with Basic auth, lists the payments of an order and refunds', async () => {
    const gateway = createRazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, apiUrl: standin.url });
    expect(gateway.mode).toBe('razorpay');
    expect(gateway.keyId).toBe(KEY_ID);
    const order = await gateway.createOrder({ amount: 250_000, currency: 'INR', receipt: 'booking-1' });
    expect(order).toMatchObject({ amount: 250_000, currency: 'INR' });
    expect(order.id).toMatch(/^order_/);
    const sent = standin.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/orders', keyId: KEY_ID });
    expect(sent.body).toMatchObject({ amount: 250_000, currency: 'INR', receipt: 'booking-1' });

    expect(await gateway.fetchOrderPayments(order.id)).toEqual([]);
    const paid = standin.capture(order.id, { method: 'card' });
    expect(await gateway.fetchOrderPayments(order.id)).toEqual([
      {
        id: paid.id,
        orderId: order.id,
        amount: 250_000,
        currency: 'INR',
        status: 'captured',
        method: 'card',
        errorDescription: null,
      },
    ]);

    const refund = await gateway.refund({ paymentId: paid.id, amount: 50_000 });
    expect(refund).toMatchObject({ paymentId: paid.id, amount: 50_000, status: 'processed' });
    expect(refund.id).toMatch(/^rfnd_/);
    expect(standin.requests.at(-1)).toMatchObject({ path: `/v1/payments/${paid.id}/refund` });
  });

  it("turns the gateway's errors and a wrong key into 503 errors with the gateway's reason", async () => {
    const gateway = createRazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, apiUrl: standin.url });
    const tooSmall = await gateway.createOrder({ amount: 50, currency: 'INR', receipt: '' }).catch((e) => e);
    expect(tooSmall).toBeInstanceOf(AppError);
    expect((tooSmall as AppError).message).toContain('minimum amount');
    const wrongKey = createRazorpayGateway({ keyId: KEY_ID, keySecret: 'wrong', apiUrl: standin.url });
    const denied = await wrongKey.createOrder({ amount: 500, currency: 'INR', receipt: '' }).catch((e) => e);
    expect(denied).toBeInstanceOf(AppError);
    expect((denied as AppError).code).toBe('SERVICE_UNAVAILABLE');
    const unreachable = createRazorpayGateway({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      apiUrl: 'http://127.0.0.1:9',
    });
    expect(await unreachable.fetchOrderPayments('order_x').catch((e) => e)).toBeInstanceOf(AppError);
  });

  it('books through Razorpay: the order is made at the gateway and a Checkout signature confirms it', async () => {
    const unit = await makeBookableUnit(app, company);
    const created = await book(app, visitor, unit._id);
    expect(created.statusCode).toBe(201);
    const checkout = checkoutOf(created);
    expect(checkout.gateway).toBe('razorpay');
    expect(checkout.keyId).toBe(KEY_ID);
    const order = standin.orders.get(checkout.order.id);
    expect(order?.amount).toBe(checkout.order.amount);

    // The sandbox checkout does not exist in Razorpay mode.
    const sandbox = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: visitor.token,
      body: { orderId: checkout.order.id, outcome: 'success' },
    });
    expect(sandbox.statusCode).toBe(404);

    // What Razorpay Checkout hands the browser: a payment of the order and the signature under the key secret.
    const payment = standin.capture(checkout.order.id);
    const fields = {
      razorpay_order_id: checkout.order.id,
      razorpay_payment_id: payment.id,
      razorpay_signature: paymentSignature(KEY_SECRET, checkout.order.id, payment.id),
    };
    const forged = await call(app, 'POST', '/api/bookings/verify-payment', {
      token: visitor.token,
      body: { bookingId: checkout.booking._id, ...fields, razorpay_signature: 'f'.repeat(64) },
    });
    expect(forged.statusCode).toBe(400);
    const verified = await call(app, 'POST', '/api/bookings/verify-payment', {
      token: visitor.token,
      body: { bookingId: checkout.booking._id, ...fields },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<{ data: BookingDetailDto }>().data).toMatchObject({
      status: 'confirmed',
      paidAmount: checkout.order.amount,
    });
  });

  it('reconciles an order paid at the gateway whose browser never came back', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = checkoutOf(await book(app, visitor, unit._id));
    standin.capture(checkout.order.id, { status: 'failed' });
    const paid = standin.capture(checkout.order.id);
    await app.deps.db
      .update(paymentOrders)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(paymentOrders.gatewayOrderId, checkout.order.id));
    const service = app.services.payments;
    expect(await service.reconcile(1_000)).toBeGreaterThanOrEqual(2);
    const detail = await call(app, 'GET', `/api/bookings/${checkout.booking._id}`, { token: visitor.token });
    const booking = detail.json<{ data: BookingDetailDto }>().data;
    expect(booking.status).toBe('confirmed');
    expect(booking.payments.map((p) => [p.gatewayPaymentId, p.status, p.source])).toContainEqual([
      paid.id,
      'captured',
      'reconcile',
    ]);
    expect(booking.payments.filter((p) => p.status === 'failed')).toHaveLength(1);
    // A second run finds nothing new.
    expect(await service.reconcile(1_000)).toBe(0);
  });

  it('refunds a cancelled paid booking at the gateway, and keeps it as a refund due when the gateway refuses', async () => {
    async function paidBooking() {
      const unit = await makeBookableUnit(app, company);
      const checkout = checkoutOf(await book(app, visitor, unit._id));
      const payment = standin.capture(checkout.order.id);
      const verified = await call(app, 'POST', '/api/bookings/verify-payment', {
        token: visitor.token,
        body: {
          bookingId: checkout.booking._id,
          razorpay_order_id: checkout.order.id,
          razorpay_payment_id: payment.id,
          razorpay_signature: paymentSignature(KEY_SECRET, checkout.order.id, payment.id),
        },
      });
      expect(verified.statusCode).toBe(200);
      return { id: checkout.booking._id, payment, amount: checkout.order.amount };
    }
    const cancel = (id: string) =>
      call(app, 'PATCH', `/api/bookings/${id}/cancel`, {
        token: visitor.token,
        body: { cancellationReason: 'Plans changed' },
      });

    const refused = await paidBooking();
    standin.refundStatus = 'failed';
    const kept = await cancel(refused.id);
    expect(kept.statusCode).toBe(200);
    expect(kept.json<{ data: BookingDetailDto }>().data).toMatchObject({
      status: 'cancelled',
      refundDueAmount: refused.amount,
    });

    const refunded = await paidBooking();
    standin.refundStatus = 'processed';
    const done = await cancel(refunded.id);
    expect(done.json<{ data: BookingDetailDto }>().data).toMatchObject({
      status: 'cancelled',
      refundDueAmount: 0,
    });
    const atGateway = [...standin.refunds.values()].find((r) => r.payment_id === refunded.payment.id);
    expect(atGateway).toMatchObject({
      amount: refunded.amount,
      status: 'processed',
      receipt: refunded.id.slice(0, 40),
    });
    const detail = await call(app, 'GET', `/api/bookings/${refunded.id}`, { token: visitor.token });
    expect(
      detail.json<{ data: BookingDetailDto }>().data.payments.map((p) => [p.gatewayPaymentId, p.status]),
    ).toEqual([
      [refunded.payment.id, 'captured'],
      [atGateway!.id, 'refunded'],
    ]);
  });

  it('counts a pending gateway refund and records it when the refund.processed webhook arrives', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = checkoutOf(await book(app, visitor, unit._id));
    const payment = standin.capture(checkout.order.id);
    await call(app, 'POST', '/api/bookings/verify-payment', {
      token: visitor.token,
      body: {
        bookingId: checkout.booking._id,
        razorpay_order_id: checkout.order.id,
        razorpay_payment_id: payment.id,
        razorpay_signature: paymentSignature(KEY_SECRET, checkout.order.id, payment.id),
      },
    });
    standin.refundStatus = 'pending';
    const cancelled = await call(app, 'PATCH', `/api/bookings/${checkout.booking._id}/cancel`, {
      token: visitor.token,
      body: { cancellationReason: 'Found another flat' },
    });
    standin.refundStatus = 'processed';
    expect(cancelled.json<{ data: BookingDetailDto }>().data.refundDueAmount).toBe(0);
    const refund = [...standin.refunds.values()].find((r) => r.payment_id === payment.id)!;
    expect(refund.status).toBe('pending');
    const ledger = async () =>
      (await call(app, 'GET', `/api/bookings/${checkout.booking._id}`, { token: visitor.token }))
        .json<{ data: BookingDetailDto }>()
        .data.payments.map((p) => p.status);
    expect(await ledger()).toEqual(['captured']);

    const raw = JSON.stringify({
      entity: 'event',
      event: 'refund.processed',
      payload: { refund: { entity: { ...refund, status: 'processed' } } },
    });
    const deliver = () =>
      app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
          'x-razorpay-event-id': `evt_${refund.id}`,
        },
        payload: raw,
      });
    expect((await deliver()).statusCode).toBe(200);
    expect((await deliver()).json<{ data: { duplicate: boolean } }>().data.duplicate).toBe(true);
    expect(await ledger()).toEqual(['captured', 'refunded']);
  });
});
