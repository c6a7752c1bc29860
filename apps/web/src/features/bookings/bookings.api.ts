import type {
  AgreementTemplate,
  AgreementTemplateDto,
  BookingCheckoutDto,
  BookingCreateBody,
  BookingDetailDto,
  BookingDto,
  BookingStatsDto,
  BookingStatus,
  VerifyBookingInstallmentBody,
  VerifyBookingPaymentBody,
} from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';

/** Spec 02 §8 fallback messages of the bookings calls. */
export const BOOKING_FALLBACK_MESSAGES = {
  list: 'Failed to fetch bookings',
  stats: 'Failed to fetch booking stats',
  create: 'Failed to create booking',
  verify: 'Payment verification failed',
  full: 'Failed to initiate full payment',
  installment: 'Failed to initiate installment payment',
  verifyInstallment: 'Installment payment verification failed',
  cancel: 'Failed to cancel booking',
  status: 'Failed to update booking status',
  generateAgreement: 'Failed to generate agreement',
  signAgreement: 'Failed to sign agreement',
  /** Not in the spec (the agreement template is ours): worded like its neighbours. */
  agreementTemplate: 'Failed to fetch agreement template',
  saveAgreementTemplate: 'Failed to save agreement template',
} as const;

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending_payment: 'Awaiting payment',
  partially_paid: 'Partially paid',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const BOOKING_STATUS_TONES: Record<
  BookingStatus,
  'neutral' | 'success' | 'warning' | 'danger' | 'info'
> = {
  pending_payment: 'warning',
  partially_paid: 'info',
  confirmed: 'success',
  completed: 'neutral',
  cancelled: 'danger',
  expired: 'neutral',
};

export interface BookingFilters {
  page: number;
  status?: BookingStatus[];
  search?: string;
  /** Booking date range (YYYY-MM-DD, inclusive). */
  from?: string;
  to?: string;
  propertyId?: string;
  rentalUnitId?: string;
  /** The dashboard (company's bookings, through the current company) or the tenant area (the caller's own). */
  scope: 'own' | 'company';
}

export const bookingKeys = {
  all: ['bookings'] as const,
  list: (filters: BookingFilters) => ['bookings', 'list', filters] as const,
  detail: (id: string) => ['bookings', 'detail', id] as const,
  stats: ['bookings', 'stats'] as const,
  agreementTemplate: ['bookings', 'agreement-template'] as const,
};

/** GET /bookings/agreement-template (staff with bookings_read): the company's template, or the default one. */
export function useAgreementTemplate() {
  return useQuery({
    queryKey: bookingKeys.agreementTemplate,
    queryFn: ({ signal }) => api.getData<AgreementTemplateDto>('/bookings/agreement-template', { signal }),
  });
}

/** PUT /bookings/agreement-template (bookings_write). */
export function useSaveAgreementTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgreementTemplate) =>
      api.put<ApiOk<AgreementTemplateDto>>('/bookings/agreement-template', body),
    onSuccess: (answer) => client.setQueryData(bookingKeys.agreementTemplate, answer.data),
  });
}

/** GET /bookings/stats (staff with bookings_read). */
export function useBookingStats() {
  return useQuery({
    queryKey: bookingKeys.stats,
    queryFn: ({ signal }) => api.getData<BookingStatsDto>('/bookings/stats', { signal }),
  });
}

export function useUpdateBookingStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, note }: { id: string; status: BookingStatus; note?: string }) =>
      api.patch<ApiOk<BookingDto>>(`/bookings/${id}/status`, { status, note }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export function useBookings(filters: BookingFilters) {
  return useQuery({
    queryKey: bookingKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<ApiList<BookingDto>>('/bookings', {
        query: {
          page: filters.page,
          limit: 10,
          status: filters.status?.length ? filters.status : undefined,
          search: filters.search || undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
          propertyId: filters.propertyId,
          rentalUnitId: filters.rentalUnitId,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useBooking(id: string | null) {
  return useQuery({
    queryKey: bookingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.getData<BookingDetailDto>(`/bookings/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useCreateBooking() {
  return useMutation({
    mutationFn: (body: BookingCreateBody) =>
      api.post<ApiOk<BookingCheckoutDto>>('/bookings', body).then((r) => r.data),
  });
}

export function useVerifyBookingPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyBookingPaymentBody) =>
      api.post<ApiOk<BookingDetailDto>>('/bookings/verify-payment', body).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export function useInstallmentOrder() {
  return useMutation({
    mutationFn: ({ id, n }: { id: string; n: number }) =>
      api.post<ApiOk<BookingCheckoutDto>>(`/bookings/${id}/installment/${n}`).then((r) => r.data),
  });
}

export function useCancelBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cancellationReason }: { id: string; cancellationReason: string }) =>
      api.patch<ApiOk<BookingDto>>(`/bookings/${id}/cancel`, { cancellationReason }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** POST /bookings/{id}/full-payment: an order for everything still unpaid. */
export function useFullPaymentOrder() {
  return useMutation({
    mutationFn: (id: string) =>
      api.post<ApiOk<BookingCheckoutDto>>(`/bookings/${id}/full-payment`).then((r) => r.data),
  });
}

export function useVerifyInstallment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyBookingInstallmentBody) =>
      api.post<ApiOk<BookingDetailDto>>('/bookings/verify-installment', body).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** POST /bookings/{id}/generate-agreement (staff). */
export function useGenerateAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<ApiOk<BookingDto>>(`/bookings/${id}/generate-agreement`).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** POST /bookings/{id}/sign-agreement {signature}: a typed full name or a drawn signature as a PNG data URL. */
export function useSignAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, signature }: { id: string; signature: string }) =>
      api.post<ApiOk<BookingDto>>(`/bookings/${id}/sign-agreement`, { signature }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
