/** The permission catalogue, roles and per-role default feature sets. */
export const PERMISSION_MODULES = [
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
] as const;
export type PermissionModule = (typeof PERMISSION_MODULES)[number];

export const PERMISSION_ACTIONS = ['read', 'write', 'update', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const EXTRA_FEATURES = [
  'maintenance_assign',
  'analytics_read',
  'reports_read',
  'analytics_export',
] as const;

type ModuleFeature = `${PermissionModule}_${PermissionAction}`;
export type Feature = ModuleFeature | (typeof EXTRA_FEATURES)[number];

export const FEATURES: readonly Feature[] = [
  ...PERMISSION_MODULES.flatMap((module) =>
    PERMISSION_ACTIONS.map((action) => `${module}_${action}` as ModuleFeature),
  ),
  ...EXTRA_FEATURES,
];

export function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}

export const PLATFORM_ROLES = ['super_admin', 'admin', 'tenant', 'user'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

export const COMPANY_ROLES = [
  'owner',
  'manager',
  'accountant',
  'designer',
  'maintenance_coordinator',
  'field_staff',
  'sales_agent',
  'customer_support',
] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** The ten staff roles of the route gating table: two platform roles and eight company roles. */
export type StaffRole = 'super_admin' | 'admin' | CompanyRole;
export const STAFF_ROLES: readonly StaffRole[] = ['super_admin', 'admin', ...COMPANY_ROLES];

export const PERMISSION_CATEGORIES = [
  'Property Management',
  'Tenant Management',
  'Financial Management',
  'Maintenance',
  'Company Management',
  'Analytics & Reports',
  'System Administration',
  'Notifications & Communications',
] as const;
export type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number];

const MODULE_INFO: Record<PermissionModule, { label: string; category: PermissionCategory }> = {
  properties: { label: 'properties', category: 'Property Management' },
  rentalunit: { label: 'rental units', category: 'Property Management' },
  tenants: { label: 'tenants', category: 'Tenant Management' },
  bookings: { label: 'bookings', category: 'Tenant Management' },
  payments: { label: 'payments', category: 'Financial Management' },
  invoices: { label: 'invoices', category: 'Financial Management' },
  maintenance: { label: 'maintenance requests', category: 'Maintenance' },
  company: { label: 'company settings', category: 'Company Management' },
  users: { label: 'company users', category: 'Company Management' },
  admin: { label: 'platform administration', category: 'System Administration' },
  notifications: { label: 'notifications', category: 'Notifications & Communications' },
};

const ACTION_VERB: Record<PermissionAction, { name: string; verb: string }> = {
  read: { name: 'View', verb: 'View' },
  write: { name: 'Create', verb: 'Create and manage' },
  update: { name: 'Edit', verb: 'Edit existing' },
  delete: { name: 'Delete', verb: 'Delete' },
};

export interface PermissionInfo {
  feature: Feature;
  name: string;
  description: string;
  category: PermissionCategory;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const PERMISSION_CATALOGUE: readonly PermissionInfo[] = [
  ...PERMISSION_MODULES.flatMap((module) =>
    PERMISSION_ACTIONS.map((action) => ({
      feature: `${module}_${action}` as Feature,
      name: `${ACTION_VERB[action].name} ${capitalise(MODULE_INFO[module].label)}`,
      description: `${ACTION_VERB[action].verb} ${MODULE_INFO[module].label}`,
      category: MODULE_INFO[module].category,
    })),
  ),
  {
    feature: 'maintenance_assign',
    name: 'Assign Maintenance',
    description: 'Assign maintenance requests to staff',
    category: 'Maintenance',
  },
  {
    feature: 'analytics_read',
    name: 'View Analytics',
    description: 'View dashboards and analytics',
    category: 'Analytics & Reports',
  },
  {
    feature: 'reports_read',
    name: 'View Reports',
    description: 'View financial and operational reports',
    category: 'Analytics & Reports',
  },
  {
    feature: 'analytics_export',
    name: 'Export Analytics',
    description: 'Export analytics and reports',
    category: 'Analytics & Reports',
  },
];

function moduleFeatures(module: PermissionModule, actions: readonly PermissionAction[] = PERMISSION_ACTIONS) {
  return actions.map((action) => `${module}_${action}` as Feature);
}

const COMPANY_MODULES = PERMISSION_MODULES.filter((module) => module !== 'admin');

/** Default feature sets per company role (the spec leaves them out; see docs/decisions.md). */
export const ROLE_DEFAULT_FEATURES = {
  owner: [...COMPANY_MODULES.flatMap((module) => moduleFeatures(module)), ...EXTRA_FEATURES],
  manager: [
    ...moduleFeatures('properties', ['read', 'write', 'update']),
    ...moduleFeatures('rentalunit', ['read', 'write', 'update']),
    ...moduleFeatures('tenants', ['read', 'write', 'update']),
    ...moduleFeatures('bookings', ['read', 'write', 'update']),
    'payments_read',
    'invoices_read',
    ...moduleFeatures('maintenance', ['read', 'write', 'update']),
    'maintenance_assign',
    'company_read',
    'users_read',
    'notifications_read',
    'notifications_write',
    'analytics_read',
    'reports_read',
  ],
  accountant: [
    ...moduleFeatures('payments', ['read', 'write', 'update']),
    ...moduleFeatures('invoices', ['read', 'write', 'update']),
    'tenants_read',
    'bookings_read',
    'reports_read',
    'analytics_read',
    'notifications_read',
  ],
  designer: [
    'properties_read',
    'properties_update',
    'rentalunit_read',
    'rentalunit_update',
    'notifications_read',
  ],
  maintenance_coordinator: [
    ...moduleFeatures('maintenance', ['read', 'write', 'update']),
    'maintenance_assign',
    'properties_read',
    'rentalunit_read',
    'tenants_read',
    'notifications_read',
  ],
  field_staff: ['maintenance_read', 'maintenance_write', 'notifications_read'],
  sales_agent: [
    'properties_read',
    'rentalunit_read',
    'tenants_read',
    'tenants_write',
    'bookings_read',
    'bookings_write',
    'notifications_read',
  ],
  customer_support: [
    'properties_read',
    'rentalunit_read',
    'tenants_read',
    'bookings_read',
    'maintenance_read',
    'maintenance_write',
    'notifications_read',
  ],
} satisfies Record<CompanyRole, Feature[]>;

/** The module/actions form of a permission, converted by migrate-permissions. */
export interface ModulePermission {
  module: string;
  actions: string[];
}

export function modulePermissionsToFeatures(permissions: readonly ModulePermission[]): Feature[] {
  const result = new Set<Feature>();
  for (const { module, actions } of permissions) {
    for (const action of actions) {
      const name = `${module}_${action}`;
      if (isFeature(name)) result.add(name);
    }
  }
  return [...result];
}

export function hasModulePermission(
  permissions: readonly ModulePermission[],
  module: string,
  action: string,
): boolean {
  return permissions.some((entry) => entry.module === module && entry.actions.includes(action));
}

export function hasModuleAccess(permissions: readonly ModulePermission[], module: string): boolean {
  return permissions.some((entry) => entry.module === module);
}
