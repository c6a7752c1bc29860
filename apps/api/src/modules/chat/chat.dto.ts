import type { ChatChannelDto, ChatMessageDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import type { ChannelRow, MessageRow } from './chat.repo';

/**
 * A channel as staff (`staff`) or the tenant of a tenancy conversation (`tenant`) see it: staff name a tenancy
 * conversation after the tenant and unit, the tenant after the company and unit.
 */
export function toChannelDto(row: ChannelRow, viewer: 'staff' | 'tenant'): ChatChannelDto {
  const peer = row.peerId
    ? {
        _id: row.peerId,
        firstName: row.peerFirstName ?? '',
        lastName: row.peerLastName ?? '',
        avatar: row.peerAvatar ?? null,
      }
    : null;
  const tenancy =
    row.kind === 'tenancy' && row.tenancyId
      ? {
          _id: row.tenancyId,
          tenantName: `${row.tenantFirstName ?? ''} ${row.tenantLastName ?? ''}`.trim(),
          unitNumber: row.tenancyUnitNumber ?? '',
          propertyName: row.tenancyPropertyName ?? '',
          companyName: row.tenancyCompanyName ?? '',
          movedOut: row.tenancyStatus === 'moved_out',
        }
      : null;
  const place = tenancy ? `${tenancy.propertyName} · ${tenancy.unitNumber}` : '';
  return {
    _id: row.id,
    kind: row.kind,
    name: tenancy
      ? viewer === 'staff'
        ? `${tenancy.tenantName} · ${tenancy.unitNumber}`
        : `${tenancy.companyName} · ${place}`
      : row.kind === 'direct'
        ? peer
          ? `${peer.firstName} ${peer.lastName}`.trim()
          : 'Direct message'
        : (row.name ?? ''),
    description: tenancy ? (viewer === 'staff' ? place : 'Your landlord') : row.description,
    isPrivate: row.isPrivate,
    peer,
    tenancy,
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
