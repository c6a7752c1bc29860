import type {
  AnalyticsOverview,
  AnalyticsReportName,
  BookingsReport,
  MaintenanceReport,
  OccupancyReport,
  PlatformAnalytics,
  RevenueReport,
  TenantsReport,
} from '@rentora/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, buildQueryString } from '../../lib/api-client';
import { session } from '../../lib/session';

export const ANALYTICS_FALLBACK_MESSAGES = {
  overview: 'Failed to fetch analytics',
  export: 'Failed to export the report',
};

export interface AnalyticsFilters {
  from?: string;
  to?: string;
  propertyId?: string;
}

const clean = (filters: AnalyticsFilters) => ({
  from: filters.from || undefined,
  to: filters.to || undefined,
  propertyId: filters.propertyId || undefined,
});

export const analyticsKeys = {
  overview: (filters: AnalyticsFilters) => ['analytics', 'overview', clean(filters)] as const,
  occupancy: (filters: AnalyticsFilters) => ['analytics', 'occupancy', clean(filters)] as const,
  platform: (filters: AnalyticsFilters) => ['analytics', 'platform', clean(filters)] as const,
  tenants: (filters: AnalyticsFilters) => ['analytics', 'tenants', clean(filters)] as const,
  revenue: (filters: AnalyticsFilters) => ['analytics', 'revenue', clean(filters)] as const,
  maintenance: (filters: AnalyticsFilters) => ['analytics', 'maintenance', clean(filters)] as const,
  bookings: (filters: AnalyticsFilters) => ['analytics', 'bookings', clean(filters)] as const,
};

export function useMaintenanceReport(filters: AnalyticsFilters) {
  return useQuery({
    queryKey: analyticsKeys.maintenance(filters),
    queryFn: ({ signal }) =>
      api.getData<MaintenanceReport>('/analytics/maintenance', { query: clean(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBookingsReport(filters: AnalyticsFilters) {
  return useQuery({
    queryKey: analyticsKeys.bookings(filters),
    queryFn: ({ signal }) =>
      api.getData<BookingsReport>('/analytics/bookings', { query: clean(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTenantsReport(filters: AnalyticsFilters) {
  return useQuery({
    queryKey: analyticsKeys.tenants(filters),
    queryFn: ({ signal }) =>
      api.getData<TenantsReport>('/analytics/tenants', { query: clean(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRevenueReport(filters: AnalyticsFilters) {
  return useQuery({
    queryKey: analyticsKeys.revenue(filters),
    queryFn: ({ signal }) =>
      api.getData<RevenueReport>('/analytics/revenue', { query: clean(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsOverview(filters: AnalyticsFilters, enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.overview(filters),
    queryFn: ({ signal }) =>
      api.getData<AnalyticsOverview>('/analytics/overview', { query: clean(filters), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useOccupancyReport(filters: AnalyticsFilters, enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.occupancy(filters),
    queryFn: ({ signal }) =>
      api.getData<OccupancyReport>('/analytics/occupancy', { query: clean(filters), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePlatformAnalytics(filters: AnalyticsFilters, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.platform(filters),
    queryFn: ({ signal }) =>
      api.getData<PlatformAnalytics>('/analytics/platform', { query: clean(filters), signal }),
    enabled,
  });
}

/** Fetches a file with the session's bearer header (refreshed first) and saves it through a temporary object URL. */
export async function downloadFile(
  path: string,
  query: Record<string, string | number | undefined>,
  fallbackName: string,
) {
  await api.get('/auth/me');
  const { token, companyId } = session.get();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (companyId) headers['x-company-id'] = companyId;
  const response = await fetch(`/api${path}${buildQueryString(query)}`, { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? ANALYTICS_FALLBACK_MESSAGES.export);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadReport(
  report: AnalyticsReportName,
  format: 'csv' | 'xlsx',
  filters: AnalyticsFilters,
) {
  return downloadFile('/analytics/export', { ...clean(filters), report, format }, `${report}.${format}`);
}

export function downloadOwnerReport(month: string, propertyId?: string) {
  return downloadFile(
    '/analytics/report.pdf',
    { month, propertyId: propertyId || undefined },
    `report-${month}.pdf`,
  );
}
