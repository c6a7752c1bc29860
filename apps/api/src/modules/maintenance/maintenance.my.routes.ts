import {
  ZMaintenanceCommentBody,
  ZMaintenancePublicRequestDto,
  ZRequestParams,
  ZTenantMaintenanceOptionsDto,
  ZTenantRequestCreateBody,
  ZTenantRequestListQuery,
  zOk,
  zOkPageList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthContext, access } from '../../core/access';
import { unauthorized } from '../../core/errors';
import { ok } from '../../core/http';
import { multipartDoc, tags } from './maintenance.route-access';
import type { TenantMaintenanceService } from './maintenance.tenant';

/** The tenant side: a signed-in tenant's own requests (their units' options, list, file, comment, media). */
export function registerTenantRequestRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  tenant: TenantMaintenanceService,
) {
  const caller = (auth: AuthContext | null): AuthContext => {
    if (!auth) throw unauthorized();
    return auth;
  };

  app.get(
    '/my/options',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: "The signed-in tenant's current units and their companies' request types",
        response: { 200: zOk(ZTenantMaintenanceOptionsDto) },
      },
    },
    async (request) => ok(await tenant.options(caller(request.auth))),
  );

  app.get(
    '/my/requests',
    {
      config: { access: access.user },
      schema: {
        tags,
        querystring: ZTenantRequestListQuery,
        response: { 200: zOkPageList(ZMaintenancePublicRequestDto) },
      },
    },
    async (request) => {
      const { data, pagination } = await tenant.list(caller(request.auth), request.query);
      return { success: true as const, data, pagination };
    },
  );

  app.post(
    '/my/requests',
    {
      config: { access: access.user },
      schema: { tags, body: ZTenantRequestCreateBody, response: { 201: zOk(ZMaintenancePublicRequestDto) } },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await tenant.create(caller(request.auth), request.body),
        'Maintenance request created successfully',
      );
    },
  );

  app.get(
    '/my/requests/:id',
    {
      config: { access: access.user },
      schema: { tags, params: ZRequestParams, response: { 200: zOk(ZMaintenancePublicRequestDto) } },
    },
    async (request) => ok(await tenant.get(caller(request.auth), request.params.id)),
  );

  app.post(
    '/my/requests/:id/comments',
    {
      config: { access: access.user },
      schema: {
        tags,
        params: ZRequestParams,
        body: ZMaintenanceCommentBody,
        response: { 201: zOk(ZMaintenancePublicRequestDto) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await tenant.comment(caller(request.auth), request.params.id, request.body.comment),
        'Comment added successfully',
      );
    },
  );

  app.post(
    '/my/requests/:id/media',
    {
      config: { access: access.user },
      schema: {
        tags,
        params: ZRequestParams,
        consumes: ['multipart/form-data'],
        description: multipartDoc,
        response: { 201: zOk(ZMaintenancePublicRequestDto) },
      },
    },
    async (request, reply) => {
      const dto = await tenant.media(caller(request.auth), request.params.id, request);
      return reply.status(201).send(ok(dto, 'Media added successfully'));
    },
  );
}
