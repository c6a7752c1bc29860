import type { BookingCheckoutDto, BookingDto, BookingStatus, CheckoutFields } from '@rentora/shared';
import { BOOKING_STATUS_TRANSITIONS, BOOKING_STATUSES } from '@rentora/shared';
import { CalendarCheck, CircleDollarSign, Clock, SearchX, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, Input, Select } from '../../components/field';
import { Pagination } from '../../components/pagination';
import { SearchInput } from '../../components/search-input';
import { SkeletonList } from '../../components/skeleton';
import { StatCard } from '../../components/stat-card';
import { Tabs } from '../../components/tabs';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { useAuth } from '../auth/auth-provider';
import { GatewayCheckout } from '../payments-checkout/gateway-checkout';
import { useProperties } from '../properties/properties.api';
import { usePropertyUnits } from '../rental-units/rental-units.api';
import { AgreementLinks, SignAgreementDialog } from './agreement';
import { AgreementTemplatePanel } from './agreement-template';
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

const STATUS_CHIPS: BookingStatus[] = [
  'pending_payment',
  'partially_paid',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
];
const isStatus = (value: string): value is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value);
/** The list's filters in the address (shareable, kept on reload and back/forward); `booking` is the open one. */
const FILTER_KEYS = ['status', 'search', 'from', 'to', 'propertyId', 'rentalUnitId', 'view'] as const;
type View = 'list' | 'template';

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
  const { user } = useAuth();
  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const [params, setParams] = useSearchParams();
  const statuses = values.status.split(',').filter(isStatus);
  const company = scope === 'company';
  const view: View = company && values.view === 'template' ? 'template' : 'list';
  const filters: BookingFilters = {
    page,
    scope,
    status: statuses,
    ...(company
      ? {
          search: values.search || undefined,
          from: values.from || undefined,
          to: values.to || undefined,
          propertyId: values.propertyId || undefined,
          rentalUnitId: (values.propertyId && values.rentalUnitId) || undefined,
        }
      : {}),
  };
  const hasFilters = Boolean(
    statuses.length || values.search || values.from || values.to || values.propertyId || values.rentalUnitId,
  );
  const setPage = (next: number) => set({ page: next });
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
  const openId = company ? params.get('booking') : null;
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
      {company ? (
        <Tabs
          label="Bookings view"
          tabs={[
            { id: 'list', label: 'Bookings' },
            { id: 'template', label: 'Agreement template' },
          ]}
          value={view}
          onChange={(next: View) => set({ view: next === 'list' ? null : next, page: page })}
          className="mb-4"
        />
      ) : null}
      {view === 'template' ? (
        <AgreementTemplatePanel />
      ) : (
        <>
          <BookingFiltersBar
            company={company}
            values={values}
            statuses={statuses}
            hasFilters={hasFilters}
            set={set}
            clear={clear}
          />
          {list.isPending ? (
            <SkeletonList rows={3} />
          ) : list.isError ? (
            <ErrorState
              title={apiErrorMessage(list.error, BOOKING_FALLBACK_MESSAGES.list)}
              onRetry={() => list.refetch()}
            />
          ) : list.data.data.length === 0 && hasFilters ? (
            <EmptyState
              icon={SearchX}
              title="No bookings match these filters"
              description="Change or clear the filters to see more bookings."
              action={
                <Button variant="outline" onClick={clear}>
                  Clear filters
                </Button>
              }
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
                    showBooker={company}
                    onPayNext={
                      scope === 'own' && booking.status === 'partially_paid'
                        ? () => payNext(booking)
                        : undefined
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
                      company && BOOKING_STATUS_TRANSITIONS[booking.status].includes('completed')
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
                    onDetails={company ? () => setOpenId(booking._id) : undefined}
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
        </>
      )}
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
      {company ? (
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

type FilterValues = Record<(typeof FILTER_KEYS)[number] | 'page', string>;

/**
 * Status chips (both areas) and, on the dashboard, search, property, unit (of the chosen property) and the booking
 * date range; every control writes the address, so a filtered list can be shared or reloaded.
 */
function BookingFiltersBar({
  company,
  values,
  statuses,
  hasFilters,
  set,
  clear,
}: {
  company: boolean;
  values: FilterValues;
  statuses: BookingStatus[];
  hasFilters: boolean;
  set: (changes: Partial<Record<keyof FilterValues, string | number | null>>) => void;
  clear: () => void;
}) {
  const [searchText, setSearchText] = useSearchBox(values.search, (search) => set({ search }));
  const properties = useProperties({ limit: 100, sortBy: 'name', sortOrder: 'asc' }, { enabled: company });
  const units = usePropertyUnits(company && values.propertyId ? values.propertyId : undefined, {
    limit: 100,
    sortBy: 'unitNumber',
    sortOrder: 'asc',
  });
  const toggle = (status: BookingStatus) => {
    const next = statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status];
    set({ status: STATUS_CHIPS.filter((s) => next.includes(s)).join(',') });
  };
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm font-medium transition ${
      active
        ? 'border-brand-600 bg-brand-600 text-white shadow-sm'
        : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50'
    }`;
  return (
    <div className="mb-4 space-y-3" data-testid="booking-filters">
      {company ? (
        <Card className="grid gap-3 p-3 sm:grid-cols-2 sm:p-4 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,0.9fr)_minmax(0,0.9fr)]">
          <SearchInput
            value={searchText}
            onChange={setSearchText}
            label="Search bookings"
            placeholder="Booker, email, unit or property"
            className="sm:col-span-2 lg:col-span-1"
          />
          <Select
            aria-label="Property"
            value={values.propertyId}
            onChange={(event) => set({ propertyId: event.target.value, rentalUnitId: null })}
          >
            <option value="">All properties</option>
            {(properties.data?.data ?? []).map((property) => (
              <option key={property._id} value={property._id}>
                {property.name}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Unit"
            value={values.propertyId ? values.rentalUnitId : ''}
            disabled={!values.propertyId}
            title={values.propertyId ? undefined : 'Choose a property first'}
            onChange={(event) => set({ rentalUnitId: event.target.value })}
          >
            <option value="">{values.propertyId ? 'All units' : 'All units (choose a property)'}</option>
            {(units.data?.data ?? []).map((unit) => (
              <option key={unit._id} value={unit._id}>
                Unit {unit.unitNumber}
              </option>
            ))}
          </Select>
          <Input
            aria-label="Booked from"
            title="Booked from"
            type="date"
            value={values.from}
            max={values.to || undefined}
            onChange={(event) => set({ from: event.target.value })}
          />
          <Input
            aria-label="Booked to"
            title="Booked to"
            type="date"
            value={values.to}
            min={values.from || undefined}
            onChange={(event) => set({ to: event.target.value })}
          />
        </Card>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="contents">
          <legend className="sr-only">Booking status</legend>
          <button
            type="button"
            className={chip(statuses.length === 0)}
            aria-pressed={statuses.length === 0}
            onClick={() => set({ status: null })}
          >
            All
          </button>
          {STATUS_CHIPS.map((status) => (
            <button
              key={status}
              type="button"
              className={chip(statuses.includes(status))}
              aria-pressed={statuses.includes(status)}
              onClick={() => toggle(status)}
            >
              {BOOKING_STATUS_LABELS[status]}
            </button>
          ))}
        </fieldset>
        {hasFilters ? (
          <Button variant="ghost" size="sm" onClick={clear} className="ml-auto">
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
