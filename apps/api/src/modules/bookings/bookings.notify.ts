import { formatMoney } from '@rentora/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { escapeHtml } from '../../core/html';
import { sendMail } from '../../core/mail-delivery';
import { lookedUp } from '../../core/page-rows';
import { bookings, users } from '../../db/schema';
import type { PaymentOrderRow, PaymentRow, PaymentsDeps } from '../payments/payments.service';
import { bookingNameColumns } from './bookings.repo';

const rupees = (amount: number, currency: string) => formatMoney(amount, currency);

/**
 * After a booking payment has committed: the booker hears that the booking is confirmed (or which installment was
 * paid), the company's active members hear of it too, in-app and by email. Best effort (a settled hook): a failure
 * is logged by the payments service and never undoes the payment.
 */
export async function notifyBookingPaid(
  deps: PaymentsDeps,
  order: PaymentOrderRow,
  payment: PaymentRow,
): Promise<void> {
  if (order.purpose !== 'booking' || !order.referenceId) return;
  const { notifier, mailer, db, config } = deps;
  if (!notifier) return;
  const [row] = await db
    .select({
      booking: bookings,
      ...bookingNameColumns,
      email: lookedUp<string>(users.email, users.id, bookings.userId),
    })
    .from(bookings)
    .where(eq(bookings.id, order.referenceId));
  if (!row) return;
  const { booking } = row;
  if (booking.status !== 'confirmed' && booking.status !== 'partially_paid') return;
  const place = `${row.propertyName} · Unit ${row.unitNumber}`;
  const amount = rupees(payment.amount, payment.currency);
  const confirmed = booking.status === 'confirmed';
  const what = confirmed
    ? 'Booking confirmed'
    : `Installment ${order.installmentNumber ?? ''} paid`.replace('  ', ' ');
  const booker = `${row.firstName} ${row.lastName}`.trim();
  const data = { bookingId: booking.id, paymentId: payment.id, amount: payment.amount };

  await notifier.notifyUser(booking.userId, {
    companyId: booking.companyId,
    category: 'booking',
    type: confirmed ? 'booking.confirmed' : 'booking.installment_paid',
    title: `${what}: ${place}`,
    message: `We received ${amount}. ${confirmed ? 'Your booking is confirmed.' : 'The next installment is shown in My bookings.'}`,
    link: '/tenant/applications',
    priority: 'high',
    data,
  });
  const staff = await notifier.notifyCompany(booking.companyId, {
    category: 'booking',
    type: confirmed ? 'booking.confirmed' : 'booking.installment_paid',
    title: `${what}: ${place}`,
    message: `${booker} paid ${amount} (${payment.gatewayPaymentId}).`,
    link: `/dashboard/bookings?booking=${booking.id}`,
    data,
  });

  if (!mailer) return;
  const mail = (to: string, userId: string, subject: string, text: string, link: string) =>
    sendMail(
      mailer,
      {
        to,
        subject,
        text: `${text}\n\nOpen it: ${config.appUrl}${link}`,
        html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p><p><a href="${escapeHtml(`${config.appUrl}${link}`)}">Open it</a></p>`,
        template: 'booking-paid',
        link: `${config.appUrl}${link}`,
      },
      { companyId: booking.companyId, userId, kind: 'bookings' },
    );
  await mail(
    row.email,
    booking.userId,
    `${what}: ${place}`,
    `Hello ${row.firstName},\n\nwe received your payment of ${amount} for ${place}. ${
      confirmed ? 'Your booking is confirmed.' : 'The rest is due by installments as scheduled.'
    }`,
    '/tenant/applications',
  );
  const staffIds = staff.map((n) => n.userId).filter((id) => id !== booking.userId);
  if (staffIds.length === 0) return;
  const recipients = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, staffIds), eq(users.isActive, true)));
  for (const recipient of recipients) {
    await mail(
      recipient.email,
      recipient.id,
      `${what}: ${place}`,
      `${booker} paid ${amount} for ${place} (${payment.gatewayPaymentId}).`,
      `/dashboard/bookings?booking=${booking.id}`,
    );
  }
}
