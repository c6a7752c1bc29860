import type {
  AuthSession,
  ChangePasswordBody,
  CompanyDto,
  CompanyUserDto,
  LoginBody,
  PermissionContextDto,
  RegisterBody,
  UpdateProfileBody,
  UserDto,
} from '@rentora/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { session } from '../../lib/session';

export const authKeys = {
  all: ['auth'] as const,
  me: ['auth', 'me'] as const,
  permissionContext: ['auth', 'permission-context'] as const,
  myCompanies: ['auth', 'companies'] as const,
  verifyEmail: (token: string) => ['auth', 'verify-email', token] as const,
};

export interface RegisterCompanyInput {
  company: { name: string; email?: string; phone?: string };
  owner?: RegisterBody;
}

export interface RegisterCompanyResult {
  company: CompanyDto;
  companyUser: CompanyUserDto;
  user: UserDto;
  token?: string;
  refreshToken?: string;
}

export const authApi = {
  login: (body: LoginBody) => api.post<ApiOk<AuthSession>>('/auth/login', body).then((r) => r.data),
  register: (body: RegisterBody) => api.post<ApiOk<AuthSession>>('/auth/register', body).then((r) => r.data),
  registerCompany: (body: RegisterCompanyInput) =>
    api.post<ApiOk<RegisterCompanyResult>>('/auth/register-company', body).then((r) => r.data),
  logout: (refreshToken: string | null) =>
    api.post<unknown>('/auth/logout', refreshToken ? { refreshToken } : undefined),
  me: (signal?: AbortSignal) => api.getData<UserDto>('/auth/me', { signal }),
  permissionContext: (companyId: string | null, signal?: AbortSignal) =>
    api.getData<PermissionContextDto>('/auth/permission-context', { query: { companyId }, signal }),
  myCompanies: (signal?: AbortSignal) =>
    api.get<ApiList<CompanyDto>>('/companies', { query: { limit: 100 }, signal }).then((r) => r.data),
  updateProfile: (body: UpdateProfileBody) =>
    api.put<ApiOk<UserDto>>('/auth/update-profile', body).then((r) => r),
  changePassword: (body: ChangePasswordBody) => api.put<ApiOk<null>>('/auth/change-password', body),
  forgotPassword: (email: string) => api.post<ApiOk<null>>('/auth/forgot-password', { email }),
  resetPassword: (token: string, password: string) =>
    api
      .put<ApiOk<AuthSession>>(`/auth/reset-password/${encodeURIComponent(token)}`, { password })
      .then((r) => r.data),
  verifyEmail: (token: string) => api.getData<UserDto>(`/auth/verify-email/${encodeURIComponent(token)}`),
  resendVerification: (email?: string) =>
    api.post<ApiOk<null>>('/auth/resend-verification', email ? { email } : undefined),
};

/** Stores the tokens of a session answer and seeds the current user (login, register, reset, refresh). */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (answer: { token: string; refreshToken: string; user: UserDto }) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    queryClient.removeQueries({ queryKey: authKeys.permissionContext });
    queryClient.removeQueries({ queryKey: authKeys.myCompanies });
    session.setTokens(answer.token, answer.refreshToken);
    queryClient.setQueryData(authKeys.me, answer.user);
  };
}

export function useLogin() {
  const start = useStartSession();
  return useMutation({ mutationFn: authApi.login, onSuccess: start });
}

export function useRegister() {
  const start = useStartSession();
  return useMutation({ mutationFn: authApi.register, onSuccess: start });
}

export function useRegisterCompany() {
  const start = useStartSession();
  return useMutation({
    mutationFn: authApi.registerCompany,
    onSuccess: (result) => {
      if (result.token && result.refreshToken) {
        start({ token: result.token, refreshToken: result.refreshToken, user: result.user });
        session.setCompanyId(result.company._id);
      }
    },
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => authApi.forgotPassword(email) });
}

export function useResetPassword(token: string) {
  const start = useStartSession();
  return useMutation({
    mutationFn: (password: string) => authApi.resetPassword(token, password),
    onSuccess: start,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: (email?: string) => authApi.resendVerification(email) });
}

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
