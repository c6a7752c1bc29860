import {
  ZNotificationLogDto,
  ZNotificationLogListQuery,
  ZNotificationLogStats,
  ZTestNotificationBody,
  ZTestNotificationResult,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access';
import { ok } from '../../core/http';
import { createNotificationLogsService, registerNotificationLogging } from './notification-logs.service';

const tags = ['notification-logs'];

/** /api/notification-logs (super_admin). Registering this plugin also starts the logging of deliveries. */
export const notificationLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerNotificationLogging(app.deps);
  const logs = createNotificationLogsService(app.deps);

  app.get(
    '/',
    {
      config: { access: access.superAdmin },
      schema: {
        tags,
        querystring: ZNotificationLogListQuery,
        response: { 200: zOkList(ZNotificationLogDto) },
      },
    },
    async (request) => {
      const { data, pagination } = await logs.list(request.query);
      return { success: true as const, data, pagination };
    },
  );

  app.get(
    '/stats',
    {
      config: { access: access.superAdmin },
      schema: { tags, response: { 200: zOk(ZNotificationLogStats) } },
    },
    async () => ok(await logs.stats()),
  );
};

/**
 * /api/test-notifications: a super admin tests any active account; a company user holding notifications_write
 * (owner, manager by default) tests an active member of the current company.
 */
export const testNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const logs = createNotificationLogsService(app.deps);

  app.post(
    '/',
    {
      config: { access: access.user },
      schema: { tags, body: ZTestNotificationBody, response: { 200: zOk(ZTestNotificationResult) } },
    },
    async (request) => {
      const result = await logs.sendTest(request.auth!, request.body);
      return ok(
        result,
        result.status === 'sent' ? 'Test notification sent' : 'The test notification could not be delivered',
      );
    },
  );
};
