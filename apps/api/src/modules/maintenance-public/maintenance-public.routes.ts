import fastifyMultipart from '@fastify/multipart';
import {
  MAINTENANCE_MEDIA_UPLOAD,
  ZFormIdParams,
  ZPublicTicketBody,
  ZPublicTicketCreatedDto,
  ZPublicTicketFormDto,
  ZPublicTicketTrackingDto,
  ZTrackingParams,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access';
import { ok } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['public tickets'];

/**
 * The public ticket form `/create-ticket/{formId}` and tracking (registered under /api/public):
 * no account; rate limited per IP; a disabled form answers 404; tracking shows public comments only.
 */
export const maintenancePublicRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const forms = services.maintenanceForms;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.min(app.deps.config.uploadLimitBytes, MAINTENANCE_MEDIA_UPLOAD.maxBytes),
      files: MAINTENANCE_MEDIA_UPLOAD.maxFilesPerRequest,
    },
  });

  app.get(
    '/ticket-forms/:formId',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: "The form: the company's display name, its properties and units, active types",
        params: ZFormIdParams,
        response: { 200: zOk(ZPublicTicketFormDto) },
      },
    },
    async (request) => ok(await forms.publicForm(request.params.formId)),
  );

  app.post(
    '/ticket-forms/:formId/tickets',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Files a ticket; answers the ticket number and a tracking token (shown once)',
        params: ZFormIdParams,
        body: ZPublicTicketBody,
        response: { 201: zOk(ZPublicTicketCreatedDto) },
      },
    },
    async (request, reply) => {
      const created = await forms.submit(request.ip, request.params.formId, request.body);
      return reply.status(201).send(ok(created, 'Your request has been received'));
    },
  );

  app.get(
    '/tickets/:trackingToken',
    {
      config: { access: access.public },
      schema: { tags, params: ZTrackingParams, response: { 200: zOk(ZPublicTicketTrackingDto) } },
    },
    async (request) => ok(await forms.track(request.ip, request.params.trackingToken)),
  );

  app.post(
    '/tickets/:trackingToken/media',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Photos for a public ticket, by its tracking token',
        params: ZTrackingParams,
        consumes: ['multipart/form-data'],
        description: `multipart/form-data: repeated file field \`${MAINTENANCE_MEDIA_UPLOAD.field}\`.`,
        response: { 201: zOk(z.object({ count: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const added = await forms.addPublicMedia(request.ip, request.params.trackingToken, request);
      return reply.status(201).send(ok(added, 'Media added successfully'));
    },
  );
};
