import type { AuditLogDto, Pagination } from '@rentora/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const AUDIT_LOG_FALLBACK_MESSAGES = {
  list: 'Failed to fetch the audit log',
  export: 'Failed to export the audit log',
};

export interface AuditLogFilters {
  page: number;
  limit: number;
  action?: string;
  entityType?: string;
  from?: string;
  to?: string;
}

export function useAuditLogs(filters: AuditLogFilters) {
  return useQuery({
    queryKey: ['audit-logs', filters],
    queryFn: ({ signal }) =>
      api.get<{ success: true; data: AuditLogDto[]; pagination: Pagination }>('/audit-logs', {
        query: { ...filters },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
