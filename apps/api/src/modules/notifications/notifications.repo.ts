import type { CompanyRole, NotificationCategory, NotificationKind } from '@rentora/shared';
import {
  and,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  inArray,
  notExists,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { columnsExcept, insertArrays, insertedRows } from '../../core/array-insert';
import { pageTotal } from '../../core/page-totals';
import { mappedRows } from '../../core/row-mapper';
import { countColumn, pageLimit, pageOffset, preparedOnce, statementsByShape } from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { companyUsers, notificationPreferences, notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export interface NotificationListFilter {
  status: 'all' | 'unread' | 'read';
  category?: NotificationCategory;
  limit: number;
  offset: number;
}

/**
 * What a notify call gives for each new row (status, read time and creation time take their defaults), and the
 * preference kind that may silence it (null or absent: always delivered).
 */
export type NewNotificationValues = NewNotification & { id: string; silencedBy?: NotificationKind | null };

const INSERTED_COLUMNS = columnsExcept(notifications, 'status', 'readAt', 'createdAt');

/**
 * New notifications, any number in one statement, answered as stored: only the rows whose recipient is an active
 * account that has not turned the in-app channel of the row's kind off go in (the recipients are checked by the
 * insert itself, so a notify call needs no statement of its own before the burst's shared one).
 */
const insertNotifications = preparedOnce((db) => {
  const inserted = insertedRows(db, notifications, INSERTED_COLUMNS, {
    extra: { silencedBy: notificationPreferences.kind.getSQLType() },
    where: (row) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(users)
          .where(
            and(eq(users.id, row('userId')), eq(users.isActive, true), wantsInApp(db, row('silencedBy'))),
          ),
      ),
  });
  return db.with(inserted).select().from(inserted);
});

interface NotificationListShape {
  status: boolean;
  category: boolean;
}

function listWhere(shape: NotificationListShape): SQL | undefined {
  const conditions: SQL[] = [eq(notifications.userId, sql.placeholder('userId'))];
  if (shape.status) conditions.push(eq(notifications.status, sql.placeholder('status')));
  if (shape.category) conditions.push(eq(notifications.category, sql.placeholder('category')));
  return and(...conditions);
}

const shapeOptions = { key: (shape: NotificationListShape) => `${shape.status}:${shape.category}` };

const unreadOf = (userId: string | Placeholder) =>
  and(eq(notifications.userId, userId), eq(notifications.status, 'unread'));

/** A page of one person's notifications, newest first, with their count and unread count in the same statement. */
const notificationPage = statementsByShape(
  (db, shape: NotificationListShape) =>
    mappedRows(
      db
        .select({
          ...getTableColumns(notifications),
          total: countColumn(notifications, listWhere(shape)),
          unread: countColumn(notifications, unreadOf(sql.placeholder('userId'))),
        })
        .from(notifications)
        .where(listWhere(shape))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(pageLimit())
        .offset(pageOffset()),
    ),
  shapeOptions,
);

const notificationCount = statementsByShape(
  (db, shape: NotificationListShape) =>
    db.select({ total: count() }).from(notifications).where(listWhere(shape)),
  shapeOptions,
);

/** The account has not turned the in-app channel of `kind` off (a kind without a preference row is on). */
function wantsInApp(db: DbOrTx, kind: NotificationKind | SQL): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.userId, users.id),
          eq(notificationPreferences.kind, kind),
          eq(notificationPreferences.inApp, false),
        ),
      ),
  );
}

/** Every query names the recipient: a notification is only ever reached through its own user. */
export function createNotificationsRepo(db: DbOrTx) {
  const countUnread = async (userId: string): Promise<number> => {
    const [row] = await db.select({ total: count() }).from(notifications).where(unreadOf(userId));
    return row?.total ?? 0;
  };

  return {
    async list(userId: string, filter: NotificationListFilter) {
      const shape = { status: filter.status !== 'all', category: Boolean(filter.category) };
      const values = { userId, ...filter };
      const rows = await notificationPage(db, shape).execute(values);
      const { total } = await pageTotal(
        rows,
        { limit: filter.limit, offset: filter.offset, bound: Number.POSITIVE_INFINITY },
        async () => (await notificationCount(db, shape).execute(values))[0]?.total ?? 0,
      );
      const unread = rows[0]?.unread ?? (await countUnread(userId));
      // The rows keep their `total` and `unread` columns: copying each row without them cost more than the mapping.
      const page: NotificationRow[] = rows;
      return { rows: page, total, unread };
    },

    countUnread,

    async countByCategoryAndStatus(userId: string) {
      return db
        .select({ category: notifications.category, status: notifications.status, total: count() })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .groupBy(notifications.category, notifications.status);
    },

    async find(userId: string, notificationId: string): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.id, notificationId)))
        .limit(1);
      return row;
    },

    /** Marks one unread notification read; undefined when it is not the user's or already read. */
    async markOneRead(userId: string, notificationId: string): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ status: 'read', readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.id, notificationId),
            eq(notifications.status, 'unread'),
          ),
        )
        .returning();
      return row;
    },

    /** Marks all of a user's unread notifications read (optionally of one category); answers how many. */
    async markAllRead(userId: string, category?: NotificationCategory): Promise<number> {
      const conditions: SQL[] = [eq(notifications.userId, userId), eq(notifications.status, 'unread')];
      if (category) conditions.push(eq(notifications.category, category));
      const rows = await db
        .update(notifications)
        .set({ status: 'read', readAt: new Date() })
        .where(and(...conditions))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /**
     * Inserts, in one statement, every row whose recipient is active and wants it (the rows answered), or none when
     * one row is refused (e.g. an unknown company).
     */
    async insertMany(values: readonly NewNotificationValues[]): Promise<NotificationRow[]> {
      if (values.length === 0) return [];
      return insertNotifications(db, {
        ...insertArrays(INSERTED_COLUMNS, values),
        silencedBy: values.map((value) => value.silencedBy ?? null),
      });
    },

    /**
     * Active accounts with an active membership of the company, optionally only some roles; with `inAppKind`, only
     * those who have not turned the in-app channel of that kind off.
     */
    async activeMemberIds(
      companyId: string,
      options: { roles?: readonly CompanyRole[]; excludeUserIds?: readonly string[] },
      inAppKind?: NotificationKind | null,
    ): Promise<string[]> {
      const conditions: SQL[] = [
        eq(companyUsers.companyId, companyId),
        eq(companyUsers.isActive, true),
        eq(users.isActive, true),
      ];
      if (inAppKind) conditions.push(wantsInApp(db, inAppKind));
      if (options.roles) conditions.push(inArray(companyUsers.role, [...options.roles]));
      if (options.excludeUserIds?.length) {
        conditions.push(notInArray(companyUsers.userId, [...options.excludeUserIds]));
      }
      const rows = await db
        .select({ userId: companyUsers.userId })
        .from(companyUsers)
        .innerJoin(users, eq(users.id, companyUsers.userId))
        .where(and(...conditions))
        .orderBy(companyUsers.joinedAt);
      return rows.map((row) => row.userId);
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
