import type {
  MarkReadBody,
  MarkReadResult,
  NotificationList,
  NotificationStats,
  ZNotificationListQuery,
} from '@rentora/shared';
import type { z } from 'zod';
import type { AuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { notFound } from '../../core/errors';
import { offsetOf, pageOf } from '../../core/http';
import { toNotificationDto } from './notifications.dto';
import { createNotificationsRepo } from './notifications.repo';

/** The caller's own notifications: every call is scoped to `ctx.userId`, whatever company is selected. */
export function createNotificationsService(deps: Pick<AppDeps, 'db' | 'notifier'>) {
  const repo = createNotificationsRepo(deps.db);

  return {
    async list(ctx: AuthContext, query: z.infer<typeof ZNotificationListQuery>): Promise<NotificationList> {
      const { rows, total, unread } = await repo.list(ctx.userId, {
        status: query.status,
        category: query.category,
        limit: query.limit,
        offset: offsetOf(query.page, query.limit),
      });
      return {
        success: true,
        data: rows.map(toNotificationDto),
        unreadCount: unread,
        pagination: pageOf(query.page, query.limit, total),
      };
    },

    async stats(ctx: AuthContext): Promise<NotificationStats> {
      const stats: NotificationStats = { total: 0, unread: 0, read: 0, byCategory: {} };
      for (const row of await repo.countByCategoryAndStatus(ctx.userId)) {
        stats.total += row.total;
        stats[row.status] += row.total;
        const category = stats.byCategory[row.category] ?? { total: 0, unread: 0 };
        stats.byCategory[row.category] = category;
        category.total += row.total;
        if (row.status === 'unread') category.unread += row.total;
      }
      return stats;
    },

    /** One notification of the caller's (404 otherwise), or all of them, optionally of one category. */
    async markRead(ctx: AuthContext, body: MarkReadBody): Promise<MarkReadResult> {
      if ('notificationId' in body) {
        const updated = await repo.markOneRead(ctx.userId, body.notificationId);
        const row = updated ?? (await repo.find(ctx.userId, body.notificationId));
        if (!row) throw notFound('Notification');
        const unreadCount = updated
          ? await deps.notifier.pushUnreadCount(ctx.userId)
          : await repo.countUnread(ctx.userId);
        return { updatedCount: updated ? 1 : 0, unreadCount, notification: toNotificationDto(row) };
      }
      const updatedCount = await repo.markAllRead(ctx.userId, body.category);
      const unreadCount = await deps.notifier.pushUnreadCount(ctx.userId);
      return { updatedCount, unreadCount, notification: null };
    },
  };
}
