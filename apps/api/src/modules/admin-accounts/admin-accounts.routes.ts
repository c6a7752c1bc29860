import {
  ZAdminCreateBody,
  ZAdminUserDto,
  ZAdminUserListQuery,
  ZAdminUserRoleBody,
  ZAdminUserStats,
  ZAdminUserStatusBody,
  ZIdParams,
  ZOkMessage,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access';
import { ok, okMessage, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['admin-accounts'];
const config = { access: access.superAdmin };

/** /api/auth/admin: the platform's accounts, super_admin only. */
export const adminAccountsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const admin = services.adminAccounts;

  app.post(
    '/create',
    { config, schema: { tags, body: ZAdminCreateBody, response: { 201: zOk(ZAdminUserDto) } } },
    async (request, reply) => {
      const created = await admin.create(request.auth!, request.body);
      reply.status(201);
      return ok(created, 'Admin account created');
    },
  );

  app.get(
    '/users',
    { config, schema: { tags, querystring: ZAdminUserListQuery, response: { 200: zOkList(ZAdminUserDto) } } },
    async (request) => okPage(await admin.list(request.query)),
  );

  app.patch(
    '/users/:id/status',
    {
      config,
      schema: { tags, params: ZIdParams, body: ZAdminUserStatusBody, response: { 200: zOk(ZAdminUserDto) } },
    },
    async (request) => {
      const user = await admin.setStatus(request.auth!, request.params.id, request.body.isActive);
      return ok(user, user.isActive ? 'User activated' : 'User deactivated');
    },
  );

  app.patch(
    '/users/:id/role',
    {
      config,
      schema: { tags, params: ZIdParams, body: ZAdminUserRoleBody, response: { 200: zOk(ZAdminUserDto) } },
    },
    async (request) =>
      ok(await admin.setRole(request.auth!, request.params.id, request.body), 'Role updated'),
  );

  app.delete(
    '/users/:id',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } } },
    async (request) => {
      await admin.remove(request.auth!, request.params.id);
      return okMessage('User deleted');
    },
  );

  app.get('/stats', { config, schema: { tags, response: { 200: zOk(ZAdminUserStats) } } }, async () =>
    ok(await admin.stats()),
  );
};
