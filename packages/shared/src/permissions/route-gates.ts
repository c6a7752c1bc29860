import { type AccessContext, canUseFeature, isSuperAdmin, staffRoleOf } from './access';
import { type Feature, STAFF_ROLES, type StaffRole } from './features';

export interface RouteGate {
  path: string;
  /** Any one of these features opens the route; empty means any authenticated staff member. */
  features: readonly Feature[];
  fallbackRoles: readonly StaffRole[];
  /** X in "You do not have access to X." */
  label: string;
  superAdminOnly?: boolean;
  /** Only these roles may open it (besides the super admin). */
  roles?: readonly StaffRole[];
}

const FOUR: readonly StaffRole[] = ['super_admin', 'admin', 'owner', 'manager'];
const THREE: readonly StaffRole[] = ['super_admin', 'admin', 'owner'];

/**
 * Which dashboard routes need which features (any one of them), the roles that pass when a member's features are not
 * known, and the route's name for the "no access" message.
 */
export const ROUTE_GATES: readonly RouteGate[] = [
  { path: '/dashboard', features: [], fallbackRoles: STAFF_ROLES, label: 'Dashboard' },
  { path: '/dashboard/profile', features: [], fallbackRoles: STAFF_ROLES, label: 'Profile' },
  { path: '/dashboard/chat', features: [], fallbackRoles: STAFF_ROLES, label: 'Chat' },
  {
    path: '/dashboard/imports',
    features: ['properties_write', 'rentalunit_write', 'tenants_write'],
    fallbackRoles: FOUR,
    label: 'Import',
  },
  { path: '/dashboard/audit-log', features: [], fallbackRoles: THREE, roles: ['owner'], label: 'Audit Log' },
  { path: '/dashboard/properties', features: ['properties_read'], fallbackRoles: FOUR, label: 'Properties' },
  {
    path: '/dashboard/properties/create',
    features: ['properties_write'],
    fallbackRoles: FOUR,
    label: 'Properties',
  },
  { path: '/dashboard/tenants', features: ['tenants_read'], fallbackRoles: FOUR, label: 'Tenants' },
  {
    path: '/dashboard/tenant-management',
    features: ['tenants_write'],
    fallbackRoles: FOUR,
    label: 'Tenants',
  },
  { path: '/dashboard/bookings', features: ['bookings_read'], fallbackRoles: FOUR, label: 'Bookings' },
  {
    path: '/dashboard/payments',
    features: ['payments_read', 'invoices_read'],
    fallbackRoles: [...FOUR, 'accountant'],
    label: 'Payments',
  },
  {
    path: '/dashboard/maintenance',
    features: ['maintenance_read'],
    fallbackRoles: [...FOUR, 'maintenance_coordinator', 'field_staff'],
    label: 'Maintenance',
  },
  { path: '/dashboard/analytics', features: ['analytics_read'], fallbackRoles: FOUR, label: 'Analytics' },
  { path: '/dashboard/companies', features: ['company_read'], fallbackRoles: THREE, label: 'Companies' },
  {
    path: '/dashboard/company-management',
    features: ['company_write'],
    fallbackRoles: THREE,
    label: 'Companies',
  },
  { path: '/dashboard/company-users', features: ['users_read'], fallbackRoles: FOUR, label: 'Company Users' },
  {
    path: '/dashboard/admin-management',
    features: ['admin_read'],
    fallbackRoles: ['super_admin'],
    label: 'Admin Management',
    superAdminOnly: true,
  },
  {
    path: '/dashboard/admin',
    features: ['admin_read'],
    fallbackRoles: ['super_admin'],
    label: 'Admin Management',
    superAdminOnly: true,
  },
  {
    path: '/dashboard/notifications',
    features: ['notifications_read'],
    fallbackRoles: FOUR,
    label: 'Notifications',
  },
  {
    path: '/dashboard/notification-logs',
    features: ['notifications_read'],
    fallbackRoles: THREE,
    label: 'Notification Logs',
  },
  {
    path: '/dashboard/virtual-tours',
    features: ['properties_read'],
    fallbackRoles: [...FOUR, 'designer'],
    label: 'Virtual Tours',
  },
  { path: '/dashboard/map-demo', features: ['properties_read'], fallbackRoles: FOUR, label: 'Map Demo' },
  {
    path: '/dashboard/test-notifications',
    features: ['notifications_write'],
    fallbackRoles: THREE,
    label: 'Test Notifications',
  },
  {
    path: '/dashboard/plans',
    features: [],
    fallbackRoles: ['super_admin'],
    label: 'Plans Management',
    superAdminOnly: true,
  },
  {
    path: '/dashboard/leads',
    features: [],
    fallbackRoles: ['super_admin'],
    label: 'Leads',
    superAdminOnly: true,
  },
];

export type RouteDecision =
  | { kind: 'allow'; gate?: RouteGate }
  | { kind: 'redirect'; to: string }
  | { kind: 'deny'; gate: RouteGate; message: string };

function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Route lookup: exact match, then tenant routes, then the longest protected prefix. */
export function findRouteGate(pathname: string): RouteGate | 'tenant' | undefined {
  const path = normalisePath(pathname);
  const exact = ROUTE_GATES.find((gate) => gate.path === path);
  if (exact) return exact;
  if (isUnder(path, '/tenant')) return 'tenant';
  return [...ROUTE_GATES]
    .filter((gate) => isUnder(path, gate.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

export function deniedMessage(label: string): string {
  return `You do not have access to ${label}.`;
}

/** Can this staff member enter the dashboard at all (super admin, platform admin, or a member of a company)? */
export function canEnterDashboard(ctx: AccessContext): boolean {
  return ctx.role === 'super_admin' || ctx.role === 'admin' || Boolean(ctx.companyRole);
}

/**
 * The route decision for a signed-in user: tenants stay in the tenant area and staff out of it, then the route's gate
 * (super-admin-only routes, role limits, and any one of its features, or its fallback roles when features are unknown).
 */
export function gateRoute(ctx: AccessContext, pathname: string): RouteDecision {
  const gate = findRouteGate(pathname);
  if (gate === undefined) return { kind: 'allow' };
  if (gate === 'tenant')
    return ctx.role === 'tenant' ? { kind: 'allow' } : { kind: 'redirect', to: '/dashboard' };
  if (ctx.role === 'tenant') return { kind: 'redirect', to: '/tenant' };
  if (!canEnterDashboard(ctx)) return { kind: 'redirect', to: '/' };
  if (isSuperAdmin(ctx)) return { kind: 'allow', gate };
  if (gate.superAdminOnly) return { kind: 'deny', gate, message: deniedMessage(gate.label) };
  if (gate.roles && !gate.roles.includes(staffRoleOf(ctx) as StaffRole)) {
    return { kind: 'deny', gate, message: deniedMessage(gate.label) };
  }

  const featureDataMissing = ctx.features === null || ctx.features === undefined;
  const allowed =
    gate.features.length === 0
      ? true
      : featureDataMissing
        ? gate.fallbackRoles.includes(staffRoleOf(ctx) as StaffRole)
        : gate.features.some((feature) => canUseFeature(ctx, feature));
  return allowed ? { kind: 'allow', gate } : { kind: 'deny', gate, message: deniedMessage(gate.label) };
}
