import type { BookingCheckoutDto, BookingDto, CheckoutFields } from '@rentora/shared';
import { BOOKING_STATUS_TRANSITIONS, ZBookingCancelBody } from '@rentora/shared';
import { CalendarCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { ListView, NoMatchState } from '../../components/list-view';
import { ReasonDialog } from '../../components/reason-dialog';
import { SkeletonList } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { toast } from '../../lib/toast';
import { useUrlFilters } from '../../lib/url-filters';
import { useAuth } from '../auth/auth-provider';
import { GatewayCheckout } from '../payments-checkout/gateway-checkout';
import { SignAgreementDialog } from './agreement';
import { AgreementTemplatePanel } from './agreement-template';
import { BookingCard, CANCELLABLE } from './booking-card';
import { BookingDetailDialog } from './booking-detail';
import { BookingFiltersBar, FILTER_KEYS, isStatus } from './booking-filters';
import { BookingStatsCards } from './booking-stats-cards';
import {
  BOOKING_FALLBACK_MESSAGES,
  type BookingFilters,
  useBookings,
  useCancelBooking,
  useFullPaymentOrder,
  useInstallmentOrder,
  useUpdateBookingStatus,
  useVerifyBookingPayment,
  useVerifyInstallment,
} from './bookings.api';

type View = 'list' | 'template';

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
          <ListView
            list={list}
            errorTitle={apiErrorMessage(list.error, BOOKING_FALLBACK_MESSAGES.list)}
            errorFallback={null}
            hasFilters={hasFilters}
            noMatch={
              <NoMatchState
                title="No bookings match these filters"
                description="Change or clear the filters to see more bookings."
                onClear={clear}
              />
            }
            empty={
              <EmptyState
                icon={CalendarCheck}
                title="No bookings yet"
                description={
                  scope === 'own'
                    ? 'Find a home on the listings and choose “Book now”.'
                    : 'Bookings of your listed units appear here.'
                }
              />
            }
            onPageChange={setPage}
            itemLabel="bookings"
            hidePagination={(list.data?.pagination.totalPages ?? 0) <= 1}
            paginationClassName=""
          >
            {(rows, state) =>
              state.loading ? (
                <SkeletonList rows={3} />
              ) : (
                <ul className="space-y-3" data-testid="bookings-list">
                  {rows.map((booking) => (
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
                        onCancel={
                          CANCELLABLE.includes(booking.status) ? () => setCancelling(booking) : undefined
                        }
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
              )
            }
          </ListView>
        </>
      )}
      <ReasonDialog
        open={cancelling !== null}
        reason={ZBookingCancelBody.shape.cancellationReason}
        rows={3}
        title="Cancel this booking?"
        description="The unit is released. Money already paid is refunded through the payment gateway, or recorded as a refund due."
        confirmLabel="Cancel booking"
        tone="danger"
        loading={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={(reason) => {
          if (!cancelling) return;
          cancel.mutate(
            { id: cancelling._id, cancellationReason: reason },
            {
              onSuccess: () => {
                toast.success('Booking cancelled');
                setCancelling(null);
              },
              onError: (error) => toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.cancel)),
            },
          );
        }}
      />
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
