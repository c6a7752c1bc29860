import {
  ZMarkReadBody,
  ZMarkReadResult,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationStats,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access';
import { ok } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['notifications'];

/** In-app notifications of the signed-in user; mounted at /api/inapp-notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const notifications = services.notifications;

  app.get(
    '/user',
    {
      config: { access: access.user },
      schema: { tags, querystring: ZNotificationListQuery, response: { 200: ZNotificationList } },
    },
    async (request) => notifications.list(request.auth!, request.query),
  );

  app.get(
    '/stats',
    {
      config: { access: access.user },
      schema: { tags, response: { 200: zOk(ZNotificationStats) } },
    },
    async (request) => ok(await notifications.stats(request.auth!)),
  );

  app.put(
    '/mark-read',
    {
      config: { access: access.user },
      schema: { tags, body: ZMarkReadBody, response: { 200: zOk(ZMarkReadResult) } },
    },
    async (request) => {
      const result = await notifications.markRead(request.auth!, request.body);
      return ok(
        result,
        result.notification ? 'Notification marked as read' : 'All notifications marked as read',
      );
    },
  );
};
