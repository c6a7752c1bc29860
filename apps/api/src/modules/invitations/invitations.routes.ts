import {
  ZAcceptInvitationBody,
  ZAcceptInvitationResult,
  ZCompanyMemberParams,
  ZCompanyUserDto,
  ZId,
  ZIdParams,
  ZInvitationCreateBody,
  ZInvitationDto,
  ZInvitationListQuery,
  ZInvitationTokenParams,
  ZOkMessage,
  ZPublicInvitationDto,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access';
import { ok, okMessage, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['invitations'];

export const invitationsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const invitations = services.invitations;

  app.post(
    '/invite',
    {
      config: { access: access.user },
      schema: { tags, body: ZInvitationCreateBody, response: { 201: zOk(ZInvitationDto) } },
    },
    async (request, reply) => {
      const invitation = await invitations.create(request.auth!, request.body);
      reply.status(201);
      return ok(invitation, `Invitation sent to ${invitation.email}`);
    },
  );

  app.get(
    '/companies/:companyId/invitations',
    {
      config: { access: access.user },
      schema: {
        tags,
        params: z.object({ companyId: ZId }),
        querystring: ZInvitationListQuery,
        response: { 200: zOkList(ZInvitationDto) },
      },
    },
    async (request) => okPage(await invitations.list(request.auth!, request.params.companyId, request.query)),
  );

  app.patch(
    '/companies/:companyId/users/:userId/toggle-activation',
    {
      config: { access: access.user },
      schema: { tags, params: ZCompanyMemberParams, response: { 200: zOk(ZCompanyUserDto) } },
    },
    async (request) => {
      const member = await invitations.toggleActivation(
        request.auth!,
        request.params.companyId,
        request.params.userId,
      );
      return ok(member, member.isActive ? 'User activated' : 'User deactivated');
    },
  );

  app.get(
    '/:token',
    {
      config: { access: access.public },
      schema: { tags, params: ZInvitationTokenParams, response: { 200: zOk(ZPublicInvitationDto) } },
    },
    async (request) => ok(await invitations.getByToken(request.params.token)),
  );

  app.post(
    '/:token/accept',
    {
      config: { access: access.optional },
      schema: {
        tags,
        params: ZInvitationTokenParams,
        body: ZAcceptInvitationBody,
        response: { 200: zOk(ZAcceptInvitationResult) },
      },
    },
    async (request) => {
      const result = await invitations.accept(request.auth, request.params.token, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300),
      });
      return ok(result, `Welcome to ${result.company.name}`);
    },
  );

  app.post(
    '/:token/decline',
    {
      config: { access: access.public },
      schema: { tags, params: ZInvitationTokenParams, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await invitations.decline(request.params.token);
      return okMessage('Invitation declined');
    },
  );

  app.post(
    '/:id/resend',
    {
      config: { access: access.company('users_write') },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZInvitationDto) } },
    },
    async (request) =>
      ok(await invitations.resend(request.auth!, request.params.id), 'Invitation sent again'),
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: access.company('users_write') },
      schema: {
        tags,
        summary: 'Cancel an invitation',
        params: ZIdParams,
        response: { 200: zOk(ZInvitationDto) },
      },
    },
    async (request) => ok(await invitations.cancel(request.auth!, request.params.id), 'Invitation cancelled'),
  );
};
