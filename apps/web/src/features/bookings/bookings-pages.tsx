import type { BookingCheckoutDto, BookingDto, BookingStatus, CheckoutFields } from '@rentora/shared';
import { BOOKING_STATUS_TRANSITIONS } from '@rentora/shared';
import { CalendarCheck, CircleDollarSign, Clock, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, Input } from '../../components/field';
import { Pagination } from '../../components/pagination';
import { SearchInput, useDebouncedValue } from '../../components/search-input';
import { SkeletonList } from '../../components/skeleton';
import { StatCard } from '../../components/stat-card';
import { Tabs } from '../../components/tabs';
import { useToast } from '../../components/toasts';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { useAuth } from '../auth/auth-provider';
import { GatewayCheckout } from '../payments-checkout/gateway-checkout';
import { AgreementLinks, SignAgreementDialog } from './agreement';
import { BookingDetailDialog } from './booking-detail';
import {
  BOOKING_FALLBACK_MESSAGES,
  BOOKING_STATUS_LABELS,
  BOOKING_STATUS_TONES,
  type BookingFilters,
  useBookingStats,
  useBookings,
  useCancelBooking,
  useFullPaymentOrder,
  useInstallmentOrder,
  useUpdateBookingStatus,
  useVerifyBookingPayment,
  useVerifyInstallment,
} from './bookings.api';

type StatusTab = 'all' | BookingStatus;
const STATUS_TABS: { id: StatusTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'pending_payment', label: 'Awaiting payment' },
  { id: 'partially_paid', label: 'Partially paid' },
  { id: 'confirmed', label: 'Confirmed' },
  { id: 'cancelled', label: 'Cancelled' },
  { id: 'expired', label: 'Expired' },
];

const CANCELLABLE: BookingStatus[] = ['pending_payment', 'partially_paid', 'confirmed'];

/** The tenant area's "My bookings" (/tenant/applications). */
export function MyBookingsPage() {
  useDocumentTitle('My bookings');
  return (
    <BookingsView scope="own" title="My bookings" description="Your bookings, payments and installments" />
  );
}

/** /dashboard/bookings: the company's bookings. */
export function DashboardBookingsPage() {
  useDocumentTitle('Bookings');
  return (
    <BookingsView
      scope="company"
      title="Bookings"
      description="Bookings of your units, payments and installments"
      figures={<BookingStatsCards />}
    />
  );
}

function BookingStatsCards() {
  const stats = useBookingStats();
  const data = stats.data;
  const loading = stats.isPending;
  return (
    <section aria-label="Booking figures" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Bookings" value={data?.total ?? 0} icon={CalendarCheck} loading={loading} />
      <StatCard
        label="Awaiting payment"
        value={(data?.byStatus.pending_payment ?? 0) + (data?.byStatus.partially_paid ?? 0)}
        icon={Clock}
        tone="warning"
        loading={loading}
      />
      <StatCard
        label="Collected"
        value={formatMoney(data?.collected ?? 0)}
        icon={Wallet}
        tone="success"
        loading={loading}
      />
      <StatCard
        label="Outstanding"
        value={formatMoney(data?.outstanding ?? 0)}
        icon={CircleDollarSign}
        loading={loading}
      />
    </section>
  );
}

