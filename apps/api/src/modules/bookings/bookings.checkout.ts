import {
  type BookingCheckoutDto,
  type BookingCreateBody,
  type BookingDetailDto,
  splitInstallments,
  type VerifyBookingInstallmentBody,
  type VerifyBookingPaymentBody,
} from '@rentora/shared';
import type { AuthContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { today } from '../../core/dates';
import { AppError, badRequest, conflict, featureNotInPlan, notFound } from '../../core/errors';
import { emitEvent } from '../../core/events';
import type { Db } from '../../db/client';
import type { BookingInstallment } from '../../db/schema';
import {
  expireOpenOrder,
  expireOrder,
  orderById,
  type PaymentOrderRow,
  type PaymentsDeps,
  type PaymentsService,
} from '../payments/payments.service';
import {
  type BookingRow,
  type BookingsRepo,
  expireHeldBookings,
  insertBooking,
  lockOwnBooking,
  openBookingOfUnit,
  setBookingReturning,
} from './bookings.repo';
import { addMonths, entry, isUniqueViolation, OPEN_STATUSES } from './bookings.rules';
import type { BookingViews } from './bookings.views';

/** Booking a unit and paying for it: the hold, the payment orders (in full or by installments), their checks. */
export function bookingCheckout(
  deps: Pick<PaymentsDeps, 'db' | 'config'>,
  repo: BookingsRepo,
  payments: PaymentsService,
  views: BookingViews,
) {
  const db: Db = deps.db;

  async function checkout(row: BookingRow, order: PaymentOrderRow): Promise<BookingCheckoutDto> {
    return {
      booking: await views.dto(row),
      order: { id: order.gatewayOrderId, amount: order.amount, currency: order.currency },
      keyId: payments.gateway.keyId,
      gateway: payments.gateway.mode,
    };
  }

  async function create(ctx: AuthContext, body: BookingCreateBody): Promise<BookingCheckoutDto> {
    if (body.moveInDate < today()) throw badRequest('The move-in date cannot be in the past', 'moveInDate');
    const unit = await repo.bookableUnit(body.rentalUnitId);
    if (!unit) throw notFound('Rental unit');
    if (unit.propertyVerified !== 'verified' || unit.unit.verificationStatus === 'rejected') {
      throw notFound('Rental unit');
    }
    if (!unit.companyVerified) throw new AppError('CONFLICT', 'This company does not take bookings yet');
    // An empty plan feature list means every feature (Enterprise), as planAllows reads it.
    if (unit.companyFeatures.length > 0 && !unit.companyFeatures.includes('bookings_write')) {
      throw featureNotInPlan('bookings_write');
    }
    if (!unit.unit.isAvailable || unit.unit.status !== 'Available') {
      throw conflict('This unit is not available for booking');
    }
    const u = unit.unit;
    const maintenance = u.maintenanceIncluded ? 0 : u.maintenanceAmount;
    const total = u.securityDeposit + u.rent + maintenance;
    const installments: BookingInstallment[] =
      body.paymentPlan === 'installments'
        ? splitInstallments(total, body.installmentCount ?? 2).map((amount, i) => ({
            number: i + 1,
            amount,
            dueDate: addMonths(today(), i),
            status: 'pending',
            paidAt: null,
          }))
        : [];
    const firstAmount = installments[0]?.amount ?? total;
    const holdExpiresAt = new Date(Date.now() + deps.config.payments.holdMinutes * 60_000);
    await expireHolds();
    try {
      const made = await db.transaction(async (tx) => {
        const held = await openBookingOfUnit(tx, u.id, OPEN_STATUSES);
        if (held) throw conflict('This unit is already booked or held for another booking');
        const row = await insertBooking(tx, {
          companyId: u.companyId,
          propertyId: u.propertyId,
          rentalUnitId: u.id,
          userId: ctx.userId,
          moveInDate: body.moveInDate,
          durationMonths: body.durationMonths,
          paymentPlan: body.paymentPlan,
          notes: body.notes ?? '',
          currency: u.currency,
          monthlyRent: u.rent,
          maintenanceCharges: maintenance,
          securityDeposit: u.securityDeposit,
          totalAmount: total,
          installments,
          statusHistory: [entry('pending_payment', 'Booked', ctx.userId)],
          holdExpiresAt,
        });
        const order = await payments.createOrder(tx, {
          companyId: u.companyId,
          userId: ctx.userId,
          amount: firstAmount,
          currency: u.currency,
          purpose: 'booking',
          referenceId: row.id,
          installmentNumber: installments[0] ? 1 : null,
        });
        const withOrder = await setBookingReturning(tx, row.id, { currentOrderId: order.id });
        await recordAudit(tx, {
          companyId: u.companyId,
          action: 'booking.created',
          entityType: 'booking',
          entityId: row.id,
          summary: `Unit ${u.unitNumber} booked (${body.paymentPlan}), total ${total}`,
          after: { status: 'pending_payment', totalAmount: total },
        });
        await emitEvent(tx, {
          companyId: u.companyId,
          type: 'booking.created',
          data: {
            bookingId: row.id,
            rentalUnitId: row.rentalUnitId,
            propertyId: row.propertyId,
            status: 'pending_payment',
            paymentPlan: body.paymentPlan,
            totalAmount: total,
            currency: u.currency,
          },
        });
        return { row: withOrder!, order };
      });
      return await checkout(made.row, made.order);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This unit is already booked or held for another booking');
      throw error;
    }
  }

  async function verifyPayment(ctx: AuthContext, body: VerifyBookingPaymentBody): Promise<BookingDetailDto> {
    const found = await repo.bookerOrder({
      bookingId: body.bookingId,
      userId: ctx.userId,
      gatewayOrderId: body.razorpay_order_id,
    });
    if (!found) throw new AppError('VALIDATION_ERROR', 'Payment verification failed');
    const { order } = found;
    await payments.verifyClientPayment({
      orderRowId: order.id,
      userId: ctx.userId,
      clientOrderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    });
    return views.detail(ctx, body.bookingId);
  }

  /**
   * Before the booker is asked for more money: whatever the gateway took for the booking's earlier orders is
   * recorded first, so the new order asks only for what is still due.
   */
  async function settleOpenOrders(ctx: AuthContext, id: string): Promise<void> {
    const own = await repo.ownBookingId(id, ctx.userId);
    if (own) await payments.settleOpenOrdersOf(own.id);
  }

  /** An order for installment `n`: only the next unpaid one, and only while the booking is open. */
  async function installmentOrder(ctx: AuthContext, id: string, n: number): Promise<BookingCheckoutDto> {
    await settleOpenOrders(ctx, id);
    const made = await db.transaction(async (tx) => {
      const row = await lockOwnBooking(tx, id, ctx.userId);
      if (!row) throw notFound('Booking');
      if (row.paymentPlan !== 'installments') throw conflict('This booking is not paid by installments');
      if (row.status !== 'partially_paid' && row.status !== 'pending_payment') {
        throw conflict(`A ${row.status.replace('_', ' ')} booking takes no payment`);
      }
      const next = row.installments.find((i) => i.status === 'pending');
      if (!next || next.number !== n) {
        throw conflict(next ? `Pay installment ${next.number} first` : 'Every installment is paid');
      }
      if (row.currentOrderId) {
        const open = await orderById(tx, row.currentOrderId);
        if (open && open.status === 'created' && open.installmentNumber === n) return { row, order: open };
        if (open && open.status === 'created') await expireOrder(tx, open.id);
      }
      const order = await payments.createOrder(tx, {
        companyId: row.companyId,
        userId: ctx.userId,
        amount: next.amount,
        currency: row.currency,
        purpose: 'booking',
        referenceId: row.id,
        installmentNumber: n,
      });
      const updated = await setBookingReturning(tx, row.id, { currentOrderId: order.id });
      return { row: updated!, order };
    });
    return checkout(made.row, made.order);
  }

  /** The booker's Checkout answer for installment `n`: the order must be that installment's order of the booking. */
  async function verifyInstallment(
    ctx: AuthContext,
    body: VerifyBookingInstallmentBody,
  ): Promise<BookingDetailDto> {
    const failed = () => new AppError('VALIDATION_ERROR', 'Installment payment verification failed');
    const order = await repo.bookerInstallmentOrder({
      bookingId: body.bookingId,
      userId: ctx.userId,
      gatewayOrderId: body.razorpay_order_id,
      installmentNumber: body.installmentNumber,
    });
    if (!order) throw failed();
    try {
      await payments.verifyClientPayment({
        orderRowId: order.payment_orders.id,
        userId: ctx.userId,
        clientOrderId: body.razorpay_order_id,
        paymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'VALIDATION_ERROR') throw failed();
      throw error;
    }
    return views.detail(ctx, body.bookingId);
  }

  /** An order for everything still unpaid (the rest of an installment plan, or a full booking's total). */
  async function fullPaymentOrder(ctx: AuthContext, id: string): Promise<BookingCheckoutDto> {
    await settleOpenOrders(ctx, id);
    const made = await db.transaction(async (tx) => {
      const row = await lockOwnBooking(tx, id, ctx.userId);
      if (!row) throw notFound('Booking');
      if (row.status !== 'partially_paid' && row.status !== 'pending_payment') {
        throw conflict(`A ${row.status.replace('_', ' ')} booking takes no payment`);
      }
      const due = row.totalAmount - row.paidAmount;
      if (due <= 0) throw conflict('Everything is paid');
      if (row.currentOrderId) {
        const open = await orderById(tx, row.currentOrderId);
        if (open && open.status === 'created' && open.installmentNumber === null && open.amount === due) {
          return { row, order: open };
        }
        // The open order of an installment is replaced: only one order of a booking is open at a time.
        if (open && open.status === 'created') await expireOrder(tx, open.id);
      }
      const order = await payments.createOrder(tx, {
        companyId: row.companyId,
        userId: ctx.userId,
        amount: due,
        currency: row.currency,
        purpose: 'booking',
        referenceId: row.id,
        installmentNumber: null,
      });
      const updated = await setBookingReturning(tx, row.id, { currentOrderId: order.id });
      return { row: updated!, order };
    });
    return checkout(made.row, made.order);
  }

  /**
   * Expires holds past their time in one statement (safe on several processes: each row is updated once) and
   * closes their open orders; the partial unique index then lets the unit be booked again.
   */
  async function expireHolds(): Promise<number> {
    return db.transaction(async (tx) => {
      const expired = await expireHeldBookings(tx);
      for (const row of expired) {
        await recordAudit(tx, {
          companyId: row.companyId,
          actorUserId: null,
          action: 'booking.status_changed',
          entityType: 'booking',
          entityId: row.id,
          summary: 'pending_payment → expired (payment hold expired)',
          before: { status: 'pending_payment' },
          after: { status: 'expired' },
        });
        if (!row.orderId) continue;
        await expireOpenOrder(tx, row.orderId);
      }
      return expired.length;
    });
  }

  return { create, verifyPayment, installmentOrder, verifyInstallment, fullPaymentOrder, expireHolds };
}
