import type {
  LateFeeEffectiveDto,
  LateFeeRuleDto,
  LateFeeRuleInput,
  LateFeeScope,
  LateFeeWaiverDto,
} from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { toast } from '../../lib/toast';

export const lateFeeKeys = {
  all: ['late-fees'] as const,
  rules: (scope: LateFeeScope | undefined, page: number) =>
    ['late-fees', 'rules', scope ?? 'all', page] as const,
  effective: (page: number) => ['late-fees', 'effective', page] as const,
};

export const lateFeesApi = {
  rules: (query: { scope?: LateFeeScope; page: number; limit: number }, signal?: AbortSignal) =>
    api.get<ApiList<LateFeeRuleDto>>('/collections/late-fee-rules', {
      query: { ...query, sortOrder: 'desc' },
      signal,
    }),
  effective: (query: { page: number; limit: number }, signal?: AbortSignal) =>
    api.get<ApiList<LateFeeEffectiveDto>>('/collections/late-fee-rules/effective', { query, signal }),
  set: (body: LateFeeRuleInput) => api.put<ApiOk<LateFeeRuleDto>>('/collections/late-fee-rules', body),
  remove: (id: string) => api.delete(`/collections/late-fee-rules/${id}`),
  waive: (invoiceId: string, reason: string) =>
    api.post<ApiOk<LateFeeWaiverDto>>(`/invoices/${invoiceId}/waive-late-fee`, { reason }),
};

export function useLateFeeRules(scope: LateFeeScope | undefined, page: number, limit = 20) {
  return useQuery({
    queryKey: lateFeeKeys.rules(scope, page),
    queryFn: ({ signal }) => lateFeesApi.rules({ scope, page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEffectiveLateFees(page: number, limit = 20) {
  return useQuery({
    queryKey: lateFeeKeys.effective(page),
    queryFn: ({ signal }) => lateFeesApi.effective({ page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSetLateFeeRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LateFeeRuleInput) => lateFeesApi.set(body),
    onSuccess: () => {
      toast.success('Late-fee rule saved', 'It applies to invoices issued from now on.');
      return client.invalidateQueries({ queryKey: lateFeeKeys.all });
    },
    // The form shows field errors itself (applyServerErrors); the toast says what failed.
    onError: (error) => toast.apiError(error, 'Could not save the late-fee rule'),
  });
}

export function useRemoveLateFeeRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => lateFeesApi.remove(id),
    onSuccess: () => {
      toast.success('Late-fee rule removed');
      return client.invalidateQueries({ queryKey: lateFeeKeys.all });
    },
    onError: (error) => toast.apiError(error, 'Could not remove the late-fee rule'),
  });
}

/** Waives an invoice's late fee; every view of invoices, credit notes and dues is refreshed. */
export function useWaiveLateFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, reason }: { invoiceId: string; reason: string }) =>
      lateFeesApi.waive(invoiceId, reason),
    onSuccess: (answer) => {
      toast.success(
        'Late fee waived',
        answer.data.creditNoteId ? 'A credit note was issued for it.' : 'It was taken off the invoice.',
      );
      void client.invalidateQueries({ queryKey: ['invoices'] });
      void client.invalidateQueries({ queryKey: ['credit-notes'] });
      void client.invalidateQueries({ queryKey: ['tenants'] });
    },
    onError: (error) => toast.apiError(error, 'Could not waive the late fee'),
  });
}
