import fastifyMultipart from '@fastify/multipart';
import {
  ZIdParams,
  ZMeterBody,
  ZMeterDto,
  ZMeterDueDto,
  ZMeterReadingDto,
  ZMeterReadingsQuery,
  ZMetersDueQuery,
  ZMeterUpdateBody,
  ZOkMessage,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany } from '../../core/access';
import { ok, okMessage, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';
import { PHOTO_FIELD } from './meters.photo';

const tags = ['meters'];
const canRead = access.company('rentalunit_read');
const canEdit = access.company('rentalunit_update');

/** GET/POST /api/rental-units/{id}/meters: the meters a unit pays for, and adding one. */
export const unitMetersRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { meters } = services;

  app.get(
    '/:id/meters',
    {
      config: { access: canRead },
      schema: {
        tags,
        summary: "The unit's meters and the shared meters it has a share of",
        params: ZIdParams,
        response: { 200: zOk(z.array(ZMeterDto)) },
      },
    },
    async (request) => ok(await meters.list(requireCompany(request.auth), request.params.id)),
  );

  app.post(
    '/:id/meters',
    {
      config: { access: canEdit },
      schema: { tags, params: ZIdParams, body: ZMeterBody, response: { 201: zOk(ZMeterDto) } },
    },
    async (request, reply) => {
      const meter = await meters.create(requireCompany(request.auth), request.params.id, request.body);
      reply.status(201);
      return ok(meter, 'Meter added');
    },
  );
};

/** /api/meters: edit or remove a meter, its readings, and the readings due this month. */
export const metersRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { meters } = services;
  await app.register(fastifyMultipart, { limits: { fileSize: app.deps.config.uploadLimitBytes, files: 1 } });

  app.get(
    '/due',
    {
      config: { access: canRead },
      schema: {
        tags,
        summary: 'Meters without a reading this month',
        querystring: ZMetersDueQuery,
        response: { 200: zOkList(ZMeterDueDto) },
      },
    },
    async (request) => okPage(await meters.due(requireCompany(request.auth), request.query)),
  );

  app.put(
    '/:id',
    {
      config: { access: canEdit },
      schema: { tags, params: ZIdParams, body: ZMeterUpdateBody, response: { 200: zOk(ZMeterDto) } },
    },
    async (request) =>
      ok(await meters.update(requireCompany(request.auth), request.params.id, request.body), 'Meter saved'),
  );

  app.delete(
    '/:id',
    {
      config: { access: canEdit },
      schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await meters.remove(requireCompany(request.auth), request.params.id);
      return okMessage('Meter removed');
    },
  );

  app.post(
    '/:id/readings',
    {
      config: { access: canEdit },
      schema: {
        tags,
        params: ZIdParams,
        consumes: ['application/json', 'multipart/form-data'],
        description: `JSON {reading, readAt, meterReplaced?}, or multipart/form-data with the same text fields and an optional image "${PHOTO_FIELD}" (JPEG, PNG, WebP or AVIF, checked by content). A reading lower than the last one is refused (409) unless meterReplaced is true.`,
        response: { 201: zOk(ZMeterReadingDto) },
      },
    },
    async (request, reply) => {
      const reading = await meters.addReading(requireCompany(request.auth), request.params.id, request);
      reply.status(201);
      return ok(reading, 'Reading saved');
    },
  );

  app.get(
    '/:id/readings',
    {
      config: { access: canRead },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZMeterReadingsQuery,
        response: { 200: zOkList(ZMeterReadingDto) },
      },
    },
    async (request) =>
      okPage(await meters.readings(requireCompany(request.auth), request.params.id, request.query)),
  );
};
