import {
  ZIdParams,
  ZPublicPropertyDetailDto,
  ZPublicPropertyListQuery,
  ZPublicPropertySummaryDto,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access';
import { etagOnSend, PUBLIC_CACHE_CONTROL, sendJsonBody, serializerOf } from '../../core/http-cache';
import type { ServicesOption } from '../../services';
import { installPublicListingVersioning } from './public-listing.cache';

const tags = ['public'];

/** The public property listing (no account): verified, listed properties of verified companies. */
export const publicListingRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const listing = services.publicListing;
  app.whenDatabaseReady(() => installPublicListingVersioning(app.deps.db));

  app.get(
    '/properties',
    {
      config: { access: access.public },
      onSend: etagOnSend,
      schema: {
        tags,
        querystring: ZPublicPropertyListQuery,
        response: { 200: zOkList(ZPublicPropertySummaryDto) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      // The body comes serialised: from the shared cache, or just made by this route's serializer.
      return sendJsonBody(reply, await listing.listBody(request.query, serializerOf(reply)));
    },
  );

  app.get(
    '/properties/:id',
    {
      config: { access: access.public },
      onSend: etagOnSend,
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZPublicPropertyDetailDto) } },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return sendJsonBody(reply, await listing.detailBody(request.params.id, serializerOf(reply)));
    },
  );
};
