import { describe, expect, it } from 'vitest';
import type { AccessContext } from './access';
import {
  COMPANY_ROLES,
  type CompanyRole,
  type Feature,
  ROLE_DEFAULT_FEATURES,
  type StaffRole,
} from './features';
import { deniedMessage, findRouteGate, gateRoute, ROUTE_GATES } from './route-gates';

/**
 * The route gating table, written out again here on purpose: the tests compare the implementation against this
 * independent copy of the required gates rather than against itself.
 */
const ALL: StaffRole[] = [
  'super_admin',
  'admin',
  'owner',
  'manager',
  'accountant',
  'designer',
  'maintenance_coordinator',
  'field_staff',
  'sales_agent',
  'customer_support',
];
const FOUR: StaffRole[] = ['super_admin', 'admin', 'owner', 'manager'];
const THREE: StaffRole[] = ['super_admin', 'admin', 'owner'];

interface SpecGate {
  path: string;
  features: Feature[];
  fallback: StaffRole[];
  label: string;
  superAdminOnly?: boolean;
}

const SPEC_GATES: SpecGate[] = [
  { path: '/dashboard', features: [], fallback: ALL, label: 'Dashboard' },
  { path: '/dashboard/profile', features: [], fallback: ALL, label: 'Profile' },
  { path: '/dashboard/chat', features: [], fallback: ALL, label: 'Chat' },
  // Not in the spec's table: owners and the super admin (roles: ['owner']).
  { path: '/dashboard/audit-log', features: [], fallback: THREE, label: 'Audit Log' },
  // Not in the spec's table: spreadsheet imports (any of the three write features).
  {
    path: '/dashboard/imports',
    features: ['properties_write', 'rentalunit_write', 'tenants_write'],
    fallback: FOUR,
    label: 'Import',
  },
  { path: '/dashboard/properties', features: ['properties_read'], fallback: FOUR, label: 'Properties' },
  {
    path: '/dashboard/properties/create',
    features: ['properties_write'],
    fallback: FOUR,
    label: 'Properties',
  },
  { path: '/dashboard/tenants', features: ['tenants_read'], fallback: FOUR, label: 'Tenants' },
  { path: '/dashboard/tenant-management', features: ['tenants_write'], fallback: FOUR, label: 'Tenants' },
  { path: '/dashboard/bookings', features: ['bookings_read'], fallback: FOUR, label: 'Bookings' },
  {
    path: '/dashboard/payments',
    features: ['payments_read', 'invoices_read'],
    fallback: [...FOUR, 'accountant'],
    label: 'Payments',
  },
  {
    path: '/dashboard/maintenance',
    features: ['maintenance_read'],
    fallback: [...FOUR, 'maintenance_coordinator', 'field_staff'],
    label: 'Maintenance',
  },
  { path: '/dashboard/analytics', features: ['analytics_read'], fallback: FOUR, label: 'Analytics' },
  { path: '/dashboard/companies', features: ['company_read'], fallback: THREE, label: 'Companies' },
  {
    path: '/dashboard/company-management',
    features: ['company_write'],
    fallback: THREE,
    label: 'Companies',
  },
  { path: '/dashboard/company-users', features: ['users_read'], fallback: FOUR, label: 'Company Users' },
  {
    path: '/dashboard/admin-management',
    features: ['admin_read'],
    fallback: ['super_admin'],
    label: 'Admin Management',
    superAdminOnly: true,
  },
  {
    path: '/dashboard/admin',
    features: ['admin_read'],
    fallback: ['super_admin'],
    label: 'Admin Management',
    superAdminOnly: true,
  },
  {
    path: '/dashboard/notifications',
    features: ['notifications_read'],
    fallback: FOUR,
    label: 'Notifications',
  },
  {
    path: '/dashboard/notification-logs',
    features: ['notifications_read'],
    fallback: THREE,
    label: 'Notification Logs',
  },
  {
    path: '/dashboard/virtual-tours',
    features: ['properties_read'],
    fallback: [...FOUR, 'designer'],
    label: 'Virtual Tours',
  },
  { path: '/dashboard/map-demo', features: ['properties_read'], fallback: FOUR, label: 'Map Demo' },
  {
    path: '/dashboard/test-notifications',
    features: ['notifications_write'],
    fallback: THREE,
    label: 'Test Notifications',
  },
  {
    path: '/dashboard/plans',
    features: [],
    fallback: ['super_admin'],
    label: 'Plans Management',
    superAdminOnly: true,
  },
  { path: '/dashboard/leads', features: [], fallback: ['super_admin'], label: 'Leads', superAdminOnly: true },
];

