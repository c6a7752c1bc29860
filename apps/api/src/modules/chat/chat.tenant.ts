import { CHAT_MOVED_OUT_MESSAGE, type ChatChannelDto, type ChatMessageDto } from '@rentora/shared';
import type { AuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { forbidden, notFound } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import { sendMail } from '../../core/mail-delivery';
import type { DbOrTx } from '../../db/client';
import type { IncomingFile } from './chat.attachments';
import { toChannelDto } from './chat.dto';
import type { ChatRepo, MessageRow } from './chat.repo';
import { createTenancyChatRepo, type TenancyChatRepo } from './chat.tenancy.repo';

/** What a service needs to know of a channel to check and route its events. */
export interface ChannelRef {
  id: string;
  kind: 'channel' | 'direct' | 'tenancy';
  isPrivate: boolean;
  companyId: string;
  tenancyId: string | null;
}

interface TenantChatDeps {
  db: DbOrTx;
  repo: ChatRepo;
  tenancyRepo: TenancyChatRepo;
  toMessageDto: (row: MessageRow) => ChatMessageDto;
  writeMessage: (
    channel: ChannelRef,
    authorId: string,
    body: string,
    files: readonly IncomingFile[],
  ) => Promise<ChatMessageDto>;
}

/**
 * The tenant's side of tenancy conversations: one per tenancy (active, notice given or moved out), made on demand,
 * addressed by the tenancy id. Another person's tenancy, or a pending or rejected one, is not found.
 */
export function createTenantChat(deps: TenantChatDeps) {
  const { repo, tenancyRepo } = deps;

  /** Makes the conversations of the tenant's tenancies that have none. */
  async function ensureChannels(userId: string): Promise<void> {
    await tenancyRepo.insertTenancyChannels(await tenancyRepo.tenanciesWithoutChannel(userId));
  }

  /** The caller's tenancy conversation (made now if needed), or 404. */
  async function conversation(ctx: AuthContext, tenancyId: string) {
    let tenancy = await tenancyRepo.tenantTenancy(ctx.userId, tenancyId);
    if (!tenancy) throw notFound('Conversation');
    if (!tenancy.channelId) {
      await ensureChannels(ctx.userId);
      tenancy = await tenancyRepo.tenantTenancy(ctx.userId, tenancyId);
    }
    const channel: ChannelRef = {
      id: tenancy!.channelId!,
      kind: 'tenancy',
      isPrivate: true,
      companyId: tenancy!.companyId,
      tenancyId,
    };
    return { channel, movedOut: tenancy!.tenancyStatus === 'moved_out' };
  }

  async function channelDto(ctx: AuthContext, channelId: string): Promise<ChatChannelDto> {
    const row = (await repo.tenantChannels(ctx.userId)).find((channel) => channel.id === channelId);
    if (!row) throw notFound('Conversation');
    return toChannelDto(row, 'tenant');
  }

  return {
    /** GET /api/chat/tenancies: the caller's conversations, newest activity first. */
    async conversations(ctx: AuthContext): Promise<ChatChannelDto[]> {
      await ensureChannels(ctx.userId);
      return (await repo.tenantChannels(ctx.userId)).map((row) => toChannelDto(row, 'tenant'));
    },

    async messages(ctx: AuthContext, tenancyId: string, query: { before?: string; limit: number }) {
      const { channel } = await conversation(ctx, tenancyId);
      const rows = await repo.listMessages(channel.id, query.before, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return {
        messages: page.map(deps.toMessageDto),
        nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /** A message to the company's staff; a moved-out tenant may read but not write (403). */
    async post(
      ctx: AuthContext,
      tenancyId: string,
      body: string,
      files: readonly IncomingFile[] = [],
    ): Promise<ChatMessageDto> {
      const { channel, movedOut } = await conversation(ctx, tenancyId);
      if (movedOut) throw forbidden(CHAT_MOVED_OUT_MESSAGE);
      return deps.writeMessage(channel, ctx.userId, body, files);
    },

    async markRead(ctx: AuthContext, tenancyId: string): Promise<ChatChannelDto> {
      const { channel } = await conversation(ctx, tenancyId);
      await repo.markRead(channel.id, channel.companyId, ctx.userId, new Date());
      return channelDto(ctx, channel.id);
    },
  };
}

export type TenantChat = ReturnType<typeof createTenantChat>;

/**
 * Tells a tenant that staff replied (in-app and email, kind `messages`, each as their preferences allow). Called
 * once per run of unread replies, after the message is stored; best effort.
 */
export async function notifyTenantOfReply(
  deps: Pick<AppDeps, 'db' | 'notifier' | 'mailer' | 'config'>,
  channel: ChannelRef,
  tenantId: string,
  message: ChatMessageDto,
): Promise<void> {
  const author = `${message.author.firstName} ${message.author.lastName}`.trim() || 'Your landlord';
  const preview = message.body ? message.body.slice(0, 140) : 'sent you a file';
  const link = channel.tenancyId ? `/tenant/messages?tenancy=${channel.tenancyId}` : '/tenant/messages';
  await deps.notifier.notifyUser(tenantId, {
    companyId: channel.companyId,
    category: 'tenant',
    kind: 'messages',
    type: 'chat.tenant_reply',
    title: `New message from ${author}`,
    message: preview,
    link,
    data: { channelId: channel.id, tenancyId: channel.tenancyId },
  });
  const email = await createTenancyChatRepo(deps.db).activeEmailOf(tenantId);
  if (!email) return;
  const url = `${deps.config.appUrl}${link}`;
  await sendMail(
    deps.mailer,
    {
      to: email,
      subject: `New message from ${author}`,
      text: `${author} wrote: ${preview}\n\nRead and reply: ${url}`,
      html: `<p>${escapeHtml(author)} wrote:</p><blockquote>${escapeHtml(preview)}</blockquote><p><a href="${escapeHtml(url)}">Read and reply</a></p>`,
      template: 'chat.tenant_reply',
      link: url,
    },
    { companyId: channel.companyId, userId: tenantId, kind: 'messages' },
  );
}
