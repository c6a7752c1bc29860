import type {
  CreditNoteDto,
  CreditNoteInput,
  CreditNoteListItemDto,
  InvoiceDetailDto,
} from '@rentora/shared';
import { documentFileName } from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { toast } from '../../lib/toast';
import { invoiceKeys, ledgerKeys } from './invoices.api';

export const CREDIT_NOTE_MESSAGES = {
  fetchList: 'Failed to fetch credit notes',
  fetchOne: 'Failed to fetch credit note',
  issue: 'Failed to issue credit note',
  pdf: 'Failed to download the credit note PDF',
} as const;

export interface CreditNoteFilters {
  page?: number;
  limit?: number;
  invoiceId?: string;
  tenantId?: string;
  from?: string;
  to?: string;
  search?: string;
}

export const creditNoteKeys = {
  all: ['credit-notes'] as const,
  list: (filters: CreditNoteFilters) => ['credit-notes', 'list', filters] as const,
  detail: (id: string) => ['credit-notes', 'detail', id] as const,
};

export const creditNotesApi = {
  list: (filters: CreditNoteFilters, signal?: AbortSignal) =>
    api.get<ApiList<CreditNoteListItemDto>>('/credit-notes', { query: { ...filters }, signal }),
  get: (id: string, signal?: AbortSignal) => api.getData<CreditNoteDto>(`/credit-notes/${id}`, { signal }),
  issue: (invoiceId: string, body: CreditNoteInput) =>
    api.post<ApiOk<CreditNoteDto>>(`/invoices/${invoiceId}/credit-notes`, body),
  pdf: (note: Pick<CreditNoteDto, '_id' | 'number'>) =>
    downloadFile(
      `/credit-notes/${note._id}/pdf`,
      {},
      documentFileName(note.number, 'credit-note'),
      CREDIT_NOTE_MESSAGES.pdf,
    ),
};

export function useCreditNotes(filters: CreditNoteFilters, enabled = true) {
  return useQuery({
    queryKey: creditNoteKeys.list(filters),
    queryFn: ({ signal }) => creditNotesApi.list(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreditNote(id: string | null) {
  return useQuery({
    queryKey: creditNoteKeys.detail(id ?? ''),
    queryFn: ({ signal }) => creditNotesApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

/**
 * Issues a credit note against an invoice; the invoice (balance, credited amount, status), its lists, the credit
 * notes and the ledger refresh. Errors stay with the caller (the dialog shows them).
 */
export function useIssueCreditNote(invoice: Pick<InvoiceDetailDto, '_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditNoteInput) => creditNotesApi.issue(invoice._id, body),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: creditNoteKeys.all });
      void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
      toast.success('Credit note issued', answer.data.number);
    },
  });
}