/** The labels the spec allows in 'You do not have access to X.'. */
const SPEC_DENIED_LABELS = [
  // Not in the spec: the import page (Company → Import).
  'Import',
  'Properties',
  'Tenants',
  'Companies',
  'Company Users',
  'Bookings',
  'Maintenance',
  'Payments',
  'Analytics',
  'Notifications',
  'Virtual Tours',
  'Map Demo',
  'Admin Management',
  'Plans Management',
  'Test Notifications',
  'Notification Logs',
  'Leads',
];

/** A staff member of the given role; `features` null means the feature data has not loaded. */
function staff(
  role: StaffRole,
  features: readonly string[] | null,
  planFeatures: readonly string[] = [],
): AccessContext {
  if (role === 'super_admin' || role === 'admin') return { role, companyRole: null, features, planFeatures };
  return { role: 'user', companyRole: role, features, planFeatures };
}

function defaultsOf(role: StaffRole): readonly Feature[] {
  return role === 'super_admin' || role === 'admin' ? [] : ROLE_DEFAULT_FEATURES[role as CompanyRole];
}

const ALL_FEATURES_EXCEPT = (excluded: readonly Feature[]): Feature[] =>
  (Object.values(ROLE_DEFAULT_FEATURES).flat() as Feature[])
    .concat(['admin_read', 'admin_write', 'admin_update', 'admin_delete'])
    .filter((feature, index, list) => list.indexOf(feature) === index && !excluded.includes(feature));

describe('ROUTE_GATES', () => {
  it('has exactly the rows of the spec route gating table (plus the /dashboard/admin alias)', () => {
    const actual = ROUTE_GATES.map((gate) => ({
      path: gate.path,
      features: [...gate.features],
      fallback: [...gate.fallbackRoles].sort(),
      label: gate.label,
      superAdminOnly: gate.superAdminOnly ?? false,
    }));
    const expected = SPEC_GATES.map((gate) => ({
      ...gate,
      fallback: [...gate.fallback].sort(),
      superAdminOnly: gate.superAdminOnly ?? false,
    }));
    expect(actual).toEqual(expect.arrayContaining(expected));
    expect(actual).toHaveLength(expected.length);
  });

  it('uses only denied labels the spec names (gates that can deny)', () => {
    for (const gate of ROUTE_GATES) {
      if (gate.features.length === 0 && !gate.superAdminOnly) continue;
      expect(SPEC_DENIED_LABELS).toContain(gate.label);
    }
  });

  it("phrases a denial as 'You do not have access to X.'", () => {
    expect(deniedMessage('Payments')).toBe('You do not have access to Payments.');
  });
});

