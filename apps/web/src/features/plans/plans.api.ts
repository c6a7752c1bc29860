import type { PlanAdminDto, PlanCreateBody, PlanUpdateBody, ZPlanUpdateResult } from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { companyKeys } from '../companies/companies.api';
import { publicKeys } from '../public/public.api';

export type PlanUpdateResult = z.infer<typeof ZPlanUpdateResult>;

export const PLAN_FALLBACK_MESSAGES = {
  list: 'Failed to fetch plans',
  create: 'Failed to create plan',
  update: 'Failed to update plan',
  delete: 'Failed to delete plan',
} as const;

export interface PlanListFilters {
  isActive?: 'true' | 'false';
  page: number;
  limit: number;
}

export const planKeys = {
  all: ['plans-admin'] as const,
  list: (filters: PlanListFilters) => ['plans-admin', 'list', filters] as const,
};

/** GET /plans/admin (super admin): every plan with the number of companies on it. */
export function useAdminPlans(filters: PlanListFilters = { page: 1, limit: 50 }, enabled = true) {
  return useQuery({
    queryKey: planKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<ApiList<PlanAdminDto>>('/plans/admin', {
        query: { isActive: filters.isActive, page: filters.page, limit: filters.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function usePlanMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
      void queryClient.invalidateQueries({ queryKey: publicKeys.plans });
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
}

export function useCreatePlan() {
  return usePlanMutation((body: PlanCreateBody) => api.post<ApiOk<PlanAdminDto>>('/plans', body));
}

export function useUpdatePlan() {
  return usePlanMutation(({ id, body }: { id: string; body: PlanUpdateBody }) =>
    api.put<ApiOk<PlanUpdateResult>>(`/plans/${id}`, body),
  );
}

export function useDeletePlan() {
  return usePlanMutation((id: string) => api.delete<ApiOk<null>>(`/plans/${id}`));
}
