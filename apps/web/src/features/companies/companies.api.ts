import type {
  CompanyDto,
  CompanyUpdateBody,
  Feature,
  Limitations,
  Pagination,
  PermissionCategory,
  ZCompanyStats,
  ZFeaturesAndLimitations,
} from '@rentora/shared';
import { makePagination, PAGE_SIZES, TIMINGS } from '@rentora/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { session } from '../../lib/session';
import { authApi, authKeys } from '../auth/auth.api';

export type CompanyStats = z.infer<typeof ZCompanyStats>;
export type FeaturesAndLimitations = z.infer<typeof ZFeaturesAndLimitations>;
export interface ProductFeature {
  _id: Feature;
  name: string;
  description: string;
  category: PermissionCategory;
}

/** Spec 02 §8: shown when the server gives no `error`. */
export const COMPANY_FALLBACK_MESSAGES = {
  list: 'Failed to fetch companies',
  get: 'Failed to fetch company',
  update: 'Failed to update company',
  verify: 'Failed to update verification',
  subscription: 'Failed to update subscription',
  features: 'Failed to update features',
  limitations: 'Failed to update limitations',
} as const;

export interface CompanyListFilters {
  page: number;
  limit: number;
  search?: string;
  isVerified?: 'true' | 'false';
}

export const companyKeys = {
  all: ['companies'] as const,
  lists: ['companies', 'list'] as const,
  list: (filters: CompanyListFilters) => ['companies', 'list', filters] as const,
  detail: (id: string) => ['companies', 'detail', id] as const,
  stats: (id: string) => ['companies', 'stats', id] as const,
  featuresAndLimitations: (id: string) => ['companies', 'features-and-limitations', id] as const,
  productFeatures: ['companies', 'product-features'] as const,
};

/** The shell loads GET /companies with this page size (authApi.myCompanies). */
const LOADED_LIST_LIMIT = 100;

export interface CompanyListAnswer {
  data: CompanyDto[];
  pagination: Pagination;
}

/** One page of an already loaded, complete list. */
export function pageOfLoaded(list: readonly CompanyDto[], page: number, limit: number): CompanyListAnswer {
  const start = (page - 1) * limit;
  return { data: list.slice(start, start + limit), pagination: makePagination(page, limit, list.length) };
}

export function hasCompanyFilter(filters: CompanyListFilters): boolean {
  return Boolean(filters.search?.trim()) || filters.isVerified !== undefined;
}

/**
 * The company list (spec 02 §4): the list the shell already loaded answers when no filter is given (and it
 * is complete), without a request; while that list is still loading nothing else is fetched (the same
 * query is shared, so it is never requested twice). Filters, or a platform with more companies than the
 * loaded page, go to GET /companies.
 */
export function useCompanyList(filters: CompanyListFilters) {
  const filtered = hasCompanyFilter(filters);
  const loaded = useQuery({
    queryKey: authKeys.myCompanies,
    queryFn: ({ signal }) => authApi.myCompanies(signal),
    staleTime: TIMINGS.permissionCacheMs,
    enabled: !filtered,
  });
  const loadedComplete = loaded.data !== undefined && loaded.data.length < LOADED_LIST_LIMIT;
  const fromLoaded = !filtered && loadedComplete;
  const remote = useQuery({
    queryKey: companyKeys.list(filters),
    queryFn: async ({ signal }): Promise<CompanyListAnswer> => {
      const answer = await api.get<ApiList<CompanyDto>>('/companies', {
        query: {
          page: filters.page,
          limit: filters.limit,
          search: filters.search,
          isVerified: filters.isVerified,
        },
        signal,
      });
      return { data: answer.data, pagination: answer.pagination };
    },
    enabled: filtered || (!loaded.isPending && !fromLoaded),
    placeholderData: keepPreviousData,
  });
  if (fromLoaded && loaded.data) {
    return {
      data: pageOfLoaded(loaded.data, filters.page, filters.limit),
      isPending: false,
      isError: false,
      error: null,
      isFetching: loaded.isFetching,
      refetch: () => void loaded.refetch(),
    };
  }
  const waiting = !filtered && loaded.isPending;
  return {
    data: remote.data,
    isPending: waiting || remote.isPending,
    isError: !waiting && remote.isError,
    error: remote.error,
    isFetching: remote.isFetching,
    refetch: () => void (filtered || !loaded.isError ? remote.refetch() : loaded.refetch()),
  };
}

