import {
  ZAddCompanyMemberBody,
  ZCompanyCreateBody,
  ZCompanyDto,
  ZCompanyListQuery,
  ZCompanySecurityBody,
  ZCompanySecurityDto,
  ZCompanyStats,
  ZCompanyUpdateBody,
  ZCompanyUserDto,
  ZId,
  ZIdParams,
  ZOkMessage,
  ZUpdateCompanyMemberBody,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access';
import { ok, okList, okMessage, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['companies'];
const ZMemberParams = z.object({ id: ZId, userId: ZId });
const ZMembersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const companiesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const companies = services.companies;

  app.get(
    '/',
    {
      config: { access: access.user, pageCache: 'memberships' },
      schema: { tags, querystring: ZCompanyListQuery, response: { 200: zOkList(ZCompanyDto) } },
    },
    async (request) => okPage(await companies.listCompanies(request.auth!, request.query)),
  );

  app.post(
    '/',
    {
      config: { access: access.user },
      schema: {
        tags,
        body: ZCompanyCreateBody,
        response: { 201: zOk(z.object({ company: ZCompanyDto, companyUser: ZCompanyUserDto })) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await companies.createCompany(request.auth!, request.body), 'Company created');
    },
  );

  app.get(
    '/:id',
    {
      config: { access: access.user },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZCompanyDto) } },
    },
    async (request) => ok(await companies.getCompany(request.auth!, request.params.id)),
  );

  app.put(
    '/:id',
    {
      config: { access: access.user },
      schema: { tags, params: ZIdParams, body: ZCompanyUpdateBody, response: { 200: zOk(ZCompanyDto) } },
    },
    async (request) =>
      ok(await companies.updateCompany(request.auth!, request.params.id, request.body), 'Company updated'),
  );

  app.get(
    '/:id/security',
    {
      config: { access: access.user },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZCompanySecurityDto) } },
    },
    async (request) => ok(await companies.getSecurity(request.auth!, request.params.id)),
  );

  app.put(
    '/:id/security',
    {
      config: { access: access.user },
      schema: {
        tags,
        params: ZIdParams,
        body: ZCompanySecurityBody,
        response: { 200: zOk(ZCompanySecurityDto) },
      },
    },
    async (request) =>
      ok(
        await companies.updateSecurity(request.auth!, request.params.id, request.body),
        'Security settings saved',
      ),
  );

  app.delete(
    '/:id',
    { config: { access: access.user }, schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } } },
    async (request) => {
      await companies.deleteCompany(request.auth!, request.params.id);
      return okMessage('Company deleted');
    },
  );

  app.get(
    '/:id/stats',
    {
      config: { access: access.user },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZCompanyStats) } },
    },
    async (request) => ok(await companies.stats(request.auth!, request.params.id)),
  );

  app.get(
    '/:id/users',
    {
      config: { access: access.user },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZMembersQuery,
        response: { 200: zOkList(ZCompanyUserDto) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, pagination } = await companies.listMembers(request.auth!, request.params.id, page, limit);
      return okList(data, pagination);
    },
  );

  app.post(
    '/:id/users',
    {
      config: { access: access.user },
      schema: {
        tags,
        params: ZIdParams,
        body: ZAddCompanyMemberBody,
        response: { 201: zOk(ZCompanyUserDto) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await companies.addMember(request.auth!, request.params.id, request.body),
        'User added to company',
      );
    },
  );

  app.put(
    '/:id/users/:userId',
    {
      config: { access: access.user },
      schema: {
        tags,
        params: ZMemberParams,
        body: ZUpdateCompanyMemberBody,
        response: { 200: zOk(ZCompanyUserDto) },
      },
    },
    async (request) =>
      ok(
        await companies.updateMember(request.auth!, request.params.id, request.params.userId, request.body),
        'Company user updated',
      ),
  );

  app.delete(
    '/:id/users/:userId',
    {
      config: { access: access.user },
      schema: { tags, params: ZMemberParams, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await companies.removeMember(request.auth!, request.params.id, request.params.userId);
      return okMessage('User removed from company');
    },
  );
};
