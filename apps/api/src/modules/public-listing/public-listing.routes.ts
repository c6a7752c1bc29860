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
import { ok } from '../../core/http';
import { etagOnSend, PUBLIC_CACHE_CONTROL } from '../../core/http-cache';
import { createPublicListingService } from './public-listing.service';

const tags = ['public'];

/** The public property listing (no account): verified, listed properties of verified companies. */
export const publicListingRoutes: FastifyPluginAsyncZod = async (app) => {
  const listing = createPublicListingService(app.deps);

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
      const { data, pagination } = await listing.list(request.query);
      return { success: true as const, data, pagination };
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
      return ok(await listing.get(request.params.id));
    },
  );
};
