import { PAGE_SIZES } from '@rentora/shared';
import { BellOff, CheckCheck, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
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

/** /dashboard/notifications and /tenant/notifications: list, filter, mark one, mark all. */
export function NotificationsPage() {
  const [status, setStatus] = useState<NotificationStatusFilter>('all');
  const [page, setPage] = useState(1);
  // Opening the page always asks the server, even when the bell has the same list cached.
  const list = useNotifications(
    { status, page, limit: PAGE_SIZES.notifications },
    { refetchOnMount: 'always' },
  );
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unreadCount ?? 0;
  const pagination = list.data?.pagination;

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
            onClick={() => {
              setStatus(filter.id);
              setPage(1);
            }}
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
      {list.isPending ? (
        <SkeletonList rows={5} />
      ) : list.isError ? (
        <ErrorState
          title="Notifications could not be loaded"
          message={apiErrorMessage(list.error, 'Please try again in a moment.')}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          icon={BellOff}
          title={status === 'unread' ? 'No unread notifications' : 'No notifications yet'}
          description="When something needs your attention it shows up here, live."
        />
      ) : (
        <Card className="divide-y divide-slate-100 overflow-hidden" aria-live="polite">
          {list.data.data.map((item) => (
            <NotificationItem
              key={item._id}
              notification={item}
              onMarkRead={(notificationId) => markRead.mutate({ notificationId })}
            />
          ))}
        </Card>
      )}
      {pagination && pagination.totalPages > 1 ? (
        <nav className="mt-4 flex items-center justify-between" aria-label="Pagination">
          <p className="text-sm text-slate-500">
            Page {pagination.page} of {pagination.totalPages}
          </p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={!pagination.hasPrev}
              onClick={() => setPage((value) => Math.max(1, value - 1))}
              icon={<ChevronLeft className="h-4 w-4" aria-hidden />}
            >
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!pagination.hasNext}
              onClick={() => setPage((value) => value + 1)}
            >
              Next <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
