import type {
  PublicPropertyDetailDto,
  PublicPropertyListQuery,
  PublicPropertySummaryDto,
} from '@rentora/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiList, api } from '../../lib/api-client';

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

/** Verified, listed properties of verified companies (12 per page, newest first). */
export function usePublicProperties(query: PublicListFilters) {
  return useQuery({
    queryKey: publicListingKeys.list(query),
    queryFn: ({ signal }) => publicListingApi.list(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function usePublicProperty(id: string | undefined) {
  return useQuery({
    queryKey: publicListingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => publicListingApi.get(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}
