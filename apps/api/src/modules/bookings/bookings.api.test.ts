import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { BookingCheckoutDto, BookingDetailDto, BookingDto } from '@rentora/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany, type Session, signUp } from '../../../test/factories';
import { mailsTo } from '../../../test/outbox';
import { auditLogs, bookings, rentalUnitUsers } from '../../db/schema';
import { book, makeBookableUnit, payInSandbox } from './bookings.testing';

let app: FastifyInstance;
let company: CompanySession;
let visitor: Session;
let other: Session;

beforeAll(async () => {
  ({ app } = await getTestApp());
  company = await createCompany(app, { plan: 'professional' });
  visitor = await signUp(app);
  other = await signUp(app);
}, 60_000);

const checkoutOf = (response: { json<T>(): T }) => response.json<{ data: BookingCheckoutDto }>().data;

describe('booking a unit', () => {
  it('totals the deposit and the first month, holds the unit, and confirms on a verified payment', async () => {
    const unit = await makeBookableUnit(app, company);
    const created = await book(app, visitor, unit._id);
    expect(created.statusCode).toBe(201);
    const checkout = checkoutOf(created);
    expect(checkout.booking.totalAmount).toBe(3_000_000 + 1_500_000 + 100_000);
    expect(checkout.order).toMatchObject({ amount: 4_600_000, currency: 'INR' });
    expect(checkout.order.id).toMatch(/^order_/);
    expect(checkout.booking.status).toBe('pending_payment');

    expect((await book(app, other, unit._id)).statusCode).toBe(409);

    const verified = await payInSandbox(app, visitor, checkout);
    expect(verified.statusCode).toBe(200);
    const detail = verified.json<{ data: BookingDetailDto }>().data;
    expect(detail).toMatchObject({ status: 'confirmed', paidAmount: 4_600_000 });
    expect(detail.payments).toHaveLength(1);
    expect(detail.tenantId).not.toBeNull();
    const [tenancy] = await app.deps.db
      .select()
      .from(rentalUnitUsers)
      .where(eq(rentalUnitUsers.id, detail.tenantId as string));
    expect(tenancy).toMatchObject({
      tenancyStatus: 'pending',
      userId: visitor.user._id,
      bookingId: detail._id,
    });

    // Every payment and status change is audited in its transaction.
    const audit = await app.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.companyId, company.companyId));
    const actions = audit.filter((a) => a.entityId === detail._id || a.entityId === detail.payments[0]!._id);
    expect(actions.map((a) => a.action).sort()).toEqual([
      'booking.created',
      'booking.status_changed',
      'payment.captured',
    ]);

    // The tenant's payment history reads the ledger.
    const history = await call(app, 'GET', `/api/tenants/${detail.tenantId}/payments`, {
      token: company.token,
      companyId: company.companyId,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json<{ data: { amount: number; status: string }[] }>().data).toMatchObject([
      { amount: 4_600_000, status: 'captured' },
    ]);

    // Staff see it; the other visitor does not.
    const staff = await call(app, 'GET', `/api/bookings/${detail._id}`, {
      token: company.token,
      companyId: company.companyId,
    });
    expect(staff.statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/bookings/${detail._id}`, { token: other.token })).statusCode).toBe(
      404,
    );
    const list = await call(app, 'GET', '/api/bookings', {
      token: company.token,
      companyId: company.companyId,
    });
    expect(list.json<{ data: BookingDto[] }>().data.map((b) => b._id)).toContain(detail._id);
    const own = await call(app, 'GET', '/api/bookings', { token: other.token });
    expect(own.json<{ data: BookingDto[] }>().data).toEqual([]);
  });

  it('refuses a replayed verification of another order and a forged signature, without changes', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = checkoutOf(await book(app, visitor, unit._id));
    const forged = await call(app, 'POST', '/api/bookings/verify-payment', {
      token: visitor.token,
      body: {
        bookingId: checkout.booking._id,
        razorpay_order_id: checkout.order.id,
        razorpay_payment_id: 'pay_Forged0000000X',
        razorpay_signature: 'a'.repeat(64),
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: 'Payment verification failed' });
    const [row] = await app.deps.db.select().from(bookings).where(eq(bookings.id, checkout.booking._id));
    expect(row).toMatchObject({ status: 'pending_payment', paidAmount: 0 });
    // A good verification, then the same fields replayed: 200 with the same single payment.
    const first = await payInSandbox(app, visitor, checkout);
    expect(first.statusCode).toBe(200);
    const paid = first.json<{ data: BookingDetailDto }>().data;
    const [payment] = paid.payments;
    const replay = await call(app, 'POST', '/api/bookings/verify-payment', {
      token: visitor.token,
      body: {
        bookingId: paid._id,
        razorpay_order_id: checkout.order.id,
        razorpay_payment_id: payment!.gatewayPaymentId,
        razorpay_signature: createHmac('sha256', app.deps.config.payments.sandboxSecret)
          .update(`${checkout.order.id}|${payment!.gatewayPaymentId}`)
          .digest('hex'),
      },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<{ data: BookingDetailDto }>().data).toMatchObject({
      status: 'confirmed',
      paidAmount: paid.paidAmount,
    });
    expect(replay.json<{ data: BookingDetailDto }>().data.payments).toHaveLength(1);
  });

  it('refuses units of an unverified company or a plan without bookings', async () => {
    const starter = await createCompany(app, { plan: 'starter' });
    const unit = await makeBookableUnit(app, starter);
    const refused = await book(app, visitor, unit._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN' });
  });

  it('answers 400 for a bad body and 404 for an unknown unit', async () => {
    const bad = await call(app, 'POST', '/api/bookings', {
      token: visitor.token,
      body: { rentalUnitId: 'nope', paymentPlan: 'installments' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await book(app, visitor, '0190a0a0-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('staff status and stats', () => {
  it('allows confirmed → completed only, with a note, and counts money from the ledger', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = checkoutOf(await book(app, visitor, unit._id));
    const staff = { token: company.token, companyId: company.companyId };
    const id = checkout.booking._id;
    const early = await call(app, 'PATCH', `/api/bookings/${id}/status`, {
      ...staff,
      body: { status: 'completed' },
    });
    expect(early.statusCode).toBe(409);
    const unknown = await call(app, 'PATCH', `/api/bookings/${id}/status`, {
      ...staff,
      body: { status: 'lost' },
    });
    expect(unknown.statusCode).toBe(400);
    await payInSandbox(app, visitor, checkout);
    const done = await call(app, 'PATCH', `/api/bookings/${id}/status`, {
      ...staff,
      body: { status: 'completed', note: 'Moved in' },
    });
    expect(done.statusCode).toBe(200);
    const booking = done.json<{ data: BookingDto }>().data;
    expect(booking.status).toBe('completed');
    expect(booking.statusHistory.at(-1)).toMatchObject({ status: 'completed', note: 'Moved in' });
    const byVisitor = await call(app, 'PATCH', `/api/bookings/${id}/status`, {
      token: visitor.token,
      body: { status: 'confirmed' },
    });
    expect(byVisitor.statusCode).toBe(403);

    const stats = await call(app, 'GET', '/api/bookings/stats', staff);
    expect(stats.statusCode).toBe(200);
    const data = stats.json<{
      data: { total: number; collected: number; byStatus: Record<string, number> };
    }>().data;
    expect(data.byStatus.completed).toBeGreaterThanOrEqual(1);
    expect(data.collected).toBeGreaterThanOrEqual(4_600_000);
  });
});

describe('installments', () => {
  it('splits the total exactly and only takes the next unpaid installment', async () => {
    const unit = await makeBookableUnit(app, company, {
      rent: 1_000_001,
      securityDeposit: 0,
      maintenance: 0,
    });
    const checkout = checkoutOf(
      await book(app, visitor, unit._id, { paymentPlan: 'installments', installmentCount: 3 }),
    );
    const amounts = checkout.booking.installments.map((i) => i.amount);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(1_000_001);
    expect(amounts).toEqual([333_334, 333_334, 333_333]);
    expect(checkout.order.amount).toBe(333_334);
    const id = checkout.booking._id;

    expect(
      (await call(app, 'POST', `/api/bookings/${id}/installment/2`, { token: visitor.token })).statusCode,
    ).toBe(409);
    const first = await payInSandbox(app, visitor, checkout);
    expect(first.json<{ data: BookingDetailDto }>().data).toMatchObject({
      status: 'partially_paid',
      paidAmount: 333_334,
    });

    expect(
      (await call(app, 'POST', `/api/bookings/${id}/installment/3`, { token: visitor.token })).statusCode,
    ).toBe(409);
    expect(
      (await call(app, 'POST', `/api/bookings/${id}/installment/2`, { token: other.token })).statusCode,
    ).toBe(404);
    const second = await call(app, 'POST', `/api/bookings/${id}/installment/2`, { token: visitor.token });
    expect(second.statusCode).toBe(200);
    await payInSandbox(app, visitor, checkoutOf(second));
    const third = checkoutOf(
      await call(app, 'POST', `/api/bookings/${id}/installment/3`, { token: visitor.token }),
    );
    const done = await payInSandbox(app, visitor, third);
    const detail = done.json<{ data: BookingDetailDto }>().data;
    expect(detail).toMatchObject({ status: 'confirmed', paidAmount: 1_000_001 });
    expect(detail.installments.every((i) => i.status === 'paid')).toBe(true);
    expect(detail.payments).toHaveLength(3);
    expect(
      (await call(app, 'POST', `/api/bookings/${id}/installment/1`, { token: visitor.token })).statusCode,
    ).toBe(409);
  });
});

describe('full payment and installment verification', () => {
  it('pays the rest in one order, replacing an open installment order', async () => {
    const unit = await makeBookableUnit(app, company, {
      rent: 900_000,
      securityDeposit: 300_000,
      maintenance: 0,
    });
    const checkout = checkoutOf(
      await book(app, visitor, unit._id, { paymentPlan: 'installments', installmentCount: 4 }),
    );
    const id = checkout.booking._id;
    await payInSandbox(app, visitor, checkout);
    const second = checkoutOf(
      await call(app, 'POST', `/api/bookings/${id}/installment/2`, { token: visitor.token }),
    );
    expect(
      (await call(app, 'POST', `/api/bookings/${id}/full-payment`, { token: other.token })).statusCode,
    ).toBe(404);
    const full = await call(app, 'POST', `/api/bookings/${id}/full-payment`, { token: visitor.token });
    expect(full.statusCode).toBe(200);
    const rest = checkoutOf(full);
    expect(rest.order.amount).toBe(1_200_000 - 300_000);
    // Asking again answers the same open order; the installment order is closed.
    expect(
      checkoutOf(await call(app, 'POST', `/api/bookings/${id}/full-payment`, { token: visitor.token })).order
        .id,
    ).toBe(rest.order.id);
    const stale = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: visitor.token,
      body: { orderId: second.order.id, outcome: 'success' },
    });
    expect(stale.statusCode).toBe(409);
    const done = await payInSandbox(app, visitor, rest);
    expect(done.json<{ data: BookingDetailDto }>().data).toMatchObject({
      status: 'confirmed',
      paidAmount: 1_200_000,
      refundDueAmount: 0,
    });
    expect(done.json<{ data: BookingDetailDto }>().data.installments.every((i) => i.status === 'paid')).toBe(
      true,
    );
    expect(
      (await call(app, 'POST', `/api/bookings/${id}/full-payment`, { token: visitor.token })).statusCode,
    ).toBe(409);
  });

  it('verifies an installment only against the order of that installment', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = checkoutOf(
      await book(app, visitor, unit._id, { paymentPlan: 'installments', installmentCount: 2 }),
    );
    const id = checkout.booking._id;
    await payInSandbox(app, visitor, checkout);
    const second = checkoutOf(
      await call(app, 'POST', `/api/bookings/${id}/installment/2`, { token: visitor.token }),
    );
    const paid = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: visitor.token,
      body: { orderId: second.order.id, outcome: 'success' },
    });
    const fields = paid.json<{ data: Record<string, string> }>().data;
    const body = {
      bookingId: id,
      razorpay_order_id: fields.razorpay_order_id,
      razorpay_payment_id: fields.razorpay_payment_id,
      razorpay_signature: fields.razorpay_signature,
    };
    const wrongNumber = await call(app, 'POST', '/api/bookings/verify-installment', {
      token: visitor.token,
      body: { ...body, installmentNumber: 1 },
    });
    expect(wrongNumber.statusCode).toBe(400);
    expect(wrongNumber.json<{ error: string }>().error).toBe('Installment payment verification failed');
    const forged = await call(app, 'POST', '/api/bookings/verify-installment', {
      token: visitor.token,
      body: { ...body, installmentNumber: 2, razorpay_signature: 'a'.repeat(64) },
    });
    expect(forged.statusCode).toBe(400);
    const stranger = await call(app, 'POST', '/api/bookings/verify-installment', {
      token: other.token,
      body: { ...body, installmentNumber: 2 },
    });
    expect(stranger.statusCode).toBe(400);
    const ok = await call(app, 'POST', '/api/bookings/verify-installment', {
      token: visitor.token,
      body: { ...body, installmentNumber: 2 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: BookingDetailDto }>().data).toMatchObject({ status: 'confirmed' });
    const replay = await call(app, 'POST', '/api/bookings/verify-installment', {
      token: visitor.token,
      body: { ...body, installmentNumber: 2 },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<{ data: BookingDetailDto }>().data.payments).toHaveLength(2);
  });

  it('notifies the booker and the company in-app and by email when a booking is confirmed', async () => {
    const booker = await signUp(app);
    const unit = await makeBookableUnit(app, company);
    const checkout = checkoutOf(await book(app, booker, unit._id));
    await payInSandbox(app, booker, checkout);
    // The notifications are sent after the answer, so they are polled for.
    const inbox = async (token: string, companyId?: string) =>
      (await call(app, 'GET', '/api/inapp-notifications/user', { token, companyId })).body;
    await expect
      .poll(() => inbox(booker.token))
      .toMatch(new RegExp(`Booking confirmed: [^"]*Unit ${unit.unitNumber}`));
    await expect
      .poll(() => inbox(company.token, company.companyId))
      .toMatch(new RegExp(`Booking confirmed: [^"]*Unit ${unit.unitNumber}`));
    const outbox = path.join(app.deps.config.dataDir, 'outbox');
    await expect
      .poll(() => mailsTo(outbox, booker.user.email).some((m) => m.includes(`Unit ${unit.unitNumber}`)))
      .toBe(true);
    await expect
      .poll(() => mailsTo(outbox, company.user.email).some((m) => m.includes(`Unit ${unit.unitNumber}`)))
      .toBe(true);
  });
});

describe('the list', () => {
  it('filters by statuses, property, unit, booking date and a search of booker, unit and property', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    const first = await makeBookableUnit(app, owner);
    const second = await makeBookableUnit(app, owner);
    const booker = await signUp(app);
    const a = checkoutOf(await book(app, booker, first._id));
    const b = checkoutOf(await book(app, other, second._id));
    await payInSandbox(app, booker, a);
    const list = async (query: Record<string, string | string[]>) => {
      const response = await call(app, 'GET', '/api/bookings', {
        token: owner.token,
        companyId: owner.companyId,
        query,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{
        data: BookingDto[];
        pagination: { totalItems?: number; total?: number };
      }>();
      return body.data.map((d) => d._id).sort();
    };
    const both = [a.booking._id, b.booking._id].sort();
    expect(await list({})).toEqual(both);
    expect(await list({ 'status[]': ['confirmed', 'pending_payment'] })).toEqual(both);
    expect(await list({ status: 'confirmed' })).toEqual([a.booking._id]);
    expect(await list({ propertyId: second.propertyId })).toEqual([b.booking._id]);
    expect(await list({ rentalUnitId: first._id })).toEqual([a.booking._id]);
    expect(await list({ search: booker.user.email.split('@')[0]!.toUpperCase() })).toEqual([a.booking._id]);
    expect(await list({ search: second.unitNumber })).toEqual([b.booking._id]);
    expect(await list({ search: '100%_' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list({ from: today, to: today })).toEqual(both);
    expect(await list({ to: '2020-01-01' })).toEqual([]);
    const bad = await call(app, 'GET', '/api/bookings', {
      token: owner.token,
      companyId: owner.companyId,
      query: { from: 'yesterday' },
    });
    expect(bad.statusCode).toBe(400);
    // A booker sees only their own, whatever the filters say.
    const mine = await call(app, 'GET', '/api/bookings', {
      token: booker.token,
      query: { propertyId: second.propertyId },
    });
    expect(mine.json<{ data: BookingDto[] }>().data).toEqual([]);
    // The property name search; pages of one with their totals.
    const named = await call(app, 'GET', `/api/properties/${first.propertyId}`, {
      token: owner.token,
      companyId: owner.companyId,
    });
    const propertyName = named.json<{ data: { name: string } }>().data.name;
    expect(await list({ search: propertyName.slice(-5) })).toEqual([a.booking._id]);
    const pageOf = async (page: number) =>
      (
        await call(app, 'GET', '/api/bookings', {
          token: owner.token,
          companyId: owner.companyId,
          query: { limit: '1', page: String(page) },
        })
      ).json<{
        data: BookingDto[];
        pagination: { totalCount: number; hasNext: boolean; totalPages: number };
      }>();
    const [one, two] = [await pageOf(1), await pageOf(2)];
    expect(one.pagination).toMatchObject({ totalCount: 2, totalPages: 2, hasNext: true });
    expect(two.pagination).toMatchObject({ totalCount: 2, hasNext: false });
    expect([one.data[0]!._id, two.data[0]!._id].sort()).toEqual(both);
    // A searched page carries its total (the matches found once for both), past the end too.
    const searched = async (page: number) =>
      (
        await call(app, 'GET', '/api/bookings', {
          token: owner.token,
          companyId: owner.companyId,
          query: { limit: '1', page: String(page), search: 'booking house' },
        })
      ).json<{ data: BookingDto[]; pagination: { totalCount: number; hasNext: boolean } }>();
    const [firstFound, pastTheEnd] = [await searched(1), await searched(3)];
    expect(firstFound.pagination).toMatchObject({ totalCount: 2, hasNext: true });
    expect(firstFound.data).toHaveLength(1);
    expect(pastTheEnd).toMatchObject({ data: [], pagination: { totalCount: 2 } });
  });
});

describe('holds', () => {
  it('releases the unit when the hold expires', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = checkoutOf(await book(app, visitor, unit._id));
    await app.deps.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.id, checkout.booking._id));
    const service = app.services.bookings;
    expect(await service.expireHolds()).toBeGreaterThanOrEqual(1);
    const [row] = await app.deps.db.select().from(bookings).where(eq(bookings.id, checkout.booking._id));
    expect(row?.status).toBe('expired');
    const again = await book(app, other, unit._id);
    expect(again.statusCode).toBe(201);
    // The expired order can no longer be paid in the sandbox.
    const late = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: visitor.token,
      body: { orderId: checkout.order.id, outcome: 'success' },
    });
    expect(late.statusCode).toBe(409);
  });

  it('releases the unit on cancel, requires a reason, and keeps paid money as a refund due', async () => {
    const unit = await makeBookableUnit(app, company);
    const checkout = checkoutOf(await book(app, visitor, unit._id));
    await payInSandbox(app, visitor, checkout);
    const id = checkout.booking._id;
    const noReason = await call(app, 'PATCH', `/api/bookings/${id}/cancel`, {
      token: visitor.token,
      body: {},
    });
    expect(noReason.statusCode).toBe(400);
    const stranger = await call(app, 'PATCH', `/api/bookings/${id}/cancel`, {
      token: other.token,
      body: { cancellationReason: 'Not mine' },
    });
    expect(stranger.statusCode).toBe(404);
    const cancelled = await call(app, 'PATCH', `/api/bookings/${id}/cancel`, {
      token: company.token,
      companyId: company.companyId,
      body: { cancellationReason: 'Owner withdrew the unit' },
    });
    expect(cancelled.statusCode).toBe(200);
    // The sandbox gateway refunds at once: nothing stays due, the ledger holds the refund.
    expect(cancelled.json<{ data: BookingDto }>().data).toMatchObject({
      status: 'cancelled',
      refundDueAmount: 0,
      cancellationReason: 'Owner withdrew the unit',
    });
    const after = await call(app, 'GET', `/api/bookings/${id}`, { token: visitor.token });
    const refunded = after.json<{ data: BookingDetailDto }>().data;
    expect(refunded.payments.map((p) => [p.status, p.amount])).toEqual([
      ['captured', 4_600_000],
      ['refunded', 4_600_000],
    ]);
    expect(refunded.statusHistory.at(-1)?.note).toMatch(/^Refund rfnd_\w+ of 4600000/);
    const twice = await call(app, 'PATCH', `/api/bookings/${id}/cancel`, {
      token: visitor.token,
      body: { cancellationReason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect((await book(app, other, unit._id)).statusCode).toBe(201);
  });

  it('lets exactly one of many concurrent bookings of a unit hold it', async () => {
    const unit = await makeBookableUnit(app, company);
    const people = await Promise.all(Array.from({ length: 5 }, () => signUp(app)));
    const results = await Promise.all(people.map((p) => book(app, p, unit._id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
  });
});
