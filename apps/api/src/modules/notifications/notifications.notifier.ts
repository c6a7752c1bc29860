import type {
  CompanyRole,
  NotificationCategory,
  NotificationDto,
  NotificationKind,
  NotificationPriority,
} from '@rentora/shared';
import { notificationKindOf, SOCKET_EVENTS } from '@rentora/shared';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Realtime } from '../../core/realtime';
import type { Db } from '../../db/client';
import { createCoalescer, type Settled } from './notifications.coalesce';
import { toNotificationDto } from './notifications.dto';
import { createNotificationsRepo, type NewNotificationValues } from './notifications.repo';

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

/**
 * Called with deliveries as they happen: the deliveries of one notify call always come in one call, and concurrent
 * notify calls may share one (so that a burst is logged in one insert).
 */
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

/** One notify call waiting for the shared write: its recipients (active, wanting it) and what they get. */
interface Submission {
  input: NotifyInput;
  values: NewNotificationValues[];
}

/**
 * Stores in-app notifications and pushes them live: `notification:new` (the DTO) to room `user:{id}` of each
 * recipient; `notification:count` (`{unreadCount}`) only when the count moves otherwise (marked read:
 * pushUnreadCount). Call it after the caller's transaction has committed: a socket must never see a notification
 * that a rollback then removes. A failed insert is reported to the listeners as `failed` and rethrown.
 *
 * Bursts: concurrent calls share their writes (notifications.coalesce.ts): one insert statement, then the emits, and
 * one log insert for the batch. The insert itself keeps only active accounts that want the notification (in-app
 * preference); a company-wide call first reads the company's active members (one statement). A batch that fails is
 * retried call by call, so one call's bad row (e.g. an unknown company) fails only that call.
 */
export function createNotifier(deps: { db: Db; realtime: Realtime; log: FastifyBaseLogger }): Notifier {
  const repo = createNotificationsRepo(deps.db);
  const listeners = new Set<NotifiedListener>();

  async function reportNow(deliveries: NotificationDelivery[]): Promise<void> {
    if (deliveries.length === 0 || listeners.size === 0) return;
    const results = await Promise.allSettled([...listeners].map(async (listener) => listener(deliveries)));
    for (const result of results) {
      if (result.status === 'rejected')
        deps.log.error({ err: result.reason }, 'notification listener failed');
    }
  }

  const reportBatch = createCoalescer<NotificationDelivery[], undefined>(async (groups) => {
    await reportNow(groups.flat());
    return groups.map(() => ({ ok: true, value: undefined }));
  });

  async function report(deliveries: NotificationDelivery[]): Promise<void> {
    if (deliveries.length === 0 || listeners.size === 0) return;
    await reportBatch(deliveries);
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

  /** The preference kind that may silence the notification (null: always delivered). */
  function kindOf(input: NotifyInput): NotificationKind | null {
    return input.kind === undefined ? notificationKindOf(input.category) : input.kind;
  }

  /**
   * Inserts the rows of several calls (one statement) and pushes each row; answers the DTOs per call. No
   * `notification:count` follows: `notification:new` raises the count by itself (the client adds the row and its
   * unread), and a count event makes every open tab reload every notification list (docs/decisions.md).
   */
  async function writeAndPush(submissions: Submission[]): Promise<NotificationDto[][]> {
    const rows = await repo.insertMany(submissions.flatMap((submission) => submission.values));
    const byId = new Map<string, NotificationDto>();
    for (const row of rows) byId.set(row.id, toNotificationDto(row));
    // The rows are committed: each goes out at once.
    for (const notification of byId.values()) {
      deps.realtime.emitToUser(notification.userId, SOCKET_EVENTS.notificationNew, notification);
    }
    return submissions.map((submission) =>
      // A row the insert left out was for an inactive account or one that turned this kind off.
      submission.values.flatMap((value) => byId.get(value.id) ?? []),
    );
  }

  const write = createCoalescer<Submission, NotificationDto[]>(async (submissions) => {
    try {
      return (await writeAndPush(submissions)).map((value) => ({ ok: true, value }));
    } catch (error) {
      if (submissions.length === 1) return [{ ok: false, error }];
      // One call's bad row fails the whole statement: write each call on its own.
      return Promise.all(
        submissions.map(async (submission): Promise<Settled<NotificationDto[]>> => {
          try {
            const [value] = await writeAndPush([submission]);
            return { ok: true, value: value ?? [] };
          } catch (each) {
            return { ok: false, error: each };
          }
        }),
      );
    }
  });

  async function deliver(recipientIds: string[], input: NotifyInput): Promise<NotificationDto[]> {
    if (recipientIds.length === 0) return [];
    const values = recipientIds.map((userId) => ({
      id: uuidv7(),
      userId,
      companyId: input.companyId ?? null,
      category: input.category,
      type: input.type,
      title: input.title,
      message: input.message,
      link: input.link ?? null,
      priority: input.priority ?? 'normal',
      data: input.data ?? null,
      silencedBy: kindOf(input),
    }));
    let created: NotificationDto[];
    try {
      created = await write({ input, values });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await report(recipientIds.map((id) => delivery(input, id, { notificationId: null, error: message })));
      throw error;
    }
    await report(
      created.map((notification) =>
        delivery(input, notification.userId, { notificationId: notification._id, error: null }),
      ),
    );
    return created;
  }

  /** The insert keeps the active recipients who want it: no statement of the call's own. */
  async function notifyUsers(userIds: readonly string[], input: NotifyInput) {
    return deliver([...new Set(userIds)], input);
  }

  return {
    notifyUsers,
    async notifyUser(userId, input) {
      const [created] = await notifyUsers([userId], input);
      return created ?? null;
    },
    async notifyCompany(companyId, input, options = {}) {
      const recipients = await repo.activeMemberIds(companyId, options, kindOf(input));
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
