// The auth endpoints and query keys, without TanStack Query: the entry (auth provider) and the auth forms use them,
// so they must not pull it into the public pages' first load (lib/query-runtime.ts).
import type {
  AuthSession,
  ChangePasswordBody,
  CompanyDto,
  CompanyUserDto,
  LoginBody,
  LoginResult,
  MfaLoginBody,
  PermissionContextDto,
  RegisterBody,
  UpdateProfileBody,
  UserDto,
} from '@rentora/shared';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';

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
  login: (body: LoginBody) => api.post<ApiOk<LoginResult>>('/auth/login', body).then((r) => r.data),
  loginWithCode: (body: MfaLoginBody) =>
    api.post<ApiOk<AuthSession>>('/auth/login/2fa', body).then((r) => r.data),
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
      .put<ApiOk<LoginResult>>(`/auth/reset-password/${encodeURIComponent(token)}`, { password })
      .then((r) => r.data),
  verifyEmail: (token: string) => api.getData<UserDto>(`/auth/verify-email/${encodeURIComponent(token)}`),
  resendVerification: (email?: string) =>
    api.post<ApiOk<null>>('/auth/resend-verification', email ? { email } : undefined),
};
