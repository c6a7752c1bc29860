import type {
  Pagination,
  TenantCodeDto,
  TenantCreateInput,
  TenantDocumentDto,
  TenantDto,
  TenantListItemDto,
  TenantPaymentDto,
  TenantPortalDto,
  TenantStatus,
  TenantUpdateBody,
} from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api, type QueryParams } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/** The fallback texts of spec 02 §8 for tenants and tenant codes. */
export const TENANT_MESSAGES = {
  fetchTenants: 'Failed to fetch tenants',
  fetchTenant: 'Failed to fetch tenant',
  createTenant: 'Failed to add tenant',
  updateTenant: 'Failed to update tenant',
  uploadDocument: 'Failed to upload document',
  fetchTenantCode: 'Failed to fetch tenant code',
  generateTenantCode: 'Failed to generate tenant code',
  invalidTenantCode: 'Invalid tenant code',
} as const;

export interface TenantFilters {
  page?: number;
  limit?: number;
  status?: TenantStatus[];
  propertyId?: string;
  search?: string;
  isActive?: boolean;
  moveInFrom?: string;
  moveInTo?: string;
  sortBy?: 'createdAt' | 'moveInDate' | 'rentAmount';
  sortOrder?: 'asc' | 'desc';
}

export const tenantKeys = {
  all: ['tenants'] as const,
  lists: ['tenants', 'list'] as const,
  list: (filters: TenantFilters) => ['tenants', 'list', filters] as const,
  detail: (id: string) => ['tenants', 'detail', id] as const,
  code: (id: string) => ['tenants', 'code', id] as const,
  payments: (id: string) => ['tenants', 'payments', id] as const,
  mine: ['tenants', 'mine'] as const,
};

export function tenantListParams(filters: TenantFilters): QueryParams {
  return {
    page: filters.page,
    limit: filters.limit,
    'status[]': filters.status,
    propertyId: filters.propertyId,
    search: filters.search,
    isActive: filters.isActive,
    moveInFrom: filters.moveInFrom,
    moveInTo: filters.moveInTo,
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
  };
}

export const tenantsApi = {
  list: (filters: TenantFilters, signal?: AbortSignal) =>
    api.get<{ success: true; data: TenantListItemDto[]; pagination: Pagination }>('/tenants', {
      query: tenantListParams(filters),
      signal,
    }),
  get: (id: string, signal?: AbortSignal) => api.getData<TenantDto>(`/tenants/${id}`, { signal }),
  mine: (signal?: AbortSignal) => api.getData<TenantDto[]>('/tenants/me', { signal }),
  create: (body: TenantCreateInput) => api.post<ApiOk<TenantDto>>('/tenants', body),
  update: (id: string, body: TenantUpdateBody) => api.put<ApiOk<TenantDto>>(`/tenants/${id}`, body),
  action: (id: string, action: string, body?: unknown) =>
    api.put<ApiOk<TenantDto>>(`/tenants/${id}/${action}`, body),
  post: (id: string, path: string, body: unknown) =>
    api.post<ApiOk<TenantDto>>(`/tenants/${id}/${path}`, body),
  financials: (id: string, body: Record<string, number>) =>
    api.put<ApiOk<unknown>>(`/tenants/${id}/financials`, body),
  payments: (id: string, signal?: AbortSignal) =>
    api.get<ApiList<TenantPaymentDto>>(`/tenants/${id}/payments`, { signal }),
  verifyDocument: (id: string, docId: string, verified: boolean) =>
    api.put<ApiOk<TenantDocumentDto>>(`/tenants/${id}/documents/${docId}`, { verified }),
  deleteDocument: (id: string, docId: string) => api.delete<ApiOk<null>>(`/tenants/${id}/documents/${docId}`),
  getCode: (id: string, signal?: AbortSignal) =>
    api.getData<TenantCodeDto | null>(`/tenant-codes/${id}`, { signal }),
  generateCode: (id: string) => api.post<ApiOk<TenantCodeDto>>(`/tenant-codes/${id}/generate`),
  validateCode: (tenantCode: string, companyId?: string) =>
    api.post<ApiOk<TenantPortalDto>>('/tenant-codes/validate', { tenantCode, companyId }),
};

/** POST /tenants/:id/documents as multipart (`document`, `type`) with upload progress. */
export function uploadTenantDocument(
  id: string,
  file: File,
  type: string,
  onProgress?: (percent: number) => void,
): Promise<ApiOk<TenantDocumentDto>> {
  const form = new FormData();
  form.append('type', type);
  form.append('document', file, file.name);
  return api.upload<ApiOk<TenantDocumentDto>>(`/tenants/${id}/documents`, form, { onProgress });
}

export function useTenants(filters: TenantFilters, enabled = true) {
  return useQuery({
    queryKey: tenantKeys.list(filters),
    queryFn: ({ signal }) => tenantsApi.list(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTenant(id: string | undefined) {
  return useQuery({
    queryKey: tenantKeys.detail(id ?? ''),
    queryFn: ({ signal }) => tenantsApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useMyTenancies() {
  return useQuery({ queryKey: tenantKeys.mine, queryFn: ({ signal }) => tenantsApi.mine(signal) });
}

export function useTenantPayments(id: string) {
  return useQuery({
    queryKey: tenantKeys.payments(id),
    queryFn: ({ signal }) => tenantsApi.payments(id, signal),
  });
}

export function useTenantCode(id: string, enabled: boolean) {
  return useQuery({
    queryKey: tenantKeys.code(id),
    // 200 with null data while the tenancy has no code.
    queryFn: ({ signal }) => tenantsApi.getCode(id, signal),
    enabled,
    retry: false,
  });
}

/** Any tenant change: the detail answered replaces the cache; lists and units refresh. */
export function useTenantMutation<V>(
  id: string,
  run: (variables: V) => Promise<ApiOk<TenantDto>>,
  messages: { success: string; failure?: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      queryClient.setQueryData(tenantKeys.detail(id), answer.data);
      if (answer.data._id !== id) queryClient.setQueryData(tenantKeys.detail(answer.data._id), answer.data);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['rental-units'] });
      toast.success(messages.success);
    },
    onError: (error) => toast.apiError(error, messages.failure ?? TENANT_MESSAGES.updateTenant),
  });
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tenantsApi.create,
    onSuccess: (answer) => {
      queryClient.setQueryData(tenantKeys.detail(answer.data._id), answer.data);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['rental-units'] });
      toast.success('Tenant added', `${answer.data.user.firstName} ${answer.data.user.lastName}`);
    },
    onError: (error) => toast.apiError(error, TENANT_MESSAGES.createTenant),
  });
}

export function useRefreshTenant(id: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: tenantKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: tenantKeys.lists });
  };
}

export function useGenerateTenantCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => tenantsApi.generateCode(id),
    onSuccess: (answer) => {
      queryClient.setQueryData(tenantKeys.code(id), answer.data);
      toast.success('Tenant code generated', answer.data.tenantCode);
    },
    onError: (error) => toast.apiError(error, TENANT_MESSAGES.generateTenantCode),
  });
}
