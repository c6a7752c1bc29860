import { Bell, Compass, Home, UserCircle, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/card';
import { useAuth } from '../auth/auth-provider';
import { NotificationItem } from '../notifications/notification-item';
import { useMarkNotificationsRead, useNotifications } from '../notifications/notifications.api';
import { MyTenanciesSummary } from './my-units-pages';

const SHORTCUTS = [
  { label: 'My Unit', text: 'Your lease, unit and documents', to: '/tenant/units', icon: Home },
  { label: 'Explore', text: 'Browse homes for rent', to: '/tenant/properties', icon: Compass },
  { label: 'Maintenance', text: 'Report a repair', to: '/tenant/maintenance', icon: Wrench },
  { label: 'Profile', text: 'Your details and password', to: '/tenant/profile', icon: UserCircle },
];

/** /tenant: welcome, shortcuts, latest notifications. */
export function TenantHomePage() {
  const { user } = useAuth();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = notifications.data?.unreadCount ?? 0;
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-violet-700 p-6 text-white sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">Welcome home, {user?.firstName}</h1>
        <p className="mt-1 text-brand-100">
          {unread > 0
            ? `You have ${unread} unread ${unread === 1 ? 'notification' : 'notifications'}.`
            : 'Everything is up to date.'}
        </p>
      </section>
      <MyTenanciesSummary />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {SHORTCUTS.map(({ label, text, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md"
            >
              <Icon className="h-6 w-6 text-brand-600" aria-hidden />
              <span className="mt-3 font-semibold text-slate-900">{label}</span>
              <span className="text-sm text-slate-500">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="tenant-notifications">
        <div className="mb-3 flex items-center justify-between">
          <h2
            id="tenant-notifications"
            className="text-sm font-semibold uppercase tracking-wide text-slate-500"
          >
            Latest notifications
          </h2>
          <Link to="/tenant/notifications" className="text-sm font-medium text-brand-600 hover:underline">
            View all
          </Link>
        </div>
        <Card className="divide-y divide-slate-100 overflow-hidden">
          {notifications.isPending ? (
            <p className="p-6 text-center text-sm text-slate-500">Loading…</p>
          ) : notifications.isError ? (
            <p className="p-6 text-center text-sm text-slate-500">Notifications could not be loaded.</p>
          ) : notifications.data.data.length === 0 ? (
            <div className="flex flex-col items-center p-8 text-center">
              <Bell className="h-6 w-6 text-slate-300" aria-hidden />
              <p className="mt-2 text-sm text-slate-500">No notifications yet.</p>
            </div>
          ) : (
            notifications.data.data
              .slice(0, 5)
              .map((item) => (
                <NotificationItem
                  key={item._id}
                  notification={item}
                  compact
                  onMarkRead={(notificationId) => markRead.mutate({ notificationId })}
                />
              ))
          )}
        </Card>
      </section>
    </div>
  );
}
