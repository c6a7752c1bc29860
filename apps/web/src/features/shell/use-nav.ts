import {
  type AccessContext,
  NAV_GROUPS,
  type NavGroup,
  type NavItem,
  type NavItemState,
  navItemState,
} from '@rentora/shared';

export interface VisibleNavItem {
  item: NavItem;
  state: Exclude<NavItemState, 'hidden'>;
  group: NavGroup;
}

export interface VisibleNavGroup {
  group: NavGroup;
  items: VisibleNavItem[];
}

/** NAV_GROUPS filtered by the shared navItemState: hidden items and empty groups go, order is kept. */
export function visibleNav(ctx: AccessContext): VisibleNavGroup[] {
  return [...NAV_GROUPS]
    .sort((a, b) => a.order - b.order)
    .map((group) => ({
      group,
      items: [...group.items]
        .sort((a, b) => a.order - b.order)
        .map((item) => ({ item, state: navItemState(ctx, item), group }))
        .filter((entry): entry is VisibleNavItem => entry.state !== 'hidden'),
    }))
    .filter((entry) => entry.items.length > 0);
}

/** True when nothing that needs a feature is visible (only Dashboard and Profile remain). */
export function hasNoFeatureItems(groups: VisibleNavGroup[]): boolean {
  return !groups.some((group) => group.items.some((entry) => entry.item.requiredFeatures.length > 0));
}

/** Is `pathname` this item's page (or below it)? The dashboard home matches only itself. */
export function isItemActive(item: NavItem, pathname: string): boolean {
  if (item.href === '/dashboard') return pathname === '/dashboard' || pathname === '/dashboard/';
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
