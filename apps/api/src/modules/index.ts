import type { FastifyPluginAsync } from 'fastify';
import type { ServicesOption } from '../services';
import { accountingExportsRoutes } from './accounting-exports/accounting-exports.routes';
import { adminAccountsRoutes } from './admin-accounts/admin-accounts.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { apiKeysRoutes } from './api-keys/api-keys.routes';
import { assigneeCodeRoutes, assigneePortalRoutes } from './assignee/assignee.routes';
import { auditLogsRoutes } from './audit-logs/audit-logs.routes';
import { authRoutes } from './auth/auth.routes';
import { sessionsRoutes } from './auth/auth.sessions.routes';
import { bookingsRoutes } from './bookings/bookings.routes';
import { chatRoutes } from './chat/chat.routes';
import { tenantChatRoutes } from './chat/chat.tenant.routes';
import { collectionsRoutes, tenantContactPreferencesRoutes } from './collections/collections.routes';
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
import { lateFeeRulesRoutes, lateFeeWaiverRoutes } from './late-fees/late-fees.routes';
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
import {
  invoicePayLinkRoutes,
  payLinkReceiptsRoutes,
  payLinksRoutes,
  portalInvoicesRoutes,
} from './pay-links/pay-links.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { plansRoutes } from './plans/plans.routes';
import { companyInventoryRoutes, propertiesRoutes } from './properties/properties.routes';
import { publicListingRoutes } from './public-listing/public-listing.routes';
import {
  rentalUnitTemplatesRoutes,
  unitTemplateRoutes,
} from './rental-unit-templates/rental-unit-templates.routes';
import { propertyUnitsRoutes, rentalUnitsRoutes } from './rental-units/rental-units.routes';
import { superadminRoutes } from './superadmin/superadmin.routes';
import { companyTenantsRoutes, tenantCodesRoutes, tenantsRoutes } from './tenants/tenants.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';

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
  { prefix: '/properties', plugin: propertyUnitsRoutes },
  { prefix: '/rental-unit-templates', plugin: rentalUnitTemplatesRoutes },
  { prefix: '/rental-units', plugin: unitTemplateRoutes },
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
  { prefix: '/invoices', plugin: invoicePayLinkRoutes },
  { prefix: '/invoice-templates', plugin: invoiceTemplatesRoutes },
  { prefix: '/invoices', plugin: lateFeeWaiverRoutes },
  { prefix: '/collections/late-fee-rules', plugin: lateFeeRulesRoutes },
  { prefix: '/credit-notes', plugin: creditNotesRoutes },
  { prefix: '/tax-settings', plugin: taxSettingsRoutes },
  { prefix: '/gst', plugin: gstReturnsRoutes },
  { prefix: '/exports/accounting', plugin: accountingExportsRoutes },
  { prefix: '/imports', plugin: importsRoutes },
  { prefix: '/tenants', plugin: tenantsRoutes },
  { prefix: '/tenants', plugin: rentReceiptsRoutes },
  { prefix: '/tenant-codes', plugin: tenantCodesRoutes },
  { prefix: '/companies', plugin: companyTenantsRoutes },
  { prefix: '/tenant-codes', plugin: portalInvoicesRoutes },
  { prefix: '/public/pay', plugin: payLinksRoutes },
  { prefix: '/public/pay-receipts', plugin: payLinkReceiptsRoutes },
  { prefix: '/tenants', plugin: depositsRoutes },
  { prefix: '/tenants', plugin: tenantContactPreferencesRoutes },
  { prefix: '/collections', plugin: collectionsRoutes },
  { prefix: '/deposits', plugin: myDepositsRoutes },
  { prefix: '/bookings', plugin: bookingsRoutes },
  { prefix: '/maintenance', plugin: maintenanceRoutes },
  { prefix: '/maintenance', plugin: maintenanceConfigRoutes },
  { prefix: '/maintenance/tenant-portal', plugin: tenantPortalMaintenanceRoutes },
  { prefix: '/assignee', plugin: assigneeCodeRoutes },
  { prefix: '/assignee-portal', plugin: assigneePortalRoutes },
  { prefix: '/public', plugin: maintenancePublicRoutes },
  { prefix: '/api-keys', plugin: apiKeysRoutes },
  { prefix: '/webhooks', plugin: webhooksRoutes },
];

export const registerModules: FastifyPluginAsync<ServicesOption> = async (app, { services }) => {
  for (const { prefix, plugin } of MODULES) await app.register(plugin, { prefix, services });
};
