import fastifyMultipart from '@fastify/multipart';
import {
  MAINTENANCE_MEDIA_UPLOAD,
  ZAssigneeCodeDto,
  ZAssigneePortalDto,
  ZMaintenanceCommentBody,
  ZMaintenancePublicRequestDto,
  ZPortalParams,
  ZPortalRequestParams,
  ZPortalStatusBody,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany } from '../../core/access';
import { ok } from '../../core/http';
import type { ServicesOption } from '../../services';

const staffAccess = access.companyAny('maintenance_read', 'maintenance_write');

/** GET /assignee/code, POST /assignee/generate-code: a field staff member's assignee code. */
export const assigneeCodeRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const service = services.assignee;
  const tags = ['assignee codes'];

  app.get(
    '/code',
    {
      config: { access: staffAccess },
      schema: {
        tags,
        summary: "The signed-in staff member's portal code; data is null while they have none",
        response: { 200: zOk(ZAssigneeCodeDto.nullable()) },
      },
    },
    async (request) => ok(await service.getCode(requireCompany(request.auth))),
  );

  app.post(
    '/generate-code',
    {
      config: { access: staffAccess },
      schema: {
        tags,
        summary: 'A new portal code; the old one stops working',
        response: { 200: zOk(ZAssigneeCodeDto) },
      },
    },
    async (request) =>
      ok(await service.generateCode(requireCompany(request.auth)), 'Assignee code generated'),
  );
};

/** The assignee portal API: public, by code, rate limited per IP; only requests assigned to the code's owner. */
export const assigneePortalRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const service = services.assignee;
  const tags = ['assignee portal'];
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.min(app.deps.config.uploadLimitBytes, MAINTENANCE_MEDIA_UPLOAD.maxBytes),
      files: MAINTENANCE_MEDIA_UPLOAD.maxFilesPerRequest,
    },
  });
  const requestResponse = { 200: zOk(ZMaintenancePublicRequestDto) };

  app.get(
    '/:code',
    {
      config: { access: access.public },
      schema: { tags, params: ZPortalParams, response: { 200: zOk(ZAssigneePortalDto) } },
    },
    async (request) => ok(await service.portal(request.ip, request.params.code)),
  );

  app.put(
    '/:code/requests/:id/status',
    {
      config: { access: access.public },
      schema: { tags, params: ZPortalRequestParams, body: ZPortalStatusBody, response: requestResponse },
    },
    async (request) =>
      ok(
        await service.setStatus(
          request.ip,
          request.params.code,
          request.params.id,
          request.body.status,
          request.body.notes,
        ),
        'Request status updated successfully',
      ),
  );

  app.post(
    '/:code/requests/:id/comments',
    {
      config: { access: access.public },
      schema: {
        tags,
        params: ZPortalRequestParams,
        body: ZMaintenanceCommentBody,
        response: { 201: zOk(ZMaintenancePublicRequestDto) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await service.comment(request.ip, request.params.code, request.params.id, request.body.comment),
        'Comment added successfully',
      );
    },
  );

  app.post(
    '/:code/requests/:id/media',
    {
      config: { access: access.public },
      schema: {
        tags,
        params: ZPortalRequestParams,
        consumes: ['multipart/form-data'],
        description: `multipart/form-data: repeated file field \`${MAINTENANCE_MEDIA_UPLOAD.field}\` (photos, short videos, PDFs).`,
        response: { 201: zOk(ZMaintenancePublicRequestDto) },
      },
    },
    async (request, reply) => {
      const dto = await service.media(request.ip, request.params.code, request.params.id, request);
      return reply.status(201).send(ok(dto, 'Media added successfully'));
    },
  );
};
