import { describe, expect, it } from 'vitest';
import type { AccessContext } from './access';
import { COMPANY_ROLES, type Feature, ROLE_DEFAULT_FEATURES } from './features';
import { lockedFeatureOf, NAV_GROUPS, type NavItem, navItemState } from './navigation';

/** The navigation requirements, written out again by hand: item id → features, requireAll. */
const SPEC_NAV: Record<string, { features: Feature[]; requireAll: boolean }> = {
  dashboard: { features: [], requireAll: false },
  profile: { features: [], requireAll: false },
  properties: { features: ['properties_read'], requireAll: false },
  'virtual-tours': { features: ['admin_read'], requireAll: true },
  'property-map': { features: ['admin_read'], requireAll: true },
  tenants: { features: ['tenants_read'], requireAll: false },
  bookings: { features: ['admin_read'], requireAll: true },
  payments: { features: ['payments_read', 'invoices_read'], requireAll: false },
  maintenance: { features: ['maintenance_read'], requireAll: false },
  analytics: { features: ['analytics_read'], requireAll: false },
  companies: { features: ['company_read'], requireAll: false },
  'company-users': { features: ['users_read'], requireAll: false },
  // Not in the spec's table: spreadsheet imports (any of the three write features).
  imports: { features: ['properties_write', 'rentalunit_write', 'tenants_write'], requireAll: false },
  // Not in the spec's table: the audit log (owners and the super admin only, by role).
  'audit-log': { features: [], requireAll: false },
  'admin-management': { features: ['admin_read', 'admin_write'], requireAll: false },
  plans: { features: ['admin_read', 'admin_write'], requireAll: true },
  notifications: { features: ['notifications_read'], requireAll: false },
  'notification-logs': { features: ['notifications_read', 'admin_read'], requireAll: true },
  'test-notifications': { features: ['admin_read'], requireAll: false },
  leads: { features: ['admin_read'], requireAll: false },
};

const ITEMS: NavItem[] = NAV_GROUPS.flatMap((group) => [...group.items]);
/** A plan that has something, but none of the features in `lacking`. */
const planWithout = (lacking: readonly Feature[]): Feature[] =>
  (
    ['notifications_read', 'properties_read', 'admin_read', 'payments_read', 'company_read'] as Feature[]
  ).filter((feature) => !lacking.includes(feature));

function member(
  features: readonly string[] | null,
  planFeatures: readonly string[] | null = [],
): AccessContext {
  return { role: 'user', companyRole: 'manager', features, planFeatures };
}

describe('NAV_GROUPS', () => {
  it('holds exactly the items of the spec navigation table with the same requirements', () => {
    expect(ITEMS.map((item) => item.id).sort()).toEqual(Object.keys(SPEC_NAV).sort());
    for (const item of ITEMS) {
      expect([...item.requiredFeatures], item.id).toEqual(SPEC_NAV[item.id]!.features);
      expect(Boolean(item.requireAll) && item.requiredFeatures.length > 0, item.id).toBe(
        SPEC_NAV[item.id]!.requireAll,
      );
    }
  });

  it('opens property, tenant, financial and maintenance groups and closes analytics, company, administration', () => {
    const expanded = Object.fromEntries(NAV_GROUPS.map((group) => [group.id, group.defaultExpanded]));
    expect(expanded).toMatchObject({
      property: true,
      tenant: true,
      financial: true,
      maintenance: true,
      analytics: false,
      company: false,
      administration: false,
    });
  });

  it('badges Dev on virtual tours and the map, DEV on bookings, Admin on administration items', () => {
    const badges = Object.fromEntries(
      ITEMS.filter((item) => item.badge).map((item) => [item.id, item.badge]),
    );
    expect(badges).toEqual({
      'virtual-tours': 'Dev',
      'property-map': 'Dev',
      bookings: 'DEV',
      'admin-management': 'Admin',
      plans: 'Admin',
      'notification-logs': 'Admin',
      'test-notifications': 'Admin',
      leads: 'Admin',
    });
  });

  it('has unique ids and hrefs under /dashboard, ordered groups and items', () => {
    expect(new Set(ITEMS.map((item) => item.id)).size).toBe(ITEMS.length);
    expect(new Set(ITEMS.map((item) => item.href)).size).toBe(ITEMS.length);
    for (const item of ITEMS) expect(item.href.startsWith('/dashboard')).toBe(true);
    const groupOrders = NAV_GROUPS.map((group) => group.order);
    expect(groupOrders).toEqual([...groupOrders].sort((a, b) => a - b));
    for (const group of NAV_GROUPS) {
      const orders = group.items.map((item) => item.order);
      expect(orders, group.id).toEqual([...orders].sort((a, b) => a - b));
    }
  });
});

