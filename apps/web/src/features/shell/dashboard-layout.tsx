import { gateRoute, STORAGE_KEYS, TIMINGS } from '@rentora/shared';
import { X } from 'lucide-react';
import { type ReactNode, type Ref, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { findDashboardPage } from '../../app/dashboard-pages';
import { Avatar } from '../../components/avatar';
import { useScrollLock } from '../../components/dialog';
import { LogoMark } from '../../components/logo';
import { useUpgradeDialog } from '../../components/upgrade-dialog-host';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { humanize } from '../../lib/format';
import { useAuth } from '../auth/auth-provider';
import { useChatUnreadTotal } from '../chat/chat.api';
import { usePermissionSync } from '../company-users/permission-sync';
import { NotificationBell } from '../notifications/notification-bell';
import { useNotificationSocket } from '../notifications/use-notification-socket';
import { AccessDenied } from './access-denied';
import { Breadcrumbs } from './breadcrumbs';
import { CompanySwitcher } from './company-switcher';
import { NavSearch } from './nav-search';
import { SidebarNav } from './sidebar-nav';
import { OpenMenuButton, SidebarShell, SidebarToggle } from './sidebar-shell';
import { SignOutButton } from './sign-out-button';
import { useCollapsibleSidebar } from './use-collapsible-sidebar';
import { type VisibleNavItem, visibleNav } from './use-nav';

const DESKTOP_QUERY = '(min-width: 1024px)';

function UserCard({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) {
  const { user, currentCompanyUser } = useAuth();
  if (!user) return null;
  const subRole = humanize(user.subRole ?? currentCompanyUser?.role ?? user.role);
  return (
    <Link
      to="/dashboard/profile"
      onClick={onNavigate}
      className={cn('flex items-center gap-3 rounded-lg p-2 hover:bg-slate-100', compact && 'justify-center')}
      data-testid="user-card"
    >
      {/* The accessible name starts with the visible text (WCAG 2.5.3 label in name). */}
      <span aria-hidden className="contents">
        <Avatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} size="sm" />
      </span>
      <span className={cn('min-w-0 flex-1', compact && 'sr-only')}>
        <span className="block truncate text-sm font-semibold text-slate-900">
          {user.firstName} {user.lastName}
        </span>
        <span className="block truncate text-xs capitalize text-slate-500">
          <span className="sr-only">, </span>
          {subRole}
          <span className="sr-only">. Open profile</span>
        </span>
      </span>
    </Link>
  );
}

interface SidebarPanelProps {
  showLabels: boolean;
  searchRef?: Ref<HTMLInputElement>;
  onSearchClose?: () => void;
  onExpandRequest?: () => void;
  onNavigate?: () => void;
  headerAction?: ReactNode;
}

/** The sidebar's content: logo, search, groups, user card, company switcher, Sign out. */
function SidebarPanel({
  showLabels,
  searchRef,
  onSearchClose,
  onExpandRequest,
  onNavigate,
  headerAction,
}: SidebarPanelProps) {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const upgrade = useUpgradeDialog();
  const groups = useMemo(() => visibleNav(auth.accessContext), [auth.accessContext]);
  const searchable = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  const chatUnread = useChatUnreadTotal(
    Boolean(auth.currentCompany) &&
      searchable.some((entry) => entry.item.href === '/dashboard/chat' && entry.state !== 'locked'),
  );

  const openLocked = useCallback(
    (entry: VisibleNavItem) => upgrade.open({ limitType: 'feature', feature: entry.item.name }),
    [upgrade],
  );
  const onSelect = useCallback(
    (entry: VisibleNavItem) => {
      if (entry.state === 'locked') openLocked(entry);
      else {
        navigate(entry.item.href);
        onNavigate?.();
      }
    },
    [navigate, openLocked, onNavigate],
  );

  return (
    <div className="flex h-full flex-col">
      <div className={cn('flex h-16 shrink-0 items-center gap-2 px-4', !showLabels && 'justify-center px-0')}>
        <Link
          to="/dashboard"
          className="flex items-center gap-2"
          aria-label="Rentora dashboard"
          onClick={onNavigate}
        >
          <LogoMark />
          {showLabels ? (
            <span className="text-lg font-bold tracking-tight text-slate-900">Rentora</span>
          ) : null}
        </Link>
        {showLabels ? <div className="ml-auto">{headerAction}</div> : null}
      </div>
      <div className={cn('shrink-0 pb-2', showLabels ? 'px-3' : 'px-2')}>
        <NavSearch
          items={searchable}
          onSelect={onSelect}
          onClose={onSearchClose}
          inputRef={searchRef}
          compact={!showLabels}
          onExpandRequest={onExpandRequest}
        />
      </div>
      <div className={cn('min-h-0 flex-1 overflow-y-auto pb-4', showLabels ? 'px-3' : 'px-2')}>
        <SidebarNav
          key={auth.currentCompany?._id ?? 'none'}
          groups={groups}
          pathname={location.pathname}
          showLabels={showLabels}
          onLockedClick={openLocked}
          onNavigate={onNavigate}
          counts={{ '/dashboard/chat': chatUnread }}
        />
      </div>
      <div className={cn('shrink-0 space-y-2 border-t border-slate-200 py-3', showLabels ? 'px-3' : 'px-2')}>
        <UserCard compact={!showLabels} onNavigate={onNavigate} />
        <CompanySwitcher
          companies={auth.companies}
          current={auth.currentCompany}
          onSwitch={auth.switchCompany}
          compact={!showLabels}
        />
        <SignOutButton onSignOut={auth.logout} showLabel={showLabels} />
      </div>
    </div>
  );
}

/** The staff dashboard shell: sidebar, top bar, route gating, live notifications. */
export function DashboardLayout() {
  const auth = useAuth();
  const location = useLocation();
  const sidebar = useCollapsibleSidebar(STORAGE_KEYS.sidebarCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const desktopSearch = useRef<HTMLInputElement>(null);
  const mobileSearch = useRef<HTMLInputElement>(null);
  useScrollLock(mobileOpen);
  useNotificationSocket();
  // Permission, role, plan or membership changes made by others reach the sidebar without a new sign-in.
  usePermissionSync();

  // A permission context that failed to load must not lock members out: gate by fallback roles instead.
  const decision = gateRoute(auth.accessContext, location.pathname);
  const canStay =
    decision.kind !== 'redirect' ||
    (decision.to === '/' && auth.permissionContext === null && auth.companies.length > 0);
  const def = findDashboardPage(location.pathname);
  useDocumentTitle(decision.kind === 'deny' ? 'Access denied' : (def?.title ?? 'Page not found'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer on navigation
  useEffect(() => setMobileOpen(false), [location.pathname]);

  const { expandTemporarily } = sidebar;
  const openSearch = useCallback(() => {
    const desktop = window.matchMedia?.(DESKTOP_QUERY).matches ?? true;
    if (desktop) expandTemporarily();
    else setMobileOpen(true);
    setTimeout(() => (desktop ? desktopSearch : mobileSearch).current?.focus(), TIMINGS.navSearchFocusMs);
  }, [expandTemporarily]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openSearch();
      } else if (event.key === 'Escape') {
        setMobileOpen(false);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openSearch]);

  if (!canStay && decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // The company requires two-factor sign-in of this member: only its set-up (profile → Security) is open.
  if (auth.permissionContext?.mfaSetupRequired && location.pathname !== '/dashboard/profile') {
    return <Navigate to="/dashboard/profile?setup=2fa" replace />;
  }

  return (
    <SidebarShell
      sidebar={sidebar}
      testId="dashboard-sidebar"
      drawerTestId="mobile-sidebar"
      before={
        <a
          href="#dashboard-main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
      }
      panel={
        <SidebarPanel
          showLabels={sidebar.showLabels}
          searchRef={desktopSearch}
          onSearchClose={sidebar.release}
          onExpandRequest={openSearch}
          headerAction={<SidebarToggle sidebar={sidebar} />}
        />
      }
      edgeToggle={!sidebar.showLabels}
      onCloseDrawer={() => setMobileOpen(false)}
      drawer={
        mobileOpen ? (
          <SidebarPanel
            showLabels
            searchRef={mobileSearch}
            onNavigate={() => setMobileOpen(false)}
            headerAction={
              <button
                type="button"
                onClick={() => setMobileOpen(false)}
                className="rounded-lg p-1.5 text-slate-400 hover:bg-slate-100"
                aria-label="Close menu"
              >
                <X className="h-5 w-5" aria-hidden />
              </button>
            }
          />
        ) : null
      }
    >
      {/* Mobile top bar */}
      <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur lg:hidden">
        <OpenMenuButton open={mobileOpen} onOpen={() => setMobileOpen(true)} />
        <Link to="/dashboard" className="flex items-center gap-2" aria-label="Rentora dashboard">
          <LogoMark className="h-7 w-7" />
          <span className="font-bold text-slate-900">Rentora</span>
        </Link>
        <div className="ml-auto">
          <NotificationBell href="/dashboard/notifications" />
        </div>
      </header>
      {/* Desktop top bar */}
      <header className="sticky top-0 z-20 hidden h-16 items-center justify-between border-b border-slate-200 bg-white/80 px-8 backdrop-blur lg:flex">
        <div className="min-w-0">
          <Breadcrumbs pathname={location.pathname} />
          {location.pathname.replace(/\/+$/, '') === '/dashboard' ? (
            <p className="text-sm font-medium text-slate-500">{auth.currentCompany?.name ?? 'Dashboard'}</p>
          ) : null}
        </div>
        <NotificationBell href="/dashboard/notifications" />
      </header>
      <main id="dashboard-main" className="px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <div className="mb-4 lg:hidden">
          <Breadcrumbs pathname={location.pathname} />
        </div>
        {decision.kind === 'deny' ? <AccessDenied message={decision.message} /> : <Outlet />}
      </main>
    </SidebarShell>
  );
}
