import { ZNotificationPreferences, ZNotificationPreferencesBody, zOk } from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireUser } from '../../core/access';
import { ok } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['account'];

/** GET/PUT /api/me/notification-preferences: what the caller is told, per kind and channel. */
export const notificationPreferencesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (
  app,
  { services },
) => {
  const preferences = services.notificationPreferences;

  app.get(
    '/notification-preferences',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Every notification kind with its channels (a kind never changed has every channel on)',
        response: { 200: zOk(ZNotificationPreferences) },
      },
    },
    async (request) => ok(await preferences.get(requireUser(request.auth).userId)),
  );

  app.put(
    '/notification-preferences',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Changes the kinds given (the others stay); answers every kind',
        body: ZNotificationPreferencesBody,
        response: { 200: zOk(ZNotificationPreferences) },
      },
    },
    async (request) =>
      ok(await preferences.update(requireUser(request.auth).userId, request.body), 'Preferences saved'),
  );
};