describe.each(ITEMS.filter((item) => !item.roles))('navItemState($id)', (item) => {
  const { features, requireAll } = SPEC_NAV[item.id]!;

  it('is accessible to super_admin with no features, under any plan, never locked', () => {
    expect(navItemState({ role: 'super_admin', features: [], planFeatures: [] }, item)).toBe('accessible');
    expect(navItemState({ role: 'super_admin', features: null, planFeatures: ['company_read'] }, item)).toBe(
      'accessible',
    );
  });

  it('is hidden from a member holding none of its features (accessible when it needs none)', () => {
    const state = navItemState(member([]), item);
    expect(state).toBe(features.length === 0 ? 'accessible' : 'hidden');
    expect(navItemState(member(null), item)).toBe(features.length === 0 ? 'accessible' : 'hidden');
  });

  it('is accessible holding all its features with an empty plan list', () => {
    expect(navItemState(member(features, []), item)).toBe('accessible');
    expect(navItemState(member(features, null), item)).toBe('accessible');
  });

  it('follows any/all when only one of several features is held', () => {
    if (features.length < 2) return;
    for (const feature of features) {
      expect(navItemState(member([feature]), item)).toBe(requireAll ? 'hidden' : 'accessible');
    }
  });

  it('is locked (showLock) or hidden when the plan lacks the features the member holds', () => {
    if (features.length === 0) return;
    const state = navItemState(member(features, planWithout(features)), item);
    expect(state).toBe(item.showLock ? 'locked' : 'hidden');
    if (state === 'locked') {
      expect(lockedFeatureOf(member(features, planWithout(features)), item)).toBe(features[0]);
    }
  });

  it('is never locked when the plan list is empty', () => {
    expect(navItemState(member(features, []), { ...item, showLock: true })).toBe('accessible');
  });

  it('is accessible when the plan has the held feature', () => {
    if (features.length === 0) return;
    expect(navItemState(member(features, [...features]), item)).toBe('accessible');
  });
});

describe('navItemState in detail', () => {
  const payments: Pick<NavItem, 'requiredFeatures' | 'requireAll' | 'showLock'> = {
    requiredFeatures: ['payments_read', 'invoices_read'],
    showLock: true,
  };
  const allOf: Pick<NavItem, 'requiredFeatures' | 'requireAll' | 'showLock'> = {
    requiredFeatures: ['payments_read', 'invoices_read'],
    requireAll: true,
    showLock: true,
  };

  it('any-of: accessible when one held feature is in the plan', () => {
    expect(navItemState(member(['payments_read', 'invoices_read'], ['invoices_read']), payments)).toBe(
      'accessible',
    );
  });

  it('any-of: locked when no held feature is in the plan', () => {
    expect(navItemState(member(['payments_read'], ['invoices_read']), payments)).toBe('locked');
  });

  it('all-of: locked when one of the held features is missing from the plan', () => {
    expect(navItemState(member(['payments_read', 'invoices_read'], ['invoices_read']), allOf)).toBe('locked');
    expect(
      navItemState(member(['payments_read', 'invoices_read'], ['invoices_read']), {
        ...allOf,
        showLock: false,
      }),
    ).toBe('hidden');
  });

  it('lockedFeatureOf names the held feature the plan lacks', () => {
    expect(lockedFeatureOf(member(['payments_read', 'invoices_read'], ['payments_read']), payments)).toBe(
      'invoices_read',
    );
    expect(lockedFeatureOf(member(['payments_read'], ['payments_read']), payments)).toBeUndefined();
  });

  it.each(COMPANY_ROLES)('%s with its defaults on an unrestricted plan sees a sensible sidebar', (role) => {
    const ctx: AccessContext = { role: 'user', companyRole: role, features: ROLE_DEFAULT_FEATURES[role] };
    const visible = ITEMS.filter((item) => navItemState(ctx, item) === 'accessible').map((item) => item.id);
    expect(visible).toEqual(expect.arrayContaining(['dashboard', 'profile', 'notifications']));
    // Administration and the Dev items need admin_read, which no company role holds.
    for (const id of ['virtual-tours', 'property-map', 'bookings', 'plans', 'leads', 'admin-management']) {
      expect(visible).not.toContain(id);
    }
  });
});

describe('navItemState of role-restricted items', () => {
  const auditLog = ITEMS.find((item) => item.id === 'audit-log')!;
  it('shows the audit log to owners and the super admin only', () => {
    expect(navItemState({ role: 'user', companyRole: 'owner', features: [] }, auditLog)).toBe('accessible');
    expect(navItemState({ role: 'super_admin', features: [] }, auditLog)).toBe('accessible');
    expect(navItemState({ role: 'user', companyRole: 'manager', features: ['users_read'] }, auditLog)).toBe(
      'hidden',
    );
  });
});
