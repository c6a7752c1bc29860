import type {
  CompanyRole,
  NotificationCategory,
  NotificationDto,
  NotificationKind,
  NotificationPriority,
} from '@rentora/shared';
import { notificationKindOf, SOCKET_EVENTS } from '@rentora/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Realtime } from '../../core/realtime';
import type { Db } from '../../db/client';
import { toNotificationDto } from './notifications.dto';
import { createPreferencesRepo } from './notifications.preferences.repo';
import { createNotificationsRepo } from './notifications.repo';

/** What a domain sends: one in-app notification, the same for every recipient. */
export interface NotifyInput {
  /** The company the notification concerns (null or absent: a personal/system notification). */
  companyId?: string | null;
  category: NotificationCategory;
  /**
   * The preference kind that may silence it (notification_preferences, in-app channel); by default the category's
   * (`notificationKindOf`); null: always delivered.
   */
  kind?: NotificationKind | null;
  /** Machine name of the event, e.g. `booking.created`; the notification logs record it as the template. */
  type: string;
  title: string;
  message: string;
  /** In-app path to open, e.g. `/dashboard/bookings`. */
  link?: string | null;
  priority?: NotificationPriority;
  data?: Record<string, unknown> | null;
}

export interface NotifyCompanyOptions {
  /** Only members with one of these company roles (default: every active member). */
  roles?: readonly CompanyRole[];
  /** Leave these users out, e.g. the member whose action caused the notification. */
  excludeUserIds?: readonly string[];
}

/** One delivery attempt as the notification logs record it. */
export interface NotificationDelivery {
  channel: 'in_app';
  recipientId: string;
  companyId: string | null;
  notificationId: string | null;
  category: NotificationCategory;
  /** The notification `type`. */
  template: string;
  title: string;
  status: 'sent' | 'failed';
  error: string | null;
  at: Date;
}

/** Called once per notify call with every delivery of that call (so that a fan-out is logged in one insert). */
export type NotifiedListener = (deliveries: NotificationDelivery[]) => void | Promise<void>;

export interface Notifier {
  /** Notifies one user; null when the id is not an active account (nothing is stored or sent). */
  notifyUser(userId: string, input: NotifyInput): Promise<NotificationDto | null>;
  /** Notifies several users (inactive or unknown ids are skipped) with one insert. */
  notifyUsers(userIds: readonly string[], input: NotifyInput): Promise<NotificationDto[]>;
  /** Notifies the active members of a company (active accounts only); sets `companyId` to that company. */
  notifyCompany(
    companyId: string,
    input: NotifyInput,
    options?: NotifyCompanyOptions,
  ): Promise<NotificationDto[]>;
  /** Registers a listener of every delivery (sent or failed); answers a function that removes it. */
  onNotified(listener: NotifiedListener): () => void;
  /** Pushes a user's current unread count to their open sockets. */
  pushUnreadCount(userId: string): Promise<number>;
}

/**
 * Stores in-app notifications and pushes them live: for each recipient `notification:new` (the DTO) then
 * `notification:count` (`{unreadCount}`) to room `user:{id}`. Call it after the caller's transaction has committed:
 * a socket must never see a notification that a rollback then removes. A failed insert is reported to the
 * listeners as `failed` and rethrown.
 */
export function createNotifier(deps: { db: Db; realtime: Realtime; log: FastifyBaseLogger }): Notifier {
  const repo = createNotificationsRepo(deps.db);
  const preferences = createPreferencesRepo(deps.db);
  const listeners = new Set<NotifiedListener>();

  async function report(deliveries: NotificationDelivery[]): Promise<void> {
    if (deliveries.length === 0 || listeners.size === 0) return;
    const results = await Promise.allSettled([...listeners].map(async (listener) => listener(deliveries)));
    for (const result of results) {
      if (result.status === 'rejected')
        deps.log.error({ err: result.reason }, 'notification listener failed');
    }
  }

  function delivery(
    input: NotifyInput,
    recipientId: string,
    outcome: { notificationId: string | null; error: string | null },
  ): NotificationDelivery {
    return {
      channel: 'in_app',
      recipientId,
      companyId: input.companyId ?? null,
      notificationId: outcome.notificationId,
      category: input.category,
      template: input.type,
      title: input.title,
      status: outcome.error ? 'failed' : 'sent',
      error: outcome.error,
      at: new Date(),
    };
  }

  /** Recipients minus those who turned the in-app channel of the notification's kind off. */
  async function wanting(recipientIds: string[], input: NotifyInput): Promise<string[]> {
    const kind = input.kind === undefined ? notificationKindOf(input.category) : input.kind;
    if (!kind || recipientIds.length === 0) return recipientIds;
    const out = await preferences.optedOut(recipientIds, kind, 'inApp');
    return out.size === 0 ? recipientIds : recipientIds.filter((id) => !out.has(id));
  }

  async function deliver(allRecipientIds: string[], input: NotifyInput): Promise<NotificationDto[]> {
    const recipientIds = await wanting(allRecipientIds, input);
    if (recipientIds.length === 0) return [];
    let created: NotificationDto[];
    try {
      const rows = await repo.insertMany(
        recipientIds.map((userId) => ({
          userId,
          companyId: input.companyId ?? null,
          category: input.category,
          type: input.type,
          title: input.title,
          message: input.message,
          link: input.link ?? null,
          priority: input.priority ?? 'normal',
          data: input.data ?? null,
        })),
      );
      created = rows.map(toNotificationDto);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await report(recipientIds.map((id) => delivery(input, id, { notificationId: null, error: message })));
      throw error;
    }
    const unread = await repo.countUnreadByUser(recipientIds);
    for (const notification of created) {
      deps.realtime.emitToUser(notification.userId, SOCKET_EVENTS.notificationNew, notification);
      deps.realtime.emitToUser(notification.userId, SOCKET_EVENTS.notificationCount, {
        unreadCount: unread.get(notification.userId) ?? 0,
      });
    }
    await report(
      created.map((notification) =>
        delivery(input, notification.userId, { notificationId: notification._id, error: null }),
      ),
    );
    return created;
  }

  async function notifyUsers(userIds: readonly string[], input: NotifyInput) {
    const recipients = await repo.activeUserIds([...new Set(userIds)]);
    return deliver(recipients, input);
  }

  return {
    notifyUsers,
    async notifyUser(userId, input) {
      const [created] = await notifyUsers([userId], input);
      return created ?? null;
    },
    async notifyCompany(companyId, input, options = {}) {
      const recipients = await repo.activeMemberIds(companyId, options);
      return deliver(recipients, { ...input, companyId });
    },
    onNotified(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async pushUnreadCount(userId) {
      const unreadCount = await repo.countUnread(userId);
      deps.realtime.emitToUser(userId, SOCKET_EVENTS.notificationCount, { unreadCount });
      return unreadCount;
    },
  };
}
