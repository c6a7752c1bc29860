import {
  ZCompanyUserDetailDto,
  ZCompanyUserDto,
  ZCompanyUserGoalCreateBody,
  ZCompanyUserGoalDto,
  ZCompanyUserGoalUpdateBody,
  ZCompanyUserListQuery,
  ZCompanyUserNoteBody,
  ZCompanyUserNoteDto,
  ZCompanyUserPermissionsBody,
  ZCompanyUserRoleBody,
  ZCompanyUsersByCompanyQuery,
  ZCompanyUsersStats,
  ZCompanyUserUpdateBody,
  ZId,
  ZIdParams,
  ZInvitationCreateBody,
  ZInvitationDto,
  ZLimitedCompanyUsers,
  ZLimitedCompanyUsersQuery,
  ZMigratePermissionsBody,
  ZMigratePermissionsResult,
  ZOkMessage,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany } from '../../core/access';
import { ok, okMessage, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['company-users'];
const ZGoalParams = z.object({ id: ZId, goalId: ZId });
const ZNotesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const read = access.company('users_read');
const update = access.companyAny('users_write', 'users_update');
const remove = access.companyAny('users_write', 'users_delete');
const invite = access.company('users_write');

/** /api/company-users: `:id` is the company-user record id, looked up in the caller's current company. */
export const companyUsersRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const service = services.companyUsers;

  app.get(
    '/',
    {
      config: { access: access.user, pageCache: true },
      schema: { tags, querystring: ZCompanyUserListQuery, response: { 200: zOkList(ZCompanyUserDto) } },
    },
    async (request) => okPage(await service.list(request.auth!, request.query)),
  );

  app.get(
    '/by-company',
    {
      config: { access: access.user },
      schema: {
        tags,
        querystring: ZCompanyUsersByCompanyQuery,
        response: { 200: zOkList(ZCompanyUserDto) },
      },
    },
    async (request) => okPage(await service.listByCompany(request.auth!, request.query)),
  );

  app.get(
    '/get-limited',
    {
      config: { access: access.company() },
      schema: { tags, querystring: ZLimitedCompanyUsersQuery, response: { 200: ZLimitedCompanyUsers } },
    },
    async (request, reply) => {
      const result = await service.limited(requireCompany(request.auth), request.query);
      reply.header('cache-control', `private, max-age=${Math.floor(result.cacheTtlMs / 1000)}`);
      reply.header('vary', 'authorization, x-company-id');
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/invite',
    {
      config: { access: invite },
      schema: { tags, body: ZInvitationCreateBody, response: { 201: zOk(ZInvitationDto) } },
    },
    async (request, reply) => {
      const invitation = await service.invite(requireCompany(request.auth), request.body);
      reply.status(201);
      return ok(invitation, `Invitation sent to ${invitation.email}`);
    },
  );

  app.post(
    '/migrate-permissions',
    {
      config: { access: access.company() },
      schema: { tags, body: ZMigratePermissionsBody, response: { 200: zOk(ZMigratePermissionsResult) } },
    },
    async (request) =>
      ok(
        await service.migratePermissions(requireCompany(request.auth), request.body),
        'Permissions migrated',
      ),
  );

  app.get(
    '/:id',
    {
      config: { access: read },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZCompanyUserDetailDto) } },
    },
    async (request) => ok(await service.get(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/:id',
    {
      config: { access: update },
      schema: {
        tags,
        params: ZIdParams,
        body: ZCompanyUserUpdateBody,
        response: { 200: zOk(ZCompanyUserDto) },
      },
    },
    async (request) =>
      ok(
        await service.update(requireCompany(request.auth), request.params.id, request.body),
        'Company user updated',
      ),
  );

  app.put(
    '/:id/permissions',
    {
      config: { access: update },
      schema: {
        tags,
        params: ZIdParams,
        body: ZCompanyUserPermissionsBody,
        response: { 200: zOk(ZCompanyUserDto) },
      },
    },
    async (request) =>
      ok(
        await service.setPermissions(requireCompany(request.auth), request.params.id, request.body),
        'Permissions updated',
      ),
  );

  app.put(
    '/:id/role',
    {
      config: { access: update },
      schema: {
        tags,
        params: ZIdParams,
        body: ZCompanyUserRoleBody,
        response: { 200: zOk(ZCompanyUserDto) },
      },
    },
    async (request) =>
      ok(
        await service.setRole(requireCompany(request.auth), request.params.id, request.body),
        'Role updated',
      ),
  );

  app.post(
    '/:id/goals',
    {
      config: { access: update },
      schema: {
        tags,
        params: ZIdParams,
        body: ZCompanyUserGoalCreateBody,
        response: { 201: zOk(ZCompanyUserGoalDto) },
      },
    },
    async (request, reply) => {
      const goal = await service.addGoal(requireCompany(request.auth), request.params.id, request.body);
      reply.status(201);
      return ok(goal, 'Goal added');
    },
  );

  app.put(
    '/:id/goals/:goalId',
    {
      config: { access: update },
      schema: {
        tags,
        params: ZGoalParams,
        body: ZCompanyUserGoalUpdateBody,
        response: { 200: zOk(ZCompanyUserGoalDto) },
      },
    },
    async (request) =>
      ok(
        await service.updateGoal(
          requireCompany(request.auth),
          request.params.id,
          request.params.goalId,
          request.body,
        ),
        'Goal updated',
      ),
  );

  app.delete(
    '/:id/goals/:goalId',
    { config: { access: update }, schema: { tags, params: ZGoalParams, response: { 200: ZOkMessage } } },
    async (request) => {
      await service.deleteGoal(requireCompany(request.auth), request.params.id, request.params.goalId);
      return okMessage('Goal deleted');
    },
  );

  app.put(
    '/:id/deactivate',
    {
      config: { access: update },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZCompanyUserDto) } },
    },
    async (request) =>
      ok(await service.setActive(requireCompany(request.auth), request.params.id, false), 'User deactivated'),
  );

  app.put(
    '/:id/reactivate',
    {
      config: { access: update },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZCompanyUserDto) } },
    },
    async (request) =>
      ok(await service.setActive(requireCompany(request.auth), request.params.id, true), 'User reactivated'),
  );

  app.delete(
    '/:id',
    { config: { access: remove }, schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } } },
    async (request) => {
      await service.remove(requireCompany(request.auth), request.params.id);
      return okMessage('User removed from company');
    },
  );

  app.post(
    '/:id/resend-invitation',
    {
      config: { access: invite },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZInvitationDto) } },
    },
    async (request) =>
      ok(
        await service.resendInvitation(requireCompany(request.auth), request.params.id),
        'Invitation sent again',
      ),
  );

  app.delete(
    '/:id/cancel-invitation',
    {
      config: { access: invite },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZInvitationDto) } },
    },
    async (request) =>
      ok(
        await service.cancelInvitation(requireCompany(request.auth), request.params.id),
        'Invitation cancelled',
      ),
  );

  app.get(
    '/:id/notes',
    {
      config: { access: read },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZNotesQuery,
        response: { 200: zOkList(ZCompanyUserNoteDto) },
      },
    },
    async (request) =>
      okPage(
        await service.listNotes(
          requireCompany(request.auth),
          request.params.id,
          request.query.page,
          request.query.limit,
        ),
      ),
  );

  app.post(
    '/:id/notes',
    {
      config: { access: update },
      schema: {
        tags,
        params: ZIdParams,
        body: ZCompanyUserNoteBody,
        response: { 201: zOk(ZCompanyUserNoteDto) },
      },
    },
    async (request, reply) => {
      const note = await service.addNote(
        requireCompany(request.auth),
        request.params.id,
        request.body.content,
      );
      reply.status(201);
      return ok(note, 'Note added');
    },
  );
};

/** /api/companies/:id/users/stats — registered under the /companies prefix by this module. */
export const companyUserStatsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const service = services.companyUsers;

  app.get(
    '/:id/users/stats',
    {
      config: { access: access.user },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZCompanyUsersStats) } },
    },
    async (request) => ok(await service.stats(request.auth!, request.params.id)),
  );
};
