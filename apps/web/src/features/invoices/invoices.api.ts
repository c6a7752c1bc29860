import type {
  CheckoutFields,
  GenerateRentResult,
  InvoiceCheckoutDto,
  InvoiceCreateInput,
  InvoiceDetailDto,
  InvoiceListItemDto,
  InvoicePaymentInput,
  InvoiceStatus,
  InvoiceTemplateDto,
  InvoiceTemplateInput,
  InvoiceUpdateBody,
  LedgerPaymentDetailDto,
  LedgerPaymentDto,
  LedgerStatus,
  Pagination,
  PaymentStatsDto,
  PaymentTrackingDto,
} from '@rentora/shared';
import { API_BASE_PATH } from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { toast } from '../../lib/toast';
import { uploadImages } from '../rental-units/upload-images';

export const INVOICE_MESSAGES = {
  fetchInvoices: 'Failed to fetch invoices',
  fetchInvoice: 'Failed to fetch invoice',
  createInvoice: 'Failed to create invoice',
  updateInvoice: 'Failed to update invoice',
  sendInvoice: 'Failed to send invoice',
  voidInvoice: 'Failed to void invoice',
  recordPayment: 'Failed to record payment',
  fetchTemplates: 'Failed to fetch invoice templates',
  saveTemplate: 'Failed to save invoice template',
  fetchTracking: 'Failed to fetch payment tracking',
  fetchStats: 'Failed to fetch payment statistics',
  pdf: 'Failed to load the invoice PDF',
  fetchPayments: 'Failed to fetch payments',
  fetchPayment: 'Failed to fetch payment',
  receipt: 'Failed to download the receipt',
  logo: 'Failed to save the logo',
} as const;

export interface InvoiceFilters {
  page?: number;
  limit?: number;
  status?: InvoiceStatus;
  tenantId?: string;
  period?: string;
  dueFrom?: string;
  dueTo?: string;
  search?: string;
  sortBy?: 'createdAt' | 'dueDate' | 'total' | 'number';
  sortOrder?: 'asc' | 'desc';
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: ['invoices', 'list'] as const,
  list: (filters: InvoiceFilters) => ['invoices', 'list', filters] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  templates: ['invoices', 'templates'] as const,
  tracking: (month: string) => ['invoices', 'tracking', month] as const,
  stats: ['invoices', 'stats'] as const,
};

export const invoicesApi = {
  list: (filters: InvoiceFilters, signal?: AbortSignal) =>
    api.get<{ success: true; data: InvoiceListItemDto[]; pagination: Pagination }>('/invoices', {
      query: { ...filters },
      signal,
    }),
  get: (id: string, signal?: AbortSignal) => api.getData<InvoiceDetailDto>(`/invoices/${id}`, { signal }),
  create: (body: InvoiceCreateInput) => api.post<ApiOk<InvoiceDetailDto>>('/invoices', body),
  update: (id: string, body: InvoiceUpdateBody) => api.put<ApiOk<InvoiceDetailDto>>(`/invoices/${id}`, body),
  remove: (id: string) => api.delete<ApiOk<null>>(`/invoices/${id}`),
  send: (id: string) => api.post<ApiOk<InvoiceDetailDto>>(`/invoices/${id}/send`),
  void: (id: string, reason: string) => api.post<ApiOk<InvoiceDetailDto>>(`/invoices/${id}/void`, { reason }),
  recordPayment: (id: string, body: InvoicePaymentInput) =>
    api.post<ApiOk<InvoiceDetailDto>>(`/invoices/${id}/payments`, body),
  pay: (id: string) => api.post<ApiOk<InvoiceCheckoutDto>>(`/invoices/${id}/pay`),
  verify: (invoiceId: string, fields: CheckoutFields) =>
    api.post<ApiOk<InvoiceDetailDto>>('/invoices/verify-payment', { invoiceId, ...fields }),
  generateRent: (month: string) => api.post<ApiOk<GenerateRentResult>>('/invoices/generate-rent', { month }),
  templates: (signal?: AbortSignal) =>
    api.get<ApiList<InvoiceTemplateDto>>('/invoice-templates', { query: { limit: 100 }, signal }),
  createTemplate: (body: InvoiceTemplateInput) =>
    api.post<ApiOk<InvoiceTemplateDto>>('/invoice-templates', body),
  updateTemplate: (id: string, body: Partial<InvoiceTemplateInput>) =>
    api.put<ApiOk<InvoiceTemplateDto>>(`/invoice-templates/${id}`, body),
  removeTemplate: (id: string) => api.delete<ApiOk<null>>(`/invoice-templates/${id}`),
  tracking: (month: string, signal?: AbortSignal) =>
    api.get<{ success: true; data: PaymentTrackingDto; pagination: Pagination }>('/payments/tracking', {
      query: { month, limit: 500 },
      signal,
    }),
  stats: (signal?: AbortSignal) => api.getData<PaymentStatsDto>('/payments/stats', { signal }),
};

