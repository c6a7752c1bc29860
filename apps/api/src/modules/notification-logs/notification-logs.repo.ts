import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { columnsExcept, insertArrays, insertedRows } from '../../core/array-insert';
import { pageWithTotal } from '../../core/pagination';
import { preparedOnce } from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { notificationLogs, users } from '../../db/schema';

export type NotificationLogRow = typeof notificationLogs.$inferSelect;
export type NewNotificationLog = typeof notificationLogs.$inferInsert;

export interface NotificationLogFilter {
  channel?: NotificationLogRow['channel'];
  status?: 'sent' | 'failed';
  template?: string;
  companyId?: string;
  userId?: string;
  search?: string;
  from?: Date;
  to?: Date;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const INSERTED_COLUMNS = columnsExcept(notificationLogs, 'createdAt');

/** Log rows of a whole burst in one statement prepared once (core/array-insert.ts); answers how many. */
const insertLogRows = preparedOnce((db) => {
  const inserted = insertedRows(db, notificationLogs, INSERTED_COLUMNS);
  return db.with(inserted).select({ total: sql<number>`count(*)::int` }).from(inserted);
});

export function createNotificationLogsRepo(db: DbOrTx) {
  return {
    async insertMany(values: readonly NewNotificationLog[]): Promise<void> {
      if (values.length === 0) return;
      const rows = values.map((value) => Object.assign({ id: uuidv7() }, value));
      await insertLogRows(db, insertArrays(INSERTED_COLUMNS, rows));
    },

    async userIdByEmail(email: string): Promise<string | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row?.id ?? null;
    },

    async list(filter: NotificationLogFilter) {
      const conditions: SQL[] = [];
      if (filter.channel) conditions.push(eq(notificationLogs.channel, filter.channel));
      if (filter.status) conditions.push(eq(notificationLogs.status, filter.status));
      if (filter.template) conditions.push(eq(notificationLogs.template, filter.template));
      if (filter.companyId) conditions.push(eq(notificationLogs.companyId, filter.companyId));
      if (filter.userId) conditions.push(eq(notificationLogs.recipientUserId, filter.userId));
      if (filter.from) conditions.push(gte(notificationLogs.createdAt, filter.from));
      if (filter.to) conditions.push(lte(notificationLogs.createdAt, filter.to));
      if (filter.search) {
        const pattern = `%${filter.search.replace(/[%_\\]/g, '\\$&')}%`;
        conditions.push(
          or(
            ilike(notificationLogs.recipientEmail, pattern),
            ilike(users.email, pattern),
            ilike(notificationLogs.subject, pattern),
          )!,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const direction = filter.sortOrder === 'asc' ? asc : desc;
      return pageWithTotal(
        filter,
        db
          .select({
            log: notificationLogs,
            user: { email: users.email, firstName: users.firstName, lastName: users.lastName },
          })
          .from(notificationLogs)
          .leftJoin(users, eq(users.id, notificationLogs.recipientUserId))
          .where(where)
          .orderBy(direction(notificationLogs.createdAt), direction(notificationLogs.id))
          .limit(filter.limit)
          .offset(filter.offset),
        async () => {
          const [row] = await db
            .select({ total: count() })
            .from(notificationLogs)
            .leftJoin(users, eq(users.id, notificationLogs.recipientUserId))
            .where(where);
          return row?.total ?? 0;
        },
      );
    },

    async stats(since: Date) {
      const [byChannel, [recent]] = await Promise.all([
        db
          .select({ channel: notificationLogs.channel, status: notificationLogs.status, total: count() })
          .from(notificationLogs)
          .groupBy(notificationLogs.channel, notificationLogs.status),
        db.select({ total: count() }).from(notificationLogs).where(gte(notificationLogs.createdAt, since)),
      ]);
      return { byChannel, recent: recent?.total ?? 0 };
    },
  };
}
