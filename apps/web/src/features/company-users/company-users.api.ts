import type {
  CompanyRole,
  CompanyUserDetailDto,
  CompanyUserDto,
  CompanyUserGoalCreateBody,
  CompanyUserGoalDto,
  CompanyUserGoalUpdateBody,
  CompanyUserNoteDto,
  CompanyUserSummaryDto,
  CompanyUsersStats,
  CompanyUserUpdateBody,
  Feature,
} from '@rentora/shared';
import { COMPANY_USER_FALLBACK_MESSAGES, PAGE_SIZES, TIMINGS } from '@rentora/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { authKeys } from '../auth/auth.api';

export { COMPANY_USER_FALLBACK_MESSAGES };

export const COMPANY_USER_ACTION_MESSAGES = {
  update: 'Failed to update company user',
  permissions: 'Failed to update permissions',
  role: 'Failed to update role',
  status: 'Failed to update user status',
  remove: 'Failed to remove user',
  goal: 'Failed to save goal',
  note: 'Failed to add note',
  notes: 'Failed to fetch notes',
  stats: 'Failed to fetch user stats',
} as const;

export interface CompanyUserFilters {
  page: number;
  limit: number;
  search?: string;
  role?: CompanyRole[];
  isActive?: 'true' | 'false';
  /** Several companies at once (each needs users_read); empty or missing: the current company. */
  companyIds?: string[];
}

export const companyUserKeys = {
  all: ['company-users'] as const,
  lists: ['company-users', 'list'] as const,
  list: (companyId: string | null, filters: CompanyUserFilters) =>
    ['company-users', 'list', companyId, filters] as const,
  detail: (id: string) => ['company-users', 'detail', id] as const,
  notes: (id: string, page: number) => ['company-users', 'notes', id, page] as const,
  stats: (companyId: string) => ['company-users', 'stats', companyId] as const,
  limited: (companyId: string | null, search: string, roles: readonly CompanyRole[]) =>
    ['company-users', 'limited', companyId, search, roles] as const,
};

