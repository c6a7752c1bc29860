import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_STATUS_TRANSITIONS,
  type BookingDetailDto,
  type BookingStatus,
  type BookingStatusBody,
  ZBookingStatusBody,
} from '@rentora/shared';
import { CircleCheck, CircleDot, FileSignature } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorState } from '../../components/empty-state';
import { Field, Select, Textarea } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { AgreementAudit, AgreementLinks } from './agreement';
import {
  BOOKING_FALLBACK_MESSAGES,
  BOOKING_STATUS_LABELS,
  BOOKING_STATUS_TONES,
  useBooking,
  useGenerateAgreement,
  useUpdateBookingStatus,
} from './bookings.api';

const PAYMENT_TONES = { captured: 'success', failed: 'danger', refunded: 'info' } as const;

/** /dashboard/bookings detail: timeline, payments, installments, status with a note, the agreement and its audit. */
export function BookingDetailDialog({
  bookingId,
  onClose,
  onCancel,
}: {
  bookingId: string | null;
  onClose: () => void;
  onCancel: (booking: BookingDetailDto) => void;
}) {
  const detail = useBooking(bookingId);
  const booking = detail.data;
  return (
    <Dialog
      open={bookingId !== null}
      onClose={onClose}
      size="lg"
      title={booking ? `${booking.propertyName} · Unit ${booking.unitNumber}` : 'Booking'}
      description={booking ? `${booking.bookerName} · booked ${formatDate(booking.createdAt)}` : undefined}
    >
      {detail.isPending ? (
        <SkeletonList rows={3} />
      ) : detail.isError ? (
        <ErrorState
          title={apiErrorMessage(detail.error, BOOKING_FALLBACK_MESSAGES.list)}
          onRetry={() => detail.refetch()}
        />
      ) : booking ? (
        <BookingDetail booking={booking} onCancel={() => onCancel(booking)} />
      ) : null}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function BookingDetail({ booking, onCancel }: { booking: BookingDetailDto; onCancel: () => void }) {
  const generate = useGenerateAgreement();
  const next = BOOKING_STATUS_TRANSITIONS[booking.status];
  const cancellable = ['pending_payment', 'partially_paid', 'confirmed'].includes(booking.status);
  const closed = booking.status === 'cancelled' || booking.status === 'expired';

  return (
    <div className="space-y-6" data-testid="booking-detail">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={BOOKING_STATUS_TONES[booking.status]}>{BOOKING_STATUS_LABELS[booking.status]}</Badge>
        <span className="text-sm text-slate-600">
          Paid {formatMoney(booking.paidAmount, booking.currency)} of{' '}
          {formatMoney(booking.totalAmount, booking.currency)}
        </span>
        {booking.refundDueAmount > 0 ? (
          <Badge tone="warning">Refund due {formatMoney(booking.refundDueAmount, booking.currency)}</Badge>
        ) : null}
      </div>

      <Section title="Timeline">
        <ol className="space-y-2 border-l border-slate-200 pl-4" aria-label="Timeline">
          {booking.statusHistory.map((event, index) => (
            <li key={`${event.at}-${event.status}-${event.note ?? ''}`} className="relative text-sm">
              <span className="absolute -left-[1.4rem] top-0.5 bg-white text-brand-600">
                {index === booking.statusHistory.length - 1 ? (
                  <CircleDot className="h-3.5 w-3.5" aria-hidden />
                ) : (
                  <CircleCheck className="h-3.5 w-3.5" aria-hidden />
                )}
              </span>
              <span className="font-medium">
                {BOOKING_STATUS_LABELS[event.status as BookingStatus] ?? event.status}
              </span>
              {event.note ? <span className="text-slate-600"> · {event.note}</span> : null}
              <span className="block text-xs text-slate-500">{formatDateTime(event.at)}</span>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Payments">
        {booking.payments.length === 0 ? (
          <p className="text-sm text-slate-500">No payments yet.</p>
        ) : (
          <table className="w-full text-sm" aria-label="Payments">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="py-1 font-medium">Date</th>
                <th className="py-1 font-medium">Gateway id</th>
                <th className="py-1 font-medium">Status</th>
                <th className="py-1 text-right font-medium">Amount</th>
              </tr>
            </thead>
            <tbody>
              {booking.payments.map((p) => (
                <tr key={p._id} className="border-t border-slate-100">
                  <td className="py-1.5">{formatDate(p.createdAt)}</td>
                  <td className="py-1.5 font-mono text-xs">{p.gatewayPaymentId}</td>
                  <td className="py-1.5">
                    <Badge tone={PAYMENT_TONES[p.status]}>{p.status}</Badge>
                    {p.failureReason ? (
                      <span className="ml-1 text-xs text-slate-500">{p.failureReason}</span>
                    ) : null}
                  </td>
                  <td className="py-1.5 text-right">{formatMoney(p.amount, p.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      {booking.installments.length > 0 ? (
        <Section title="Installments">
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
        </Section>
      ) : null}

      <Section title="Rental agreement">
        <AgreementLinks booking={booking} />
        <AgreementAudit booking={booking} />
        {!closed && !booking.agreement?.signed ? (
          <Button
            variant="outline"
            size="sm"
            loading={generate.isPending}
            onClick={() =>
              generate.mutate(booking._id, {
                onSuccess: () => toast.success('Agreement generated'),
                onError: (error) =>
                  toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.generateAgreement)),
              })
            }
          >
            <FileSignature className="h-4 w-4" aria-hidden />
            {booking.agreement ? 'Generate again' : 'Generate agreement'}
          </Button>
        ) : null}
      </Section>

      {next.length > 0 || cancellable ? (
        <Section title="Status">
          {next.length > 0 ? <StatusForm bookingId={booking._id} next={next} /> : null}
          {cancellable ? (
            <Button variant="outline" size="sm" onClick={onCancel}>
              Cancel booking
            </Button>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}

/** The booking status form: the next status (one of the allowed moves) and an optional note. */
const ZStatusForm = ZBookingStatusBody.extend({
  status: z.string().pipe(ZBookingStatusBody.shape.status),
  note: z
    .string()
    .transform((note) => note.trim() || undefined)
    .pipe(ZBookingStatusBody.shape.note),
});

function StatusForm({ bookingId, next }: { bookingId: string; next: readonly BookingStatus[] }) {
  const update = useUpdateBookingStatus();
  const form = useForm<z.input<typeof ZStatusForm>, unknown, BookingStatusBody>({
    resolver: zodResolver(ZStatusForm),
    defaultValues: { status: '', note: '' },
  });
  const { errors } = form.formState;
  const status = form.watch('status');
  const submit = form.handleSubmit((body) =>
    update.mutate(
      { id: bookingId, ...body },
      {
        onSuccess: () => {
          toast.success('Booking status updated');
          form.reset();
        },
        onError: (error) => toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.status)),
      },
    ),
  );
  return (
    <form className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end" noValidate onSubmit={submit}>
      <Field label="New status" error={errors.status?.message}>
        {(control) => (
          <Select {...control} {...form.register('status')}>
            <option value="">Choose…</option>
            {next.map((s) => (
              <option key={s} value={s}>
                {BOOKING_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Note" error={errors.note?.message}>
        {(control) => <Textarea {...control} rows={1} {...form.register('note')} />}
      </Field>
      <Button type="submit" disabled={!status} loading={update.isPending}>
        Update
      </Button>
    </form>
  );
}
