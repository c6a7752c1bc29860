import type { FastifyPluginAsync } from 'fastify';
import type { ServicesOption } from '../services';
import { adminAccountsRoutes } from './admin-accounts/admin-accounts.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { assigneeCodeRoutes, assigneePortalRoutes } from './assignee/assignee.routes';
import { auditLogsRoutes } from './audit-logs/audit-logs.routes';
import { authRoutes } from './auth/auth.routes';
import { sessionsRoutes } from './auth/auth.sessions.routes';
import { bookingsRoutes } from './bookings/bookings.routes';
import { chatRoutes } from './chat/chat.routes';
import { tenantChatRoutes } from './chat/chat.tenant.routes';
import { companiesRoutes } from './companies/companies.routes';
import { companyUserStatsRoutes, companyUsersRoutes } from './company-users/company-users.routes';
import { depositsRoutes, myDepositsRoutes } from './deposits/deposits.routes';
import { favoritesRoutes } from './favorites/favorites.routes';
import { taxSettingsRoutes } from './gst/gst.routes';
import { healthRoutes, metricsRoutes } from './health/health.routes';
import { importsRoutes } from './imports/imports.routes';
import { invitationsRoutes } from './invitations/invitations.routes';
import { creditNotesRoutes } from './invoices/credit-notes.routes';
import { gstReturnsRoutes } from './invoices/gst-returns.routes';
import { invoicesRoutes, invoiceTemplatesRoutes, paymentTrackingRoutes } from './invoices/invoices.routes';
import { rentReceiptsRoutes, tdsRoutes } from './invoices/rent-tax.routes';
import { leadsRoutes } from './leads/leads.routes';
import { maintenanceConfigRoutes } from './maintenance/maintenance.config.routes';
import { maintenanceRoutes, tenantPortalMaintenanceRoutes } from './maintenance/maintenance.routes';
import { maintenancePublicRoutes } from './maintenance-public/maintenance-public.routes';
import { metersRoutes, unitMetersRoutes } from './meters/meters.routes';
import { mfaAdminRoutes, mfaRoutes } from './mfa/mfa.routes';
import {
  notificationLogsRoutes,
  testNotificationsRoutes,
} from './notification-logs/notification-logs.routes';
import { notificationPreferencesRoutes } from './notifications/notifications.preferences.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { plansRoutes } from './plans/plans.routes';
import { companyInventoryRoutes, propertiesRoutes } from './properties/properties.routes';
import { publicListingRoutes } from './public-listing/public-listing.routes';
import { rentalUnitTemplatesRoutes } from './rental-unit-templates/rental-unit-templates.routes';
import { rentalUnitsRoutes } from './rental-units/rental-units.routes';
import { superadminRoutes } from './superadmin/superadmin.routes';
import { tenantCodesRoutes, tenantsRoutes } from './tenants/tenants.routes';

/** The one list of route plugins and their prefixes (under /api); each receives the services (services.ts). */
export const MODULES: { prefix: string; plugin: FastifyPluginAsync<ServicesOption> }[] = [
  { prefix: '/health', plugin: healthRoutes },
  { prefix: '/metrics', plugin: metricsRoutes },
  { prefix: '/auth', plugin: authRoutes },
  { prefix: '/auth', plugin: mfaRoutes },
  { prefix: '/companies', plugin: companiesRoutes },
  { prefix: '/superadmin', plugin: superadminRoutes },
  { prefix: '/superadmin', plugin: mfaAdminRoutes },
  { prefix: '/inapp-notifications', plugin: notificationsRoutes },
  { prefix: '/auth/admin', plugin: adminAccountsRoutes },
  { prefix: '/company-users', plugin: companyUsersRoutes },
  { prefix: '/companies', plugin: companyUserStatsRoutes },
  { prefix: '/invitations', plugin: invitationsRoutes },
  { prefix: '/leads', plugin: leadsRoutes },
  { prefix: '/plans', plugin: plansRoutes },
  { prefix: '/notification-logs', plugin: notificationLogsRoutes },
  { prefix: '/test-notifications', plugin: testNotificationsRoutes },
  { prefix: '/properties', plugin: propertiesRoutes },
  { prefix: '/rental-units', plugin: rentalUnitsRoutes },
  { prefix: '/rental-unit-templates', plugin: rentalUnitTemplatesRoutes },
  { prefix: '/rental-units', plugin: unitMetersRoutes },
  { prefix: '/meters', plugin: metersRoutes },
  { prefix: '/companies', plugin: companyInventoryRoutes },
  { prefix: '/public', plugin: publicListingRoutes },
  { prefix: '/chat', plugin: chatRoutes },
  { prefix: '/chat', plugin: tenantChatRoutes },
  { prefix: '/favorites', plugin: favoritesRoutes },
  { prefix: '/me', plugin: notificationPreferencesRoutes },
  { prefix: '/me', plugin: sessionsRoutes },
  { prefix: '/analytics', plugin: analyticsRoutes },
  { prefix: '/audit-logs', plugin: auditLogsRoutes },
  { prefix: '/payments', plugin: paymentsRoutes },
  { prefix: '/payments', plugin: paymentTrackingRoutes },
  { prefix: '/payments', plugin: tdsRoutes },
  { prefix: '/invoices', plugin: invoicesRoutes },
  { prefix: '/invoice-templates', plugin: invoiceTemplatesRoutes },
  { prefix: '/credit-notes', plugin: creditNotesRoutes },
  { prefix: '/tax-settings', plugin: taxSettingsRoutes },
  { prefix: '/gst', plugin: gstReturnsRoutes },
  { prefix: '/imports', plugin: importsRoutes },
  { prefix: '/tenants', plugin: tenantsRoutes },
  { prefix: '/tenants', plugin: rentReceiptsRoutes },
  { prefix: '/tenant-codes', plugin: tenantCodesRoutes },
  { prefix: '/tenants', plugin: depositsRoutes },
  { prefix: '/deposits', plugin: myDepositsRoutes },
  { prefix: '/bookings', plugin: bookingsRoutes },
  { prefix: '/maintenance', plugin: maintenanceRoutes },
  { prefix: '/maintenance', plugin: maintenanceConfigRoutes },
  { prefix: '/maintenance/tenant-portal', plugin: tenantPortalMaintenanceRoutes },
  { prefix: '/assignee', plugin: assigneeCodeRoutes },
  { prefix: '/assignee-portal', plugin: assigneePortalRoutes },
  { prefix: '/public', plugin: maintenancePublicRoutes },
];

export const registerModules: FastifyPluginAsync<ServicesOption> = async (app, { services }) => {
  for (const { prefix, plugin } of MODULES) await app.register(plugin, { prefix, services });
};
