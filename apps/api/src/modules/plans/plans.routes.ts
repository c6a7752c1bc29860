import {
  ZIdParams,
  ZOkMessage,
  ZPlanAdminDto,
  ZPlanAdminListQuery,
  ZPlanCreateBody,
  ZPlanUpdateBody,
  ZPlanUpdateResult,
  ZPublicPlanDto,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access';
import { ok, okMessage, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['plans'];
const superAdmin = { access: access.superAdmin };

/** /api/plans: the public pricing list, and plan management for the super admin. */
export const plansRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const plans = services.plans;

  app.get(
    '/',
    {
      config: { access: access.public },
      schema: { tags, response: { 200: zOk(z.array(ZPublicPlanDto)) } },
    },
    async () => ok(await plans.listPublic()),
  );

  app.get(
    '/admin',
    {
      config: superAdmin,
      schema: { tags, querystring: ZPlanAdminListQuery, response: { 200: zOkList(ZPlanAdminDto) } },
    },
    async (request) => okPage(await plans.listAdmin(request.query)),
  );

  app.get(
    '/:id',
    { config: superAdmin, schema: { tags, params: ZIdParams, response: { 200: zOk(ZPlanAdminDto) } } },
    async (request) => ok(await plans.get(request.params.id)),
  );

  app.post(
    '/',
    { config: superAdmin, schema: { tags, body: ZPlanCreateBody, response: { 201: zOk(ZPlanAdminDto) } } },
    async (request, reply) => {
      const plan = await plans.create(request.body);
      reply.status(201);
      return ok(plan, 'Plan created');
    },
  );

  app.put(
    '/:id',
    {
      config: superAdmin,
      schema: { tags, params: ZIdParams, body: ZPlanUpdateBody, response: { 200: zOk(ZPlanUpdateResult) } },
    },
    async (request) => {
      const result = await plans.update(request.params.id, request.body);
      return ok(
        result,
        result.companiesUpdated > 0
          ? `Plan updated and applied to ${result.companiesUpdated} companies`
          : 'Plan updated',
      );
    },
  );

  app.delete(
    '/:id',
    { config: superAdmin, schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } } },
    async (request) => {
      await plans.remove(request.params.id);
      return okMessage('Plan deleted');
    },
  );
};
