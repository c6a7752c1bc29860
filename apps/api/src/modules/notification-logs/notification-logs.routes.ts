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
import { ok, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['notification-logs'];

/** /api/notification-logs (super_admin); services.ts wires the logging of every delivery. */
export const notificationLogsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const logs = services.notificationLogs;

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
    async (request) => okPage(await logs.list(request.query)),
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
export const testNotificationsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const logs = services.notificationLogs;

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
