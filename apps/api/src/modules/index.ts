import type { FastifyPluginAsync } from 'fastify';
import { adminAccountsRoutes } from './admin-accounts/admin-accounts.routes';
import { authRoutes } from './auth/auth.routes';
import { companiesRoutes } from './companies/companies.routes';
import { companyUserStatsRoutes, companyUsersRoutes } from './company-users/company-users.routes';
import { healthRoutes } from './health/health.routes';
import { invitationsRoutes } from './invitations/invitations.routes';
import { leadsRoutes } from './leads/leads.routes';
import {
  notificationLogsRoutes,
  testNotificationsRoutes,
} from './notification-logs/notification-logs.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { plansRoutes } from './plans/plans.routes';
import { companyInventoryRoutes, propertiesRoutes } from './properties/properties.routes';
import { publicListingRoutes } from './public-listing/public-listing.routes';
import { rentalUnitTemplatesRoutes } from './rental-unit-templates/rental-unit-templates.routes';
import { rentalUnitsRoutes } from './rental-units/rental-units.routes';
import { superadminRoutes } from './superadmin/superadmin.routes';

/** The one list of route plugins and their prefixes (under /api). */
export const MODULES: { prefix: string; plugin: FastifyPluginAsync }[] = [
  { prefix: '/health', plugin: healthRoutes },
  { prefix: '/auth', plugin: authRoutes },
  { prefix: '/companies', plugin: companiesRoutes },
  { prefix: '/superadmin', plugin: superadminRoutes },
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
  { prefix: '/companies', plugin: companyInventoryRoutes },
  { prefix: '/public', plugin: publicListingRoutes },
];

export const registerModules: FastifyPluginAsync = async (app) => {
  for (const { prefix, plugin } of MODULES) await app.register(plugin, { prefix });
};
