import type { AppDeps, ServiceLog } from './core/app-deps';
import { registerMailConsent } from './core/mail-delivery';
import { createAccountingExportsService } from './modules/accounting-exports/accounting-exports.service';
import { createAdminAccountsService } from './modules/admin-accounts/admin-accounts.service';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { createAssigneeService } from './modules/assignee/assignee.service';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionsService } from './modules/auth/auth.sessions';
import { notifyBookingPaid } from './modules/bookings/bookings.notify';
import { onBookingPaid } from './modules/bookings/bookings.paid';
import { createBookingsService } from './modules/bookings/bookings.service';
import { createAgreementTemplateService } from './modules/bookings/bookings.template';
import { createChatService } from './modules/chat/chat.service';
import { createCollectionsService } from './modules/collections/collections.service';
import { createCompaniesService } from './modules/companies/companies.service';
import { createCompanyUsersService } from './modules/company-users/company-users.service';
import {
  createDepositsService,
  onDepositPaid,
  onInvoicePaymentRecorded,
} from './modules/deposits/deposits.service';
import { createFavoritesService } from './modules/favorites/favorites.service';
import { createGstService } from './modules/gst/gst.service';
import { createImportsService } from './modules/imports/imports.service';
import { createInvitationsService } from './modules/invitations/invitations.service';
import { createInvoiceTemplatesService } from './modules/invoices/invoice-templates.service';
import { createBillingService } from './modules/invoices/invoices.billing';
import { onInvoicePaid } from './modules/invoices/invoices.paid';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { createLateFeesService } from './modules/late-fees/late-fees.service';
import { createLeadsService } from './modules/leads/leads.service';
import { createMaintenanceAssignmentsService } from './modules/maintenance/maintenance.assignments';
import { createMaintenanceFormsService } from './modules/maintenance/maintenance.forms';
import { createMaintenanceRequestsService } from './modules/maintenance/maintenance.service';
import { createTenantMaintenanceService } from './modules/maintenance/maintenance.tenant';
import { createTenantPortalMaintenanceService } from './modules/maintenance/maintenance.tenant-portal';
import { createMaintenanceTypesService } from './modules/maintenance/maintenance.types';
import { createMetersService } from './modules/meters/meters.service';
import { createMfaService } from './modules/mfa/mfa.service';
import {
  createNotificationLogsService,
  registerNotificationLogging,
} from './modules/notification-logs/notification-logs.service';
import { createNotificationPreferencesService } from './modules/notifications/notifications.preferences';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createPayLinksService } from './modules/pay-links/pay-links.service';
import { createLedgerService } from './modules/payments/payments.ledger';
import { createPaymentsService } from './modules/payments/payments.service';
import { createPlansService } from './modules/plans/plans.service';
import { createPropertiesService } from './modules/properties/properties.service';
import { createPublicListingService } from './modules/public-listing/public-listing.service';
import { createTemplatesService } from './modules/rental-unit-templates/rental-unit-templates.service';
import { createRentalUnitsService } from './modules/rental-units/rental-units.service';
import { createUnitTenantsService } from './modules/rental-units/rental-units.tenants';
import { createSuperadminService } from './modules/superadmin/superadmin.service';
import { createTenantsService } from './modules/tenants/tenants.service';
import { createImagesService } from './modules/uploads/uploads.service';
import { createWebhooksService } from './modules/webhooks/webhooks.service';

/**
 * The composition root: every service of the API, built once per app in dependency order, each handed the
 * infrastructure fields and the other services it uses, by name. The events between modules are wired here too
 * (what happens when a payment lands, what every email and notification leaves behind); the scheduled jobs are
 * defined next door in scheduled-jobs.ts. Route plugins receive the result (modules/index.ts) and never build a
 * service themselves.
 */
