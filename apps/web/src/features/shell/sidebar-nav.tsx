import type { NavItem } from '@rentora/shared';
import { ChevronDown, Lock, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { cn } from '../../lib/cn';
import { navIcon } from './nav-icons';
import { hasNoFeatureItems, isItemActive, type VisibleNavGroup, type VisibleNavItem } from './use-nav';

export interface SidebarNavProps {
  groups: VisibleNavGroup[];
  pathname: string;
  /** Labels visible (expanded and past the label delay). */
  showLabels: boolean;
  onLockedClick: (entry: VisibleNavItem) => void;
  onNavigate?: () => void;
  /** Unread counts by item href (the Chat item's unread messages). */
  counts?: Readonly<Record<string, number>>;
}

function badgeTone(badge: NonNullable<NavItem['badge']>) {
  return badge === 'Admin' ? 'brand' : 'warning';
}

/** An unread count beside a nav item ("99+" past 99), read as ", N unread". */
export function NavCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="rounded-full bg-brand-600 px-1.5 py-0.5 text-[11px] font-semibold leading-none text-white">
      <span className="sr-only">, </span>
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

function ItemContent({
  entry,
  showLabels,
  count = 0,
}: {
  entry: VisibleNavItem;
  showLabels: boolean;
  count?: number;
}) {
  const Icon = navIcon(entry.item.icon);
  return (
    <>
      <Icon className="h-5 w-5 shrink-0" aria-hidden />
      {showLabels ? (
        <>
          <span className="min-w-0 flex-1 truncate">{entry.item.name}</span>
          <NavCount count={count} />
          {entry.item.badge ? <Badge tone={badgeTone(entry.item.badge)}>{entry.item.badge}</Badge> : null}
          {entry.state === 'locked' ? (
            <Lock className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden />
          ) : null}
        </>
      ) : (
        <span className="sr-only">
          {entry.item.name}
          {count > 0 ? `, ${count} unread` : ''}
        </span>
      )}
    </>
  );
}

/** The sidebar's groups and items; each item is accessible (a link) or locked (opens the upgrade dialog). */
export function SidebarNav({
  groups,
  pathname,
  showLabels,
  onLockedClick,
  onNavigate,
  counts,
}: SidebarNavProps) {
  const [open, setOpen] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      groups.map(({ group, items }) => [
        group.id,
        group.defaultExpanded || items.some((entry) => isItemActive(entry.item, pathname)),
      ]),
    ),
  );
  const empty = hasNoFeatureItems(groups);

  return (
    <nav aria-label="Dashboard" className="space-y-1">
      {groups.map(({ group, items }) => {
        const expanded = !group.collapsible || (open[group.id] ?? group.defaultExpanded);
        const listId = `nav-group-${group.id}`;
        return (
          <div key={group.id} data-group={group.id}>
            {group.collapsible && showLabels ? (
              <button
                type="button"
                className="flex w-full items-center justify-between rounded-md px-3 pb-1 pt-3 text-[11px] font-semibold uppercase tracking-wider text-slate-400 hover:text-slate-600"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => setOpen((state) => ({ ...state, [group.id]: !expanded }))}
              >
                {group.name}
                <ChevronDown
                  className={cn('h-3.5 w-3.5 transition-transform', !expanded && '-rotate-90')}
                  aria-hidden
                />
              </button>
            ) : !showLabels && group.order > 0 ? (
              <div className="mx-auto my-2 h-px w-8 bg-slate-200" aria-hidden />
            ) : null}
            {expanded || !showLabels ? (
              <ul id={listId} className="space-y-0.5" aria-label={group.name}>
                {items.map((entry) => {
                  const active = isItemActive(entry.item, pathname);
                  const classes = cn(
                    'group flex w-full items-center gap-3 rounded-lg py-2 text-left text-sm font-medium transition-colors',
                    showLabels ? 'px-3' : 'justify-center px-0',
                    active
                      ? 'bg-brand-50 text-brand-700'
                      : entry.state === 'locked'
                        ? 'text-slate-400 hover:bg-slate-100 hover:text-slate-600'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  );
                  return (
                    <li key={entry.item.id} data-nav-item={entry.item.id} data-state={entry.state}>
                      {entry.state === 'locked' ? (
                        <button
                          type="button"
                          className={classes}
                          onClick={() => onLockedClick(entry)}
                          title={`${entry.item.name}: Upgrade required`}
                          aria-label={`${entry.item.name} (Upgrade required)`}
                        >
                          <ItemContent entry={entry} showLabels={showLabels} />
                        </button>
                      ) : (
                        <Link
                          to={entry.item.href}
                          className={classes}
                          aria-current={active ? 'page' : undefined}
                          title={showLabels ? undefined : entry.item.name}
                          onClick={onNavigate}
                        >
                          <ItemContent
                            entry={entry}
                            showLabels={showLabels}
                            count={counts?.[entry.item.href]}
                          />
                        </Link>
                      )}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        );
      })}
      {empty && showLabels ? (
        <div
          className="mx-1 mt-4 rounded-lg border border-dashed border-slate-300 p-3 text-center"
          role="note"
        >
          <ShieldAlert className="mx-auto h-5 w-5 text-slate-400" aria-hidden />
          <p className="mt-1 text-sm font-medium text-slate-700">No accessible features</p>
          <p className="text-xs text-slate-500">Contact your administrator.</p>
        </div>
      ) : null}
    </nav>
  );
}
