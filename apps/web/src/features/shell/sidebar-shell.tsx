import { SIDEBAR_WIDTH_PX } from '@rentora/shared';
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { useCollapsibleSidebar } from './use-collapsible-sidebar';

type Sidebar = ReturnType<typeof useCollapsibleSidebar>;

/** The sidebar's collapse button: in the panel's header, or as a small tab on the sidebar's edge. */
export function SidebarToggle({ sidebar, edge = false }: { sidebar: Sidebar; edge?: boolean }) {
  const label = sidebar.collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  const Icon = sidebar.collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <button
      type="button"
      onClick={sidebar.toggle}
      className={
        edge
          ? 'absolute -right-3 top-5 flex h-6 w-6 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-400 shadow-sm hover:text-slate-600'
          : 'rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600'
      }
      aria-label={label}
      title={label}
    >
      <Icon className={edge ? 'h-3.5 w-3.5' : 'h-5 w-5'} aria-hidden />
    </button>
  );
}

/** The button of a top bar that opens the navigation drawer on small screens. */
export function OpenMenuButton({
  open,
  onOpen,
  className,
}: {
  open: boolean;
  onOpen: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        'inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100',
        className,
      )}
      aria-label="Open menu"
      aria-expanded={open}
    >
      <Menu className="h-5 w-5" aria-hidden />
    </button>
  );
}

export interface SidebarShellProps {
  sidebar: Sidebar;
  /** The sidebar's content on large screens (labels follow `sidebar.showLabels`). */
  panel: ReactNode;
  /** Shows the edge toggle on the desktop sidebar. */
  edgeToggle: boolean;
  /** The navigation drawer on small screens, or null while it is closed. */
  drawer: ReactNode | null;
  onCloseDrawer: () => void;
  testId: string;
  drawerTestId?: string;
  /** Top bars and the main content, beside the sidebar. */
  children: ReactNode;
  /** Elements before the sidebar (a skip link). */
  before?: ReactNode;
}

/** The signed-in areas' frame: a collapsible sidebar on large screens, a drawer on small ones, content beside. */
export function SidebarShell({
  sidebar,
  panel,
  edgeToggle,
  drawer,
  onCloseDrawer,
  testId,
  drawerTestId,
  children,
  before,
}: SidebarShellProps) {
  const width = sidebar.collapsed ? SIDEBAR_WIDTH_PX.collapsed : SIDEBAR_WIDTH_PX.expanded;
  return (
    <div className="min-h-screen bg-slate-50" style={{ '--sidebar-width': `${width}px` } as CSSProperties}>
      {before}
      <aside
        className={cn(
          'fixed inset-y-0 left-0 z-30 hidden border-r border-slate-200 bg-white transition-[width,box-shadow] duration-200 lg:block',
          sidebar.temporary && 'shadow-2xl',
        )}
        style={{ width: sidebar.expanded ? SIDEBAR_WIDTH_PX.expanded : SIDEBAR_WIDTH_PX.collapsed }}
        data-testid={testId}
        data-collapsed={sidebar.collapsed}
        data-expanded={sidebar.expanded}
        {...sidebar.handlers}
      >
        {panel}
        {edgeToggle ? <SidebarToggle sidebar={sidebar} edge /> : null}
      </aside>
      {drawer ? (
        <div className="fixed inset-0 z-50 lg:hidden">
          <div className="absolute inset-0 bg-slate-900/50" aria-hidden onClick={onCloseDrawer} />
          <aside
            className="absolute inset-y-0 left-0 w-[min(18rem,85vw)] bg-white shadow-2xl animate-toast-in"
            aria-label="Navigation"
            data-testid={drawerTestId}
          >
            {drawer}
          </aside>
        </div>
      ) : null}
      <div className="transition-[padding] duration-200 lg:pl-[var(--sidebar-width)]">{children}</div>
    </div>
  );
}
