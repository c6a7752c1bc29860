import type { LeadDto, LeadStats, LeadStatus } from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';

export const LEAD_FALLBACK_MESSAGES = {
  list: 'Failed to fetch leads',
  stats: 'Failed to fetch lead stats',
  status: 'Failed to update lead status',
  note: 'Failed to add note',
} as const;

export interface LeadFilters {
  page: number;
  limit: number;
  search?: string;
  status?: LeadStatus[];
  source?: string;
  sortBy?: 'createdAt' | 'updatedAt' | 'name' | 'status';
  sortOrder?: 'asc' | 'desc';
}

export const leadKeys = {
  all: ['leads'] as const,
  list: (filters: LeadFilters) => ['leads', 'list', filters] as const,
  stats: ['leads', 'stats'] as const,
};

/** GET /leads (super admin): newest first, 10 per page. */
export function useLeads(filters: LeadFilters) {
  return useQuery({
    queryKey: leadKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<ApiList<LeadDto>>('/leads', {
        query: {
          page: filters.page,
          limit: filters.limit,
          search: filters.search,
          status: filters.status,
          source: filters.source,
          sortBy: filters.sortBy,
          sortOrder: filters.sortOrder,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLeadStats() {
  return useQuery({
    queryKey: leadKeys.stats,
    queryFn: ({ signal }) => api.getData<LeadStats>('/leads/stats', { signal }),
  });
}

function useLeadMutation<V>(run: (variables: V) => Promise<ApiOk<LeadDto>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

export function useSetLeadStatus() {
  return useLeadMutation(({ id, status }: { id: string; status: LeadStatus }) =>
    api.patch<ApiOk<LeadDto>>(`/leads/${id}/status`, { status }),
  );
}

export function useAddLeadNote() {
  return useLeadMutation(({ id, content }: { id: string; content: string }) =>
    api.post<ApiOk<LeadDto>>(`/leads/${id}/notes`, { content }),
  );
}
