import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  chatAttachments,
  chatChannelMembers,
  chatChannels,
  chatMessages,
  companies,
  companyUsers,
  users,
} from '../../db/schema';
import {
  author,
  CHANNELS_MAX,
  memberColumns,
  messagePage,
  messageSelection,
  peerMember,
  peerUser,
  tenancy,
  tenancyCompany,
  tenancyProperty,
  tenancyUnit,
  tenancyUser,
  UNREAD_CAP,
  visibleTo,
} from './chat.repo-shapes';

export { type AttachmentJson, memberColumns, UNREAD_CAP } from './chat.repo-shapes';

export type ChannelRow = Awaited<ReturnType<ReturnType<typeof createChatRepo>['listChannels']>>[number];
export type MessageRow = Awaited<ReturnType<ReturnType<typeof createChatRepo>['listMessages']>>[number];

export function createChatRepo(db: DbOrTx) {
  const channelSelection = (userId: string) => ({
    id: chatChannels.id,
    kind: chatChannels.kind,
    name: chatChannels.name,
    description: chatChannels.description,
    isPrivate: chatChannels.isPrivate,
    lastMessageAt: chatChannels.lastMessageAt,
    createdAt: chatChannels.createdAt,
    unreadCount: sql<number>`(
      select count(*)::int from (
        select 1 from ${chatMessages} m
        where m.channel_id = ${chatChannels.id} and m.deleted_at is null and m.author_id <> ${userId}
          and (${chatChannelMembers.lastReadAt} is null or m.created_at > ${chatChannelMembers.lastReadAt})
        limit ${UNREAD_CAP}
      ) unread
    )`,
    lastMessagePreview: sql<string | null>`(
      select left(m.body, 140) from ${chatMessages} m
      where m.channel_id = ${chatChannels.id} and m.deleted_at is null
      order by m.id desc limit 1
    )`,
    peerId: peerUser.id,
    peerFirstName: peerUser.firstName,
    peerLastName: peerUser.lastName,
    peerAvatar: peerUser.avatar,
    tenancyId: tenancy.id,
    tenancyUserId: tenancy.userId,
    tenancyStatus: tenancy.tenancyStatus,
    tenantFirstName: tenancyUser.firstName,
    tenantLastName: tenancyUser.lastName,
    tenancyUnitNumber: tenancyUnit.unitNumber,
    tenancyPropertyName: tenancyProperty.name,
    tenancyCompanyName: tenancyCompany.name,
  });

  function channelsQuery(userId: string) {
    return db
      .select(channelSelection(userId))
      .from(chatChannels)
      .leftJoin(
        chatChannelMembers,
        and(eq(chatChannelMembers.channelId, chatChannels.id), eq(chatChannelMembers.userId, userId)),
      )
      .leftJoin(
        peerMember,
        and(
          eq(chatChannels.kind, 'direct'),
          eq(peerMember.channelId, chatChannels.id),
          ne(peerMember.userId, userId),
        ),
      )
      .leftJoin(peerUser, eq(peerUser.id, peerMember.userId))
      .leftJoin(tenancy, eq(tenancy.id, chatChannels.tenancyId))
      .leftJoin(tenancyUser, eq(tenancyUser.id, tenancy.userId))
      .leftJoin(tenancyUnit, eq(tenancyUnit.id, tenancy.rentalUnitId))
      .leftJoin(tenancyProperty, eq(tenancyProperty.id, tenancy.propertyId))
      .leftJoin(tenancyCompany, eq(tenancyCompany.id, chatChannels.companyId));
  }

  return {
    listChannels(companyId: string, userId: string, seesTenancies: boolean) {
      return channelsQuery(userId)
        .where(and(eq(chatChannels.companyId, companyId), visibleTo(userId, seesTenancies)))
        .orderBy(
          chatChannels.kind,
          desc(sql`coalesce(${chatChannels.lastMessageAt}, ${chatChannels.createdAt})`),
        )
        .limit(CHANNELS_MAX);
    },

    async findChannel(companyId: string, userId: string, channelId: string, seesTenancies: boolean) {
      const [row] = await channelsQuery(userId)
        .where(
          and(
            eq(chatChannels.companyId, companyId),
            eq(chatChannels.id, channelId),
            visibleTo(userId, seesTenancies),
          ),
        )
        .limit(1);
      return row;
    },

    /** The tenancy conversations of a tenant (every company), newest activity first. */
    tenantChannels(userId: string) {
      return channelsQuery(userId)
        .where(and(eq(chatChannels.kind, 'tenancy'), eq(tenancy.userId, userId)))
        .orderBy(desc(sql`coalesce(${chatChannels.lastMessageAt}, ${chatChannels.createdAt})`))
        .limit(CHANNELS_MAX);
    },

    /** What a visibility check needs of a channel (no unread count, no preview): the messages list asks it each time. */
    async findChannelRef(companyId: string, userId: string, channelId: string, seesTenancies: boolean) {
      const [row] = await db
        .select({
          id: chatChannels.id,
          kind: chatChannels.kind,
          isPrivate: chatChannels.isPrivate,
          companyId: chatChannels.companyId,
          tenancyId: chatChannels.tenancyId,
        })
        .from(chatChannels)
        .leftJoin(
          chatChannelMembers,
          and(eq(chatChannelMembers.channelId, chatChannels.id), eq(chatChannelMembers.userId, userId)),
        )
        .where(
          and(
            eq(chatChannels.companyId, companyId),
            eq(chatChannels.id, channelId),
            visibleTo(userId, seesTenancies),
          ),
        )
        .limit(1);
      return row;
    },

    async findChannelByName(companyId: string, name: string) {
      const [row] = await db
        .select({ id: chatChannels.id })
        .from(chatChannels)
        .where(
          and(
            eq(chatChannels.companyId, companyId),
            eq(chatChannels.kind, 'channel'),
            eq(chatChannels.name, name),
          ),
        )
        .limit(1);
      return row;
    },

    async findDirect(companyId: string, directKey: string) {
      const [row] = await db
        .select({ id: chatChannels.id })
        .from(chatChannels)
        .where(
          and(
            eq(chatChannels.companyId, companyId),
            eq(chatChannels.kind, 'direct'),
            eq(chatChannels.directKey, directKey),
          ),
        )
        .limit(1);
      return row;
    },

    /** Creates `#general` once per company (concurrent first visits are harmless). */
    async ensureGeneral(companyId: string) {
      await db
        .insert(chatChannels)
        .values({ companyId, kind: 'channel', name: 'general', description: 'Everyone in the company' })
        .onConflictDoNothing();
    },

    async insertChannel(values: typeof chatChannels.$inferInsert) {
      const [row] = await db
        .insert(chatChannels)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: chatChannels.id });
      return row;
    },

    async addMembers(channelId: string, companyId: string, userIds: string[]) {
      if (userIds.length === 0) return;
      await db
        .insert(chatChannelMembers)
        .values(userIds.map((userId) => ({ channelId, companyId, userId })))
        .onConflictDoNothing();
    },

    /** Member user ids of a private channel or direct message (whom its events go to). */
    async memberIds(channelId: string) {
      const rows = await db
        .select({ userId: chatChannelMembers.userId })
        .from(chatChannelMembers)
        .where(eq(chatChannelMembers.channelId, channelId));
      return rows.map((row) => row.userId);
    },

    /** The active members of a company among `userIds`. */
    async activeMembers(companyId: string, userIds?: string[]) {
      const conditions = [
        eq(companyUsers.companyId, companyId),
        eq(companyUsers.isActive, true),
        eq(users.isActive, true),
      ];
      if (userIds) {
        if (userIds.length === 0) return [];
        conditions.push(sql`${users.id} in ${userIds}`);
      }
      return db
        .select(memberColumns)
        .from(companyUsers)
        .innerJoin(users, eq(users.id, companyUsers.userId))
        .where(and(...conditions))
        .orderBy(users.firstName, users.lastName)
        .limit(1000);
    },

    /** Messages of others the user has not read in a channel (up to the cap). */
    async unreadOf(channelId: string, userId: string): Promise<number> {
      const result = await db.execute(sql`select count(*)::int as count from (
        select 1 from ${chatMessages} m
        left join ${chatChannelMembers} r on r.channel_id = m.channel_id and r.user_id = ${userId}
        where m.channel_id = ${channelId} and m.deleted_at is null and m.author_id <> ${userId}
          and (r.last_read_at is null or m.created_at > r.last_read_at)
        limit ${UNREAD_CAP}) unread`);
      const [row] = (result as unknown as { rows: { count: number }[] }).rows;
      return Number(row?.count ?? 0);
    },

    async markRead(channelId: string, companyId: string, userId: string, at: Date) {
      await db
        .insert(chatChannelMembers)
        .values({ channelId, companyId, userId, lastReadAt: at })
        .onConflictDoUpdate({
          target: [chatChannelMembers.channelId, chatChannelMembers.userId],
          set: { lastReadAt: at },
        });
    },

    listMessages(channelId: string, before: string | undefined, limit: number) {
      return messagePage(db, { before: before !== undefined }).execute({ channelId, before, limit });
    },

    async findMessage(companyId: string, messageId: string) {
      const [row] = await db
        .select({
          id: chatMessages.id,
          channelId: chatMessages.channelId,
          authorId: chatMessages.authorId,
          deletedAt: chatMessages.deletedAt,
        })
        .from(chatMessages)
        .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.id, messageId)))
        .limit(1);
      return row;
    },

    async insertMessage(values: typeof chatMessages.$inferInsert) {
      const [row] = await db.insert(chatMessages).values(values).returning({ id: chatMessages.id });
      await db
        .update(chatChannels)
        .set({ lastMessageAt: new Date() })
        .where(eq(chatChannels.id, values.channelId));
      return row!;
    },

    async insertAttachments(rows: (typeof chatAttachments.$inferInsert)[]) {
      if (rows.length === 0) return;
      await db.insert(chatAttachments).values(rows);
    },

    /** Removes a message's attachment rows and returns their storage keys (for the files to be deleted). */
    async deleteAttachments(companyId: string, messageId: string) {
      return db
        .delete(chatAttachments)
        .where(and(eq(chatAttachments.companyId, companyId), eq(chatAttachments.messageId, messageId)))
        .returning({ storageKey: chatAttachments.storageKey });
    },

    async updateMessage(companyId: string, messageId: string, body: string) {
      await db
        .update(chatMessages)
        .set({ body, editedAt: new Date() })
        .where(
          and(
            eq(chatMessages.companyId, companyId),
            eq(chatMessages.id, messageId),
            isNull(chatMessages.deletedAt),
          ),
        );
    },

    async deleteMessage(companyId: string, messageId: string) {
      await db
        .update(chatMessages)
        .set({ body: '', deletedAt: new Date() })
        .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.id, messageId)));
    },

    /** A chat file by its storage key, with the company and channel that decide who may fetch it. */
    async findAttachmentByKey(storageKey: string) {
      const [row] = await db
        .select({
          companyId: chatAttachments.companyId,
          channelId: chatAttachments.channelId,
          mimeType: chatAttachments.mimeType,
        })
        .from(chatAttachments)
        .where(eq(chatAttachments.storageKey, storageKey))
        .limit(1);
      return row;
    },

    /** The user's membership of the company when both the membership and the company are active. */
    async findActiveMembership(companyId: string, userId: string) {
      const [row] = await db
        .select({ role: companyUsers.role })
        .from(companyUsers)
        .innerJoin(companies, eq(companies.id, companyUsers.companyId))
        .where(
          and(
            eq(companyUsers.companyId, companyId),
            eq(companyUsers.userId, userId),
            eq(companyUsers.isActive, true),
            eq(companies.isActive, true),
          ),
        )
        .limit(1);
      return row;
    },

    async messageById(messageId: string) {
      const [row] = await db
        .select(messageSelection)
        .from(chatMessages)
        .innerJoin(author, eq(author.id, chatMessages.authorId))
        .where(eq(chatMessages.id, messageId))
        .limit(1);
      return row;
    },
  };
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
