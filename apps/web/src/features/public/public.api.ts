import type { LeadCreateBody, PublicPlanDto } from '@rentora/shared';
import { type ApiOk, api } from '../../lib/api-client';
import { useAction, usePublicQuery } from '../../lib/light-query';

// Public pages: lib/light-query.ts, not TanStack Query (kept out of the public first load, lib/query-runtime.ts).

export const publicKeys = {
  plans: ['public', 'plans'] as const,
};

/** GET /api/plans — the active plans, cheapest first. */
export function usePublicPlans() {
  return usePublicQuery(publicKeys.plans, (signal) => api.getData<PublicPlanDto[]>('/plans', { signal }), {
    staleTime: 5 * 60_000,
  });
}

/** POST /api/leads — the public contact form. */
export function useCreateLead() {
  return useAction((body: LeadCreateBody) => api.post<ApiOk<{ _id: string }>>('/leads', body));
}
