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
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';

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

export function downloadReport(
  report: AnalyticsReportName,
  format: 'csv' | 'xlsx',
  filters: AnalyticsFilters,
) {
  return downloadFile(
    '/analytics/export',
    { ...clean(filters), report, format },
    `${report}.${format}`,
    ANALYTICS_FALLBACK_MESSAGES.export,
  );
}

export function downloadOwnerReport(month: string, propertyId?: string) {
  return downloadFile(
    '/analytics/report.pdf',
    { month, propertyId: propertyId || undefined },
    `report-${month}.pdf`,
    ANALYTICS_FALLBACK_MESSAGES.export,
  );
}