/** GET /company-users: 20 per page (spec 02 §9). */
export function useCompanyUsers(filters: CompanyUserFilters) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: companyUserKeys.list(companyId, filters),
    queryFn: ({ signal }) =>
      api.get<ApiList<CompanyUserDto>>('/company-users', {
        query: {
          page: filters.page,
          limit: filters.limit,
          search: filters.search,
          role: filters.role,
          isActive: filters.isActive,
          companyIds: filters.companyIds,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyUser(id: string) {
  return useQuery({
    queryKey: companyUserKeys.detail(id),
    queryFn: ({ signal }) => api.getData<CompanyUserDetailDto>(`/company-users/${id}`, { signal }),
  });
}

export function useCompanyUsersStats(companyId: string | null | undefined) {
  return useQuery({
    queryKey: companyUserKeys.stats(companyId ?? ''),
    queryFn: ({ signal }) =>
      api.getData<CompanyUsersStats>(`/companies/${companyId}/users/stats`, { signal }),
    enabled: Boolean(companyId),
  });
}

export function useCompanyUserNotes(id: string, page: number) {
  return useQuery({
    queryKey: companyUserKeys.notes(id, page),
    queryFn: ({ signal }) =>
      api.get<ApiList<CompanyUserNoteDto>>(`/company-users/${id}/notes`, {
        query: { page, limit: 10 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface LimitedCompanyUsersAnswer {
  success: true;
  data: CompanyUserSummaryDto[];
  cacheTtlMs: number;
}

/**
 * GET /company-users/get-limited: the active users of the current company (at most 100) for pickers.
 * Cached 5 minutes (spec 02 §4, §9); `refresh()` forces a new request.
 */
export function useLimitedCompanyUsers(
  options: { search?: string; roles?: readonly CompanyRole[]; enabled?: boolean } = {},
) {
  const { companyId } = useSession();
  const search = options.search?.trim() ?? '';
  const roles = options.roles ?? [];
  const query = useQuery({
    queryKey: companyUserKeys.limited(companyId, search, roles),
    queryFn: ({ signal }) =>
      api
        .get<LimitedCompanyUsersAnswer>('/company-users/get-limited', {
          query: { search, role: roles, limit: PAGE_SIZES.limitedCompanyUsers },
          signal,
        })
        .then((answer) => answer.data),
    staleTime: TIMINGS.limitedCompanyUsersCacheMs,
    gcTime: TIMINGS.limitedCompanyUsersCacheMs,
    refetchOnMount: false,
    enabled: options.enabled ?? true,
  });
  return { ...query, refresh: () => query.refetch({ cancelRefetch: true }) };
}

/** After a membership changed: lists, stats, the record, and the caller's own context when it was theirs. */
export function refreshCompanyUsers(
  queryClient: QueryClient,
  changed?: Pick<CompanyUserDto, '_id' | 'userId'>,
) {
  void queryClient.invalidateQueries({ queryKey: companyUserKeys.all });
  const me = queryClient.getQueryData<{ _id: string }>(authKeys.me);
  if (!changed || changed.userId === me?._id) {
    void queryClient.invalidateQueries({ queryKey: authKeys.permissionContext });
  }
}

function useMemberMutation<V>(run: (variables: V) => Promise<ApiOk<CompanyUserDto>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      const detail = queryClient.getQueryData<CompanyUserDetailDto>(companyUserKeys.detail(answer.data._id));
      if (detail)
        queryClient.setQueryData(companyUserKeys.detail(answer.data._id), { ...detail, ...answer.data });
      refreshCompanyUsers(queryClient, answer.data);
    },
  });
}

export function useUpdateCompanyUser(id: string) {
  return useMemberMutation((body: CompanyUserUpdateBody) =>
    api.put<ApiOk<CompanyUserDto>>(`/company-users/${id}`, body),
  );
}

export function useSetPermissions(id: string) {
  return useMemberMutation((permissions: Feature[]) =>
    api.put<ApiOk<CompanyUserDto>>(`/company-users/${id}/permissions`, { permissions }),
  );
}

export function useSetRole(id: string) {
  return useMemberMutation((body: { role: CompanyRole; keepPermissions: boolean }) =>
    api.put<ApiOk<CompanyUserDto>>(`/company-users/${id}/role`, body),
  );
}

export function useSetActive() {
  return useMemberMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    api.put<ApiOk<CompanyUserDto>>(`/company-users/${id}/${isActive ? 'reactivate' : 'deactivate'}`),
  );
}

export function useRemoveCompanyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Pick<CompanyUserDto, '_id' | 'userId'>) =>
      api.delete<ApiOk<null>>(`/company-users/${member._id}`),
    onSuccess: (_answer, member) => {
      queryClient.removeQueries({ queryKey: companyUserKeys.detail(member._id) });
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all });
      // The seat is free again: plan usage (shell context, company pages) changes.
      void queryClient.invalidateQueries({ queryKey: ['companies'] });
      void queryClient.invalidateQueries({ queryKey: authKeys.permissionContext });
    },
  });
}

function useGoalMutation<V>(memberId: string, run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyUserKeys.detail(memberId) }),
  });
}

export function useAddGoal(memberId: string) {
  return useGoalMutation(memberId, (body: CompanyUserGoalCreateBody) =>
    api.post<ApiOk<CompanyUserGoalDto>>(`/company-users/${memberId}/goals`, body),
  );
}

export function useUpdateGoal(memberId: string) {
  return useGoalMutation(memberId, ({ goalId, body }: { goalId: string; body: CompanyUserGoalUpdateBody }) =>
    api.put<ApiOk<CompanyUserGoalDto>>(`/company-users/${memberId}/goals/${goalId}`, body),
  );
}

export function useDeleteGoal(memberId: string) {
  return useGoalMutation(memberId, (goalId: string) =>
    api.delete<ApiOk<null>>(`/company-users/${memberId}/goals/${goalId}`),
  );
}

export function useAddNote(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.post<ApiOk<CompanyUserNoteDto>>(`/company-users/${memberId}/notes`, { content }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['company-users', 'notes', memberId] });
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.detail(memberId) });
    },
  });
}
