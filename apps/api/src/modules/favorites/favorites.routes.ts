import {
  ZFavoriteBody,
  ZFavoriteDto,
  ZFavoriteIds,
  ZFavoriteListQuery,
  ZOkMessage,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireUser } from '../../core/access';
import { ok, okMessage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['favorites'];

/** Saved units of the signed-in person (tenant or not); mounted at /api/favorites. */
export const favoritesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const favorites = services.favorites;

  app.get(
    '/',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Saved units, newest first, with their state now and when saved',
        querystring: ZFavoriteListQuery,
        response: { 200: zOkList(ZFavoriteDto) },
      },
    },
    async (request) => {
      const page = await favorites.list(requireUser(request.auth), request.query);
      return { success: true as const, ...page };
    },
  );

  app.get(
    '/ids',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Ids of every saved unit (the hearts of listing pages)',
        response: { 200: zOk(ZFavoriteIds) },
      },
    },
    async (request) => ok(await favorites.ids(requireUser(request.auth))),
  );

  app.post(
    '/',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Saves a listed unit (saving it again changes nothing)',
        body: ZFavoriteBody,
        response: { 200: zOk(ZFavoriteDto) },
      },
    },
    async (request) =>
      ok(await favorites.save(requireUser(request.auth), request.body.rentalUnitId), 'Saved to favorites'),
  );

  app.delete(
    '/',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Removes a saved unit (a no-op when not saved)',
        body: ZFavoriteBody,
        response: { 200: ZOkMessage },
      },
    },
    async (request) => {
      await favorites.remove(requireUser(request.auth), request.body.rentalUnitId);
      return okMessage('Removed from favorites');
    },
  );
};
