import {
  ZIdParams,
  ZLeadCreateBody,
  ZLeadDto,
  ZLeadListQuery,
  ZLeadNoteBody,
  ZLeadStats,
  ZLeadStatusBody,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access';
import { ok, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['leads'];
const superAdmin = { access: access.superAdmin };

/** /api/leads: the public contact form stores leads; the super admin works them. */
export const leadsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const leads = services.leads;

  app.post(
    '/',
    {
      config: { access: access.public },
      schema: { tags, body: ZLeadCreateBody, response: { 201: zOk(ZLeadDto.pick({ _id: true })) } },
    },
    async (request, reply) => {
      const lead = await leads.create(request.body, { ip: request.ip });
      reply.status(201);
      return ok({ _id: lead._id }, "Thanks for reaching out. We'll get back to you shortly.");
    },
  );

  app.get(
    '/',
    {
      config: superAdmin,
      schema: { tags, querystring: ZLeadListQuery, response: { 200: zOkList(ZLeadDto) } },
    },
    async (request) => okPage(await leads.list(request.query)),
  );

  app.get('/stats', { config: superAdmin, schema: { tags, response: { 200: zOk(ZLeadStats) } } }, async () =>
    ok(await leads.stats()),
  );

  app.get(
    '/:id',
    { config: superAdmin, schema: { tags, params: ZIdParams, response: { 200: zOk(ZLeadDto) } } },
    async (request) => ok(await leads.get(request.params.id)),
  );

  app.patch(
    '/:id/status',
    {
      config: superAdmin,
      schema: { tags, params: ZIdParams, body: ZLeadStatusBody, response: { 200: zOk(ZLeadDto) } },
    },
    async (request) =>
      ok(await leads.setStatus(request.params.id, request.body.status), 'Lead status updated'),
  );

  app.post(
    '/:id/notes',
    {
      config: superAdmin,
      schema: { tags, params: ZIdParams, body: ZLeadNoteBody, response: { 201: zOk(ZLeadDto) } },
    },
    async (request, reply) => {
      const lead = await leads.addNote(request.auth!, request.params.id, request.body.content);
      reply.status(201);
      return ok(lead, 'Note added');
    },
  );
};
