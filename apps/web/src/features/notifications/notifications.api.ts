import type { NotificationDto, Pagination } from '@rentora/shared';
import { PAGE_SIZES } from '@rentora/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiOk, api } from '../../lib/api-client';

export type NotificationStatusFilter = 'all' | 'unread' | 'read';

export interface NotificationListParams {
  status: NotificationStatusFilter;
  page: number;
  limit: number;
}

export interface NotificationListAnswer {
  success: true;
  data: NotificationDto[];
  unreadCount: number;
  pagination: Pagination;
}

/** What the bell and the tenant layout load (spec 01 §7: status all, page 1, limit 20). */
export const DEFAULT_NOTIFICATION_PARAMS: NotificationListParams = {
  status: 'all',
  page: 1,
  limit: PAGE_SIZES.notifications,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (params: NotificationListParams) => ['notifications', 'list', params] as const,
  stats: ['notifications', 'stats'] as const,
};

export function useNotifications(
  params: NotificationListParams = DEFAULT_NOTIFICATION_PARAMS,
  options: { enabled?: boolean; refetchOnMount?: boolean | 'always' } = {},
) {
  return useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<NotificationListAnswer>('/inapp-notifications/user', {
        query: { status: params.status, page: params.page, limit: params.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchOnMount: options.refetchOnMount ?? true,
  });
}

type MarkReadInput = { notificationId: string } | { markAll: true };

function applyRead(answer: NotificationListAnswer, input: MarkReadInput, params: NotificationListParams) {
  const readAt = new Date().toISOString();
  const matches = (item: NotificationDto) =>
    item.status === 'unread' && ('markAll' in input || item._id === input.notificationId);
  const changed = answer.data.filter(matches).length;
  const data = answer.data
    .map((item) => (matches(item) ? { ...item, status: 'read' as const, readAt } : item))
    .filter((item) => params.status !== 'unread' || item.status === 'unread');
  const unreadCount = 'markAll' in input ? 0 : Math.max(0, answer.unreadCount - (changed > 0 ? 1 : 0));
  return { ...answer, data, unreadCount };
}

/** PUT /inapp-notifications/mark-read: one, or all; the lists update at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkReadInput) => api.put<ApiOk<unknown>>('/inapp-notifications/mark-read', input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.lists });
      for (const [key, answer] of queryClient.getQueriesData<NotificationListAnswer>({
        queryKey: notificationKeys.lists,
      })) {
        const params = key[2] as NotificationListParams | undefined;
        if (answer && params) queryClient.setQueryData(key, applyRead(answer, input, params));
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** notification:new — add it at the top of page-one lists and raise the unread count (spec 01 §4). */
export function addIncomingNotification(queryClient: QueryClient, notification: NotificationDto): void {
  for (const [key, answer] of queryClient.getQueriesData<NotificationListAnswer>({
    queryKey: notificationKeys.lists,
  })) {
    const params = key[2] as NotificationListParams | undefined;
    if (!answer || !params || answer.data.some((item) => item._id === notification._id)) continue;
    const fits = params.page === 1 && (params.status === 'all' || params.status === notification.status);
    queryClient.setQueryData<NotificationListAnswer>(key, {
      ...answer,
      data: fits ? [notification, ...answer.data].slice(0, params.limit) : answer.data,
      unreadCount: answer.unreadCount + (notification.status === 'unread' ? 1 : 0),
      pagination: fits
        ? { ...answer.pagination, totalCount: answer.pagination.totalCount + 1 }
        : answer.pagination,
    });
  }
  void queryClient.invalidateQueries({ queryKey: notificationKeys.stats });
}
