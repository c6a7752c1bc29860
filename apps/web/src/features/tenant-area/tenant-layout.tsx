import { gateRoute, STORAGE_KEYS } from '@rentora/shared';
import {
  Bell,
  Compass,
  Heart,
  Home,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Settings,
  UserCircle,
  Wrench,
  X,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { findTenantPage } from '../../app/tenant-pages';
import { Avatar } from '../../components/avatar';
import { useScrollLock } from '../../components/dialog';
import { LogoMark } from '../../components/logo';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { useAuth } from '../auth/auth-provider';
import { useTenantConversations } from '../chat/chat.api';
import { NotificationBell } from '../notifications/notification-bell';
import { useNotificationSocket } from '../notifications/use-notification-socket';
import { NavCount } from '../shell/sidebar-nav';
import { OpenMenuButton, SidebarShell } from '../shell/sidebar-shell';
import { SignOutButton } from '../shell/sign-out-button';
import { useCollapsibleSidebar } from '../shell/use-collapsible-sidebar';

export const TENANT_NAV: { label: string; to: string; icon: LucideIcon; end?: boolean }[] = [
  { label: 'Dashboard', to: '/tenant', icon: LayoutDashboard, end: true },
  { label: 'My Unit', to: '/tenant/units', icon: Home },
  { label: 'Explore', to: '/tenant/properties', icon: Compass },
  { label: 'Favorites', to: '/tenant/favorites', icon: Heart },
  { label: 'Maintenance', to: '/tenant/maintenance', icon: Wrench },
  { label: 'Messages', to: '/tenant/messages', icon: MessageSquare },
  { label: 'Notifications', to: '/tenant/notifications', icon: Bell },
  { label: 'Profile', to: '/tenant/profile', icon: UserCircle },
  { label: 'Settings', to: '/tenant/settings', icon: Settings },
];

/** Unread messages of the tenant's conversations (the Messages badge), kept fresh by the socket and a poll. */
function useMessagesUnread(): number {
  const conversations = useTenantConversations(60_000);
  return (conversations.data ?? []).reduce((sum, channel) => sum + channel.unreadCount, 0);
}

function TenantSidebarPanel({ showLabels, onNavigate }: { showLabels: boolean; onNavigate?: () => void }) {
  const { user, logout } = useAuth();
  const unread = useMessagesUnread();
  const counts: Record<string, number> = { '/tenant/messages': unread };
  return (
    <div className="flex h-full flex-col">
      <div className={cn('flex h-16 shrink-0 items-center gap-2 px-4', !showLabels && 'justify-center px-0')}>
        <Link
          to="/tenant"
          className="flex items-center gap-2"
          aria-label="Rentora tenant home"
          onClick={onNavigate}
        >
          <LogoMark />
          {showLabels ? (
            <span className="text-lg font-bold tracking-tight text-slate-900">Rentora</span>
          ) : null}
        </Link>
      </div>
      {user ? (
        <div
          className={cn(
            'mx-3 mb-3 flex items-center gap-3 rounded-xl bg-brand-50 p-3',
            !showLabels && 'mx-2 justify-center p-2',
          )}
          data-testid="tenant-welcome"
        >
          <Avatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} size="sm" />
          {showLabels ? (
            <div className="min-w-0">
              <p className="text-xs text-brand-700">Welcome back,</p>
              <p className="truncate text-sm font-semibold text-slate-900">
                {user.firstName} {user.lastName}
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
      <nav
        aria-label="Tenant"
        className={cn('flex-1 space-y-0.5 overflow-y-auto', showLabels ? 'px-3' : 'px-2')}
      >
        {TENANT_NAV.map(({ label, to, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            onClick={onNavigate}
            title={showLabels ? undefined : label}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg py-2 text-sm font-medium transition-colors',
                showLabels ? 'px-3' : 'justify-center',
                isActive
                  ? 'bg-brand-50 text-brand-700'
                  : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <Icon className="h-5 w-5 shrink-0" aria-hidden />
            {showLabels ? (
              <>
                <span className="min-w-0 flex-1 truncate">{label}</span>
                <NavCount count={counts[to] ?? 0} />
              </>
            ) : (
              <span className="sr-only">
                {label}
                {counts[to] ? `, ${counts[to]} unread` : ''}
              </span>
            )}
          </NavLink>
        ))}
      </nav>
      <div className={cn('border-t border-slate-200 py-3', showLabels ? 'px-3' : 'px-2')}>
        <SignOutButton onSignOut={logout} showLabel={showLabels} />
      </div>
    </div>
  );
}

/** /tenant/*: tenants only (others go to /dashboard), with its own collapsible sidebar (spec 01 §2). */
export function TenantLayout() {
  const auth = useAuth();
  const location = useLocation();
  const sidebar = useCollapsibleSidebar(STORAGE_KEYS.tenantSidebarCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  useScrollLock(mobileOpen);
  useNotificationSocket();
  const decision = gateRoute(auth.accessContext, location.pathname);
  const page = findTenantPage(location.pathname);
  useDocumentTitle(page?.title ?? 'Page not found');
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer on navigation
  useEffect(() => setMobileOpen(false), [location.pathname]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <SidebarShell
      sidebar={sidebar}
      testId="tenant-sidebar"
      panel={<TenantSidebarPanel showLabels={sidebar.showLabels} />}
      edgeToggle
      onCloseDrawer={() => setMobileOpen(false)}
      drawer={
        mobileOpen ? (
          <>
            <button
              type="button"
              onClick={() => setMobileOpen(false)}
              className="absolute right-3 top-4 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100"
              aria-label="Close menu"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
            <TenantSidebarPanel showLabels onNavigate={() => setMobileOpen(false)} />
          </>
        ) : null
      }
    >
      <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur lg:h-16 lg:px-8">
        <OpenMenuButton open={mobileOpen} onOpen={() => setMobileOpen(true)} className="lg:hidden" />
        <p className="font-semibold text-slate-900">{page?.title ?? 'Tenant'}</p>
        <div className="ml-auto">
          <NotificationBell href="/tenant/notifications" />
        </div>
      </header>
      <main className="px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <Outlet />
      </main>
    </SidebarShell>
  );
}