describe.each(SPEC_GATES.filter((gate) => gate.path !== '/dashboard/audit-log'))(
  'gateRoute($path)',
  (gate) => {
    const denied = { kind: 'deny', message: `You do not have access to ${gate.label}.` };

    it.each(ALL)('without feature data, %s follows the fallback roles', (role) => {
      const decision = gateRoute(staff(role, null), gate.path);
      const allowed = role === 'super_admin' || (!gate.superAdminOnly && gate.fallback.includes(role));
      expect(decision.kind).toBe(allowed ? 'allow' : 'deny');
      if (!allowed) expect(decision).toMatchObject(denied);
    });

    it.each(ALL)('with the default features of %s, allows only a holder of a gate feature', (role) => {
      const decision = gateRoute(staff(role, defaultsOf(role)), gate.path);
      const allowed =
        role === 'super_admin' ||
        (!gate.superAdminOnly &&
          (gate.features.length === 0 ||
            gate.features.some((feature) => defaultsOf(role).includes(feature))));
      expect(decision.kind).toBe(allowed ? 'allow' : 'deny');
      if (!allowed) expect(decision).toMatchObject(denied);
    });

    it.each(COMPANY_ROLES)('%s holding every feature but the gate features is denied', (role) => {
      const decision = gateRoute(staff(role, ALL_FEATURES_EXCEPT(gate.features)), gate.path);
      const allowed = gate.features.length === 0 && !gate.superAdminOnly;
      expect(decision.kind).toBe(allowed ? 'allow' : 'deny');
    });

    it.each(COMPANY_ROLES)('%s holding just one gate feature is allowed unless super-admin only', (role) => {
      for (const feature of gate.features) {
        const decision = gateRoute(staff(role, [feature]), gate.path);
        expect(decision.kind).toBe(gate.superAdminOnly ? 'deny' : 'allow');
      }
    });

    it('denies a holder whose company plan lacks the gate features', () => {
      if (gate.features.length === 0) return;
      const plan = ALL_FEATURES_EXCEPT(gate.features);
      const decision = gateRoute(staff('owner', [...gate.features], plan), gate.path);
      expect(decision).toMatchObject(denied);
    });

    it('lets super_admin in with no features at all and a plan that has none of them', () => {
      const decision = gateRoute(staff('super_admin', [], ['notifications_read']), gate.path);
      expect(decision.kind).toBe('allow');
    });

    it('sends a tenant to /tenant', () => {
      expect(gateRoute({ role: 'tenant', features: null }, gate.path)).toEqual({
        kind: 'redirect',
        to: '/tenant',
      });
    });

    it('sends a signed-in user with no company membership to /', () => {
      expect(gateRoute({ role: 'user', companyRole: null, features: [] }, gate.path)).toEqual({
        kind: 'redirect',
        to: '/',
      });
    });

    it('applies to sub-paths and a trailing slash of the route', () => {
      const role: StaffRole = gate.superAdminOnly ? 'super_admin' : 'owner';
      const features = gate.features.length ? [gate.features[0]!] : [];
      const ctx = staff(role, features);
      expect(findRouteGate(`${gate.path}/`)).toMatchObject({ path: gate.path });
      expect(gateRoute(ctx, `${gate.path}/`).kind).toBe('allow');
      const child = findRouteGate(`${gate.path}/some-child`);
      expect(child === 'tenant' ? 'tenant' : child?.path.startsWith(gate.path)).toBe(true);
    });
  },
);

describe('gateRoute with the seeded plans', () => {
  const starter = ALL_FEATURES_EXCEPT([
    'payments_read',
    'payments_write',
    'payments_update',
    'payments_delete',
    'invoices_read',
    'invoices_write',
    'invoices_update',
    'invoices_delete',
    'bookings_read',
    'bookings_write',
    'bookings_update',
    'bookings_delete',
    'analytics_read',
    'analytics_export',
    'reports_read',
  ]);

  it.each([
    ['/dashboard/payments', 'deny'],
    ['/dashboard/payments/invoices', 'deny'],
    ['/dashboard/bookings', 'deny'],
    ['/dashboard/analytics', 'deny'],
    ['/dashboard/properties', 'allow'],
    ['/dashboard/maintenance/requests', 'allow'],
    ['/dashboard/company-users/0193', 'allow'],
  ])('a starter-plan owner gets %s → %s', (path, kind) => {
    expect(gateRoute(staff('owner', ROLE_DEFAULT_FEATURES.owner, starter), path).kind).toBe(kind);
  });

  it('while feature data is missing the fallback roles decide, whatever the plan', () => {
    expect(gateRoute(staff('owner', null, starter), '/dashboard/payments').kind).toBe('allow');
  });

  it('an accountant may open payments but not properties', () => {
    const ctx = staff('accountant', ROLE_DEFAULT_FEATURES.accountant);
    expect(gateRoute(ctx, '/dashboard/payments').kind).toBe('allow');
    expect(gateRoute(ctx, '/dashboard/properties')).toEqual({
      kind: 'deny',
      gate: expect.objectContaining({ path: '/dashboard/properties' }),
      message: 'You do not have access to Properties.',
    });
  });
});

