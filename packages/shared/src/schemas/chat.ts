import { z } from 'zod';
import { ZId, ZIsoDate } from './common';

/**
 * Chat: company channels and direct messages between members of one company, and tenancy conversations between a
 * tenant and the company's staff holding `tenants_read` (the only kind a tenant sees).
 */
export const CHAT_LIMITS = {
  bodyMax: 4000,
  channelNameMax: 40,
  pageDefault: 30,
  pageMax: 100,
  /** A typing indicator shows this long after the last keystroke event. */
  typingTtlMs: 4000,
} as const;

/**
 * Files on a message: `POST /api/chat/channels/{id}/messages` as multipart/form-data with the text in the field
 * `body` and up to five files in the repeated field `files`, checked by content like maintenance media (JPEG, PNG and
 * WebP photos re-encoded without metadata, MP4 or WebM videos, PDFs).
 */
export const CHAT_ATTACHMENTS = {
  field: 'files',
  maxFiles: 5,
  maxBytes: 20 * 1024 * 1024,
  accept: 'image/jpeg,image/png,image/webp,video/mp4,video/webm,application/pdf',
} as const;

export const CHAT_EVENTS = {
  message: 'chat:message',
  edit: 'chat:edit',
  delete: 'chat:delete',
  typing: 'chat:typing',
} as const;

export const ZChatChannelName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Give the channel a name')
  .max(CHAT_LIMITS.channelNameMax, `At most ${CHAT_LIMITS.channelNameMax} characters`)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lowercase letters, digits, - and _ (no spaces)');

export const ZChatMember = z.object({
  _id: ZId,
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
});
export type ChatMember = z.infer<typeof ZChatMember>;

export const ZChatAttachmentDto = z.object({
  _id: ZId,
  kind: z.enum(['image', 'video', 'pdf']),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** `/uploads/chat/…` signed for an hour or two (members of the company may also fetch it with their session). */
  url: z.string(),
});
export type ChatAttachmentDto = z.infer<typeof ZChatAttachmentDto>;

export const ZChatMessageDto = z.object({
  _id: ZId,
  channelId: ZId,
  author: ZChatMember,
  /** Plain text; never HTML (links are made clickable when rendered). Empty once deleted. */
  body: z.string(),
  /** Files sent with the message; none once deleted. */
  attachments: z.array(ZChatAttachmentDto),
  editedAt: ZIsoDate.nullable(),
  deletedAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type ChatMessageDto = z.infer<typeof ZChatMessageDto>;

/** What a tenancy conversation is about. */
export const ZChatTenancy = z.object({
  /** The tenancy (rental_unit_users id). */
  _id: ZId,
  tenantName: z.string(),
  unitNumber: z.string(),
  propertyName: z.string(),
  companyName: z.string(),
  /** A moved-out tenant reads the conversation but can no longer write. */
  movedOut: z.boolean(),
});
export type ChatTenancy = z.infer<typeof ZChatTenancy>;

/** The 403 a moved-out tenant gets when writing. */
export const CHAT_MOVED_OUT_MESSAGE =
  'You have moved out of this home, so this conversation is read-only. Contact the company another way.';

export const ZChatChannelDto = z.object({
  _id: ZId,
  kind: z.enum(['channel', 'direct', 'tenancy']),
  /** Channel name; for a direct message the other person's name. */
  name: z.string(),
  description: z.string().nullable(),
  isPrivate: z.boolean(),
  /** The other person of a direct message. */
  peer: ZChatMember.nullable(),
  /** Tenancy conversations: the tenant, unit and company. */
  tenancy: ZChatTenancy.nullable(),
  unreadCount: z.number().int(),
  lastMessageAt: ZIsoDate.nullable(),
  lastMessagePreview: z.string().nullable(),
  createdAt: ZIsoDate,
});
export type ChatChannelDto = z.infer<typeof ZChatChannelDto>;

export const ZChatChannelCreateBody = z.object({
  name: ZChatChannelName,
  description: z.string().trim().max(200).optional(),
  isPrivate: z.boolean().default(false),
  /** Other members of a private channel (the creator is always one). */
  memberIds: z.array(ZId).max(200).default([]),
});
export type ChatChannelCreateInput = z.input<typeof ZChatChannelCreateBody>;

export const ZChatMessageBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a message')
    .max(CHAT_LIMITS.bodyMax, `At most ${CHAT_LIMITS.bodyMax} characters`),
});

/** A new message: text, files or both (a message with files may have no text). */
export const ZChatMessagePostBody = z.object({
  body: z.string().trim().max(CHAT_LIMITS.bodyMax, `At most ${CHAT_LIMITS.bodyMax} characters`).default(''),
});

export const ZChatMessagesQuery = z.object({
  /** Messages older than this message id (ids are time-ordered). */
  before: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.pageMax).default(CHAT_LIMITS.pageDefault),
});

export const ZChatMessagePage = z.object({
  success: z.literal(true),
  /** Newest first. */
  data: z.array(ZChatMessageDto),
  /** Pass as `before` for the next (older) page; null at the beginning of the channel. */
  nextCursor: ZId.nullable(),
});

export const ZChatDirectBody = z.object({ userId: ZId });

export const ZChatChannelParams = z.object({ id: ZId });
export const ZChatTenancyParams = z.object({ tenancyId: ZId });

export const ZChatTypingEvent = z.object({ channelId: ZId, user: ZChatMember });
export type ChatTypingEvent = z.infer<typeof ZChatTypingEvent>;
export const ZChatDeleteEvent = z.object({ channelId: ZId, messageId: ZId });
export type ChatDeleteEvent = z.infer<typeof ZChatDeleteEvent>;

/** Splits plain text into text and http(s) links, for rendering links as anchors without any HTML from the user. */
export function linkifyChatText(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  const pattern = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
