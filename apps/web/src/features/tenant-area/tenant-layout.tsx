import { gateRoute, SIDEBAR_WIDTH_PX, STORAGE_KEYS } from '@rentora/shared';
import {
  Bell,
  Compass,
  Home,
  LayoutDashboard,
  type LucideIcon,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  UserCircle,
  Wrench,
  X,
} from 'lucide-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { findTenantPage } from '../../app/tenant-pages';
import { Avatar } from '../../components/avatar';
import { useScrollLock } from '../../components/dialog';
import { LogoMark } from '../../components/logo';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { useAuth } from '../auth/auth-provider';
import { NotificationBell } from '../notifications/notification-bell';
import { useNotificationSocket } from '../notifications/use-notification-socket';
import { SignOutButton } from '../shell/sign-out-button';
import { useCollapsibleSidebar } from '../shell/use-collapsible-sidebar';

export const TENANT_NAV: { label: string; to: string; icon: LucideIcon; end?: boolean }[] = [
  { label: 'Dashboard', to: '/tenant', icon: LayoutDashboard, end: true },
  { label: 'My Unit', to: '/tenant/units', icon: Home },
  { label: 'Explore', to: '/tenant/properties', icon: Compass },
  { label: 'Maintenance', to: '/tenant/maintenance', icon: Wrench },
  { label: 'Notifications', to: '/tenant/notifications', icon: Bell },
  { label: 'Profile', to: '/tenant/profile', icon: UserCircle },
];

function TenantSidebarPanel({ showLabels, onNavigate }: { showLabels: boolean; onNavigate?: () => void }) {
  const { user, logout } = useAuth();
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
            {showLabels ? label : <span className="sr-only">{label}</span>}
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
  const padding = sidebar.collapsed ? SIDEBAR_WIDTH_PX.collapsed : SIDEBAR_WIDTH_PX.expanded;
  const toggleLabel = sidebar.collapsed ? 'Expand sidebar' : 'Collapse sidebar';

  return (
    <div className="min-h-screen bg-slate-50" style={{ '--sidebar-width': `${padding}px` } as CSSProperties}>
      <aside
        className={cn(
          'fixed inset-y-0 left-0 z-30 hidden border-r border-slate-200 bg-white transition-[width] duration-200 lg:block',
          sidebar.temporary && 'shadow-2xl',
        )}
        style={{ width: sidebar.expanded ? SIDEBAR_WIDTH_PX.expanded : SIDEBAR_WIDTH_PX.collapsed }}
        data-testid="tenant-sidebar"
        {...sidebar.handlers}
      >
        <TenantSidebarPanel showLabels={sidebar.showLabels} />
        <button
          type="button"
          onClick={sidebar.toggle}
          className="absolute -right-3 top-5 flex h-6 w-6 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-400 shadow-sm hover:text-slate-600"
          aria-label={toggleLabel}
          title={toggleLabel}
        >
          {sidebar.collapsed ? (
            <PanelLeftOpen className="h-3.5 w-3.5" aria-hidden />
          ) : (
            <PanelLeftClose className="h-3.5 w-3.5" aria-hidden />
          )}
        </button>
      </aside>
      {mobileOpen ? (
        <div className="fixed inset-0 z-50 lg:hidden">
          <div
            className="absolute inset-0 bg-slate-900/50"
            aria-hidden
            onClick={() => setMobileOpen(false)}
          />
          <aside
            className="absolute inset-y-0 left-0 w-[min(18rem,85vw)] bg-white shadow-2xl animate-toast-in"
            aria-label="Navigation"
          >
            <button
              type="button"
              onClick={() => setMobileOpen(false)}
              className="absolute right-3 top-4 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100"
              aria-label="Close menu"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
            <TenantSidebarPanel showLabels onNavigate={() => setMobileOpen(false)} />
          </aside>
        </div>
      ) : null}
      <div className="transition-[padding] duration-200 lg:pl-[var(--sidebar-width)]">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur lg:h-16 lg:px-8">
          <button
            type="button"
            onClick={() => setMobileOpen(true)}
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label="Open menu"
          >
            <Menu className="h-5 w-5" aria-hidden />
          </button>
          <p className="font-semibold text-slate-900">{page?.title ?? 'Tenant'}</p>
          <div className="ml-auto">
            <NotificationBell href="/tenant/notifications" />
          </div>
        </header>
        <main className="px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
