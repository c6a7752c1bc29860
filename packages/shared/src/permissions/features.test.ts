import { describe, expect, it } from 'vitest';
import {
  COMPANY_ROLES,
  FEATURES,
  hasModuleAccess,
  hasModulePermission,
  isFeature,
  type ModulePermission,
  modulePermissionsToFeatures,
  PERMISSION_CATALOGUE,
  PERMISSION_CATEGORIES,
  PERMISSION_MODULES,
  ROLE_DEFAULT_FEATURES,
} from './features';

const SPEC_MODULES = [
  'properties',
  'rentalunit',
  'tenants',
  'bookings',
  'payments',
  'invoices',
  'maintenance',
  'company',
  'users',
  'admin',
  'notifications',
];
const SPEC_EXTRAS = ['maintenance_assign', 'analytics_read', 'reports_read', 'analytics_export'];
const SPEC_CATEGORIES = [
  'Property Management',
  'Tenant Management',
  'Financial Management',
  'Maintenance',
  'Company Management',
  'Analytics & Reports',
  'System Administration',
  'Notifications & Communications',
];

describe('feature names', () => {
  it('are module_action for the eleven modules and four actions, plus the four extras', () => {
    expect([...PERMISSION_MODULES]).toEqual(SPEC_MODULES);
    const expected = [
      ...SPEC_MODULES.flatMap((module) => ['read', 'write', 'update', 'delete'].map((a) => `${module}_${a}`)),
      ...SPEC_EXTRAS,
    ];
    expect([...FEATURES].sort()).toEqual(expected.sort());
    expect(new Set(FEATURES).size).toBe(FEATURES.length);
  });

  it('include every permission name the spec says is in use', () => {
    const inUse =
      'properties_read properties_write rentalunit_read rentalunit_write tenants_read tenants_write bookings_read ' +
      'bookings_write payments_read payments_write invoices_read invoices_write maintenance_read maintenance_write ' +
      'maintenance_assign company_read company_write users_read users_write analytics_read analytics_export ' +
      'reports_read admin_read admin_write notifications_read notifications_write';
    for (const name of inUse.split(' ')) expect(isFeature(name), name).toBe(true);
  });

  it.each(['', 'properties', 'properties_view', 'Properties_read', 'analytics_write', 'leads_read'])(
    'isFeature(%j) is false',
    (name) => {
      expect(isFeature(name)).toBe(false);
    },
  );
});

describe('PERMISSION_CATALOGUE', () => {
  it('describes every feature exactly once', () => {
    const features = PERMISSION_CATALOGUE.map((entry) => entry.feature);
    expect(features.sort()).toEqual([...FEATURES].sort());
  });

  it('has exactly the eight categories of the spec, each in use', () => {
    expect([...PERMISSION_CATEGORIES]).toEqual(SPEC_CATEGORIES);
    const used = new Set(PERMISSION_CATALOGUE.map((entry) => entry.category));
    expect([...used].sort()).toEqual([...SPEC_CATEGORIES].sort());
  });

  it('gives each entry a non-empty unique name and a description', () => {
    const names = PERMISSION_CATALOGUE.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of PERMISSION_CATALOGUE) {
      expect(entry.name.trim(), entry.feature).not.toBe('');
      expect(entry.description.trim(), entry.feature).not.toBe('');
    }
  });

  it.each([
    ['properties_read', 'Property Management'],
    ['rentalunit_write', 'Property Management'],
    ['bookings_read', 'Tenant Management'],
    ['invoices_delete', 'Financial Management'],
    ['maintenance_assign', 'Maintenance'],
    ['users_write', 'Company Management'],
    ['reports_read', 'Analytics & Reports'],
    ['admin_read', 'System Administration'],
    ['notifications_write', 'Notifications & Communications'],
  ])('%s is in %s', (feature, category) => {
    expect(PERMISSION_CATALOGUE.find((entry) => entry.feature === feature)?.category).toBe(category);
  });
});

describe('ROLE_DEFAULT_FEATURES', () => {
  it('has a default set for each of the eight company roles', () => {
    expect(Object.keys(ROLE_DEFAULT_FEATURES).sort()).toEqual([...COMPANY_ROLES].sort());
  });

  it.each(COMPANY_ROLES)('%s defaults are catalogue features, without duplicates or admin_*', (role) => {
    const defaults: readonly string[] = ROLE_DEFAULT_FEATURES[role];
    const catalogue = new Set<string>(PERMISSION_CATALOGUE.map((entry) => entry.feature));
    for (const feature of defaults) expect(catalogue.has(feature), feature).toBe(true);
    expect(new Set(defaults).size).toBe(defaults.length);
    expect(defaults.some((feature) => feature.startsWith('admin_'))).toBe(false);
    expect(defaults).toContain('notifications_read');
  });

  it('gives the owner every company feature and each other role a subset of it', () => {
    const owner = new Set<string>(ROLE_DEFAULT_FEATURES.owner);
    expect([...owner].sort()).toEqual(FEATURES.filter((feature) => !feature.startsWith('admin_')).sort());
    for (const role of COMPANY_ROLES) {
      for (const feature of ROLE_DEFAULT_FEATURES[role])
        expect(owner.has(feature), `${role}: ${feature}`).toBe(true);
    }
  });

  it('matches the role descriptions of the design (accountant: money; field staff: maintenance)', () => {
    expect(ROLE_DEFAULT_FEATURES.accountant).toEqual(
      expect.arrayContaining(['payments_read', 'invoices_read', 'reports_read']),
    );
    expect([...ROLE_DEFAULT_FEATURES.field_staff].sort()).toEqual(
      ['maintenance_read', 'maintenance_write', 'notifications_read'].sort(),
    );
  });
});

describe('module permissions', () => {
  const permissions: ModulePermission[] = [
    { module: 'properties', actions: ['read', 'write'] },
    { module: 'tenants', actions: [] },
    { module: 'payments', actions: ['read', 'approve'] },
    { module: 'unknown', actions: ['read'] },
    { module: 'properties', actions: ['read', 'delete'] },
  ];

  it('convert to known features only, without duplicates', () => {
    expect(modulePermissionsToFeatures(permissions).sort()).toEqual(
      ['payments_read', 'properties_delete', 'properties_read', 'properties_write'].sort(),
    );
    expect(modulePermissionsToFeatures([])).toEqual([]);
  });

  it('convert the maintenance_assign extra as module maintenance, action assign', () => {
    expect(modulePermissionsToFeatures([{ module: 'maintenance', actions: ['assign', 'read'] }])).toEqual([
      'maintenance_assign',
      'maintenance_read',
    ]);
  });

  it.each([
    ['properties', 'write', true],
    ['properties', 'delete', true],
    ['properties', 'update', false],
    ['tenants', 'read', false],
    ['payments', 'approve', true],
    ['invoices', 'read', false],
  ])('hasModulePermission(%s, %s) → %s', (module, action, expected) => {
    expect(hasModulePermission(permissions, module, action)).toBe(expected);
  });

  it.each([
    ['properties', true],
    ['tenants', true],
    ['invoices', false],
  ])('hasModuleAccess(%s) → %s (any entry for the module)', (module, expected) => {
    expect(hasModuleAccess(permissions, module)).toBe(expected);
  });
});
