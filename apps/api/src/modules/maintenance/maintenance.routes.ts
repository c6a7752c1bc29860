import fastifyMultipart from '@fastify/multipart';
import {
  MAINTENANCE_MEDIA_UPLOAD,
  ZAvailableUserDto,
  ZMaintenanceAssignBody,
  ZMaintenanceCommentBody,
  ZMaintenanceListQuery,
  ZMaintenanceNoteBody,
  ZMaintenanceRequestCreateBody,
  ZMaintenanceRequestDto,
  ZMaintenanceRequestListItemDto,
  ZMaintenanceRequestUpdateBody,
  ZMaintenanceStatsDto,
  ZMaintenanceStatusBody,
  ZMediaFileParams,
  ZRequestParams,
  zOk,
  zOkPageList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany } from '../../core/access';
import { ok, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';
import { registerTenantRequestRoutes } from './maintenance.my.routes';
import { multipartDoc, read, requestResponse, tags, work } from './maintenance.route-access';
import { registerTenantPortalRoutes } from './maintenance.tenant-portal.routes';

/** Requests, their media files and the tenant side, under /api/maintenance. */
export const maintenanceRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const requests = services.maintenanceRequests;
  const assignments = services.maintenanceAssignments;
  const tenant = services.tenantMaintenance;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.min(app.deps.config.uploadLimitBytes, MAINTENANCE_MEDIA_UPLOAD.maxBytes),
      files: MAINTENANCE_MEDIA_UPLOAD.maxFilesPerRequest,
    },
  });

  app.post(
    '/requests',
    {
      config: { access: access.company('maintenance_write') },
      schema: { tags, body: ZMaintenanceRequestCreateBody, response: { 201: zOk(ZMaintenanceRequestDto) } },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await requests.createByStaff(requireCompany(request.auth), request.body),
        'Maintenance request created successfully',
      );
    },
  );

  app.get(
    '/requests',
    {
      config: { access: read, pageCache: true },
      schema: {
        tags,
        summary: 'Requests with filters; pagination {currentPage, totalPages, totalItems, itemsPerPage}',
        querystring: ZMaintenanceListQuery,
        response: { 200: zOkPageList(ZMaintenanceRequestListItemDto) },
      },
    },
    async (request) => okPage(await requests.list(requireCompany(request.auth), request.query)),
  );

  app.get(
    '/requests/stats',
    {
      config: { access: read, pageCache: true },
      schema: { tags, response: { 200: zOk(ZMaintenanceStatsDto) } },
    },
    async (request) => ok(await requests.stats(requireCompany(request.auth))),
  );

  app.get(
    '/assignable-users',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Active members who may work maintenance requests (the assign picker)',
        response: { 200: zOk(z.array(ZAvailableUserDto)) },
      },
    },
    async (request) => ok(await assignments.assignableUsers(requireCompany(request.auth))),
  );

  app.get(
    '/requests/:id',
    { config: { access: read }, schema: { tags, params: ZRequestParams, response: requestResponse } },
    async (request) => ok(await requests.get(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/requests/:id',
    {
      config: { access: work },
      schema: {
        tags,
        params: ZRequestParams,
        body: ZMaintenanceRequestUpdateBody,
        response: requestResponse,
      },
    },
    async (request) =>
      ok(
        await requests.update(requireCompany(request.auth), request.params.id, request.body),
        'Maintenance request updated successfully',
      ),
  );

  app.put(
    '/requests/:id/assign',
    {
      config: { access: access.company('maintenance_assign') },
      schema: { tags, params: ZRequestParams, body: ZMaintenanceAssignBody, response: requestResponse },
    },
    async (request) =>
      ok(
        await requests.assign(requireCompany(request.auth), request.params.id, request.body.userId),
        request.body.userId ? 'Maintenance request assigned successfully' : 'Maintenance request unassigned',
      ),
  );

  app.put(
    '/requests/:id/status',
    {
      config: { access: work },
      schema: { tags, params: ZRequestParams, body: ZMaintenanceStatusBody, response: requestResponse },
    },
    async (request) =>
      ok(
        await requests.setStatus(
          requireCompany(request.auth),
          request.params.id,
          request.body.status,
          request.body.notes,
        ),
        'Request status updated successfully',
      ),
  );

  app.post(
    '/requests/:id/comments',
    {
      config: { access: work },
      schema: {
        tags,
        params: ZRequestParams,
        body: ZMaintenanceCommentBody,
        response: { 201: zOk(ZMaintenanceRequestDto) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await requests.comment(requireCompany(request.auth), request.params.id, request.body.comment),
        'Comment added successfully',
      );
    },
  );

  app.post(
    '/requests/:id/notes',
    {
      config: { access: work },
      schema: {
        tags,
        summary: 'An internal note: staff-only, never shown to tenants, portals or public tracking',
        params: ZRequestParams,
        body: ZMaintenanceNoteBody,
        response: { 201: zOk(ZMaintenanceRequestDto) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await requests.note(requireCompany(request.auth), request.params.id, request.body.note),
        'Internal note added successfully',
      );
    },
  );

  app.post(
    '/requests/:id/media',
    {
      config: { access: work },
      schema: {
        tags,
        params: ZRequestParams,
        consumes: ['multipart/form-data'],
        description: multipartDoc,
        response: { 201: zOk(ZMaintenanceRequestDto) },
      },
    },
    async (request, reply) => {
      const ctx = requireCompany(request.auth);
      const dto = await requests.media(ctx, request.params.id, request);
      return reply.status(201).send(ok(dto, 'Media added successfully'));
    },
  );

  app.get(
    '/media/:mediaId/file',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'A media file by its signed link (links in request views live 15–20 minutes)',
        params: ZMediaFileParams,
        querystring: z.object({
          exp: z.coerce.number().int().min(0).max(1e11).optional().catch(undefined),
          sig: z.string().max(100).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const { media, file } = await requests.mediaFile(
        request.params.mediaId,
        request.query.exp,
        request.query.sig,
      );
      return reply
        .header('content-type', media.mimeType)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', `inline; filename="${media.fileName}"`)
        .header('cache-control', 'private, max-age=600')
        .send(file.stream);
    },
  );

  registerTenantRequestRoutes(app, tenant);
};

/** Maintenance from the tenant portal by code (public, rate limited), under /api/maintenance/tenant-portal. */
export const tenantPortalMaintenanceRoutes: FastifyPluginAsyncZod<ServicesOption> = async (
  app,
  { services },
) => {
  registerTenantPortalRoutes(app, services.tenantPortalMaintenance);
};
