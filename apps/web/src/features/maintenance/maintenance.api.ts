import {
  type AssigneeCodeDto,
  type AssignmentDto,
  type AssignmentSaveInput,
  type AssignmentSettings,
  type AvailableUserDto,
  MAINTENANCE_FALLBACKS,
  type MaintenanceListFilters,
  type MaintenancePublicRequestDto,
  type MaintenanceRequestCreateInput,
  type MaintenanceRequestDto,
  type MaintenanceRequestListItemDto,
  type MaintenanceRequestUpdateBody,
  type MaintenanceStatsDto,
  type MaintenanceStatus,
  type MaintenanceTypeCreateBody,
  type MaintenanceTypeDto,
  type MaintenanceTypeUpdateBody,
  type PagePagination,
  type TenantMaintenanceOptionsDto,
  type TenantRequestCreateInput,
  type TicketFormDto,
  type TicketFormInput,
  type TicketFormUpdateBody,
} from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiOk, api, type QueryParams } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import { uploadMedia } from './upload-media';

export interface PageList<T> {
  success: true;
  data: T[];
  pagination: PagePagination;
}

/** Query keys of maintenance (company-scoped: a company switch removes them). */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  requests: ['maintenance', 'requests'] as const,
  list: (filters: MaintenanceListFilters) => ['maintenance', 'requests', 'list', filters] as const,
  detail: (id: string) => ['maintenance', 'requests', 'detail', id] as const,
  stats: ['maintenance', 'stats'] as const,
  types: (companyId: string) => ['maintenance', 'types', companyId] as const,
  assignments: (companyId: string) => ['maintenance', 'assignments', companyId] as const,
  available: (id: string) => ['maintenance', 'assignments', 'available', id] as const,
  assignable: ['maintenance', 'assignable-users'] as const,
  forms: ['maintenance', 'forms'] as const,
  code: ['maintenance', 'assignee-code'] as const,
  mine: ['maintenance', 'mine'] as const,
  myOptions: ['maintenance', 'mine', 'options'] as const,
  myDetail: (id: string) => ['maintenance', 'mine', 'detail', id] as const,
};

function listParams(filters: MaintenanceListFilters): QueryParams {
  return {
    page: filters.page,
    limit: filters.limit,
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
    status: filters.status,
    priority: filters.priority,
    type: filters.type,
    propertyId: filters.propertyId,
    rentalUnitId: filters.rentalUnitId,
    assignee: filters.assignee,
    source: filters.source,
    overdue: filters.overdue,
    search: filters.search,
  };
}

