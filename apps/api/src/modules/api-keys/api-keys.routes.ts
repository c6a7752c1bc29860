import {
  ZApiKeyCreateBody,
  ZApiKeyCreated,
  ZApiKeyDto,
  ZIdParams,
  ZIntegrationPageQuery,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany } from '../../core/access';
import { ok, okMessage, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['api-keys'];
const manage = { access: access.company('company_update') };

/** /api/api-keys: company API keys (shown once, stored hashed, revoked at once). */
export const apiKeysRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { apiKeys } = services;

  app.post(
    '/',
    { config: manage, schema: { tags, body: ZApiKeyCreateBody, response: { 201: zOk(ZApiKeyCreated) } } },
    async (request, reply) => {
      const created = await apiKeys.create(requireCompany(request.auth), request.body);
      reply.status(201);
      return ok(created, 'API key created. Copy it now: it will not be shown again.');
    },
  );

  app.get(
    '/',
    {
      config: manage,
      schema: { tags, querystring: ZIntegrationPageQuery, response: { 200: zOkList(ZApiKeyDto) } },
    },
    async (request) => okPage(await apiKeys.list(requireCompany(request.auth), request.query)),
  );

  app.delete('/:id', { config: manage, schema: { tags, params: ZIdParams } }, async (request) => {
    await apiKeys.revoke(requireCompany(request.auth), request.params.id);
    return okMessage('API key revoked');
  });
};
