import { ZEndOtherSessionsBody, ZOkMessage, ZSessionDto, ZSessionParams, zOk } from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireUser } from '../../core/access';
import { ok, okMessage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['account'];

/** The caller's connected sessions; mounted at /api/me (any signed-in person). */
export const sessionsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const sessions = services.sessions;

  app.get(
    '/sessions',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Signed-in sessions of the caller (used in the last 30 days), the current one first',
        response: { 200: zOk(z.array(ZSessionDto)) },
      },
    },
    async (request) => ok(await sessions.list(requireUser(request.auth))),
  );

  app.delete(
    '/sessions/:sessionId',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Signs one session out',
        params: ZSessionParams,
        response: { 200: ZOkMessage },
      },
    },
    async (request) => {
      await sessions.end(requireUser(request.auth), request.params.sessionId);
      return okMessage('Session signed out');
    },
  );

  app.post(
    '/sessions/end-others',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Sign out everywhere else: every session but this one ends',
        body: ZEndOtherSessionsBody,
        response: { 200: zOk(z.object({ ended: z.number().int() })) },
      },
    },
    async (request) => {
      const ended = await sessions.endOthers(requireUser(request.auth));
      return ok(
        { ended },
        ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${ended} other sessions`,
      );
    },
  );
};
