import type { LeadCreateBody, PublicPlanDto } from '@rentora/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiOk, api } from '../../lib/api-client';

export const publicKeys = {
  plans: ['public', 'plans'] as const,
};

/** GET /api/plans — the active plans, cheapest first. */
export function usePublicPlans() {
  return useQuery({
    queryKey: publicKeys.plans,
    queryFn: ({ signal }) => api.getData<PublicPlanDto[]>('/plans', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/leads — the public contact form. */
export function useCreateLead() {
  return useMutation({
    mutationFn: (body: LeadCreateBody) => api.post<ApiOk<{ _id: string }>>('/leads', body),
  });
}
