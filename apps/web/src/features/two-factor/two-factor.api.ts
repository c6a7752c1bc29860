import type {
  CompanySecurityBody,
  CompanySecurityDto,
  MfaDisableBody,
  MfaForgetDevicesBody,
  MfaRecoveryCodesDto,
  MfaSetupDto,
  MfaStatusDto,
} from '@rentora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiOk, api } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';

export const twoFactorKeys = {
  status: ['two-factor', 'status'] as const,
  companySecurity: (companyId: string) => ['two-factor', 'company', companyId] as const,
};

export const twoFactorApi = {
  setup: () => api.post<ApiOk<MfaSetupDto>>('/auth/2fa/setup').then((r) => r.data),
  enable: (code: string) =>
    api.post<ApiOk<MfaRecoveryCodesDto>>('/auth/2fa/enable', { code }).then((r) => r.data),
  disable: (body: MfaDisableBody) => api.post<ApiOk<null>>('/auth/2fa/disable', body),
  forgetDevices: (body: MfaForgetDevicesBody) => api.post<ApiOk<null>>('/auth/2fa/devices/forget', body),
  saveCompanySecurity: (companyId: string, body: CompanySecurityBody) =>
    api.put<ApiOk<CompanySecurityDto>>(`/companies/${companyId}/security`, body).then((r) => r.data),
};

export const useTwoFactorStatus = () => useApiQuery<MfaStatusDto>(twoFactorKeys.status, '/auth/2fa');

/** After any change, the status and every company page (2FA can unlock company routes) are read again. */
function useTwoFactorMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const useSetupTwoFactor = () => useMutation({ mutationFn: twoFactorApi.setup });
export const useEnableTwoFactor = () => useTwoFactorMutation(twoFactorApi.enable);
export const useDisableTwoFactor = () => useTwoFactorMutation(twoFactorApi.disable);
export const useForgetDevices = () => useTwoFactorMutation(twoFactorApi.forgetDevices);

export const useCompanySecurity = (companyId: string) =>
  useApiQuery<CompanySecurityDto>(
    twoFactorKeys.companySecurity(companyId),
    `/companies/${companyId}/security`,
  );

export function useSaveCompanySecurity(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySecurityBody) => twoFactorApi.saveCompanySecurity(companyId, body),
    onSuccess: (data) => queryClient.setQueryData(twoFactorKeys.companySecurity(companyId), data),
  });
}
