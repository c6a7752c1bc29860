import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { companiesRoutes } from './companies/companies.routes';
import { healthRoutes } from './health/health.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { superadminRoutes } from './superadmin/superadmin.routes';

/** The one list of route plugins and their prefixes (under /api). */
export const MODULES: { prefix: string; plugin: FastifyPluginAsync }[] = [
  { prefix: '/health', plugin: healthRoutes },
  { prefix: '/auth', plugin: authRoutes },
  { prefix: '/companies', plugin: companiesRoutes },
  { prefix: '/superadmin', plugin: superadminRoutes },
  { prefix: '/inapp-notifications', plugin: notificationsRoutes },
];

export const registerModules: FastifyPluginAsync = async (app) => {
  for (const { prefix, plugin } of MODULES) await app.register(plugin, { prefix });
};