export function useCompany(id: string | null | undefined) {
  return useQuery({
    queryKey: companyKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.getData<CompanyDto>(`/companies/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useCompanyStats(id: string | null | undefined) {
  return useQuery({
    queryKey: companyKeys.stats(id ?? ''),
    queryFn: ({ signal }) => api.getData<CompanyStats>(`/companies/${id}/stats`, { signal }),
    enabled: Boolean(id),
  });
}

export function useFeaturesAndLimitations(id: string | null | undefined) {
  return useQuery({
    queryKey: companyKeys.featuresAndLimitations(id ?? ''),
    queryFn: ({ signal }) =>
      api.getData<FeaturesAndLimitations>(`/superadmin/companies/${id}/features-and-limitations`, { signal }),
    enabled: Boolean(id),
  });
}

/** GET /superadmin/product-features: the permission catalogue as the server knows it. */
export function useProductFeatures(enabled = true) {
  return useQuery({
    queryKey: companyKeys.productFeatures,
    queryFn: ({ signal }) => api.getData<ProductFeature[]>('/superadmin/product-features', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** After a company changed: every list, its detail, the shell's list, and the permission context of the current company. */
export function refreshCompany(queryClient: QueryClient, company: CompanyDto | { _id: string }): void {
  void queryClient.invalidateQueries({ queryKey: companyKeys.all });
  void queryClient.invalidateQueries({ queryKey: authKeys.myCompanies });
  if (company._id === session.get().companyId) {
    void queryClient.invalidateQueries({ queryKey: authKeys.permissionContext });
  }
}

function useCompanyMutation<V>(run: (variables: V) => Promise<ApiOk<CompanyDto>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      queryClient.setQueryData(companyKeys.detail(answer.data._id), answer.data);
      refreshCompany(queryClient, answer.data);
    },
  });
}

export function useUpdateCompany(id: string) {
  return useCompanyMutation((body: CompanyUpdateBody) =>
    api.put<ApiOk<CompanyDto>>(`/companies/${id}`, body),
  );
}

const superadmin = (id: string, action: string) => `/superadmin/companies/${id}/${action}`;

export function useVerifyCompany(id: string) {
  return useCompanyMutation((body: { isVerified: boolean; notes?: string }) =>
    api.post<ApiOk<CompanyDto>>(superadmin(id, 'verify'), body),
  );
}

export type SubscriptionAction =
  | { kind: 'update'; subscriptionId: string; instantChange: boolean }
  | { kind: 'force-update'; subscriptionId: string; updateCycle: boolean }
  | { kind: 'cancel'; immediate: boolean }
  | { kind: 'renew' };

export function useSubscriptionAction(id: string) {
  return useCompanyMutation((action: SubscriptionAction) => {
    const { kind, ...body } = action;
    return api.post<ApiOk<CompanyDto>>(
      superadmin(id, `subscription/${kind}`),
      kind === 'renew' ? undefined : body,
    );
  });
}

export function useCompanyFeature(id: string) {
  return useCompanyMutation(({ featureId, enabled }: { featureId: Feature; enabled: boolean }) =>
    api.post<ApiOk<CompanyDto>>(superadmin(id, enabled ? 'features/add' : 'features/remove'), { featureId }),
  );
}

export function useUpdateLimitations(id: string) {
  return useCompanyMutation((limitations: Partial<Limitations>) =>
    api.put<ApiOk<CompanyDto>>(superadmin(id, 'limitations'), { limitations }),
  );
}

export function useResetLimitations(id: string) {
  return useCompanyMutation(() => api.post<ApiOk<CompanyDto>>(superadmin(id, 'limitations/reset')));
}

export const COMPANY_PAGE_SIZE = PAGE_SIZES.default;
