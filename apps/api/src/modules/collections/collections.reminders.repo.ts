import type { ReminderListQuery } from '@rentora/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { runPage } from '../../core/page-totals';
import { COUNT_BOUND } from '../../core/pagination';
import {
  boundedCountQuery,
  pageCountColumn,
  pageLimit,
  pageOffset,
  statementsByShape,
} from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { collectionReminders, invoices, users } from '../../db/schema';

/** Which filters a Payments → Reminders request uses: one statement per shape, built once (core/statements.ts). */
interface ReminderListShape {
  invoiceId: boolean;
  status: boolean;
  channel: boolean;
  sortOrder: 'asc' | 'desc';
}

function remindersWhere(shape: ReminderListShape): SQL | undefined {
  const value = (name: string) => sql.placeholder(name);
  const filters: SQL[] = [eq(collectionReminders.companyId, value('companyId'))];
  if (shape.invoiceId) filters.push(eq(collectionReminders.invoiceId, value('invoiceId')));
  if (shape.status) filters.push(eq(collectionReminders.status, value('status')));
  if (shape.channel) filters.push(eq(collectionReminders.channel, value('channel')));
  return and(...filters);
}

/** Each filter has its (company_id, <filter>, created_at, id) index (db/schema/collections.ts). */
const reminderPage = statementsByShape((db, shape: ReminderListShape) => {
  const where = remindersWhere(shape);
  const direction = shape.sortOrder === 'asc' ? asc : desc;
  return db
    .select({
      reminder: collectionReminders,
      invoiceNumber: invoices.number,
      firstName: users.firstName,
      lastName: users.lastName,
      total: pageCountColumn(db, collectionReminders, where, { bound: COUNT_BOUND, searches: false }),
    })
    .from(collectionReminders)
    .innerJoin(invoices, eq(invoices.id, collectionReminders.invoiceId))
    .leftJoin(users, eq(users.id, collectionReminders.userId))
    .where(where)
    .orderBy(direction(collectionReminders.createdAt), direction(collectionReminders.id))
    .limit(pageLimit())
    .offset(pageOffset());
});

const reminderCount = statementsByShape((db, shape: ReminderListShape) =>
  boundedCountQuery(db, collectionReminders, remindersWhere(shape), COUNT_BOUND),
);

/** One page of the reminders the company's collections sent (newest first by default), with a bounded count. */
export async function listReminders(
  db: DbOrTx,
  companyId: string,
  query: Pick<ReminderListQuery, 'invoiceId' | 'status' | 'channel' | 'sortOrder' | 'limit'>,
  offset: number,
) {
  const shape: ReminderListShape = {
    invoiceId: Boolean(query.invoiceId),
    status: Boolean(query.status),
    channel: Boolean(query.channel),
    sortOrder: query.sortOrder,
  };
  const values = { companyId, ...query, limit: query.limit, offset };
  const { rows, count } = await runPage(
    { page: reminderPage(db, shape), count: reminderCount(db, shape) },
    values,
  );
  return { rows, count };
}
