import fastifyMultipart from '@fastify/multipart';
import {
  CHAT_ATTACHMENTS,
  ZChatChannelDto,
  ZChatMessageDto,
  ZChatMessagePage,
  ZChatMessagePostBody,
  ZChatMessagesQuery,
  ZChatTenancyParams,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireUser } from '../../core/access';
import { ok } from '../../core/http';
import type { ServicesOption } from '../../services';
import { type IncomingFile, readMultipartMessage } from './chat.attachments';

const tags = ['chat'];

/**
 * The tenant's conversations with their company's staff, one per tenancy (mounted at /api/chat/tenancies): any
 * signed-in person, who only ever reaches their own tenancies.
 */
export const tenantChatRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const chat = services.chat.tenant;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.min(app.deps.config.uploadLimitBytes, CHAT_ATTACHMENTS.maxBytes),
      files: CHAT_ATTACHMENTS.maxFiles,
    },
  });
  const incoming = new WeakMap<object, IncomingFile[]>();

  app.get(
    '/tenancies',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: "The caller's tenancy conversations (made on first visit), with unread counts",
        response: { 200: zOk(z.array(ZChatChannelDto)) },
      },
    },
    async (request) => ok(await chat.conversations(requireUser(request.auth))),
  );

  app.get(
    '/tenancies/:tenancyId/messages',
    {
      config: { access: access.user },
      schema: {
        tags,
        params: ZChatTenancyParams,
        querystring: ZChatMessagesQuery,
        response: { 200: ZChatMessagePage },
      },
    },
    async (request) => {
      const page = await chat.messages(requireUser(request.auth), request.params.tenancyId, request.query);
      return { success: true as const, data: page.messages, nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/tenancies/:tenancyId/messages',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: `A message to the company: JSON {body}, or multipart with up to ${CHAT_ATTACHMENTS.maxFiles} files in "${CHAT_ATTACHMENTS.field}" (403 once moved out)`,
        params: ZChatTenancyParams,
        body: ZChatMessagePostBody,
        response: { 201: zOk(ZChatMessageDto) },
      },
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        const { body, files } = await readMultipartMessage(request);
        request.body = { body };
        incoming.set(request, files);
      },
    },
    async (request, reply) => {
      const message = await chat.post(
        requireUser(request.auth),
        request.params.tenancyId,
        request.body.body,
        incoming.get(request) ?? [],
      );
      return reply.code(201).send(ok(message));
    },
  );

  app.post(
    '/tenancies/:tenancyId/read',
    {
      config: { access: access.user },
      schema: { tags, params: ZChatTenancyParams, response: { 200: zOk(ZChatChannelDto) } },
    },
    async (request) => ok(await chat.markRead(requireUser(request.auth), request.params.tenancyId)),
  );
};
