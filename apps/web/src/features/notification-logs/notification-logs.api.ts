import type { NotificationChannel, NotificationLogDto, ZNotificationLogStats } from '@rentora/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiList, api } from '../../lib/api-client';

export type NotificationLogStats = z.infer<typeof ZNotificationLogStats>;

export const NOTIFICATION_LOG_FALLBACK_MESSAGES = {
  list: 'Failed to fetch notification logs',
  stats: 'Failed to fetch notification log stats',
} as const;

export interface NotificationLogFilters {
  page: number;
  limit: number;
  channel?: NotificationChannel;
  status?: 'sent' | 'failed';
  template?: string;
  search?: string;
  /** yyyy-mm-dd */
  dateFrom?: string;
  dateTo?: string;
  sortOrder?: 'asc' | 'desc';
}

export const notificationLogKeys = {
  all: ['notification-logs'] as const,
  list: (filters: NotificationLogFilters) => ['notification-logs', 'list', filters] as const,
  stats: ['notification-logs', 'stats'] as const,
};

/** GET /notification-logs (super admin): every email and in-app delivery, newest first. */
export function useNotificationLogs(filters: NotificationLogFilters) {
  return useQuery({
    queryKey: notificationLogKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<ApiList<NotificationLogDto>>('/notification-logs', {
        query: {
          page: filters.page,
          limit: filters.limit,
          channel: filters.channel,
          status: filters.status,
          template: filters.template,
          search: filters.search,
          dateFrom: filters.dateFrom,
          dateTo: filters.dateTo,
          sortOrder: filters.sortOrder,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useNotificationLogStats() {
  return useQuery({
    queryKey: notificationLogKeys.stats,
    queryFn: ({ signal }) => api.getData<NotificationLogStats>('/notification-logs/stats', { signal }),
  });
}
