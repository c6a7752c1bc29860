import { BOOKING_STATUS_TRANSITIONS, type BookingDto, type BookingStatusBody } from '@rentora/shared';
import type { AuthContext, CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { AppError, conflict, notFound } from '../../core/errors';
import { emitEvent } from '../../core/events';
import type { Db } from '../../db/client';
import { expireOpenOrder, type PaymentsDeps, type PaymentsService } from '../payments/payments.service';
import { type BookingRow, lockBooking, lockCompanyBooking, setBookingReturning } from './bookings.repo';
import { entry, OPEN_STATUSES } from './bookings.rules';
import type { BookingViews } from './bookings.views';

/** Status changes: the booker's or staff's cancel (with the refunds it owes) and staff's moves between statuses. */
export function bookingStatus(
  deps: Pick<PaymentsDeps, 'db' | 'log'>,
  payments: PaymentsService,
  views: BookingViews,
) {
  const db: Db = deps.db;

  /**
   * Cancels (booker, or staff with bookings_update): releases the unit; the captured payments are then refunded
   * through the gateway, and what the gateway does not refund stays recorded as a refund due.
   */
  async function cancel(ctx: AuthContext, id: string, reason: string): Promise<BookingDto> {
    const cancelled = await cancelRow(ctx, id, reason);
    if (cancelled.refundDueAmount <= 0) return views.dto(cancelled);
    return views.dto(await refundDue(cancelled, ctx.userId));
  }

  /** Refunds the captured, not yet refunded payments of a cancelled booking; lowers its refund due by each refund. */
  async function refundDue(booking: BookingRow, actorUserId: string | null): Promise<BookingRow> {
    const ledgerRows = await payments.paymentsOfReference(booking.id);
    const refunds: { amount: number; note: string }[] = [];
    let budget = booking.refundDueAmount;
    for (const p of ledgerRows) {
      if (p.status !== 'captured' || budget <= 0) continue;
      try {
        const refund = await payments.refundPayment({
          gatewayPaymentId: p.gatewayPaymentId,
          amount: Math.min(budget, p.amount),
          receipt: booking.id,
        });
        budget -= refund.amount;
        refunds.push({
          amount: refund.amount,
          note: `Refund ${refund.refundId} of ${refund.amount} for ${p.gatewayPaymentId} (${refund.status})`,
        });
      } catch (error) {
        // Already refunded, or the gateway refused: the amount stays due and staff see it.
        deps.log?.error({ err: error, bookingId: booking.id }, 'booking refund failed');
      }
    }
    if (refunds.length === 0) return booking;
    return db.transaction(async (tx) => {
      const row = await lockBooking(tx, booking.id);
      const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
      const updated = await setBookingReturning(tx, booking.id, {
        refundDueAmount: Math.max(0, row!.refundDueAmount - refunded),
        statusHistory: [
          ...row!.statusHistory,
          ...refunds.map((r) => entry(row!.status, r.note, actorUserId)),
        ],
      });
      await recordAudit(tx, {
        companyId: row!.companyId,
        actorUserId,
        action: 'booking.refunded',
        entityType: 'booking',
        entityId: row!.id,
        summary: refunds.map((r) => r.note).join('; '),
        before: { refundDueAmount: row!.refundDueAmount },
        after: { refundDueAmount: updated!.refundDueAmount },
      });
      return updated!;
    });
  }

  async function cancelRow(ctx: AuthContext, id: string, reason: string): Promise<BookingRow> {
    const visible = await views.load(ctx, id);
    if (visible.userId !== ctx.userId && !views.isStaffOf(ctx, visible.companyId, 'bookings_update')) {
      throw new AppError('FORBIDDEN', 'You cannot cancel this booking');
    }
    return db.transaction(async (tx) => {
      const row = await lockBooking(tx, id);
      if (!row) throw notFound('Booking');
      if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) {
        throw conflict(`A ${row.status.replace('_', ' ')} booking cannot be cancelled`);
      }
      if (row.currentOrderId) await expireOpenOrder(tx, row.currentOrderId);
      const updated = await setBookingReturning(tx, id, {
        status: 'cancelled',
        cancellationReason: reason,
        currentOrderId: null,
        holdExpiresAt: null,
        refundDueAmount: row.refundDueAmount + row.paidAmount,
        statusHistory: [...row.statusHistory, entry('cancelled', reason, ctx.userId)],
      });
      await recordAudit(tx, {
        companyId: row.companyId,
        action: 'booking.cancelled',
        entityType: 'booking',
        entityId: row.id,
        summary: reason,
        before: { status: row.status },
        after: { status: 'cancelled', refundDueAmount: updated!.refundDueAmount },
      });
      return updated!;
    });
  }

  /** Staff status change with a note (allowed transitions only, 409 otherwise). */
  async function updateStatus(ctx: CompanyContext, id: string, body: BookingStatusBody): Promise<BookingDto> {
    const row = await db.transaction(async (tx) => {
      const current = await lockCompanyBooking(tx, id, ctx.companyId);
      if (!current) throw notFound('Booking');
      if (!BOOKING_STATUS_TRANSITIONS[current.status].includes(body.status)) {
        throw conflict(`A booking cannot move from ${current.status} to ${body.status}`);
      }
      const updated = await setBookingReturning(tx, id, {
        status: body.status,
        statusHistory: [...current.statusHistory, entry(body.status, body.note ?? null, ctx.userId)],
      });
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'booking.status_changed',
        entityType: 'booking',
        entityId: id,
        summary: `${current.status} → ${body.status}${body.note ? `: ${body.note}` : ''}`,
        before: { status: current.status },
        after: { status: body.status },
      });
      if (body.status === 'confirmed')
        await emitEvent(tx, {
          companyId: ctx.companyId,
          type: 'booking.confirmed',
          data: {
            bookingId: id,
            tenantId: updated!.tenantId,
            paidAmount: updated!.paidAmount,
            totalAmount: updated!.totalAmount,
            currency: updated!.currency,
          },
        });
      return updated!;
    });
    return views.dto(row);
  }

  return { cancel, updateStatus };
}
