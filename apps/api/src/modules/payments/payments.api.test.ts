import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany, type Session, signUp } from '../../../test/factories';
import type { Db } from '../../db/client';
import { payments, paymentWebhookEvents } from '../../db/schema';
import { createPaymentsService, type PaymentsService } from './payments.service';
import { paymentSignature, verifyPaymentSignature, verifyWebhookSignature } from './payments.signature';

const SANDBOX_SECRET = 'sandbox-secret-for-tests-0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_test_secret';

let app: FastifyInstance;
let db: Db;
let service: PaymentsService;
let company: CompanySession;
let payer: Session;
let stranger: Session;

beforeAll(async () => {
  const { config } = await getTestApp();
  const paymentsConfig = { sandboxSecret: SANDBOX_SECRET, webhookSecret: WEBHOOK_SECRET, holdMinutes: 30 };
  app = await buildTestAppWith({ payments: paymentsConfig });
  db = app.deps.db;
  service = createPaymentsService({ db, config: { ...config, payments: paymentsConfig } });
  company = await createCompany(app, { plan: 'professional' });
  payer = await signUp(app);
  stranger = await signUp(app);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function newOrder(amount = 1_234_500) {
  return service.createOrder(db, {
    companyId: company.companyId,
    userId: payer.user._id,
    amount,
    purpose: 'booking',
  });
}

function webhook(body: unknown, options: { eventId?: string; secret?: string; signature?: string } = {}) {
  const raw = JSON.stringify(body);
  const signature =
    options.signature ??
    createHmac('sha256', options.secret ?? WEBHOOK_SECRET)
      .update(raw)
      .digest('hex');
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      ...(options.eventId ? { 'x-razorpay-event-id': options.eventId } : {}),
    },
    payload: raw,
  });
}

const captured = (orderId: string, paymentId: string, amount: number) => ({
  entity: 'event',
  event: 'payment.captured',
  payload: {
    payment: { entity: { id: paymentId, order_id: orderId, amount, status: 'captured', method: 'upi' } },
  },
});

async function ledgerOf(orderRowId: string) {
  return db.select().from(payments).where(eq(payments.orderId, orderRowId));
}

describe('signatures', () => {
  it("matches Razorpay's documented example (order_id|payment_id under the key secret)", () => {
    // razorpay-node test/utils/razorpay-utils.spec.js: validatePaymentVerification example values.
    const orderId = 'order_IEIaMR65cu6nz3';
    const paymentId = 'pay_IH4NVgf4Dreq1l';
    const secret = 'EnLs21M47BllR3X8PSFtjtbd';
    const signature = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';
    expect(paymentSignature(secret, orderId, paymentId)).toBe(signature);
    expect(verifyPaymentSignature(secret, orderId, paymentId, signature)).toBe(true);
    expect(verifyPaymentSignature(secret, orderId, paymentId, signature.replace(/.$/, '0'))).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, paymentId, 'short')).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, paymentId, undefined)).toBe(false);
  });

  it('checks webhook bodies byte for byte', () => {
    const body = '{"event":"payment.captured"}';
    const signature = createHmac('sha256', 'abc').update(body).digest('hex');
    expect(verifyWebhookSignature('abc', body, signature)).toBe(true);
    expect(verifyWebhookSignature('abc', `${body} `, signature)).toBe(false);
  });
});

