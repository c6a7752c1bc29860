// The auth hooks of the signed-in areas (TanStack Query). The endpoints and keys live in auth.endpoints.ts and the
// auth forms' requests in auth.actions.ts (no TanStack Query, for the public first load); both are re-exported here.
import type { UserDto } from '@rentora/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, authKeys } from './auth.endpoints';

export {
  preloadSession,
  startSession,
  useForgotPassword,
  useLogin,
  useRegister,
  useRegisterCompany,
  useResendVerification,
  useResetPassword,
  useStartSession,
} from './auth.actions';
export { authApi, authKeys, type RegisterCompanyInput, type RegisterCompanyResult } from './auth.endpoints';

/** Verifies once per token (the link is single-use, so never refetch or retry). */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: authKeys.verifyEmail(token),
    queryFn: async () => {
      const user = await authApi.verifyEmail(token);
      const current = queryClient.getQueryData<UserDto>(authKeys.me);
      if (current && current._id === user._id)
        queryClient.setQueryData(authKeys.me, { ...current, isEmailVerified: true });
      return user;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.updateProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData(authKeys.me, answer.data);
      void queryClient.invalidateQueries({ queryKey: authKeys.permissionContext });
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: authApi.changePassword });
}
