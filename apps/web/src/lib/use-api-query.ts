import { type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from './api-client';

/**
 * The simplest data hook: GET `path` (with `query`) and unwrap `data`.
 * Feature modules usually wrap it in their `<domain>.api.ts`:
 *   export const useProperty = (id: string) => useApiQuery<PropertyDto>(propertyKeys.detail(id), `/properties/${id}`);
 */
export function useApiQuery<T>(
  queryKey: readonly unknown[],
  path: string,
  query?: QueryParams,
  options: Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'> = {},
): UseQueryResult<T, Error> {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.getData<T>(path, { query, signal }),
    ...options,
  });
}