describe('route lookup order: exact → tenant routes → longest protected prefix', () => {
  it('an exact match wins over a shorter prefix', () => {
    expect(findRouteGate('/dashboard/properties/create')).toMatchObject({ features: ['properties_write'] });
    expect(findRouteGate('/dashboard/properties')).toMatchObject({ features: ['properties_read'] });
  });

  it('a sub-path takes the longest protected prefix', () => {
    expect(findRouteGate('/dashboard/properties/create/step-2')).toMatchObject({
      path: '/dashboard/properties/create',
    });
    expect(findRouteGate('/dashboard/properties/0193abc')).toMatchObject({ path: '/dashboard/properties' });
    expect(findRouteGate('/dashboard/payments/create-invoice')).toMatchObject({
      path: '/dashboard/payments',
    });
    expect(findRouteGate('/dashboard/company-users/42')).toMatchObject({ path: '/dashboard/company-users' });
  });

  it('prefixes match whole segments only', () => {
    expect(findRouteGate('/dashboard/propertiesx')).toMatchObject({ path: '/dashboard' });
    expect(findRouteGate('/dashboard/administrator')).toMatchObject({ path: '/dashboard' });
    expect(findRouteGate('/tenant-portal/abc')).toBeUndefined();
    expect(findRouteGate('/tenants')).toBeUndefined();
  });

  it.each(['/tenant', '/tenant/', '/tenant/units/1', '/tenant/dashboard', '/tenant/properties'])(
    '%s is a tenant route',
    (path) => {
      expect(findRouteGate(path)).toBe('tenant');
      expect(gateRoute({ role: 'tenant', features: null }, path)).toEqual({ kind: 'allow' });
      expect(gateRoute(staff('owner', ROLE_DEFAULT_FEATURES.owner), path)).toEqual({
        kind: 'redirect',
        to: '/dashboard',
      });
      expect(gateRoute(staff('super_admin', null), path)).toEqual({ kind: 'redirect', to: '/dashboard' });
    },
  );

  it.each(['/', '/properties', '/pricing', '/auth/login', '/invitation/abc'])(
    '%s is not protected',
    (path) => {
      expect(findRouteGate(path)).toBeUndefined();
      expect(gateRoute({ role: 'tenant', features: null }, path)).toEqual({ kind: 'allow' });
      expect(gateRoute({ role: null, features: null }, path)).toEqual({ kind: 'allow' });
    },
  );

  it('a tenant can open neither the staff chat nor any staff route', () => {
    for (const gate of ROUTE_GATES) {
      expect(gateRoute({ role: 'tenant', features: [] }, gate.path)).toEqual({
        kind: 'redirect',
        to: '/tenant',
      });
    }
  });
});

describe('gateRoute(/dashboard/audit-log)', () => {
  it('opens to owners and the super admin, and to no other role whatever it holds', () => {
    expect(gateRoute({ role: 'user', companyRole: 'owner', features: [] }, '/dashboard/audit-log').kind).toBe(
      'allow',
    );
    expect(gateRoute({ role: 'super_admin', features: [] }, '/dashboard/audit-log').kind).toBe('allow');
    expect(
      gateRoute(
        { role: 'user', companyRole: 'manager', features: ['users_read', 'admin_read'] },
        '/dashboard/audit-log',
      ),
    ).toMatchObject({ kind: 'deny', message: 'You do not have access to Audit Log.' });
  });
});
