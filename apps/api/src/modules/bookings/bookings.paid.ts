import { recordAudit } from '../../core/audit';
import { emitEvent } from '../../core/events';
import type { Tx } from '../../db/client';
import type { PaymentOrderRow, PaymentRow } from '../payments/payments.service';
import { createTenancyInTx } from '../tenants/tenants.service';
import { lockBooking, setBooking } from './bookings.repo';
import { addMonths, entry } from './bookings.rules';

/**
 * Runs inside the payments transaction when a booking's order is first paid: updates the booking under its row lock
 * and, for the first payment, creates the booker's pending tenancy (in a savepoint, so that a refusal there never
 * loses the payment).
 */
export async function onBookingPaid(tx: Tx, order: PaymentOrderRow, payment: PaymentRow): Promise<void> {
  if (order.purpose !== 'booking' || !order.referenceId) return;
  const booking = await lockBooking(tx, order.referenceId);
  if (!booking) return;
  // What the booking still owes takes the payment; the rest (money for a closed booking, or beyond the total when
  // two orders of one booking were both paid) is kept as a refund due, never counted twice and never dropped.
  const closed = booking.status === 'cancelled' || booking.status === 'expired';
  const due = closed ? 0 : Math.max(0, booking.totalAmount - booking.paidAmount);
  const applied = Math.min(payment.amount, due);
  const surplus = payment.amount - applied;
  let history = booking.statusHistory;
  if (surplus > 0) {
    const why = closed ? `after ${booking.status}` : 'for an amount already paid';
    history = [
      ...history,
      entry(booking.status, `Payment ${payment.gatewayPaymentId} arrived ${why}: refund due`, null),
    ];
    await setBooking(tx, booking.id, {
      refundDueAmount: booking.refundDueAmount + surplus,
      statusHistory: history,
    });
    await recordAudit(tx, {
      companyId: booking.companyId,
      action: 'booking.refund_due',
      entityType: 'booking',
      entityId: booking.id,
      summary: `Payment ${payment.gatewayPaymentId} of ${payment.amount} arrived ${why}: ${surplus} refund due`,
      after: { refundDueAmount: booking.refundDueAmount + surplus },
    });
  }
  if (applied === 0) return;
  const paidAt = new Date().toISOString();
  const paidAmount = booking.paidAmount + applied;
  // Installments are paid in order: each one the money received so far covers is paid.
  let covered = 0;
  const installments = booking.installments.map((i) => {
    covered += i.amount;
    return i.status === 'pending' && covered <= paidAmount ? { ...i, status: 'paid' as const, paidAt } : i;
  });
  const status = paidAmount >= booking.totalAmount ? 'confirmed' : 'partially_paid';
  let tenantId = booking.tenantId;
  if (!tenantId) {
    try {
      const tenancy = await tx.transaction(async (sp) =>
        createTenancyInTx(sp, {
          companyId: booking.companyId,
          rentalUnitId: booking.rentalUnitId,
          userId: booking.userId,
          status: 'pending',
          actorUserId: null,
          occupancyDetails: { moveInDate: booking.moveInDate },
          agreementDetails: {
            rentAmount: booking.monthlyRent,
            maintenanceCharges: booking.maintenanceCharges,
            securityDeposit: booking.securityDeposit,
            rentDueDate: Math.min(28, Number(booking.moveInDate.slice(8, 10))),
            leaseStartDate: booking.moveInDate,
            leaseEndDate: addMonths(booking.moveInDate, booking.durationMonths),
          },
          source: 'booking',
          bookingId: booking.id,
        }),
      );
      tenantId = tenancy._id;
    } catch {
      // Already a tenant of the unit (or the unit changed): the booking is paid all the same.
    }
  }
  await setBooking(tx, booking.id, {
    status,
    paidAmount,
    installments,
    tenantId,
    currentOrderId: null,
    holdExpiresAt: null,
    statusHistory:
      status === booking.status
        ? history
        : [...history, entry(status, `Payment ${payment.gatewayPaymentId} received`, null)],
  });
  if (status !== booking.status) {
    await recordAudit(tx, {
      companyId: booking.companyId,
      action: 'booking.status_changed',
      entityType: 'booking',
      entityId: booking.id,
      summary: `${booking.status} → ${status} after payment ${payment.gatewayPaymentId}`,
      before: { status: booking.status, paidAmount: booking.paidAmount },
      after: { status, paidAmount },
    });
    if (status === 'confirmed')
      await emitEvent(tx, {
        companyId: booking.companyId,
        type: 'booking.confirmed',
        data: {
          bookingId: booking.id,
          tenantId,
          paidAmount,
          totalAmount: booking.totalAmount,
          currency: booking.currency,
        },
      });
  }
}
