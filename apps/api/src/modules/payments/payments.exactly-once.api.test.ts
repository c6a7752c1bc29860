import { createHmac } from 'node:crypto';
import type { BookingCheckoutDto, BookingDetailDto, InvoiceDetailDto } from '@rentora/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany, type Session, signUp } from '../../../test/factories';
import type { Db } from '../../db/client';
import { paymentOrders, payments, paymentWebhookEvents, sandboxGatewayPayments } from '../../db/schema';
import { onBookingPaid } from '../bookings/bookings.paid';
import { book, makeBookableUnit } from '../bookings/bookings.testing';
import { onInvoicePaid } from '../invoices/invoices.paid';
import { issuedInvoice, makeTenancy } from '../invoices/invoices.testing';
import { createPaymentsService, type PaidHook } from './payments.service';

const SANDBOX_SECRET = 'sandbox-secret-for-exactly-once-0123456789';
const WEBHOOK_SECRET = 'whsec_exactly_once';
const paymentsConfig = { sandboxSecret: SANDBOX_SECRET, webhookSecret: WEBHOOK_SECRET, holdMinutes: 30 };

let app: FastifyInstance;
let db: Db;
let company: CompanySession;
let payer: Session;

beforeAll(async () => {
  await getTestApp();
  app = await buildTestAppWith({ payments: paymentsConfig });
  db = app.deps.db;
  company = await createCompany(app, { plan: 'professional' });
  payer = await signUp(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const owner = () => ({ token: company.token, companyId: company.companyId });

/** Another payments service on the same database (a new process), with the paid hooks of the app and `first`. */
const freshPayments = (first: PaidHook[] = []) =>
  createPaymentsService({ db, config: { ...app.deps.config, payments: paymentsConfig } }, [
    ...first,
    onBookingPaid,
    onInvoicePaid,
  ]);

/** A booking order taken by the sandbox gateway (its own record written) with nothing told to our server. */
async function capturedAtGateway(session: Session, orderId: string) {
  const paid = await call(app, 'POST', '/api/payments/sandbox/checkout', {
    token: session.token,
    body: { orderId, outcome: 'success' },
  });
  expect(paid.statusCode).toBe(200);
  return paid.json<{
    data: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  }>().data;
}

function capturedEvent(orderId: string, paymentId: string, amount: number) {
  return {
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: { entity: { id: paymentId, order_id: orderId, amount, status: 'captured', method: 'upi' } },
    },
  };
}

const raw = (body: unknown) => Buffer.from(JSON.stringify(body));
const sign = (body: unknown) => createHmac('sha256', WEBHOOK_SECRET).update(raw(body)).digest('hex');

async function ledgerRows(gatewayPaymentId: string) {
  return db.select().from(payments).where(eq(payments.gatewayPaymentId, gatewayPaymentId));
}

async function eventLogged(eventId: string) {
  const rows = await db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId));
  return rows.length === 1;
}

async function bookingOf(session: Session, id: string) {
  const detail = await call(app, 'GET', `/api/bookings/${id}`, { token: session.token });
  return detail.json<{ data: BookingDetailDto }>().data;
}