export const maintenanceApi = {
  list: (filters: MaintenanceListFilters, signal?: AbortSignal) =>
    api.get<PageList<MaintenanceRequestListItemDto>>('/maintenance/requests', {
      query: listParams(filters),
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    api.getData<MaintenanceRequestDto>(`/maintenance/requests/${id}`, { signal }),
  create: (body: MaintenanceRequestCreateInput) =>
    api.post<ApiOk<MaintenanceRequestDto>>('/maintenance/requests', body),
  update: (id: string, body: MaintenanceRequestUpdateBody) =>
    api.put<ApiOk<MaintenanceRequestDto>>(`/maintenance/requests/${id}`, body),
  assign: (id: string, userId: string | null) =>
    api.put<ApiOk<MaintenanceRequestDto>>(`/maintenance/requests/${id}/assign`, { userId }),
  status: (id: string, status: MaintenanceStatus, notes?: string) =>
    api.put<ApiOk<MaintenanceRequestDto>>(`/maintenance/requests/${id}/status`, {
      status,
      notes: notes || undefined,
    }),
  comment: (id: string, comment: string) =>
    api.post<ApiOk<MaintenanceRequestDto>>(`/maintenance/requests/${id}/comments`, { comment }),
  note: (id: string, note: string) =>
    api.post<ApiOk<MaintenanceRequestDto>>(`/maintenance/requests/${id}/notes`, { note }),
  media: (id: string, files: readonly File[], onProgress?: (percent: number) => void) =>
    uploadMedia<ApiOk<MaintenanceRequestDto>>(`/maintenance/requests/${id}/media`, { files, onProgress }),
  stats: (signal?: AbortSignal) =>
    api.getData<MaintenanceStatsDto>('/maintenance/requests/stats', { signal }),
  assignable: (signal?: AbortSignal) =>
    api.getData<AvailableUserDto[]>('/maintenance/assignable-users', { signal }),
  types: (companyId: string, signal?: AbortSignal) =>
    api.getData<MaintenanceTypeDto[]>(`/maintenance/types/${companyId}`, { signal }),
  createType: (body: MaintenanceTypeCreateBody) =>
    api.post<ApiOk<MaintenanceTypeDto>>('/maintenance/types', body),
  updateType: (id: string, body: MaintenanceTypeUpdateBody) =>
    api.put<ApiOk<MaintenanceTypeDto>>(`/maintenance/types/single/${id}`, body),
  deleteType: (id: string) => api.delete<ApiOk<null>>(`/maintenance/types/single/${id}`),
  toggleType: (id: string) => api.patch<ApiOk<MaintenanceTypeDto>>(`/maintenance/types/single/${id}/toggle`),
  createDefaults: (companyId: string) =>
    api.post<ApiOk<MaintenanceTypeDto[]>>('/maintenance/types/create-defaults', { companyId }),
  assignments: (companyId: string, signal?: AbortSignal) =>
    api.getData<AssignmentDto[]>(`/maintenance/assignments/${companyId}`, { signal }),
  saveAssignment: (body: AssignmentSaveInput) =>
    api.post<ApiOk<AssignmentDto>>('/maintenance/assignments', body),
  updateSettings: (id: string, settings: Partial<AssignmentSettings>) =>
    api.patch<ApiOk<AssignmentDto>>(`/maintenance/assignments/${id}/settings`, { settings }),
  addAssignee: (id: string, userId: string) =>
    api.post<ApiOk<AssignmentDto>>(`/maintenance/assignments/${id}/assignees`, { userId }),
  removeAssignee: (id: string, userId: string) =>
    api.delete<ApiOk<AssignmentDto>>(`/maintenance/assignments/${id}/assignees/${userId}`),
  setAssigneeActive: (id: string, userId: string, isActive: boolean) =>
    api.patch<ApiOk<AssignmentDto>>(`/maintenance/assignments/${id}/assignees/${userId}/status`, {
      isActive,
    }),
  addWatcher: (id: string, userId: string) =>
    api.post<ApiOk<AssignmentDto>>(`/maintenance/assignments/${id}/watchers`, { userId }),
  removeWatcher: (id: string, userId: string) =>
    api.delete<ApiOk<AssignmentDto>>(`/maintenance/assignments/${id}/watchers/${userId}`),
  availableUsers: (id: string, signal?: AbortSignal) =>
    api.getData<AvailableUserDto[]>(`/maintenance/assignments/${id}/available-users`, { signal }),
  forms: (signal?: AbortSignal) => api.getData<TicketFormDto[]>('/maintenance/forms', { signal }),
  createForm: (body: TicketFormInput) => api.post<ApiOk<TicketFormDto>>('/maintenance/forms', body),
  updateForm: (id: string, body: TicketFormUpdateBody) =>
    api.put<ApiOk<TicketFormDto>>(`/maintenance/forms/${id}`, body),
  deleteForm: (id: string) => api.delete<ApiOk<null>>(`/maintenance/forms/${id}`),
  myCode: (signal?: AbortSignal) => api.getData<AssigneeCodeDto | null>('/assignee/code', { signal }),
  generateCode: () => api.post<ApiOk<AssigneeCodeDto>>('/assignee/generate-code'),
  // Tenant side
  myOptions: (signal?: AbortSignal) =>
    api.getData<TenantMaintenanceOptionsDto>('/maintenance/my/options', { signal }),
  myRequests: (page: number, signal?: AbortSignal) =>
    api.get<PageList<MaintenancePublicRequestDto>>('/maintenance/my/requests', {
      query: { page, limit: 20 },
      signal,
    }),
  myCreate: (body: TenantRequestCreateInput) =>
    api.post<ApiOk<MaintenancePublicRequestDto>>('/maintenance/my/requests', body),
  myComment: (id: string, comment: string) =>
    api.post<ApiOk<MaintenancePublicRequestDto>>(`/maintenance/my/requests/${id}/comments`, { comment }),
  myMedia: (id: string, files: readonly File[], onProgress?: (percent: number) => void) =>
    uploadMedia<ApiOk<MaintenancePublicRequestDto>>(`/maintenance/my/requests/${id}/media`, {
      files,
      onProgress,
    }),
};

export function useCompanyId(): string {
  return useAuth().currentCompany?._id ?? '';
}

export function useMaintenanceRequests(filters: MaintenanceListFilters) {
  return useQuery({
    queryKey: maintenanceKeys.list(filters),
    queryFn: ({ signal }) => maintenanceApi.list(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMaintenanceRequest(id: string | null) {
  return useQuery({
    queryKey: maintenanceKeys.detail(id ?? ''),
    queryFn: ({ signal }) => maintenanceApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useMaintenanceStats() {
  return useQuery({ queryKey: maintenanceKeys.stats, queryFn: ({ signal }) => maintenanceApi.stats(signal) });
}

export function useMaintenanceTypes() {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: maintenanceKeys.types(companyId),
    queryFn: ({ signal }) => maintenanceApi.types(companyId, signal),
    enabled: Boolean(companyId),
    staleTime: 60_000,
  });
}

export function useAssignments() {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: maintenanceKeys.assignments(companyId),
    queryFn: ({ signal }) => maintenanceApi.assignments(companyId, signal),
    enabled: Boolean(companyId),
  });
}

export function useAssignableUsers(enabled = true) {
  return useQuery({
    queryKey: maintenanceKeys.assignable,
    queryFn: ({ signal }) => maintenanceApi.assignable(signal),
    enabled,
    staleTime: 60_000,
  });
}

export function useTicketForms() {
  return useQuery({ queryKey: maintenanceKeys.forms, queryFn: ({ signal }) => maintenanceApi.forms(signal) });
}

/** A request mutation: the answer becomes the detail, lists and stats refresh, a toast tells the outcome. */
export function useRequestMutation<A>(
  run: (args: A) => Promise<ApiOk<MaintenanceRequestDto>>,
  fallback: string,
  success?: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      queryClient.setQueryData(maintenanceKeys.detail(answer.data._id), answer.data);
      void queryClient.invalidateQueries({ queryKey: maintenanceKeys.requests, refetchType: 'active' });
      void queryClient.invalidateQueries({ queryKey: maintenanceKeys.stats });
      if (success) toast.success(success, answer.message === success ? undefined : answer.message);
    },
    onError: (error) => toast.apiError(error, fallback),
  });
}

/** A configuration mutation (types, assignments, forms): refreshes maintenance queries and shows the server's message. */
export function useConfigMutation<A, R>(run: (args: A) => Promise<ApiOk<R>>, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
      if (answer.message) toast.success(answer.message);
    },
    onError: (error) => toast.apiError(error, fallback),
  });
}

export { MAINTENANCE_FALLBACKS };
