import {
  CHAT_EVENTS,
  type ChatChannelCreateInput,
  type ChatChannelDto,
  type ChatMessageDto,
  canUseFeature,
  ZChatChannelCreateBody,
} from '@rentora/shared';
import { accessContextOf, type CompanyContext } from '../../core/access';
import type { AppDeps, ServiceLog } from '../../core/app-deps';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors';
import type { ServerToClientEvents } from '../../core/realtime';
import { createUrlSigner } from '../../core/signed-urls';
import type { Tx } from '../../db/client';
import { type IncomingFile, removeAttachmentFiles, storeAttachments } from './chat.attachments';
import { toChannelDto, toMessageDto as toMessageDtoWith } from './chat.dto';
import { createChatRepo, type MessageRow } from './chat.repo';
import { createTenancyChatRepo } from './chat.tenancy.repo';
import { type ChannelRef, createTenantChat, notifyTenantOfReply } from './chat.tenant';

type ChatEvent = (typeof CHAT_EVENTS)[keyof typeof CHAT_EVENTS];

/** Staff who may read tenants see the tenancy conversations of their company. */
const seesTenancies = (ctx: CompanyContext) => canUseFeature(accessContextOf(ctx), 'tenants_read');

export { authorizeChatFile } from './chat.attachments';
export function createChatService(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'storage' | 'config' | 'notifier' | 'mailer'>,
  log?: ServiceLog,
) {
  const { db, realtime, storage } = deps;
  const repo = createChatRepo(db);
  const tenancyRepo = createTenancyChatRepo(db);
  const signer = createUrlSigner(deps.config.jwtSecret);
  const toMessageDto = (row: MessageRow) => toMessageDtoWith(row, (key) => signer.signed(key));

  /** The channel if the caller may see it (404 otherwise): its id, kind and privacy. */
  async function visibleChannel(ctx: CompanyContext, channelId: string): Promise<ChannelRef> {
    const channel = await repo.findChannelRef(ctx.companyId, ctx.userId, channelId, seesTenancies(ctx));
    if (!channel) throw notFound('Channel');
    return channel;
  }

  /**
   * A public channel's events go to the company room; a private one's or a DM's only to its members; a tenancy
   * conversation's to its tenant and the staff who may read tenants.
   */
  async function emit<E extends ChatEvent>(
    channel: ChannelRef,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): Promise<void> {
    if (channel.kind === 'channel' && !channel.isPrivate) {
      realtime.emitToCompany(channel.companyId, event, ...args);
      return;
    }
    const recipients = new Set<string>();
    if (channel.kind === 'tenancy' && channel.tenancyId) {
      for (const id of await tenancyRepo.tenantReaderIds(channel.companyId)) recipients.add(id);
      const tenancy = await tenancyRepo.tenancyOf(channel.companyId, channel.tenancyId);
      if (tenancy) recipients.add(tenancy.userId);
    } else {
      for (const id of await repo.memberIds(channel.id)) recipients.add(id);
    }
    for (const userId of recipients) realtime.emitToUser(userId, event, ...args);
  }

  async function channelDto(ctx: CompanyContext, channelId: string): Promise<ChatChannelDto> {
    const channel = await repo.findChannel(ctx.companyId, ctx.userId, channelId, seesTenancies(ctx));
    if (!channel) throw notFound('Channel');
    return toChannelDto(channel, 'staff');
  }

  /** Writes a message with its files in one transaction (files stored first, removed again on failure), then emits it. */
  async function writeMessage(
    channel: ChannelRef,
    authorId: string,
    body: string,
    files: readonly IncomingFile[],
  ): Promise<ChatMessageDto> {
    if (!body && files.length === 0) throw badRequest('Write a message', 'body');
    const { companyId } = channel;
    const channelId = channel.id;
    const stored = await storeAttachments(storage, `chat/${companyId}/${channelId}`, files);
    let id: string;
    try {
      id = await db.transaction(async (tx: Tx) => {
        const txRepo = createChatRepo(tx);
        const message = await txRepo.insertMessage({ channelId, companyId, authorId, body });
        await txRepo.insertAttachments(
          stored.map((file) => ({ ...file, companyId, channelId, messageId: message.id })),
        );
        // Writing is reading: the author has seen everything up to their own message.
        await txRepo.markRead(channelId, companyId, authorId, new Date());
        return message.id;
      });
    } catch (error) {
      await removeAttachmentFiles(storage, stored);
      throw error;
    }
    const message = toMessageDto((await repo.messageById(id))!);
    await emit(channel, CHAT_EVENTS.message, message);
    return message;
  }

  const tenant = createTenantChat({ db, repo, tenancyRepo, toMessageDto, writeMessage });

  return {
    /** The tenant side: their tenancy conversations (GET/POST /api/chat/tenancies…). */
    tenant,

    async listChannels(ctx: CompanyContext): Promise<ChatChannelDto[]> {
      await repo.ensureGeneral(ctx.companyId);
      return (await repo.listChannels(ctx.companyId, ctx.userId, seesTenancies(ctx))).map((row) =>
        toChannelDto(row, 'staff'),
      );
    },

    members(ctx: CompanyContext) {
      return repo.activeMembers(ctx.companyId);
    },

    async createChannel(ctx: CompanyContext, input: ChatChannelCreateInput): Promise<ChatChannelDto> {
      const body = ZChatChannelCreateBody.parse(input);
      const otherIds = [...new Set(body.memberIds)].filter((id) => id !== ctx.userId);
      const members = await repo.activeMembers(ctx.companyId, otherIds);
      if (members.length !== otherIds.length)
        throw badRequest('Every member must be an active member of the company', 'memberIds');
      const id = await db.transaction(async (tx: Tx) => {
        const txRepo = createChatRepo(tx);
        const created = await txRepo.insertChannel({
          companyId: ctx.companyId,
          kind: 'channel',
          name: body.name,
          description: body.description || null,
          isPrivate: body.isPrivate,
          createdBy: ctx.userId,
        });
        if (!created) throw conflict(`A channel named #${body.name} already exists`);
        await txRepo.addMembers(created.id, ctx.companyId, [ctx.userId, ...(body.isPrivate ? otherIds : [])]);
        return created.id;
      });
      return channelDto(ctx, id);
    },

    async openDirect(ctx: CompanyContext, userId: string): Promise<ChatChannelDto> {
      if (userId === ctx.userId) throw badRequest('Pick someone else to message', 'userId');
      const [peer] = await repo.activeMembers(ctx.companyId, [userId]);
      if (!peer) throw notFound('Member');
      const directKey = [ctx.userId, userId].sort().join(':');
      const existing = await repo.findDirect(ctx.companyId, directKey);
      if (existing) return channelDto(ctx, existing.id);
      const id = await db.transaction(async (tx: Tx) => {
        const txRepo = createChatRepo(tx);
        const created = await txRepo.insertChannel({
          companyId: ctx.companyId,
          kind: 'direct',
          directKey,
          isPrivate: true,
          createdBy: ctx.userId,
        });
        // Two people opening the same conversation at once: the loser reuses the winner's.
        const channelId = created?.id ?? (await txRepo.findDirect(ctx.companyId, directKey))!.id;
        await txRepo.addMembers(channelId, ctx.companyId, [ctx.userId, userId]);
        return channelId;
      });
      return channelDto(ctx, id);
    },

    async listMessages(ctx: CompanyContext, channelId: string, query: { before?: string; limit: number }) {
      await visibleChannel(ctx, channelId);
      const rows = await repo.listMessages(channelId, query.before, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return {
        messages: page.map(toMessageDto),
        nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /** A message with text, files or both; files are checked and stored before the rows are written. */
    async postMessage(
      ctx: CompanyContext,
      channelId: string,
      body: string,
      files: readonly IncomingFile[] = [],
    ): Promise<ChatMessageDto> {
      const channel = await visibleChannel(ctx, channelId);
      const tenancy =
        channel.kind === 'tenancy' && channel.tenancyId
          ? await tenancyRepo.tenancyOf(channel.companyId, channel.tenancyId)
          : undefined;
      // Told once per run of unread replies: only when the tenant had read everything before this one.
      const tellTenant = tenancy ? (await repo.unreadOf(channel.id, tenancy.userId)) === 0 : false;
      const message = await writeMessage(channel, ctx.userId, body, files);
      if (tenancy && tellTenant) {
        await notifyTenantOfReply(deps, channel, tenancy.userId, message).catch((error: unknown) =>
          log?.error({ err: error }, 'telling the tenant of a reply failed'),
        );
      }
      return message;
    },

    async editMessage(ctx: CompanyContext, messageId: string, body: string): Promise<ChatMessageDto> {
      const { channel } = await ownMessage(ctx, messageId);
      await repo.updateMessage(ctx.companyId, messageId, body);
      const message = toMessageDto((await repo.messageById(messageId))!);
      await emit(channel, CHAT_EVENTS.edit, message);
      return message;
    },

    async deleteMessage(ctx: CompanyContext, messageId: string): Promise<void> {
      const { channel } = await ownMessage(ctx, messageId);
      const files = await db.transaction(async (tx: Tx) => {
        const txRepo = createChatRepo(tx);
        await txRepo.deleteMessage(ctx.companyId, messageId);
        return txRepo.deleteAttachments(ctx.companyId, messageId);
      });
      await removeAttachmentFiles(storage, files);
      await emit(channel, CHAT_EVENTS.delete, { channelId: channel.id, messageId });
    },

    async markRead(ctx: CompanyContext, channelId: string): Promise<ChatChannelDto> {
      await visibleChannel(ctx, channelId);
      await repo.markRead(channelId, ctx.companyId, ctx.userId, new Date());
      return channelDto(ctx, channelId);
    },

    async typing(ctx: CompanyContext, channelId: string): Promise<void> {
      const channel = await visibleChannel(ctx, channelId);
      const { user } = ctx;
      await emit(channel, CHAT_EVENTS.typing, {
        channelId,
        user: { _id: user.id, firstName: user.firstName, lastName: user.lastName, avatar: user.avatar },
      });
    },
  };

  async function ownMessage(ctx: CompanyContext, messageId: string) {
    const message = await repo.findMessage(ctx.companyId, messageId);
    if (!message) throw notFound('Message');
    const channel = await visibleChannel(ctx, message.channelId).catch(() => {
      throw notFound('Message');
    });
    if (message.authorId !== ctx.userId) throw forbidden('You can only change your own messages');
    if (message.deletedAt) throw conflict('This message was deleted');
    return { message, channel };
  }
}