describe('webhook deliveries are acknowledged only with their payment', () => {
  it('keeps neither the event id nor the payment when applying fails, so the redelivery records it', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = (await book(app, payer, unit._id)).json<{ data: BookingCheckoutDto }>().data;
    const taken = await capturedAtGateway(payer, checkout.order.id);
    let failOnce = true;
    const failing: PaidHook = async () => {
      if (failOnce) {
        failOnce = false;
        throw new Error('the process died here');
      }
    };
    const dying = freshPayments([failing]);
    const event = capturedEvent(checkout.order.id, taken.razorpay_payment_id, checkout.order.amount);
    await expect(dying.handleWebhook(raw(event), sign(event), 'evt_dies_once')).rejects.toThrow(
      'the process died here',
    );
    expect(await eventLogged('evt_dies_once')).toBe(false);
    expect(await ledgerRows(taken.razorpay_payment_id)).toHaveLength(0);

    const redelivered = await call(app, 'POST', '/api/payments/webhook', {
      headers: { 'x-razorpay-signature': sign(event), 'x-razorpay-event-id': 'evt_dies_once' },
      body: event,
    });
    expect(redelivered.statusCode).toBe(200);
    expect(redelivered.json()).toMatchObject({ data: { received: true, duplicate: false } });
    expect(await ledgerRows(taken.razorpay_payment_id)).toHaveLength(1);
    expect((await bookingOf(payer, checkout.booking._id)).status).toBe('confirmed');
  });

  it('answers a copy that arrives while the first is being applied only after the payment is committed', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = (await book(app, payer, unit._id)).json<{ data: BookingCheckoutDto }>().data;
    const taken = await capturedAtGateway(payer, checkout.order.id);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: PaidHook = async () => gate;
    const service = freshPayments([slow]);
    const event = capturedEvent(checkout.order.id, taken.razorpay_payment_id, checkout.order.amount);
    const first = service.handleWebhook(raw(event), sign(event), 'evt_copy_1');
    let copyAnswered = false;
    const copy = service.handleWebhook(raw(event), sign(event), 'evt_copy_1').then((answer) => {
      copyAnswered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(copyAnswered).toBe(false);
    release();
    const answers = await Promise.all([first, copy]);
    expect(answers.map((a) => a.duplicate).sort()).toEqual([false, true]);
    expect(await ledgerRows(taken.razorpay_payment_id)).toHaveLength(1);
  });
});

