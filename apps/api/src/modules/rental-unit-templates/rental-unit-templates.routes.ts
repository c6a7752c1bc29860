import {
  ZIdParams,
  ZOkMessage,
  ZPopularTemplatesQuery,
  ZTemplateCreateBody,
  ZTemplateDto,
  ZTemplateFromUnitBody,
  ZTemplateListQuery,
  ZTemplateUpdateBody,
  ZUseTemplateBody,
  ZUseTemplateResult,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access';
import { ok, okMessage, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['rental-unit-templates'];
/**
 * Declared `access.user`: the super admin manages global templates without a company. The service checks
 * rentalunit_read / rentalunit_write in the current company for everyone else (403, or FEATURE_NOT_IN_PLAN).
 */
const config = { access: access.user };
const templateResponse = { 200: zOk(ZTemplateDto) };

export const rentalUnitTemplatesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const templates = services.unitTemplates;

  app.get(
    '/',
    {
      config: { ...config, pageCache: true },
      schema: { tags, querystring: ZTemplateListQuery, response: { 200: zOkList(ZTemplateDto) } },
    },
    async (request) => okPage(await templates.list(request.auth!, request.query)),
  );

  app.get(
    '/popular',
    {
      config,
      schema: { tags, querystring: ZPopularTemplatesQuery, response: { 200: zOk(z.array(ZTemplateDto)) } },
    },
    async (request) => ok(await templates.popular(request.auth!, request.query.limit)),
  );

  app.post(
    '/',
    { config, schema: { tags, body: ZTemplateCreateBody, response: { 201: zOk(ZTemplateDto) } } },
    async (request, reply) => {
      const dto = await templates.create(request.auth!, request.body);
      reply.status(201);
      return ok(dto, 'Template created');
    },
  );

  app.get(
    '/:id',
    { config, schema: { tags, params: ZIdParams, response: templateResponse } },
    async (request) => ok(await templates.get(request.auth!, request.params.id)),
  );

  app.put(
    '/:id',
    { config, schema: { tags, params: ZIdParams, body: ZTemplateUpdateBody, response: templateResponse } },
    async (request) =>
      ok(await templates.update(request.auth!, request.params.id, request.body), 'Template updated'),
  );

  app.delete(
    '/:id',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } } },
    async (request) => {
      await templates.remove(request.auth!, request.params.id);
      return okMessage('Template deleted');
    },
  );

  app.post(
    '/:id/use',
    {
      config,
      schema: { tags, params: ZIdParams, body: ZUseTemplateBody, response: { 201: zOk(ZUseTemplateResult) } },
    },
    async (request, reply) => {
      const result = await templates.use(request.auth!, request.params.id, request.body);
      reply.status(201);
      return ok(result, 'Rental unit created from template');
    },
  );
};

/** `POST /api/rental-units/{id}/template`: a unit's settings saved as a template (registered under /rental-units). */
export const unitTemplateRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const templates = services.unitTemplates;
  app.post(
    '/:id/template',
    {
      config,
      schema: {
        tags,
        summary: 'Save a rental unit as a template',
        params: ZIdParams,
        body: ZTemplateFromUnitBody,
        response: { 201: zOk(ZTemplateDto) },
      },
    },
    async (request, reply) => {
      const dto = await templates.fromUnit(request.auth!, request.params.id, request.body ?? {});
      reply.status(201);
      return ok(dto, 'Template created from unit');
    },
  );
};
