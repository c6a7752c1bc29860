import fastifyMultipart from '@fastify/multipart';
import {
  MAINTENANCE_MEDIA_UPLOAD,
  ZAvailableUserDto,
  ZMaintenanceAssignBody,
  ZMaintenanceCommentBody,
  ZMaintenanceListQuery,
  ZMaintenanceNoteBody,
  ZMaintenancePublicRequestDto,
  ZMaintenanceRequestCreateBody,
  ZMaintenanceRequestDto,
  ZMaintenanceRequestListItemDto,
  ZMaintenanceRequestUpdateBody,
  ZMaintenanceStatsDto,
  ZMaintenanceStatusBody,
  ZMediaFileParams,
  ZRequestParams,
  ZTenantMaintenanceOptionsDto,
  ZTenantPortalCodeParams,
  ZTenantPortalMaintenanceDto,
  ZTenantPortalQuery,
  ZTenantPortalRequestBody,
  ZTenantPortalRequestParams,
  ZTenantRequestCreateBody,
  ZTenantRequestListQuery,
  zOk,
  zOkPageList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthContext, access, requireCompany } from '../../core/access';
import { unauthorized } from '../../core/errors';
import { ok } from '../../core/http';
import { createMaintenanceAssignmentsService } from './maintenance.assignments';
import { createMaintenanceRequestsService } from './maintenance.service';
import { createTenantMaintenanceService } from './maintenance.tenant';
import { createTenantPortalMaintenanceService } from './maintenance.tenant-portal';

const tags = ['maintenance'];
const read = access.company('maintenance_read');
const work = access.companyAny('maintenance_write', 'maintenance_update');
const requestResponse = { 200: zOk(ZMaintenanceRequestDto) };
const multipartDoc = `multipart/form-data: repeated file field \`${MAINTENANCE_MEDIA_UPLOAD.field}\` (JPEG, PNG or WebP photos, MP4 or WebM videos, PDFs; at most ${MAINTENANCE_MEDIA_UPLOAD.maxFilesPerRequest} files of ${MAINTENANCE_MEDIA_UPLOAD.maxBytes / 1024 / 1024} MB).`;

export const MAINTENANCE_OVERDUE_JOB = 'maintenance.overdue';

/** Requests (spec 02 §7 Maintenance), their media files and the tenant side, under /api/maintenance. */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const requests = createMaintenanceRequestsService(app.deps, app.log);
  const assignments = createMaintenanceAssignmentsService(app.deps);
  const tenant = createTenantMaintenanceService(app.deps, app.log);
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.min(app.deps.config.uploadLimitBytes, MAINTENANCE_MEDIA_UPLOAD.maxBytes),
      files: MAINTENANCE_MEDIA_UPLOAD.maxFilesPerRequest,
    },
  });

  // Overdue reminders every ten minutes, one run per tick across processes (core/jobs.ts).
  app.deps.jobs.define(MAINTENANCE_OVERDUE_JOB, {
    retryLimit: 0,
    handler: async () => {
      const reminded = await requests.remindOverdue();
      if (reminded) app.log.info({ reminded }, 'maintenance overdue reminders');
    },
  });
  await app.deps.jobs.schedule(MAINTENANCE_OVERDUE_JOB, '*/10 * * * *');

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
    async (request) => {
      const { data, pagination } = await requests.list(requireCompany(request.auth), request.query);
      return { success: true as const, data, pagination };
    },
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

  // ---------- The tenant side: a signed-in tenant's own requests ----------

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
};

/** Maintenance from the tenant portal by code (public, rate limited), under /api/maintenance/tenant-portal. */
export const tenantPortalMaintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const portal = createTenantPortalMaintenanceService(app.deps, app.log);
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
};
