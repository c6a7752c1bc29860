import type { NotificationDto } from '@rentora/shared';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../components/badge';
import { cn } from '../../lib/cn';
import { timeAgo } from '../../lib/format';

const CATEGORY_TONE: Record<string, BadgeTone> = {
  payment: 'success',
  maintenance: 'warning',
  booking: 'info',
  system: 'neutral',
  account: 'brand',
};

export function NotificationItem({
  notification,
  onMarkRead,
  compact,
}: {
  notification: NotificationDto;
  onMarkRead?: (id: string) => void;
  compact?: boolean;
}) {
  const unread = notification.status === 'unread';
  const title = notification.link ? (
    <Link
      to={notification.link}
      className="hover:underline"
      onClick={() => unread && onMarkRead?.(notification._id)}
    >
      {notification.title}
    </Link>
  ) : (
    notification.title
  );
  return (
    <div
      className={cn('flex gap-3', compact ? 'px-3 py-2.5' : 'p-4', unread && 'bg-brand-50/40')}
      data-notification-id={notification._id}
      data-status={notification.status}
    >
      <span
        className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
        aria-hidden
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p
            className={cn('text-sm', unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700')}
          >
            {title}
            {unread ? <span className="sr-only"> (unread)</span> : null}
          </p>
          {compact ? null : (
            <Badge tone={CATEGORY_TONE[notification.category] ?? 'neutral'} className="capitalize">
              {notification.category}
            </Badge>
          )}
        </div>
        <p className={cn('mt-0.5 text-sm text-slate-500', compact && 'line-clamp-2')}>
          {notification.message}
        </p>
        <time dateTime={notification.createdAt} className="mt-1 block text-xs text-slate-400">
          {timeAgo(notification.createdAt)}
        </time>
      </div>
      {unread && onMarkRead ? (
        <button
          type="button"
          onClick={() => onMarkRead(notification._id)}
          className="h-8 shrink-0 self-start rounded-md px-2 text-xs font-medium text-brand-600 hover:bg-brand-50"
          aria-label={compact ? `Mark "${notification.title}" as read` : undefined}
        >
          {compact ? (
            <Check className="h-4 w-4" aria-hidden />
          ) : (
            <>
              Mark as read<span className="sr-only">: {notification.title}</span>
            </>
          )}
        </button>
      ) : null}
    </div>
  );
}