function BookingsView({
  scope,
  title,
  description,
  figures,
}: {
  scope: BookingFilters['scope'];
  title: string;
  description: string;
  figures?: ReactNode;
}) {
  const toast = useToast();
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const [tab, setTab] = useState<StatusTab>('all');
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim());
  const [params, setParams] = useSearchParams();
  const filters: BookingFilters = {
    page,
    scope,
    ...(tab === 'all' ? {} : { status: tab }),
    ...(scope === 'company'
      ? {
          search: debouncedSearch,
          from,
          to,
          propertyId: params.get('propertyId') ?? undefined,
          rentalUnitId: params.get('rentalUnitId') ?? undefined,
        }
      : {}),
  };
  const list = useBookings(filters);
  const cancel = useCancelBooking();
  const installment = useInstallmentOrder();
  const verify = useVerifyBookingPayment();
  const verifyInstallment = useVerifyInstallment();
  const fullPayment = useFullPaymentOrder();
  const updateStatus = useUpdateBookingStatus();
  const [cancelling, setCancelling] = useState<BookingDto | null>(null);
  const [signing, setSigning] = useState<BookingDto | null>(null);
  // The open booking of the dashboard is in the address (?booking=id), so that notifications can link to it.
  const openId = scope === 'company' ? params.get('booking') : null;
  const setOpenId = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('booking', id);
        else next.delete('booking');
        return next;
      },
      { replace: true },
    );
  const [reason, setReason] = useState('');
  /** The open checkout and, for an installment, its number (verified through verify-installment). */
  const [checkout, setCheckout] = useState<
    (BookingCheckoutDto & { installmentNumber: number | null }) | null
  >(null);

  function payNext(booking: BookingDto) {
    const next = booking.installments.find((i) => i.status === 'pending');
    if (!next) return;
    installment.mutate(
      { id: booking._id, n: next.number },
      {
        onSuccess: (answer) => setCheckout({ ...answer, installmentNumber: next.number }),
        onError: (error) => toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.installment)),
      },
    );
  }

  function payRest(booking: BookingDto) {
    fullPayment.mutate(booking._id, {
      onSuccess: (answer) => setCheckout({ ...answer, installmentNumber: null }),
      onError: (error) => toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.full)),
    });
  }

  function paid(fields: CheckoutFields) {
    if (!checkout) return;
    const n = checkout.installmentNumber;
    const done = {
      onSuccess: () => {
        setCheckout(null);
        toast.success(n === null ? 'Payment received' : 'Installment paid');
      },
    };
    if (n !== null) {
      verifyInstallment.mutate(
        { bookingId: checkout.booking._id, installmentNumber: n, ...fields },
        {
          ...done,
          onError: (error) =>
            toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.verifyInstallment)),
        },
      );
    } else {
      verify.mutate(
        { bookingId: checkout.booking._id, ...fields },
        {
          ...done,
          onError: (error) => toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.verify)),
        },
      );
    }
  }

  return (
    <div>
      <PageHeader title={title} description={description} />
      {figures}
      <Tabs
        label="Booking status"
        tabs={STATUS_TABS}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setPage(1);
        }}
        className="mb-4"
      />
      {scope === 'company' ? (
        <div className="mb-4 flex flex-wrap items-end gap-3" data-testid="booking-filters">
          <SearchInput
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            label="Search bookings"
            placeholder="Booker, email, unit or property"
            className="min-w-64 flex-1"
          />
          <Field label="Booked from">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={from}
                max={to || undefined}
                onChange={(e) => {
                  setFrom(e.target.value);
                  setPage(1);
                }}
              />
            )}
          </Field>
          <Field label="Booked to">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={to}
                min={from || undefined}
                onChange={(e) => {
                  setTo(e.target.value);
                  setPage(1);
                }}
              />
            )}
          </Field>
        </div>
      ) : null}
      {list.isPending ? (
        <SkeletonList rows={3} />
      ) : list.isError ? (
        <ErrorState
          title={apiErrorMessage(list.error, BOOKING_FALLBACK_MESSAGES.list)}
          onRetry={() => list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          icon={CalendarCheck}
          title="No bookings yet"
          description={
            scope === 'own'
              ? 'Find a home on the listings and choose “Book now”.'
              : 'Bookings of your listed units appear here.'
          }
        />
      ) : (
        <ul className="space-y-3" data-testid="bookings-list">
          {list.data.data.map((booking) => (
            <li key={booking._id}>
              <BookingCard
                booking={booking}
                showBooker={scope === 'company'}
                onPayNext={
                  scope === 'own' && booking.status === 'partially_paid' ? () => payNext(booking) : undefined
                }
                onPayRest={
                  scope === 'own' &&
                  (booking.status === 'partially_paid' || booking.status === 'pending_payment') &&
                  booking.totalAmount > booking.paidAmount
                    ? () => payRest(booking)
                    : undefined
                }
                onCancel={CANCELLABLE.includes(booking.status) ? () => setCancelling(booking) : undefined}
                onComplete={
                  scope === 'company' && BOOKING_STATUS_TRANSITIONS[booking.status].includes('completed')
                    ? () =>
                        updateStatus.mutate(
                          { id: booking._id, status: 'completed', note: 'Marked completed' },
                          {
                            onSuccess: () => toast.success('Booking marked completed'),
                            onError: (error) =>
                              toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.status)),
                          },
                        )
                    : undefined
                }
                paying={installment.isPending || fullPayment.isPending}
                onDetails={scope === 'company' ? () => setOpenId(booking._id) : undefined}
                onSign={
                  scope === 'own' && booking.agreement && !booking.agreement.signed
                    ? () => setSigning(booking)
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.pagination.totalPages > 1 ? (
        <Pagination pagination={list.data.pagination} onPageChange={setPage} itemLabel="bookings" />
      ) : null}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this booking?"
        description="The unit is released. Money already paid is refunded through the payment gateway, or recorded as a refund due."
        confirmLabel="Cancel booking"
        tone="danger"
        loading={cancel.isPending}
        confirmDisabled={reason.trim().length < 3}
        onClose={() => {
          setCancelling(null);
          setReason('');
        }}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(
            { id: cancelling._id, cancellationReason: reason.trim() },
            {
              onSuccess: () => {
                toast.success('Booking cancelled');
                setCancelling(null);
                setReason('');
              },
              onError: (error) => toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.cancel)),
            },
          );
        }}
      >
        <Field label="Reason" required>
          {(control) => (
            <textarea
              {...control}
              className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
      </ConfirmDialog>
      {scope === 'company' ? (
        <BookingDetailDialog
          bookingId={openId}
          onClose={() => setOpenId(null)}
          onCancel={(booking) => {
            setOpenId(null);
            setCancelling(booking);
          }}
        />
      ) : null}
      {signing ? <SignAgreementDialog booking={signing} open onClose={() => setSigning(null)} /> : null}
      {checkout ? (
        <GatewayCheckout
          gateway={checkout.gateway}
          keyId={checkout.keyId}
          order={checkout.order}
          prefill={
            user ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : undefined
          }
          description={`${checkout.booking.propertyName} · Unit ${checkout.booking.unitNumber}`}
          onPaid={paid}
          onFailed={(message) => toast.error(message)}
          onClose={() => setCheckout(null)}
        />
      ) : null}
    </div>
  );
}

function BookingCard({
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
