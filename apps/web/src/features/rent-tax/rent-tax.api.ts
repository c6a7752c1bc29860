import {
  businessDate,
  financialYearOf,
  financialYearStarting,
  type RentReceiptsDto,
  type TdsDto,
} from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { toast } from '../../lib/toast';

export const RENT_TAX_MESSAGES = {
  fetchReceipts: 'Failed to fetch rent receipts',
  receiptPdf: 'Failed to download the rent receipt',
  fetchTds: 'Failed to fetch TDS',
  uploadCertificate: 'Failed to upload the certificate',
  certificate: 'Failed to download the certificate',
};

/** The current financial year and the two before it ("2026-27", "2025-26", "2024-25"). */
export function recentFinancialYears(): string[] {
  const start = financialYearOf(businessDate()).startYear;
  return [0, 1, 2].map((back) => financialYearStarting(start - back).label);
}

/** Whose receipts: staff read any tenancy of the company, the tenant reads their own (tenant area). */
/** Who reads the receipts: staff, the signed-in tenant, or the tenant portal (the id is then the tenant code). */
export type ReceiptsScope = 'staff' | 'tenant' | 'portal';
const RECEIPT_PATHS: Record<ReceiptsScope, (id: string) => string> = {
  staff: (id) => `/tenants/${id}/rent-receipts`,
  tenant: (id) => `/tenants/me/${id}/rent-receipts`,
  portal: (code) => `/tenant-codes/${encodeURIComponent(code)}/rent-receipts`,
};
const receiptsPath = (scope: ReceiptsScope, tenantId: string) => RECEIPT_PATHS[scope](tenantId);

export const rentTaxKeys = {
  receipts: (scope: ReceiptsScope, tenantId: string, fy: string) =>
    ['rent-receipts', scope, tenantId, fy] as const,
  tds: (fy: string, page: number) => ['tds', fy, page] as const,
};

export function useRentReceipts(scope: ReceiptsScope, tenantId: string, fy: string) {
  return useQuery({
    queryKey: rentTaxKeys.receipts(scope, tenantId, fy),
    queryFn: ({ signal }) =>
      api.getData<RentReceiptsDto>(receiptsPath(scope, tenantId), { query: { fy }, signal }),
    retry: false,
  });
}

export const downloadRentReceipt = (
  scope: ReceiptsScope,
  tenantId: string,
  query: { fy?: string; month?: string },
) =>
  downloadFile(
    `${receiptsPath(scope, tenantId)}/pdf`,
    query,
    query.month ? `rent-receipt-${query.month}.pdf` : `rent-statement-${query.fy}.pdf`,
    RENT_TAX_MESSAGES.receiptPdf,
  );

export function useTdsList(fy: string, page: number) {
  return useQuery({
    queryKey: rentTaxKeys.tds(fy, page),
    queryFn: ({ signal }) => api.get<ApiList<TdsDto>>('/payments/tds', { query: { fy, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUploadTdsCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('certificate', file);
      return api.upload<ApiOk<TdsDto>>(`/payments/${id}/tds-certificate`, form);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['tds'] });
      toast.success('Certificate received');
    },
  });
}

export const downloadTdsCertificate = (row: Pick<TdsDto, '_id' | 'certificateFileName'>) =>
  downloadFile(
    `/payments/tds/${row._id}/certificate`,
    {},
    row.certificateFileName ?? 'certificate.pdf',
    RENT_TAX_MESSAGES.certificate,
  );
