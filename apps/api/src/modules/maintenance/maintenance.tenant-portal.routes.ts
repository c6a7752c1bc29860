import {
  ZMaintenanceCommentBody,
  ZMaintenancePublicRequestDto,
  ZTenantPortalCodeParams,
  ZTenantPortalMaintenanceDto,
  ZTenantPortalQuery,
  ZTenantPortalRequestBody,
  ZTenantPortalRequestParams,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access';
import { ok } from '../../core/http';
import type { TenantPortalMaintenanceService } from './maintenance.tenant-portal';

/** Maintenance from the tenant portal by its code: the tenancy's requests, filing one, commenting. */
export function registerTenantPortalRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  portal: TenantPortalMaintenanceService,
) {
  const portalTags = ['maintenance tenant portal'];

  app.get(
    '/:tenantCode',
    {
      config: { access: access.public },
      schema: {
        tags: portalTags,
        summary: "The tenancy's requests with public comments, and the types it may file",
        params: ZTenantPortalCodeParams,
        querystring: ZTenantPortalQuery,
        response: { 200: zOk(ZTenantPortalMaintenanceDto) },
      },
    },
    async (request) => ok(await portal.view(request.ip, request.params.tenantCode, request.query.companyId)),
  );

  app.post(
    '/:tenantCode/requests',
    {
      config: { access: access.public },
      schema: {
        tags: portalTags,
        params: ZTenantPortalCodeParams,
        querystring: ZTenantPortalQuery,
        body: ZTenantPortalRequestBody,
        response: { 201: zOk(ZMaintenancePublicRequestDto) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await portal.create(request.ip, request.params.tenantCode, request.query.companyId, request.body),
        'Maintenance request created successfully',
      );
    },
  );

  app.post(
    '/:tenantCode/requests/:id/comments',
    {
      config: { access: access.public },
      schema: {
        tags: portalTags,
        params: ZTenantPortalRequestParams,
        querystring: ZTenantPortalQuery,
        body: ZMaintenanceCommentBody,
        response: { 201: zOk(ZMaintenancePublicRequestDto) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await portal.comment(
          request.ip,
          request.params.tenantCode,
          request.query.companyId,
          request.params.id,
          request.body.comment,
        ),
        'Comment added successfully',
      );
    },
  );
}
