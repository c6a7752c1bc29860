import type {
  PublicPropertyDetailDto,
  PublicPropertyListQuery,
  PublicPropertySummaryDto,
} from '@rentora/shared';
import { type ApiList, api } from '../../lib/api-client';
import { usePublicQuery } from '../../lib/light-query';

export type PublicListFilters = Partial<PublicPropertyListQuery>;

export const publicListingKeys = {
  all: ['public-listing'] as const,
  list: (query: PublicListFilters) => ['public-listing', 'list', query] as const,
  detail: (id: string) => ['public-listing', 'detail', id] as const,
};

export const publicListingApi = {
  list: (query: PublicListFilters, signal?: AbortSignal) =>
    api.get<ApiList<PublicPropertySummaryDto>>('/public/properties', { query: { ...query }, signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.getData<PublicPropertyDetailDto>(`/public/properties/${id}`, { signal }),
};

// Public pages fetch through lib/light-query.ts, not TanStack Query (kept out of their first load).

/** Verified, listed properties of verified companies (12 per page, newest first). */
export function usePublicProperties(query: PublicListFilters) {
  return usePublicQuery(publicListingKeys.list(query), (signal) => publicListingApi.list(query, signal), {
    keepPrevious: true,
    staleTime: 60_000,
  });
}

export function usePublicProperty(id: string | undefined) {
  return usePublicQuery(
    publicListingKeys.detail(id ?? ''),
    (signal) => publicListingApi.get(id ?? '', signal),
    {
      enabled: Boolean(id),
      staleTime: 60_000,
    },
  );
}
