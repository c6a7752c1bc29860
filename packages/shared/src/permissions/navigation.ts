import { type AccessContext, holdsFeature, isSuperAdmin, planAllows, staffRoleOf } from './access';
import type { Feature, StaffRole } from './features';

export type NavItemState = 'hidden' | 'accessible' | 'locked';

export interface NavItem {
  id: string;
  name: string;
  href: string;
  icon: string;
  description: string;
  requiredFeatures: readonly Feature[];
  requireAll?: boolean;
  order: number;
  badge?: 'Dev' | 'DEV' | 'Admin';
  showLock?: boolean;
  isNew?: boolean;
  /** Only these roles see the item (besides the super admin), whatever features they hold. */
  roles?: readonly StaffRole[];
}

export interface NavGroup {
  id: string;
  name: string;
  icon: string;
  description: string;
  order: number;
  collapsible: boolean;
  defaultExpanded: boolean;
  items: readonly NavItem[];
}

/** The staff sidebar: its groups and items, each with the features (or roles) that show it. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'main',
    name: 'Main',
    icon: 'LayoutDashboard',
    description: 'Overview and your account',
    order: 0,
    collapsible: false,
    defaultExpanded: true,
    items: [
      {
        id: 'dashboard',
        name: 'Dashboard',
        href: '/dashboard',
        icon: 'LayoutDashboard',
        description: 'Overview of your portfolio',
        requiredFeatures: [],
        order: 0,
      },
      {
        id: 'profile',
        name: 'Profile',
        href: '/dashboard/profile',
        icon: 'UserCircle',
        description: 'Your account and password',
        requiredFeatures: [],
        order: 1,
      },
    ],
  },
  {
    id: 'property',
    name: 'Properties',
    icon: 'Building2',
    description: 'Properties, units and tours',
    order: 1,
    collapsible: true,
    defaultExpanded: true,
    items: [
      {
        id: 'properties',
        name: 'Properties',
        href: '/dashboard/properties',
        icon: 'Building2',
        description: 'Manage properties and rental units',
        requiredFeatures: ['properties_read'],
        order: 0,
        showLock: true,
      },
      {
        id: 'virtual-tours',
        name: 'Virtual Tours',
        href: '/dashboard/virtual-tours',
        icon: 'Camera',
        description: 'Image tours of rental units',
        requiredFeatures: ['admin_read'],
        requireAll: true,
        order: 1,
        badge: 'Dev',
      },
      {
        id: 'property-map',
        name: 'Property Map',
        href: '/dashboard/map-demo',
        icon: 'Map',
        description: 'Properties on a map',
        requiredFeatures: ['admin_read'],
        requireAll: true,
        order: 2,
        badge: 'Dev',
      },
    ],
  },
  {
    id: 'tenant',
    name: 'Tenants',
    icon: 'Users',
    description: 'Tenants and bookings',
    order: 2,
    collapsible: true,
    defaultExpanded: true,
    items: [
      {
        id: 'tenants',
        name: 'Tenants',
        href: '/dashboard/tenants',
        icon: 'Users',
        description: 'Tenant records, documents and leases',
        requiredFeatures: ['tenants_read'],
        order: 0,
        showLock: true,
      },
      {
        id: 'bookings',
        name: 'Bookings',
        href: '/dashboard/bookings',
        icon: 'CalendarCheck',
        description: 'Bookings and installments',
        requiredFeatures: ['admin_read'],
        requireAll: true,
        order: 1,
        badge: 'DEV',
      },
    ],
  },
  {
    id: 'financial',
    name: 'Financial',
    icon: 'Wallet',
    description: 'Payments and invoices',
    order: 3,
    collapsible: true,
    defaultExpanded: true,
    items: [
      {
        id: 'payments',
        name: 'Payments',
        href: '/dashboard/payments',
        icon: 'CreditCard',
        description: 'Payments, invoices and tracking',
        requiredFeatures: ['payments_read', 'invoices_read'],
        order: 0,
        showLock: true,
      },
    ],
  },
  {
    id: 'maintenance',
    name: 'Maintenance',
    icon: 'Wrench',
    description: 'Maintenance requests',
    order: 4,
    collapsible: true,
    defaultExpanded: true,
    items: [
      {
        id: 'maintenance',
        name: 'Maintenance',
        href: '/dashboard/maintenance',
        icon: 'Wrench',
        description: 'Requests, types and assignments',
        requiredFeatures: ['maintenance_read'],
        order: 0,
        showLock: true,
      },
    ],
  },
  {
    id: 'analytics',
    name: 'Analytics',
    icon: 'BarChart3',
    description: 'Reports and insights',
    order: 5,
    collapsible: true,
    defaultExpanded: false,
    items: [
      {
        id: 'analytics',
        name: 'Analytics',
        href: '/dashboard/analytics',
        icon: 'BarChart3',
        description: 'Occupancy, revenue and trends',
        requiredFeatures: ['analytics_read'],
        order: 0,
        showLock: true,
      },
    ],
  },
  {
    id: 'company',
    name: 'Company',
    icon: 'Briefcase',
    description: 'Company and team',
    order: 6,
    collapsible: true,
    defaultExpanded: false,
    items: [
      {
        id: 'companies',
        name: 'Company',
        href: '/dashboard/companies',
        icon: 'Briefcase',
        description: 'Company profile, plan and usage',
        requiredFeatures: ['company_read'],
        order: 0,
      },
      {
        id: 'company-users',
        name: 'Company Users',
        href: '/dashboard/company-users',
        icon: 'UserCog',
        description: 'Team members, roles and invitations',
        requiredFeatures: ['users_read'],
        order: 1,
        showLock: true,
      },
      {
        id: 'imports',
        name: 'Import',
        href: '/dashboard/imports',
        icon: 'Upload',
        description: 'Bring properties, units and tenancies in from a spreadsheet',
        requiredFeatures: ['properties_write', 'rentalunit_write', 'tenants_write'],
        order: 2,
      },
      {
        id: 'audit-log',
        name: 'Audit Log',
        href: '/dashboard/audit-log',
        icon: 'ScrollText',
        description: 'Every change to money, permissions, plans, statuses and deletions',
        requiredFeatures: [],
        roles: ['owner'],
        order: 3,
      },
    ],
  },
  {
    id: 'administration',
    name: 'Administration',
    icon: 'Shield',
    description: 'Platform administration',
    order: 7,
    collapsible: true,
    defaultExpanded: false,
    items: [
      {
        id: 'admin-management',
        name: 'Admin Management',
        href: '/dashboard/admin-management',
        icon: 'Shield',
        description: 'Platform accounts and roles',
        requiredFeatures: ['admin_read', 'admin_write'],
        order: 0,
        badge: 'Admin',
      },
      {
        id: 'plans',
        name: 'Plans and Pricing',
        href: '/dashboard/plans',
        icon: 'Layers',
        description: 'Plans, features and limits',
        requiredFeatures: ['admin_read', 'admin_write'],
        requireAll: true,
        order: 1,
        badge: 'Admin',
      },
      {
        id: 'notification-logs',
        name: 'Notification Logs',
        href: '/dashboard/notification-logs',
        icon: 'ScrollText',
        description: 'Every notification and email sent',
        requiredFeatures: ['notifications_read', 'admin_read'],
        requireAll: true,
        order: 2,
        badge: 'Admin',
      },
      {
        id: 'test-notifications',
        name: 'Test Notifications',
        href: '/dashboard/test-notifications',
        icon: 'BellRing',
        description: 'Send a test notification',
        requiredFeatures: ['admin_read'],
        order: 3,
        badge: 'Admin',
      },
      {
        id: 'leads',
        name: 'Leads',
        href: '/dashboard/leads',
        icon: 'Inbox',
        description: 'Sales enquiries from the contact page',
        requiredFeatures: ['admin_read'],
        order: 4,
        badge: 'Admin',
      },
    ],
  },
  {
    id: 'notifications',
    name: 'Notifications',
    icon: 'Bell',
    description: 'Your notifications',
    order: 8,
    collapsible: true,
    defaultExpanded: true,
    items: [
      {
        id: 'notifications',
        name: 'Notifications',
        href: '/dashboard/notifications',
        icon: 'Bell',
        description: 'In-app notifications',
        requiredFeatures: ['notifications_read'],
        order: 0,
      },
    ],
  },
];

/**
 * hidden: the user lacks the permission; locked: the user holds it but the plan lacks the feature
 * (only for items marked showLock, never for super_admin, only when the plan list is not empty).
 */
export function navItemState(
  ctx: AccessContext,
  item: Pick<NavItem, 'requiredFeatures' | 'requireAll' | 'showLock' | 'roles'>,
): NavItemState {
  if (isSuperAdmin(ctx)) return 'accessible';
  if (item.roles && !item.roles.includes(staffRoleOf(ctx) as StaffRole)) return 'hidden';
  if (item.requiredFeatures.length === 0) return 'accessible';
  const held = item.requiredFeatures.filter((feature) => holdsFeature(ctx, feature));
  const holds = item.requireAll ? held.length === item.requiredFeatures.length : held.length > 0;
  if (!holds) return 'hidden';
  const usable = item.requireAll
    ? held.every((f) => planAllows(ctx, f))
    : held.some((f) => planAllows(ctx, f));
  if (usable) return 'accessible';
  return item.showLock && ctx.planFeatures?.length ? 'locked' : 'hidden';
}

/** The plan feature a locked item is missing, for the upgrade dialog. */
export function lockedFeatureOf(
  ctx: AccessContext,
  item: Pick<NavItem, 'requiredFeatures'>,
): Feature | undefined {
  return item.requiredFeatures.find((feature) => holdsFeature(ctx, feature) && !planAllows(ctx, feature));
}
