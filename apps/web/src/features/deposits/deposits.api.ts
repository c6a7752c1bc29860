import type {
  DepositDto,
  DepositReceiptInput,
  SettlementDto,
  SettlementInput,
  SettlementRefundBody,
} from '@rentora/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiOk, api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { useApiQuery } from '../../lib/use-api-query';

export const DEPOSIT_MESSAGES = {
  fetch: 'Failed to fetch the deposit',
  receipt: 'Failed to record the deposit',
  draft: 'Failed to save the settlement',
  finalize: 'Failed to finalize the settlement',
  refund: 'Failed to record the refund',
  pdf: 'Failed to download the settlement statement',
} as const;

export const depositKeys = {
  all: ['deposits'] as const,
  ledger: (tenantId: string) => ['deposits', 'ledger', tenantId] as const,
  settlement: (tenantId: string) => ['deposits', 'settlement', tenantId] as const,
  mine: ['deposits', 'mine'] as const,
};

const base = (tenantId: string) => `/tenants/${tenantId}`;

export const depositsApi = {
  recordReceipt: (tenantId: string, body: DepositReceiptInput) =>
    api.post<ApiOk<DepositDto>>(`${base(tenantId)}/deposit/receipts`, body),
  draft: (tenantId: string, body: SettlementInput) =>
    api.post<ApiOk<SettlementDto>>(`${base(tenantId)}/settlement`, body),
  update: (tenantId: string, body: SettlementInput) =>
    api.put<ApiOk<SettlementDto>>(`${base(tenantId)}/settlement`, body),
  finalize: (tenantId: string) => api.post<ApiOk<SettlementDto>>(`${base(tenantId)}/settlement/finalize`),
  refund: (tenantId: string, body: SettlementRefundBody) =>
    api.post<ApiOk<SettlementDto>>(`${base(tenantId)}/settlement/refund`, body),
  statement: (tenantId: string) =>
    downloadFile(`${base(tenantId)}/settlement/pdf`, {}, 'deposit-settlement.pdf', DEPOSIT_MESSAGES.pdf),
  myStatement: (tenantId: string) =>
    downloadFile(`/deposits/mine/${tenantId}/pdf`, {}, 'deposit-settlement.pdf', DEPOSIT_MESSAGES.pdf),
};

export const useDeposit = (tenantId: string) =>
  useApiQuery<DepositDto>(depositKeys.ledger(tenantId), `${base(tenantId)}/deposit`);

/** The tenancy's settlement, or null while none is drafted (the API answers 404). */
export function useSettlement(tenantId: string) {
  return useQuery({
    queryKey: depositKeys.settlement(tenantId),
    queryFn: ({ signal }) =>
      api.getData<SettlementDto>(`${base(tenantId)}/settlement`, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });
}

export const useMySettlements = () =>
  useApiQuery<{ deposit: DepositDto; settlement: SettlementDto }[]>(depositKeys.mine, '/deposits/mine');

/** Invalidates what a deposit change moves: the ledger, the settlement, the tenant and invoices. */
export function useDepositAction<A>(tenantId: string, action: (input: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: depositKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['tenants', 'detail', tenantId] });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
  });
}