describe('sandbox checkout', () => {
  it("answers Checkout's fields with a valid signature, only for the order's owner", async () => {
    const order = await newOrder();
    const other = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: stranger.token,
      body: { orderId: order.gatewayOrderId, outcome: 'success' },
    });
    expect(other.statusCode).toBe(404);
    const anonymous = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      body: { orderId: order.gatewayOrderId, outcome: 'success' },
    });
    expect(anonymous.statusCode).toBe(401);
    const response = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: payer.token,
      body: { orderId: order.gatewayOrderId, outcome: 'success' },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{
      data: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
    }>().data;
    expect(data.razorpay_order_id).toBe(order.gatewayOrderId);
    expect(data.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(data.razorpay_signature).toBe(
      createHmac('sha256', SANDBOX_SECRET)
        .update(`${order.gatewayOrderId}|${data.razorpay_payment_id}`)
        .digest('hex'),
    );
  });

  it('records a failed attempt and keeps the order open', async () => {
    const order = await newOrder();
    const response = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: payer.token,
      body: { orderId: order.gatewayOrderId, outcome: 'failure' },
    });
    expect(response.statusCode).toBe(200);
    const ledger = await ledgerOf(order.id);
    expect(ledger.map((p) => p.status)).toEqual(['failed']);
    const again = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: payer.token,
      body: { orderId: order.gatewayOrderId, outcome: 'success' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a bad body with 400', async () => {
    const response = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: payer.token,
      body: { orderId: 'x', outcome: 'maybe' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('verification', () => {
  it('refuses forged signatures and a swapped order id, and changes nothing', async () => {
    const order = await newOrder();
    const other = await newOrder();
    const paymentId = 'pay_Forged00000001';
    const base = {
      orderRowId: order.id,
      userId: payer.user._id,
      clientOrderId: order.gatewayOrderId,
      paymentId,
    };
    await expect(service.verifyClientPayment({ ...base, signature: 'f'.repeat(64) })).rejects.toThrow(
      'Payment verification failed',
    );
    await expect(
      service.verifyClientPayment({
        ...base,
        signature: paymentSignature('wrong-secret', order.gatewayOrderId, paymentId),
      }),
    ).rejects.toThrow('Payment verification failed');
    // A valid signature for another order does not pay this one.
    await expect(
      service.verifyClientPayment({
        ...base,
        clientOrderId: other.gatewayOrderId,
        signature: paymentSignature(SANDBOX_SECRET, other.gatewayOrderId, paymentId),
      }),
    ).rejects.toThrow('Payment verification failed');
    // Another user cannot verify the payer's order.
    await expect(
      service.verifyClientPayment({
        ...base,
        userId: stranger.user._id,
        signature: paymentSignature(SANDBOX_SECRET, order.gatewayOrderId, paymentId),
      }),
    ).rejects.toThrow('Payment verification failed');
    expect(await ledgerOf(order.id)).toEqual([]);
  });

  it('records a replayed verification once and answers the same payment', async () => {
    const order = await newOrder(5_000);
    const paymentId = 'pay_Replay00000001';
    const input = {
      orderRowId: order.id,
      userId: payer.user._id,
      clientOrderId: order.gatewayOrderId,
      paymentId,
      signature: paymentSignature(SANDBOX_SECRET, order.gatewayOrderId, paymentId),
    };
    const first = await service.verifyClientPayment(input);
    const second = await service.verifyClientPayment(input);
    expect(first.recorded).toBe(true);
    expect(second.recorded).toBe(false);
    expect(second.payment.id).toBe(first.payment.id);
    expect(first.order.status).toBe('paid');
    const ledger = await ledgerOf(order.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: 5_000, status: 'captured', source: 'verify' });
  });

  it('records one payment when the verify races three webhook deliveries', async () => {
    const order = await newOrder(7_700);
    const paymentId = 'pay_Race000000001';
    const hooksRun: string[] = [];
    const racing = createPaymentsService(app.deps, [async (_tx, paid) => void hooksRun.push(paid.id)]);
    const body = captured(order.gatewayOrderId, paymentId, 7_700);
    const results = await Promise.all([
      racing.verifyClientPayment({
        orderRowId: order.id,
        userId: payer.user._id,
        clientOrderId: order.gatewayOrderId,
        paymentId,
        signature: paymentSignature(SANDBOX_SECRET, order.gatewayOrderId, paymentId),
      }),
      racing.handleWebhook(Buffer.from(JSON.stringify(body)), sign(body), 'evt_race_1'),
      racing.handleWebhook(Buffer.from(JSON.stringify(body)), sign(body), 'evt_race_2'),
      racing.handleWebhook(Buffer.from(JSON.stringify(body)), sign(body), 'evt_race_3'),
    ]);
    expect(results).toHaveLength(4);
    expect(await ledgerOf(order.id)).toHaveLength(1);
    expect(hooksRun).toEqual([order.id]);
  });
});

function sign(body: unknown) {
  return createHmac('sha256', WEBHOOK_SECRET).update(JSON.stringify(body)).digest('hex');
}

describe('webhook', () => {
  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const order = await newOrder();
    const body = captured(order.gatewayOrderId, 'pay_BadSig0000001', order.amount);
    expect((await webhook(body, { secret: 'not-the-secret' })).statusCode).toBe(400);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false });
    expect(await ledgerOf(order.id)).toEqual([]);
  });

  it('records payment.captured once and dedupes a redelivered event', async () => {
    const order = await newOrder(9_900);
    const body = captured(order.gatewayOrderId, 'pay_Webhook000001', 9_900);
    const first = await webhook(body, { eventId: 'evt_dedupe_1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { received: true, duplicate: false } });
    const again = await webhook(body, { eventId: 'evt_dedupe_1' });
    expect(again.json()).toMatchObject({ data: { duplicate: true } });
    const events = await db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, 'evt_dedupe_1'));
    expect(events).toHaveLength(1);
    // The same payment under another event id (order.paid) is still one ledger row.
    const orderPaid = { ...body, event: 'order.paid' };
    expect((await webhook(orderPaid, { eventId: 'evt_dedupe_2' })).statusCode).toBe(200);
    const ledger = await ledgerOf(order.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ status: 'captured', method: 'upi', source: 'webhook' });
  });

  it('records payment.failed and refund.processed', async () => {
    const order = await newOrder(4_000);
    const failed = {
      event: 'payment.failed',
      payload: {
        payment: {
          entity: {
            id: 'pay_Failed0000001',
            order_id: order.gatewayOrderId,
            amount: 4_000,
            error_description: 'Declined',
          },
        },
      },
    };
    expect((await webhook(failed, { eventId: 'evt_failed_1' })).statusCode).toBe(200);
    expect(
      (await webhook(captured(order.gatewayOrderId, 'pay_Paid00000001', 4_000), { eventId: 'evt_paid_1' }))
        .statusCode,
    ).toBe(200);
    const refund = {
      event: 'refund.processed',
      payload: {
        refund: { entity: { id: 'rfnd_Refund000001', payment_id: 'pay_Paid00000001', amount: 1_000 } },
      },
    };
    expect((await webhook(refund, { eventId: 'evt_refund_1' })).statusCode).toBe(200);
    const ledger = await ledgerOf(order.id);
    expect(ledger.map((p) => [p.status, p.amount]).sort()).toEqual([
      ['captured', 4_000],
      ['failed', 4_000],
      ['refunded', 1_000],
    ]);
  });

  it('answers garbage with 4xx', async () => {
    const raw = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'text/plain', 'x-razorpay-signature': 'x' },
      payload: 'not json',
    });
    expect(raw.statusCode).toBe(400);
    const signedGarbage = 'not json';
    const parsed = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(signedGarbage).digest('hex'),
      },
      payload: signedGarbage,
    });
    expect(parsed.statusCode).toBe(400);
  });

  it('is 404 when no webhook secret is configured', async () => {
    const { app: plain } = await getTestApp();
    const response = await call(plain, 'POST', '/api/payments/webhook', {
      body: { event: 'payment.captured' },
    });
    expect(response.statusCode).toBe(404);
  });
});
