import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { NotificationItem } from './notification-item';
import { useMarkNotificationsRead, useNotifications } from './notifications.api';

/** The bell with the unread count and the latest notifications, in both shells. */
export function NotificationBell({ href }: { href: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const unread = list.data?.unreadCount ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on navigation
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        data-testid="notification-bell"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 ? (
          <span
            className="absolute right-1 top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-500 px-1 text-[10px] font-bold text-white"
            data-testid="notification-count"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panel}
          id={`${id}-panel`}
          role="dialog"
          aria-label="Notifications"
          className="absolute right-0 z-40 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl animate-fade-in"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-3 py-2.5">
            <p className="text-sm font-semibold text-slate-900">Notifications</p>
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-600 hover:bg-brand-50 disabled:text-slate-300"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ markAll: true })}
            >
              <CheckCheck className="h-3.5 w-3.5" aria-hidden /> Mark all as read
            </button>
          </div>
          <div className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
            {list.isPending ? (
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            ) : list.isError ? (
              <p className="p-6 text-center text-sm text-slate-500">Notifications could not be loaded.</p>
            ) : list.data.data.length === 0 ? (
              <p className="p-6 text-center text-sm text-slate-500">You’re all caught up.</p>
            ) : (
              list.data.data
                .slice(0, 6)
                .map((item) => (
                  <NotificationItem
                    key={item._id}
                    notification={item}
                    compact
                    onMarkRead={(notificationId) => markRead.mutate({ notificationId })}
                  />
                ))
            )}
          </div>
          <Link
            to={href}
            className={cn(
              'block border-t border-slate-100 px-3 py-2.5 text-center text-sm font-medium text-brand-600 hover:bg-slate-50',
            )}
          >
            View all notifications
          </Link>
        </div>
      ) : null}
    </div>
  );
}
