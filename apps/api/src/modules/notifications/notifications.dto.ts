import type { NotificationDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import type { NotificationRow } from './notifications.repo';

export function toNotificationDto(row: NotificationRow): NotificationDto {
  return {
    _id: row.id,
    userId: row.userId,
    companyId: row.companyId,
    category: row.category,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    priority: row.priority,
    status: row.status,
    readAt: isoOrNull(row.readAt),
    createdAt: iso(row.createdAt),
    data: row.data ?? null,
  };
}
