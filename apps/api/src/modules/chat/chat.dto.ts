import type { ChatChannelDto, ChatMessageDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import type { ChannelRow, MessageRow } from './chat.repo';

export function toChannelDto(row: ChannelRow): ChatChannelDto {
  const peer = row.peerId
    ? {
        _id: row.peerId,
        firstName: row.peerFirstName ?? '',
        lastName: row.peerLastName ?? '',
        avatar: row.peerAvatar ?? null,
      }
    : null;
  return {
    _id: row.id,
    kind: row.kind,
    name:
      row.kind === 'direct'
        ? peer
          ? `${peer.firstName} ${peer.lastName}`.trim()
          : 'Direct message'
        : (row.name ?? ''),
    description: row.description,
    isPrivate: row.isPrivate,
    peer,
    unreadCount: row.unreadCount,
    lastMessageAt: isoOrNull(row.lastMessageAt),
    lastMessagePreview: row.lastMessagePreview,
    createdAt: iso(row.createdAt),
  };
}

/** `sign` turns a storage key into a signed `/uploads/…` URL. */
export function toMessageDto(row: MessageRow, sign: (storageKey: string) => string): ChatMessageDto {
  return {
    _id: row.id,
    channelId: row.channelId,
    author: {
      _id: row.authorId,
      firstName: row.authorFirstName,
      lastName: row.authorLastName,
      avatar: row.authorAvatar,
    },
    body: row.deletedAt ? '' : row.body,
    attachments: row.deletedAt
      ? []
      : (row.attachments ?? []).map((file) => ({
          _id: file.id,
          kind: file.kind,
          fileName: file.fileName,
          mimeType: file.mimeType,
          size: file.size,
          url: sign(file.storageKey),
        })),
    editedAt: isoOrNull(row.editedAt),
    deletedAt: isoOrNull(row.deletedAt),
    createdAt: iso(row.createdAt),
  };
}
