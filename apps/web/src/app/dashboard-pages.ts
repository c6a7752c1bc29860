import type { ComponentType, LazyExoticComponent } from 'react';
import { findPageDef } from './find-page';
import { lazyPage } from './lazy';

/**
 * THE table of dashboard pages (spec 01 §2 "Staff dashboard"), keyed by path under /dashboard.
 *
 * To ship a domain page, give its entry a component:
 *   { path: 'properties', title: 'Properties', component: lazyPage(() => import('../features/properties/property-list/property-list-page'), 'PropertyListPage') },
 * and add sub-routes (e.g. 'properties/:id') as new entries. Access is NOT configured here: every
 * path is gated by the shared ROUTE_GATES through gateRoute() in the dashboard layout.
 * An entry without a component shows the honest "not available yet" placeholder.
 */
export interface DashboardPageDef {
  /** Relative to /dashboard; '' is the overview. May contain :params. */
  path: string;
  /** Document title and breadcrumb label. */
  title: string;
  /** One line for the placeholder and the meta description. */
  description?: string;
  component?: LazyExoticComponent<ComponentType>;
  /** Another entry's path whose component this alias shows (tenant-management → tenants). */
  aliasOf?: string;
  /** Breadcrumb parent entry path. */
  parent?: string;
}

export const DASHBOARD_PAGES: DashboardPageDef[] = [
  {
    path: '',
    title: 'Dashboard',
    description: 'Overview of your company',
    component: lazyPage(() => import('../features/shell/dashboard-home-page'), 'DashboardHomePage'),
  },
  {
    path: 'profile',
    title: 'Profile',
    description: 'Your account details and password',
    component: lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage'),
  },
  {
    path: 'properties',
    title: 'Properties',
    description: 'Manage properties and rental units',
    component: lazyPage(
      () => import('../features/properties/property-list/property-list-page'),
      'PropertyListPage',
    ),
  },
  {
    path: 'properties/create',
    title: 'Add Property',
    description: 'Create a property',
    parent: 'properties',
    component: lazyPage(() => import('../features/properties/property-form-pages'), 'PropertyCreatePage'),
  },
  {
    path: 'properties/templates',
    title: 'Unit Templates',
    description: 'Reusable rental unit settings',
    parent: 'properties',
    component: lazyPage(() => import('../features/templates/templates-page'), 'TemplatesPage'),
  },
  {
    path: 'properties/verification',
    title: 'Verification',
    description: 'Verify properties and rental units',
    parent: 'properties',
    component: lazyPage(() => import('../features/properties/verification-page'), 'VerificationPage'),
  },
  {
    path: 'properties/readings-due',
    title: 'Readings Due',
    description: 'Meters without a reading this month',
    parent: 'properties',
    component: lazyPage(() => import('../features/meters/readings-due-page'), 'ReadingsDuePage'),
  },
  {
    path: 'properties/:id',
    title: 'Property',
    description: 'A property with its units, occupancy and verification',
    parent: 'properties',
    component: lazyPage(
      () => import('../features/properties/property-detail/property-detail-page'),
      'PropertyDetailPage',
    ),
  },
  {
    path: 'properties/:id/edit',
    title: 'Edit Property',
    description: 'Change a property',
    parent: 'properties',
    component: lazyPage(() => import('../features/properties/property-form-pages'), 'PropertyEditPage'),
  },
  {
    path: 'properties/:id/units/:unitId',
    title: 'Rental Unit',
    description: 'A unit with its images, tenants and analytics',
    parent: 'properties',
    component: lazyPage(() => import('../features/rental-units/unit-detail-page'), 'UnitDetailPage'),
  },
  {
    path: 'tenants',
    title: 'Tenants',
    description: 'Tenant records, documents and leases',
    component: lazyPage(() => import('../features/tenants/tenant-list-page'), 'TenantListPage'),
  },
  {
    path: 'tenants/new',
    title: 'Add Tenant',
    description: 'Add a tenant to a unit',
    parent: 'tenants',
    component: lazyPage(() => import('../features/tenants/tenant-create-page'), 'TenantCreatePage'),
  },
  {
    path: 'tenants/:id',
    title: 'Tenant',
    description: 'A tenancy with its documents, dues, notes and history',
    parent: 'tenants',
    component: lazyPage(
      () => import('../features/tenants/tenant-detail/tenant-detail-page'),
      'TenantDetailPage',
    ),
  },
  { path: 'tenant-management', title: 'Tenant Management', aliasOf: 'tenants' },
  {
    path: 'companies',
    title: 'Companies',
    description: 'Company profile, plan and usage',
    component: lazyPage(() => import('../features/companies/companies-page'), 'CompaniesPage'),
  },
  {
    path: 'companies/tax-settings',
    title: 'Tax Settings',
    description: 'GST registration, rate and document numbers',
    parent: 'companies',
    component: lazyPage(() => import('../features/gst/tax-settings-page'), 'TaxSettingsPage'),
  },
  {
    path: 'payments/collections',
    title: 'Collections',
    description: 'Reminder schedule, channels, quiet hours and templates',
    parent: 'payments',
    component: lazyPage(
      () => import('../features/collections/collections-settings-page'),
      'CollectionsSettingsPage',
    ),
  },
  {
    path: 'companies/integrations',
    title: 'Integrations',
    description: 'API keys and webhooks',
    parent: 'companies',
    component: lazyPage(() => import('../features/integrations/integrations-page'), 'IntegrationsPage'),
  },
  { path: 'company-management', title: 'Company Management', aliasOf: 'companies' },
  {
    path: 'company-users',
    title: 'Company Users',
    description: 'Team members, roles and invitations',
    component: lazyPage(() => import('../features/company-users/company-users-page'), 'CompanyUsersPage'),
  },
  {
    path: 'company-users/:userId',
    title: 'Company User',
    description: 'A team member’s role and permissions',
    parent: 'company-users',
    component: lazyPage(
      () => import('../features/company-users/company-user-detail/company-user-detail-page'),
      'CompanyUserDetailPage',
    ),
  },
  {
    path: 'bookings',
    title: 'Bookings',
    description: 'Bookings and installments',
    component: lazyPage(() => import('../features/bookings/bookings-pages'), 'DashboardBookingsPage'),
  },
  {
    path: 'maintenance',
    title: 'Maintenance',
    description: 'Requests, types and assignments',
    component: lazyPage(() => import('../features/maintenance/maintenance-page'), 'MaintenancePage'),
  },
  {
    path: 'maintenance/:tab',
    title: 'Maintenance',
    description: 'Requests, types and assignments',
    aliasOf: 'maintenance',
  },
  {
    path: 'payments',
    title: 'Payments',
    description: 'Payments, invoices and tracking',
    component: lazyPage(() => import('../features/invoices/payments-overview-page'), 'PaymentsOverviewPage'),
  },
  {
    path: 'payments/invoices',
    title: 'Invoices',
    description: 'Invoices sent to tenants',
    parent: 'payments',
    component: lazyPage(() => import('../features/invoices/invoices-page'), 'InvoicesPage'),
  },
  {
    path: 'payments/create-invoice',
    title: 'Create Invoice',
    description: 'Bill a tenant',
    parent: 'payments',
    component: lazyPage(() => import('../features/invoices/create-invoice-page'), 'CreateInvoicePage'),
  },
  {
    path: 'payments/invoice-templates',
    title: 'Invoice Templates',
    description: 'Reusable invoice layouts',
    parent: 'payments',
    component: lazyPage(
      () => import('../features/invoices/invoice-templates/invoice-templates-page'),
      'InvoiceTemplatesPage',
    ),
  },
  {
    path: 'payments/late-fees',
    title: 'Late Fees',
    description: 'Late-fee rules by company, property and tenancy',
    parent: 'payments',
    component: lazyPage(() => import('../features/late-fees/late-fees-page'), 'LateFeesPage'),
  },
  {
    path: 'payments/payment-tracking',
    title: 'Payment Tracking',
    description: 'Dues, receipts and overdue payments',
    parent: 'payments',
    component: lazyPage(() => import('../features/invoices/payment-tracking-page'), 'PaymentTrackingPage'),
  },
  {
    path: 'payments/credit-notes',
    title: 'Credit Notes',
    description: 'Credit notes issued against invoices',
    parent: 'payments',
    component: lazyPage(() => import('../features/invoices/credit-notes-page'), 'CreditNotesPage'),
  },
  {
    path: 'payments/reminders',
    title: 'Reminders',
    description: 'Dues reminders sent by email, SMS and WhatsApp',
    parent: 'payments',
    component: lazyPage(() => import('../features/collections/reminders-page'), 'RemindersPage'),
  },
  {
    path: 'payments/gst-returns',
    title: 'GST Returns',
    description: "The month's GSTR-1: outward supplies by section",
    parent: 'payments',
    component: lazyPage(() => import('../features/gst/gst-returns-page'), 'GstReturnsPage'),
  },
  {
    path: 'payments/exports',
    title: 'Exports',
    description: 'Invoices, credit notes and payments for Tally, Zoho Books or QuickBooks',
    parent: 'payments',
    component: lazyPage(
      () => import('../features/accounting-exports/accounting-exports-page'),
      'AccountingExportsPage',
    ),
  },
  {
    path: 'analytics',
    title: 'Analytics',
    description: 'Occupancy, revenue and trends',
    component: lazyPage(() => import('../features/analytics/analytics-page'), 'AnalyticsPage'),
  },
  {
    path: 'notifications',
    title: 'Notifications',
    description: 'Your in-app notifications',
    component: lazyPage(() => import('../features/notifications/notifications-page'), 'NotificationsPage'),
  },
  {
    path: 'virtual-tours',
    title: 'Virtual Tours',
    description: 'Image tours of rental units',
    component: lazyPage(() => import('../features/virtual-tours/virtual-tours-page'), 'VirtualToursPage'),
  },
  {
    path: 'map-demo',
    title: 'Property Map',
    description: 'Properties on a map',
    component: lazyPage(() => import('../features/property-map/map-demo-page'), 'MapDemoPage'),
  },
  {
    path: 'admin',
    title: 'Admin Management',
    description: 'Platform accounts and roles',
    component: lazyPage(() => import('../features/admin/admin-management-page'), 'AdminManagementPage'),
  },
  { path: 'admin-management', title: 'Admin Management', aliasOf: 'admin' },
  {
    path: 'plans',
    title: 'Plans Management',
    description: 'Plans, features and limits',
    component: lazyPage(() => import('../features/plans/plans-page'), 'PlansPage'),
  },
  {
    path: 'test-notifications',
    title: 'Test Notifications',
    description: 'Send a test notification',
    component: lazyPage(
      () => import('../features/test-notifications/test-notifications-page'),
      'TestNotificationsPage',
    ),
  },
  {
    path: 'notification-logs',
    title: 'Notification Logs',
    description: 'Every notification and email sent',
    component: lazyPage(
      () => import('../features/notification-logs/notification-logs-page'),
      'NotificationLogsPage',
    ),
  },
  {
    path: 'leads',
    title: 'Leads',
    description: 'Sales enquiries from the contact page',
    component: lazyPage(() => import('../features/leads/leads-page'), 'LeadsPage'),
  },
  {
    path: 'imports',
    title: 'Import',
    description: 'Bring properties, units and tenancies in from a spreadsheet',
    component: lazyPage(() => import('../features/imports/imports-page'), 'ImportsPage'),
  },
  {
    path: 'audit-log',
    title: 'Audit Log',
    description: 'Every sensitive change, with who, when and from where',
    component: lazyPage(() => import('../features/audit-log/audit-log-page'), 'AuditLogPage'),
  },
  {
    path: 'chat',
    title: 'Chat',
    description: 'Conversations with your team',
    component: lazyPage(() => import('../features/chat/chat-page'), 'ChatPage'),
  },
];

/** The component an entry shows (its own, or its alias target's), if any. */
export function componentOf(def: DashboardPageDef): LazyExoticComponent<ComponentType> | undefined {
  if (def.component) return def.component;
  if (def.aliasOf !== undefined) return DASHBOARD_PAGES.find((page) => page.path === def.aliasOf)?.component;
  return undefined;
}

/** The entry for a location such as /dashboard/company-users/123. */
export function findDashboardPage(pathname: string): DashboardPageDef | undefined {
  return findPageDef(DASHBOARD_PAGES, '/dashboard', pathname);
}

export function descriptionOf(def: DashboardPageDef): string | undefined {
  if (def.description) return def.description;
  return def.aliasOf !== undefined
    ? DASHBOARD_PAGES.find((page) => page.path === def.aliasOf)?.description
    : undefined;
}
