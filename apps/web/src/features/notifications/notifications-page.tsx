import { PAGE_SIZES } from '@rentora/shared';
import { BellOff, CheckCheck } from 'lucide-react';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { SkeletonList } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import { useUrlFilters } from '../../lib/url-filters';
import { NotificationItem } from './notification-item';
import {
  type NotificationStatusFilter,
  useMarkNotificationsRead,
  useNotifications,
} from './notifications.api';

const FILTERS: { id: NotificationStatusFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'read', label: 'Read' },
];

const FILTER_KEYS = ['status'] as const;

/** /dashboard/notifications and /tenant/notifications: list, filter (kept in the URL), mark one, mark all. */
export function NotificationsPage() {
  const { values, page, set } = useUrlFilters(FILTER_KEYS);
  const status: NotificationStatusFilter = FILTERS.some((filter) => filter.id === values.status)
    ? (values.status as NotificationStatusFilter)
    : 'all';
  // Opening the page always asks the server, even when the bell has the same list cached.
  const list = useNotifications(
    { status, page, limit: PAGE_SIZES.notifications },
    { refetchOnMount: 'always' },
  );
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unreadCount ?? 0;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Notifications"
        description={
          unread > 0
            ? `You have ${unread} unread ${unread === 1 ? 'notification' : 'notifications'}.`
            : 'You’re all caught up.'
        }
        actions={
          <Button
            variant="outline"
            icon={<CheckCheck className="h-4 w-4" aria-hidden />}
            disabled={unread === 0}
            loading={markRead.isPending && markRead.variables && 'markAll' in markRead.variables}
            onClick={() => markRead.mutate({ markAll: true })}
          >
            Mark all as read
          </Button>
        }
      />
      <div
        role="tablist"
        aria-label="Filter notifications"
        className="mb-4 inline-flex rounded-lg bg-slate-100 p-1"
      >
        {FILTERS.map((filter) => (
          <button
            key={filter.id}
            type="button"
            role="tab"
            aria-selected={status === filter.id}
            onClick={() => set({ status: filter.id === 'all' ? null : filter.id })}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium transition',
              status === filter.id
                ? 'bg-white text-slate-900 shadow-sm'
                : 'text-slate-500 hover:text-slate-700',
            )}
          >
            {filter.label}
          </button>
        ))}
      </div>
      <ListView
        list={list}
        errorTitle="Notifications could not be loaded"
        errorFallback="Please try again in a moment."
        empty={
          <EmptyState
            icon={BellOff}
            title={status === 'unread' ? 'No unread notifications' : 'No notifications yet'}
            description="When something needs your attention it shows up here, live."
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="notifications"
      >
        {(rows, state) =>
          state.loading ? (
            <SkeletonList rows={5} />
          ) : (
            <Card
              className={cn('divide-y divide-slate-100 overflow-hidden', state.fetching && 'opacity-60')}
              aria-live="polite"
              aria-busy={state.fetching || undefined}
            >
              {rows.map((item) => (
                <NotificationItem
                  key={item._id}
                  notification={item}
                  onMarkRead={(notificationId) => markRead.mutate({ notificationId })}
                />
              ))}
            </Card>
          )
        }
      </ListView>
    </div>
  );
}
