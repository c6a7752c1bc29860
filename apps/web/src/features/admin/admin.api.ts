import type { AdminCreateBody, AdminUserDto, AdminUserStats, PlatformRole } from '@rentora/shared';
import { ADMIN_FALLBACK_MESSAGES } from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';

export { ADMIN_FALLBACK_MESSAGES };

export interface AdminUserFilters {
  page: number;
  limit: number;
  search?: string;
  role?: PlatformRole;
  isActive?: 'true' | 'false';
  sortBy?: 'createdAt' | 'email' | 'name' | 'lastLoginAt';
  sortOrder?: 'asc' | 'desc';
}

export const adminKeys = {
  all: ['admin-users'] as const,
  list: (filters: AdminUserFilters) => ['admin-users', 'list', filters] as const,
  stats: ['admin-users', 'stats'] as const,
};

/** GET /auth/admin/users: every platform account, 10 per page (spec 02 §9). */
export function useAdminUsers(filters: AdminUserFilters, enabled = true) {
  return useQuery({
    queryKey: adminKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<ApiList<AdminUserDto>>('/auth/admin/users', {
        query: {
          page: filters.page,
          limit: filters.limit,
          search: filters.search,
          role: filters.role,
          isActive: filters.isActive,
          sortBy: filters.sortBy,
          sortOrder: filters.sortOrder,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => api.getData<AdminUserStats>('/auth/admin/stats', { signal }),
  });
}

function useAdminMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCreateAdmin() {
  return useAdminMutation((body: AdminCreateBody) =>
    api.post<ApiOk<AdminUserDto>>('/auth/admin/create', body),
  );
}

export function useSetAdminUserStatus() {
  return useAdminMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    api.patch<ApiOk<AdminUserDto>>(`/auth/admin/users/${id}/status`, { isActive }),
  );
}

export function useSetAdminUserRole() {
  return useAdminMutation(
    ({ id, role, subRole }: { id: string; role: PlatformRole; subRole: string | null }) =>
      api.patch<ApiOk<AdminUserDto>>(`/auth/admin/users/${id}/role`, { role, subRole }),
  );
}

export function useDeleteAdminUser() {
  return useAdminMutation((id: string) => api.delete<ApiOk<null>>(`/auth/admin/users/${id}`));
}
