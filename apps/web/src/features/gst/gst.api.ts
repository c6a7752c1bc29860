import type { Gstr1Dto, TaxSettingsDto, TaxSettingsInput } from '@rentora/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiOk, api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { toast } from '../../lib/toast';

export const GST_MESSAGES = {
  fetchSettings: 'Failed to fetch tax settings',
  saveSettings: 'Failed to save tax settings',
  fetchGstr1: 'Failed to fetch the GST return',
  downloadGstr1: 'Failed to download the GST return',
} as const;

export const gstKeys = {
  all: ['gst'] as const,
  settings: ['gst', 'tax-settings'] as const,
  gstr1: (period: string) => ['gst', 'gstr1', period] as const,
};

export const gstApi = {
  settings: (signal?: AbortSignal) => api.getData<TaxSettingsDto>('/tax-settings', { signal }),
  saveSettings: (body: TaxSettingsInput) => api.put<ApiOk<TaxSettingsDto>>('/tax-settings', body),
  gstr1: (period: string, signal?: AbortSignal) =>
    api.getData<Gstr1Dto>('/gst/gstr1', { query: { period, format: 'json' }, signal }),
  /** The month's GSTR-1 as the server writes it (`GSTR1-<period>.csv` or `.json`). */
  downloadGstr1: (period: string, format: 'csv' | 'json') =>
    downloadFile('/gst/gstr1', { period, format }, `GSTR1-${period}.${format}`, GST_MESSAGES.downloadGstr1),
};

export function useTaxSettings(enabled = true) {
  return useQuery({
    queryKey: gstKeys.settings,
    queryFn: ({ signal }) => gstApi.settings(signal),
    enabled,
  });
}

export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: gstApi.saveSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(gstKeys.settings, answer.data);
      toast.success('Tax settings saved', answer.data.gstin ?? 'Not registered for GST');
    },
  });
}

/** A company without a GSTIN files no GSTR-1 (the API answers 409): pass `enabled` false until one is known. */
export function useGstr1(period: string, enabled = true) {
  return useQuery({
    queryKey: gstKeys.gstr1(period),
    queryFn: ({ signal }) => gstApi.gstr1(period, signal),
    enabled: enabled && /^\d{4}-\d{2}$/.test(period),
  });
}
