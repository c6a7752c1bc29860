import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { companies } from './companies';
import { users } from './identity';
import { rentalUnitUsers } from './properties';

/**
 * Staff chat. A channel belongs to one company: public channels are open to every active member, private channels
 * and direct messages only to the rows of `chat_channel_members` (which also keep everybody's read marker). A
 * `tenancy` channel is the conversation of one tenancy's tenant with the company's staff holding `tenants_read`
 * (made on demand; the tenant writes while the tenancy is not moved out).
 */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['channel', 'direct', 'tenancy'] }).notNull(),
    /** Channel name (unique in the company); null for direct messages. */
    name: text(),
    description: text(),
    isPrivate: boolean().notNull().default(false),
    /** Direct messages: the two user ids, sorted and joined, so a pair has one conversation. */
    directKey: text(),
    /** Tenancy conversations: the tenancy (rental_unit_users row) it is about. */
    tenancyId: uuid().references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_channels_company_name_idx').on(t.companyId, t.name).where(sql`${t.kind} = 'channel'`),
    uniqueIndex('chat_channels_company_direct_idx')
      .on(t.companyId, t.directKey)
      .where(sql`${t.kind} = 'direct'`),
    uniqueIndex('chat_channels_tenancy_idx').on(t.companyId, t.tenancyId).where(sql`${t.kind} = 'tenancy'`),
    index('chat_channels_company_last_message_idx').on(t.companyId, t.lastMessageAt),
  ],
);

export const chatChannelMembers = pgTable(
  'chat_channel_members',
  {
    channelId: uuid()
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Read marker: messages after it (by others) are unread. */
    lastReadAt: timestamp({ withTimezone: true }),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.userId] }),
    index('chat_channel_members_company_user_idx').on(t.companyId, t.userId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    /** UUIDv7: time-ordered, so it is also the page cursor. */
    id: id(),
    channelId: uuid()
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    editedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_channel_id_idx').on(t.channelId, t.id),
    index('chat_messages_channel_created_idx').on(t.channelId, t.createdAt),
  ],
);

/**
 * Files of a message; bytes in Storage under `chat/<companyId>/<channelId>/<id>.<ext>`, served by the authorised
 * `/uploads/<key>` path to whoever may read the channel (or holds a signed link from a message).
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    channelId: uuid()
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    messageId: uuid()
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['image', 'video', 'pdf'] }).notNull(),
    storageKey: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    fileName: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_attachments_storage_key_uq').on(t.storageKey),
    index('chat_attachments_message_idx').on(t.messageId, t.id),
  ],
);
