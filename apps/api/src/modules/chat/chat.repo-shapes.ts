import { and, desc, eq, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pageLimit, statementsByShape } from '../../core/statements';
import {
  chatAttachments,
  chatChannelMembers,
  chatChannels,
  chatMessages,
  companies,
  properties,
  rentalUnits,
  rentalUnitUsers,
  users,
} from '../../db/schema';

/** The columns, aliases and prepared shapes the chat repository's statements share (chat.repo.ts). */

/** Unread counts stop here (the badge shows "99+"), so a huge backlog never costs a big count. */
export const UNREAD_CAP = 100;
/** A company shows at most this many channels and conversations in its sidebar. */
export const CHANNELS_MAX = 300;

export const peerMember = alias(chatChannelMembers, 'peer_member');
export const peerUser = alias(users, 'peer_user');
export const author = alias(users, 'author');
export const tenancy = alias(rentalUnitUsers, 'tenancy');
export const tenancyUser = alias(users, 'tenancy_user');
export const tenancyUnit = alias(rentalUnits, 'tenancy_unit');
export const tenancyProperty = alias(properties, 'tenancy_property');
export const tenancyCompany = alias(companies, 'tenancy_company');

export interface AttachmentJson {
  id: string;
  kind: 'image' | 'video' | 'pdf';
  fileName: string;
  mimeType: string;
  size: number;
  storageKey: string;
}

export const messageSelection = {
  id: chatMessages.id,
  channelId: chatMessages.channelId,
  body: chatMessages.body,
  editedAt: chatMessages.editedAt,
  deletedAt: chatMessages.deletedAt,
  createdAt: chatMessages.createdAt,
  authorId: author.id,
  authorFirstName: author.firstName,
  authorLastName: author.lastName,
  authorAvatar: author.avatar,
  /** The message's files inside the page query itself (chat_attachments_message_idx), oldest first. */
  attachments: sql<AttachmentJson[]>`(select coalesce(json_agg(json_build_object('id', a.id, 'kind', a.kind,
    'fileName', a.file_name, 'mimeType', a.mime_type, 'size', a.size, 'storageKey', a.storage_key) order by a.id),
    '[]'::json) from ${chatAttachments} a where a.message_id = ${sql.raw('"chat_messages"."id"')})`,
};

export const memberColumns = {
  _id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: users.avatar,
};

/** A channel's messages, newest first, before a message id or from the newest: one statement per shape, built once. */
export const messagePage = statementsByShape(
  (db, shape: { before: boolean }) =>
    db
      .select(messageSelection)
      .from(chatMessages)
      .innerJoin(author, eq(author.id, chatMessages.authorId))
      .where(
        and(
          eq(chatMessages.channelId, sql.placeholder('channelId')),
          shape.before ? lt(chatMessages.id, sql.placeholder('before')) : undefined,
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(pageLimit()),
  { key: (shape) => String(shape.before) },
);

/**
 * What a staff member sees: public channels of the company, private channels and direct messages they are a member
 * of, and tenancy conversations when they may read tenants (`seesTenancies`: `tenants_read` held and in the plan).
 */
export const visibleTo = (userId: string, seesTenancies: boolean): SQL =>
  or(
    and(eq(chatChannels.kind, 'channel'), eq(chatChannels.isPrivate, false)),
    and(ne(chatChannels.kind, 'tenancy'), eq(chatChannelMembers.userId, userId)),
    seesTenancies ? eq(chatChannels.kind, 'tenancy') : undefined,
  ) as SQL;
