import { canUseFeature, UNLIMITED } from '@rentora/shared';
import { ArrowRight, Lock, MailWarning } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { useUpgradeDialog } from '../../components/upgrade-dialog-host';
import { cn } from '../../lib/cn';
import { formatLimit, humanize } from '../../lib/format';
import { toast } from '../../lib/toast';
import { HomeKpis } from '../analytics/home-kpis';
import { useResendVerification } from '../auth/auth.api';
import { useAuth } from '../auth/auth-provider';
import { NotificationItem } from '../notifications/notification-item';
import { useMarkNotificationsRead, useNotifications } from '../notifications/notifications.api';
import { navIcon } from './nav-icons';
import { visibleNav } from './use-nav';

function greeting(date = new Date()): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

function UsageCard({
  label,
  used,
  limit,
  limitType,
}: {
  label: string;
  used: number;
  limit: number;
  limitType: 'properties' | 'users' | 'rentalUnits';
}) {
  const upgrade = useUpgradeDialog();
  const unlimited = limit === UNLIMITED;
  const percent = unlimited || limit <= 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
  const full = !unlimited && limit > 0 && used >= limit;
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-2 text-2xl font-bold text-slate-900">
        {used}
        <span className="text-base font-medium text-slate-400"> / {formatLimit(limit)}</span>
      </p>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100">
        <div
          className={cn(
            'h-full rounded-full',
            full ? 'bg-red-500' : percent > 80 ? 'bg-amber-500' : 'bg-brand-500',
          )}
          style={{ width: `${unlimited ? 100 : percent}%`, opacity: unlimited ? 0.25 : 1 }}
        />
      </div>
      {full ? (
        <button
          type="button"
          className="mt-3 text-xs font-medium text-brand-600 hover:underline"
          onClick={() => upgrade.open({ limitType, current: used, limit })}
        >
          Limit reached: upgrade
        </button>
      ) : null}
    </Card>
  );
}

/** /dashboard: greeting, company plan and usage, shortcuts to what this user can open, latest notifications. */
export function DashboardHomePage() {
  const auth = useAuth();
  const upgrade = useUpgradeDialog();
  const resend = useResendVerification();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const context = auth.permissionContext;
  const shortcuts = useMemo(
    () =>
      visibleNav(auth.accessContext)
        .flatMap((group) => group.items)
        .filter((entry) => entry.item.id !== 'dashboard'),
    [auth.accessContext],
  );
  const user = auth.user;
  if (!user) return null;
  const role = humanize(auth.currentCompanyUser?.role ?? user.role);

  return (
    <div className="space-y-8">
      <section className="flex flex-col gap-4 rounded-2xl bg-gradient-to-br from-brand-600 to-violet-700 p-6 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">
            {greeting()}, {user.firstName}
          </h1>
          <p className="mt-1 text-brand-100">
            {auth.currentCompany ? (
              <>
                You are signed in to <strong className="text-white">{auth.currentCompany.name}</strong> as{' '}
                <span className="capitalize">{role}</span>.
              </>
            ) : (
              <>
                Signed in as <span className="capitalize">{role}</span>.
              </>
            )}
          </p>
        </div>
        {context?.company?.plan ? (
          <div className="rounded-xl bg-white/10 px-4 py-3">
            <p className="text-xs uppercase tracking-wide text-brand-100">Current plan</p>
            <p className="text-lg font-semibold">{context.company.plan.name}</p>
          </div>
        ) : null}
      </section>

      {!user.isEmailVerified ? (
        <div
          className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center"
          role="status"
        >
          <MailWarning className="h-5 w-5 shrink-0 text-amber-600" aria-hidden />
          <p className="flex-1 text-sm text-amber-900">
            Please verify your email address ({user.email}). Check your inbox for the link.
          </p>
          <Button
            size="sm"
            variant="outline"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (answer) => toast.success('Verification email sent', answer.message),
                onError: () => toast.error('Failed to resend verification email'),
              })
            }
          >
            Resend link
          </Button>
        </div>
      ) : null}

      {auth.currentCompany && canUseFeature(auth.accessContext, 'analytics_read') ? <HomeKpis /> : null}

      {context?.usage && context.limitations && canUseFeature(auth.accessContext, 'company_read') ? (
        <section aria-labelledby="usage-heading">
          <h2
            id="usage-heading"
            className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500"
          >
            Plan usage
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <UsageCard
              label="Properties"
              used={context.usage.properties}
              limit={context.limitations.maxPropertiesPerCompany}
              limitType="properties"
            />
            <UsageCard
              label="Team members"
              used={context.usage.users}
              limit={context.limitations.maxUsersPerCompany}
              limitType="users"
            />
            <UsageCard
              label="Rental units (per property limit)"
              used={context.usage.rentalUnits}
              limit={context.limitations.maxRentalUnitsPerProperty}
              limitType="rentalUnits"
            />
          </div>
        </section>
      ) : null}

      <div className="grid gap-8 xl:grid-cols-3">
        <section className="xl:col-span-2" aria-labelledby="shortcuts-heading">
          <h2
            id="shortcuts-heading"
            className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500"
          >
            Go to
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {shortcuts.map((entry) => {
              const Icon = navIcon(entry.item.icon);
              const body = (
                <>
                  <span
                    className={cn(
                      'flex h-10 w-10 shrink-0 items-center justify-center rounded-xl',
                      entry.state === 'locked' ? 'bg-slate-100 text-slate-400' : 'bg-brand-50 text-brand-600',
                    )}
                  >
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2 font-medium text-slate-900">
                      {entry.item.name}
                      {entry.item.badge ? (
                        <Badge tone={entry.item.badge === 'Admin' ? 'brand' : 'warning'}>
                          {entry.item.badge}
                        </Badge>
                      ) : null}
                    </span>
                    <span className="block truncate text-sm text-slate-500">
                      {entry.state === 'locked' ? 'Upgrade required' : entry.item.description}
                    </span>
                  </span>
                  {entry.state === 'locked' ? (
                    <Lock className="h-4 w-4 text-slate-400" aria-hidden />
                  ) : (
                    <ArrowRight
                      className="h-4 w-4 text-slate-300 transition group-hover:translate-x-0.5 group-hover:text-brand-500"
                      aria-hidden
                    />
                  )}
                </>
              );
              const classes =
                'group flex w-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:border-brand-200 hover:shadow-md';
              return (
                <li key={entry.item.id}>
                  {entry.state === 'locked' ? (
                    <button
                      type="button"
                      className={classes}
                      onClick={() => upgrade.open({ limitType: 'feature', feature: entry.item.name })}
                    >
                      {body}
                    </button>
                  ) : (
                    <Link to={entry.item.href} className={classes}>
                      {body}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
        <section aria-labelledby="recent-heading">
          <div className="mb-3 flex items-center justify-between">
            <h2 id="recent-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              Latest notifications
            </h2>
            <Link
              to="/dashboard/notifications"
              className="text-sm font-medium text-brand-600 hover:underline"
            >
              View all
            </Link>
          </div>
          <Card className="divide-y divide-slate-100 overflow-hidden">
            {notifications.isPending ? (
              <p className="p-6 text-center text-sm text-slate-500">Loading…</p>
            ) : notifications.isError ? (
              <p className="p-6 text-center text-sm text-slate-500">Notifications could not be loaded.</p>
            ) : notifications.data.data.length === 0 ? (
              <p className="p-6 text-center text-sm text-slate-500">You’re all caught up.</p>
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
    </div>
  );
}