describe('reconciliation in the sandbox', () => {
  it('records a payment the sandbox gateway captured when neither verify nor webhook arrived, once', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = (await book(app, payer, unit._id)).json<{ data: BookingCheckoutDto }>().data;
    const taken = await capturedAtGateway(payer, checkout.order.id);
    const [record] = await db
      .select()
      .from(sandboxGatewayPayments)
      .where(eq(sandboxGatewayPayments.gatewayPaymentId, taken.razorpay_payment_id));
    expect(record).toMatchObject({ status: 'captured', amount: checkout.order.amount });

    // A process's first run asks about every recent unsettled order, however young.
    const restarted = freshPayments();
    expect(await restarted.reconcile(1_000)).toBeGreaterThanOrEqual(1);
    const rows = await ledgerRows(taken.razorpay_payment_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'captured', source: 'reconcile', amount: checkout.order.amount });
    expect((await bookingOf(payer, checkout.booking._id)).status).toBe('confirmed');
    expect(await restarted.reconcile(1_000, { all: true })).toBe(0);
    expect(await ledgerRows(taken.razorpay_payment_id)).toHaveLength(1);
  });

  it('asks again about an unsettled order only after a quarter of its age', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = (await book(app, payer, unit._id)).json<{ data: BookingCheckoutDto }>().data;
    const service = freshPayments();
    await service.reconcile(1_000); // the first run of a process: every unsettled order
    const checkedAt = async () =>
      (await db.select().from(paymentOrders).where(eq(paymentOrders.gatewayOrderId, checkout.order.id)))[0]!
        .checkedAt;
    const first = await checkedAt();
    expect(first).not.toBeNull();
    await service.reconcile(1_000);
    expect(await checkedAt()).toEqual(first);
    await db
      .update(paymentOrders)
      .set({ createdAt: sql`now() - interval '1 hour'`, checkedAt: sql`now() - interval '20 minutes'` })
      .where(eq(paymentOrders.gatewayOrderId, checkout.order.id));
    await service.reconcile(1_000);
    expect((await checkedAt())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('no booking or invoice is paid beyond its total without a refund due', () => {
  it('asks for the rest only after recording what the gateway took for the open installment order', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = (
      await book(app, payer, unit._id, { paymentPlan: 'installments', installmentCount: 2 })
    ).json<{ data: BookingCheckoutDto }>().data;
    const total = checkout.booking.totalAmount;
    const first = checkout.order.amount;
    await capturedAtGateway(payer, checkout.order.id); // the browser closed before the verify

    const rest = await call(app, 'POST', `/api/bookings/${checkout.booking._id}/full-payment`, {
      token: payer.token,
    });
    expect(rest.statusCode).toBe(200);
    const restCheckout = rest.json<{ data: BookingCheckoutDto }>().data;
    expect(restCheckout.order.amount).toBe(total - first);
    await capturedAtGateway(payer, restCheckout.order.id);
    const service = freshPayments();
    await service.reconcile(1_000, { all: true });
    const booking = await bookingOf(payer, checkout.booking._id);
    expect(booking).toMatchObject({ status: 'confirmed', paidAmount: total, refundDueAmount: 0 });
  });

  it('keeps what a replaced order brings beyond the total as a refund due', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = (
      await book(app, payer, unit._id, { paymentPlan: 'installments', installmentCount: 2 })
    ).json<{ data: BookingCheckoutDto }>().data;
    const total = checkout.booking.totalAmount;
    // The rest is asked for before the gateway takes the first installment (its checkout still open in a tab).
    const rest = (
      await call(app, 'POST', `/api/bookings/${checkout.booking._id}/full-payment`, { token: payer.token })
    ).json<{ data: BookingCheckoutDto }>().data;
    expect(rest.order.amount).toBe(total);
    const late = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: payer.token,
      body: { orderId: checkout.order.id, outcome: 'success' },
    });
    expect(late.statusCode).toBe(409); // replaced on our side: the sandbox no longer offers it…
    await capturedAtGateway(payer, rest.order.id);
    // …but a real gateway may still take it: its webhook arrives after the rest was paid.
    const event = capturedEvent(checkout.order.id, 'pay_LateInstallment1', checkout.order.amount);
    const delivered = await call(app, 'POST', '/api/payments/webhook', {
      headers: { 'x-razorpay-signature': sign(event), 'x-razorpay-event-id': 'evt_late_installment' },
      body: event,
    });
    expect(delivered.statusCode).toBe(200);
    const service = freshPayments();
    await service.reconcile(1_000, { all: true });
    const booking = await bookingOf(payer, checkout.booking._id);
    expect(booking).toMatchObject({
      status: 'confirmed',
      paidAmount: total,
      refundDueAmount: checkout.order.amount,
    });
  });

  it('records an invoice paid at the gateway before opening another order, and keeps a surplus as a refund due', async () => {
    const tenancy = await makeTenancy(app, company);
    const invoice = await issuedInvoice(app, company, tenancy.tenantId);
    const opened = await call(app, 'POST', `/api/invoices/${invoice._id}/pay`, {
      token: tenancy.person.token,
    });
    expect(opened.statusCode).toBe(200);
    const orderId = opened.json<{ data: { order: { id: string } } }>().data.order.id;
    const taken = await capturedAtGateway(tenancy.person, orderId);

    // Meanwhile the accountant records the same rent received in cash.
    const cash = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...owner(),
      body: { amount: invoice.total, method: 'cash', paidAt: '2026-01-05' },
    });
    expect(cash.statusCode).toBe(201);
    const again = await call(app, 'POST', `/api/invoices/${invoice._id}/pay`, {
      token: tenancy.person.token,
    });
    expect(again.statusCode).toBe(409);

    const detail = (await call(app, 'GET', `/api/invoices/${invoice._id}`, owner())).json<{
      data: InvoiceDetailDto;
    }>().data;
    expect(detail).toMatchObject({
      status: 'paid',
      amountPaid: invoice.total,
      balance: 0,
      refundDueAmount: invoice.total,
    });
    expect(detail.payments.map((p) => p.reference)).toContain(taken.razorpay_payment_id);
  });
});
