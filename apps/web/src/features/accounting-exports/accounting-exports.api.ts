import type {
  AccountingExportFormat,
  AccountingExportSettingsBody,
  AccountingExportSettingsDto,
} from '@rentora/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiOk, api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { toast } from '../../lib/toast';

export const EXPORT_MESSAGES = {
  fetchSettings: 'Failed to fetch the ledger names',
  saveSettings: 'Failed to save the ledger names',
  download: 'Failed to download the export',
} as const;

export const accountingExportKeys = {
  settings: ['accounting-exports', 'settings'] as const,
};

export const accountingExportsApi = {
  settings: (signal?: AbortSignal) =>
    api.getData<AccountingExportSettingsDto>('/exports/accounting/settings', { signal }),
  saveSettings: (body: AccountingExportSettingsBody) =>
    api.put<ApiOk<AccountingExportSettingsDto>>('/exports/accounting/settings', body),
  /** The period's books as the server writes them (`rentora-<format>-<from>-to-<to>.xml|.zip`). */
  download: (query: { from: string; to: string; format: AccountingExportFormat }) =>
    downloadFile(
      '/exports/accounting',
      query,
      `rentora-${query.format}-${query.from}-to-${query.to}.${query.format === 'tally' ? 'xml' : 'zip'}`,
      EXPORT_MESSAGES.download,
    ),
};

export function useAccountingExportSettings() {
  return useQuery({
    queryKey: accountingExportKeys.settings,
    queryFn: ({ signal }) => accountingExportsApi.settings(signal),
  });
}

export function useSaveAccountingExportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountingExportsApi.saveSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(accountingExportKeys.settings, answer.data);
      toast.success('Ledger names saved', 'The next export posts to them');
    },
  });
}
