import {
  ZIdParams,
  ZIntegrationPageQuery,
  ZWebhookAttemptDto,
  ZWebhookCreateBody,
  ZWebhookCreated,
  ZWebhookDto,
  ZWebhookUpdateBody,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany } from '../../core/access';
import { ok, okMessage, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['webhooks'];
const read = { access: access.company('company_read') };
const manage = { access: access.company('company_update') };

/** /api/webhooks: a company's receivers of signed outgoing webhooks, their delivery log and redelivery. */
export const webhooksRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { webhooks } = services;

  app.post(
    '/',
    { config: manage, schema: { tags, body: ZWebhookCreateBody, response: { 201: zOk(ZWebhookCreated) } } },
    async (request, reply) => {
      const created = await webhooks.create(requireCompany(request.auth), request.body);
      reply.status(201);
      return ok(created, 'Webhook created. Copy the signing secret now: it will not be shown again.');
    },
  );

  app.get(
    '/',
    {
      config: read,
      schema: { tags, querystring: ZIntegrationPageQuery, response: { 200: zOkList(ZWebhookDto) } },
    },
    async (request) => okPage(await webhooks.list(requireCompany(request.auth), request.query)),
  );

  app.get(
    '/:id',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: zOk(ZWebhookDto) } } },
    async (request) => ok(await webhooks.get(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/:id',
    {
      config: manage,
      schema: { tags, params: ZIdParams, body: ZWebhookUpdateBody, response: { 200: zOk(ZWebhookDto) } },
    },
    async (request) =>
      ok(
        await webhooks.update(requireCompany(request.auth), request.params.id, request.body),
        'Webhook updated',
      ),
  );

  app.delete('/:id', { config: manage, schema: { tags, params: ZIdParams } }, async (request) => {
    await webhooks.remove(requireCompany(request.auth), request.params.id);
    return okMessage('Webhook deleted');
  });

  app.post(
    '/:id/test',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: zOk(ZWebhookAttemptDto) } } },
    async (request) => ok(await webhooks.sendTest(requireCompany(request.auth), request.params.id)),
  );

  app.get(
    '/:id/deliveries',
    {
      config: read,
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZIntegrationPageQuery,
        response: { 200: zOkList(ZWebhookAttemptDto) },
      },
    },
    async (request) =>
      okPage(await webhooks.deliveries(requireCompany(request.auth), request.params.id, request.query)),
  );

  app.post(
    '/deliveries/:id/redeliver',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: zOk(ZWebhookAttemptDto) } } },
    async (request) => ok(await webhooks.redeliver(requireCompany(request.auth), request.params.id)),
  );
};
