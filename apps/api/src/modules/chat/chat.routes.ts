import fastifyMultipart from '@fastify/multipart';
import {
  CHAT_ATTACHMENTS,
  ZChatChannelCreateBody,
  ZChatChannelDto,
  ZChatChannelParams,
  ZChatDirectBody,
  ZChatMember,
  ZChatMessageBody,
  ZChatMessageDto,
  ZChatMessagePage,
  ZChatMessagePostBody,
  ZChatMessagesQuery,
  ZIdParams,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany } from '../../core/access';
import { ok, okMessage } from '../../core/http';
import type { ServicesOption } from '../../services';
import { type IncomingFile, readMultipartMessage } from './chat.attachments';

const tags = ['chat'];
/** Any active staff member of the current company; tenants have no company and get 403. */
const staff = access.company();

/** Staff chat; mounted at /api/chat. */
export const chatRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const chat = services.chat;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.min(app.deps.config.uploadLimitBytes, CHAT_ATTACHMENTS.maxBytes),
      files: CHAT_ATTACHMENTS.maxFiles,
    },
  });
  /** Files of a multipart message, read before validation (the text becomes the validated body). */
  const incoming = new WeakMap<object, IncomingFile[]>();

  app.get(
    '/channels',
    {
      config: { access: staff, pageCache: 'chat' },
      schema: { tags, response: { 200: zOk(z.array(ZChatChannelDto)) } },
    },
    async (request) => ok(await chat.listChannels(requireCompany(request.auth))),
  );

  app.post(
    '/channels',
    {
      config: { access: staff },
      schema: { tags, body: ZChatChannelCreateBody, response: { 201: zOk(ZChatChannelDto) } },
    },
    async (request, reply) => {
      const channel = await chat.createChannel(requireCompany(request.auth), request.body);
      return reply.code(201).send(ok(channel, 'Channel created'));
    },
  );

  app.get(
    '/members',
    {
      config: { access: staff, pageCache: 'chat' },
      schema: { tags, response: { 200: zOk(z.array(ZChatMember)) } },
    },
    async (request) => ok(await chat.members(requireCompany(request.auth))),
  );

  app.post(
    '/direct',
    {
      config: { access: staff },
      schema: { tags, body: ZChatDirectBody, response: { 200: zOk(ZChatChannelDto) } },
    },
    async (request) => ok(await chat.openDirect(requireCompany(request.auth), request.body.userId)),
  );

  app.get(
    '/channels/:id/messages',
    {
      config: { access: staff, pageCache: 'chat' },
      schema: {
        tags,
        params: ZChatChannelParams,
        querystring: ZChatMessagesQuery,
        response: { 200: ZChatMessagePage },
      },
    },
    async (request) => {
      const page = await chat.listMessages(requireCompany(request.auth), request.params.id, request.query);
      return { success: true as const, data: page.messages, nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/channels/:id/messages',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: `A message: JSON {body}, or multipart/form-data with the text in "body" and up to ${CHAT_ATTACHMENTS.maxFiles} files in "${CHAT_ATTACHMENTS.field}"`,
        params: ZChatChannelParams,
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
      const message = await chat.postMessage(
        requireCompany(request.auth),
        request.params.id,
        request.body.body,
        incoming.get(request) ?? [],
      );
      return reply.code(201).send(ok(message));
    },
  );

  app.post(
    '/channels/:id/read',
    {
      config: { access: staff },
      schema: { tags, params: ZChatChannelParams, response: { 200: zOk(ZChatChannelDto) } },
    },
    async (request) => ok(await chat.markRead(requireCompany(request.auth), request.params.id)),
  );

  app.post(
    '/channels/:id/typing',
    { config: { access: staff }, schema: { tags, params: ZChatChannelParams } },
    async (request) => {
      await chat.typing(requireCompany(request.auth), request.params.id);
      return okMessage('Typing');
    },
  );

  app.put(
    '/messages/:id',
    {
      config: { access: staff },
      schema: { tags, params: ZIdParams, body: ZChatMessageBody, response: { 200: zOk(ZChatMessageDto) } },
    },
    async (request) =>
      ok(
        await chat.editMessage(requireCompany(request.auth), request.params.id, request.body.body),
        'Message edited',
      ),
  );

  app.delete(
    '/messages/:id',
    { config: { access: staff }, schema: { tags, params: ZIdParams } },
    async (request) => {
      await chat.deleteMessage(requireCompany(request.auth), request.params.id);
      return okMessage('Message deleted');
    },
  );
};
