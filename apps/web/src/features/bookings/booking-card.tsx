import type { BookingDto, BookingStatus } from '@rentora/shared';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { formatDate, formatMoney } from '../../lib/format';
import { AgreementLinks } from './agreement';
import { BOOKING_STATUS_LABELS, BOOKING_STATUS_TONES } from './bookings.api';

export const CANCELLABLE: BookingStatus[] = ['pending_payment', 'partially_paid', 'confirmed'];

export function BookingCard({
  booking,
  showBooker,
  onPayNext,
  onPayRest,
  onCancel,
  onComplete,
  onDetails,
  onSign,
  paying,
}: {
  onDetails?: () => void;
  onSign?: () => void;
  booking: BookingDto;
  showBooker: boolean;
  onPayNext?: () => void;
  onPayRest?: () => void;
  onCancel?: () => void;
  onComplete?: () => void;
  paying: boolean;
}) {
  const next = booking.installments.find((i) => i.status === 'pending');
  return (
    <Card className="space-y-3 p-4" data-testid="booking-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold text-slate-900">
            {booking.propertyName} · Unit {booking.unitNumber}
          </h2>
          <p className="text-sm text-slate-600">
            Move-in {formatDate(booking.moveInDate)} · {booking.durationMonths} months
            {showBooker ? ` · ${booking.bookerName}` : ''}
          </p>
        </div>
        <Badge tone={BOOKING_STATUS_TONES[booking.status]}>{BOOKING_STATUS_LABELS[booking.status]}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">Total</dt>
          <dd className="font-medium">{formatMoney(booking.totalAmount, booking.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Paid</dt>
          <dd className="font-medium">{formatMoney(booking.paidAmount, booking.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Plan</dt>
          <dd>
            {booking.paymentPlan === 'full' ? 'In full' : `${booking.installments.length} installments`}
          </dd>
        </div>
        {booking.refundDueAmount > 0 ? (
          <div>
            <dt className="text-xs text-slate-500">Refund due</dt>
            <dd>{formatMoney(booking.refundDueAmount, booking.currency)}</dd>
          </div>
        ) : null}
      </dl>
      {booking.installments.length > 0 ? (
        <ol className="flex flex-wrap gap-2 text-xs" aria-label="Installments">
          {booking.installments.map((i) => (
            <li
              key={i.number}
              className={`rounded-full px-2 py-0.5 ${i.status === 'paid' ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600'}`}
            >
              #{i.number} {formatMoney(i.amount, booking.currency)} ·{' '}
              {i.status === 'paid' ? 'paid' : `due ${formatDate(i.dueDate)}`}
            </li>
          ))}
        </ol>
      ) : null}
      <AgreementLinks booking={booking} />
      {booking.cancellationReason ? (
        <p className="text-sm text-slate-600">Cancelled: {booking.cancellationReason}</p>
      ) : null}
      {onPayNext || onPayRest || onCancel || onComplete || onDetails || onSign ? (
        <div className="flex flex-wrap justify-end gap-2">
          {onDetails ? (
            <Button variant="outline" size="sm" onClick={onDetails}>
              Details
            </Button>
          ) : null}
          {onSign ? (
            <Button size="sm" onClick={onSign}>
              Sign agreement
            </Button>
          ) : null}
          {onComplete ? (
            <Button variant="outline" size="sm" onClick={onComplete}>
              Mark completed
            </Button>
          ) : null}
          {onCancel ? (
            <Button variant="outline" size="sm" onClick={onCancel}>
              Cancel booking
            </Button>
          ) : null}
          {onPayRest ? (
            <Button variant="outline" size="sm" onClick={onPayRest} disabled={paying}>
              Pay the rest · {formatMoney(booking.totalAmount - booking.paidAmount, booking.currency)}
            </Button>
          ) : null}
          {onPayNext && next ? (
            <Button size="sm" onClick={onPayNext} loading={paying}>
              Pay installment {next.number} · {formatMoney(next.amount, booking.currency)}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