export function createServices(deps: AppDeps, log: ServiceLog) {
  const { db, config, tokens, mailer, limiter, realtime, notifier, storage, cache, jobs } = deps;

  // Accounts, companies and their members.
  const companies = createCompaniesService({ db, realtime, notifier });
  const auth = createAuthService({ db, config, tokens, mailer, limiter, realtime, companies });
  const sessions = createSessionsService({ db, realtime });
  const mfa = createMfaService({ db, config, limiter, auth });
  auth.useSecondFactor(mfa.challenge);
  const invitations = createInvitationsService(
    { db, config, mailer, limiter, realtime, notifier, companies, auth },
    log,
  );
  const companyUsers = createCompanyUsersService({ db, realtime, notifier, companies, invitations }, log);
  const adminAccounts = createAdminAccountsService({ db, config, mailer, realtime, notifier, auth }, log);
  const plans = createPlansService({ db });
  const superadmin = createSuperadminService({ db, companies });
  const leads = createLeadsService({ db, config, limiter, notifier }, log);

  // Notifications, and the log of every email and in-app notification sent.
  const notifications = createNotificationsService({ db, notifier });
  const notificationLogs = createNotificationLogsService({ db, mailer, notifier, auth, companies });
  registerNotificationLogging({ db, mailer, notifier });
  // Notification preferences: the notifier reads them itself (in-app); emails of a kind ask them through sendMail.
  const notificationPreferences = createNotificationPreferencesService({ db });
  registerMailConsent(mailer, (userId, kind) => notificationPreferences.allows(userId, kind, 'email'));

  // Inventory: properties, units, their images and the public listing.
  const images = createImagesService({ db, storage, config });
  const properties = createPropertiesService({ db, notifier, images, companies });
  const rentalUnits = createRentalUnitsService({ db, notifier, images, companies });
  const unitTenants = createUnitTenantsService({ db, config, mailer, auth });
  const unitTemplates = createTemplatesService({ db, units: rentalUnits });
  const meters = createMetersService({ db, storage, config });
  const publicListing = createPublicListingService({ db, config, cache }, (error) =>
    log.warn({ err: error }, 'public listing cache unavailable; answering from the database'),
  );
  const favorites = createFavoritesService({ db, publicListing });

  // Money: GST registration and document series, the gateway and its ledger, tenants, invoices and bookings.
  const gst = createGstService({ db });
  const payments = createPaymentsService({ db, config, notifier, mailer, log });
  const ledger = createLedgerService(db);
  const tenants = createTenantsService({ db, config, mailer, notifier, storage, limiter, auth });
  const invoices = createInvoicesService({ db, config, mailer, notifier, storage, payments, gst }, log);
  const billing = createBillingService({ db, notifier });
  // Late fees by company, property and tenancy rules: charged onto invoices, waived through the invoices service.
  const lateFees = createLateFeesService({ db, invoices });
  const invoiceTemplates = createInvoiceTemplatesService(db, storage, config.uploadLimitBytes);
  const bookings = createBookingsService({ db, config, notifier, mailer, storage, log, payments });
  const agreementTemplates = createAgreementTemplateService(db);
  // Spreadsheet imports write through the inventory, tenants and invoices modules.
  const imports = createImportsService(
    { db, storage, jobs, auth, properties, rentalUnits, tenants, invoices },
    log,
  );
  const deposits = createDepositsService({ db, invoices, payments });
  // Pay links: one invoice opened to whoever holds its token (the public pay page, the reminders' {{payLink}}).
  const payLinks = createPayLinksService({ db, config, limiter, invoices, ledger });
  // Collections: the reminder schedule on email, SMS and WhatsApp (each carrying the invoice's pay link), with the
  // day's late fees.
  const collections = createCollectionsService(
    {
      db,
      config,
      mailer,
      notifier,
      jobs,
      notificationLogs,
      payLink: async (invoice) => (await payLinks.issuePayLink(db, invoice)).url,
      lateFees,
    },
    log,
  );

  // What happens when a payment lands: inside the transaction that records a captured payment, the booking or the
  // invoice it pays moves on; once that has committed, the booker and the company hear of a booking payment.
  payments.onPaid(onBookingPaid);
  payments.onPaid(onInvoicePaid);
  // Deposit money is held for the tenant (a liability), after the booking or invoice took the payment.
  payments.onPaid(onDepositPaid);
  invoices.onPaymentRecorded(onInvoicePaymentRecorded);
  // An invoice paid in full uses up its pay link.
  payments.onPaid(payLinks.onInvoicePaid);
  invoices.onPaymentRecorded(payLinks.onInvoicePaymentRecorded);
  payments.onSettled(notifyBookingPaid);

  // Maintenance: types, assignment rules, requests, public forms, the tenant side and the assignee portal.
  const maintenanceTypes = createMaintenanceTypesService({ db });
  const maintenanceAssignments = createMaintenanceAssignmentsService({ db });
  const maintenanceRequests = createMaintenanceRequestsService(
    { db, storage, config, notifier, mailer, types: maintenanceTypes },
    log,
  );
  const maintenanceForms = createMaintenanceFormsService(
    { db, config, limiter, mailer, requests: maintenanceRequests },
    log,
  );
  const tenantMaintenance = createTenantMaintenanceService({ db, requests: maintenanceRequests });
  const tenantPortalMaintenance = createTenantPortalMaintenanceService({
    db,
    limiter,
    requests: maintenanceRequests,
  });
  const assignee = createAssigneeService({ db, config, limiter, requests: maintenanceRequests });

  // Chat and reports.
  const chat = createChatService({ db, realtime, storage, config, notifier, mailer }, log);
  const analytics = createAnalyticsService({ db });
  const accountingExports = createAccountingExportsService({ db });

  // Integrations: company API keys (checked by core/access.ts) and outgoing webhooks (the outbox of core/events.ts).
  const apiKeys = createApiKeysService({ db });
  const webhooks = createWebhooksService({ db, config, jobs, mailer, notifier }, log);

  return {
    companies,
    auth,
    sessions,
    mfa,
    invitations,
    companyUsers,
    adminAccounts,
    plans,
    superadmin,
    leads,
    notifications,
    notificationLogs,
    notificationPreferences,
    images,
    properties,
    rentalUnits,
    unitTenants,
    unitTemplates,
    meters,
    publicListing,
    favorites,
    payments,
    ledger,
    tenants,
    gst,
    invoices,
    imports,
    billing,
    lateFees,
    invoiceTemplates,
    bookings,
    agreementTemplates,
    deposits,
    collections,
    payLinks,
    maintenanceTypes,
    maintenanceAssignments,
    maintenanceRequests,
    maintenanceForms,
    tenantMaintenance,
    tenantPortalMaintenance,
    assignee,
    chat,
    analytics,
    accountingExports,
    apiKeys,
    webhooks,
  };
}

export type Services = ReturnType<typeof createServices>;

/** The options every route plugin receives (modules/index.ts): the app's services, built once. */
export interface ServicesOption {
  services: Services;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The same services the route plugins receive (for tests and scripts that call one directly). */
    services: Services;
  }
}