export interface LedgerFilters {
  page?: number;
  limit?: number;
  tenantId?: string;
  propertyId?: string;
  method?: string;
  status?: LedgerStatus[];
  from?: string;
  to?: string;
  search?: string;
}

export const ledgerKeys = {
  all: ['payments-ledger'] as const,
  list: (filters: LedgerFilters) => ['payments-ledger', 'list', filters] as const,
  detail: (id: string) => ['payments-ledger', 'detail', id] as const,
  mine: (page: number) => ['payments-ledger', 'mine', page] as const,
};

/** The payments ledger (every money movement of the company) and the signed-in person's own payments. */
export const ledgerApi = {
  list: (filters: LedgerFilters, signal?: AbortSignal) =>
    api.get<ApiList<LedgerPaymentDto>>('/payments', { query: { ...filters }, signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.getData<LedgerPaymentDetailDto>(`/payments/${id}`, { signal }),
  mine: (page: number, signal?: AbortSignal) =>
    api.get<ApiList<LedgerPaymentDto>>('/payments/mine', { query: { page }, signal }),
  receipt: (payment: Pick<LedgerPaymentDto, '_id' | 'receiptNumber'>) =>
    downloadFile(
      `/payments/${payment._id}/receipt`,
      {},
      `${payment.receiptNumber}.pdf`,
      INVOICE_MESSAGES.receipt,
    ),
  myReceipt: (payment: Pick<LedgerPaymentDto, '_id' | 'receiptNumber'>) =>
    downloadFile(
      `/payments/mine/${payment._id}/receipt`,
      {},
      `${payment.receiptNumber}.pdf`,
      INVOICE_MESSAGES.receipt,
    ),
};

export function useLedger(filters: LedgerFilters) {
  return useQuery({
    queryKey: ledgerKeys.list(filters),
    queryFn: ({ signal }) => ledgerApi.list(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLedgerPayment(id: string | null) {
  return useQuery({
    queryKey: ledgerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => ledgerApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useMyPayments(page: number) {
  return useQuery({
    queryKey: ledgerKeys.mine(page),
    queryFn: ({ signal }) => ledgerApi.mine(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** A 5-minute same-origin link to the invoice PDF, which the page may show in an iframe. */
export function invoicePdfLink(id: string): Promise<{ url: string; expiresAt: string }> {
  return api.getData<{ url: string; expiresAt: string }>(`/invoices/${id}/pdf-link`);
}

export function useInvoices(filters: InvoiceFilters) {
  return useQuery({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ signal }) => invoicesApi.list(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: invoiceKeys.detail(id ?? ''),
    queryFn: ({ signal }) => invoicesApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useInvoiceTemplates() {
  return useQuery({
    queryKey: invoiceKeys.templates,
    queryFn: ({ signal }) => invoicesApi.templates(signal),
  });
}

export function usePaymentTracking(month: string) {
  return useQuery({
    queryKey: invoiceKeys.tracking(month),
    queryFn: ({ signal }) => invoicesApi.tracking(month, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentStats() {
  return useQuery({ queryKey: invoiceKeys.stats, queryFn: ({ signal }) => invoicesApi.stats(signal) });
}

/** Any invoice change: the answered detail replaces the cache; lists, tracking and stats refresh. */
export function useInvoiceMutation<V>(
  run: (variables: V) => Promise<ApiOk<InvoiceDetailDto>>,
  messages: { success: string; failure: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      queryClient.setQueryData(invoiceKeys.detail(answer.data._id), answer.data);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'tracking'] });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.stats });
      void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
      toast.success(messages.success, answer.data.number ?? undefined);
    },
    onError: (error) => toast.apiError(error, messages.failure),
  });
}

export function useTemplateMutation<V>(
  run: (variables: V) => Promise<unknown>,
  messages: { success: string; failure: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.templates });
      toast.success(messages.success);
    },
    onError: (error) => toast.apiError(error, messages.failure),
  });
}

/** Uploads a template's logo (one image, multipart field "images"); the answer is the updated template. */
export function uploadTemplateLogo(id: string, file: File) {
  return uploadImages<ApiOk<InvoiceTemplateDto>>(`/invoice-templates/${id}/logo`, { files: [file] });
}

/**
 * An object URL of a template's logo (GET /api/invoice-templates/{id}/logo needs the bearer header, which an <img>
 * cannot send); null while loading or without a logo. Revoked when the URL changes.
 */
export function useLogoObjectUrl(logoUrl: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!logoUrl) {
      setObjectUrl(null);
      return;
    }
    let made: string | null = null;
    const controller = new AbortController();
    const url = new URL(logoUrl, window.location.origin);
    const path = url.pathname.startsWith(`${API_BASE_PATH}/`)
      ? url.pathname.slice(API_BASE_PATH.length)
      : url.pathname;
    api
      .getFile(path, { query: Object.fromEntries(url.searchParams), signal: controller.signal })
      .then(({ blob }) => {
        made = URL.createObjectURL(blob);
        setObjectUrl(made);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [logoUrl]);
  return objectUrl;
}
