import { NOTIFICATION_CATEGORIES, NOTIFICATION_KINDS } from '@rentora/shared';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';

/**
 * In-app notifications. Owned by their recipient (`user_id`), not by a company: every query filters by
 * `user_id`, so `user_id` leads every composite index. `company_id` says which company it concerns, if any.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    category: text({ enum: NOTIFICATION_CATEGORIES }).notNull(),
    type: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    link: text(),
    priority: text({ enum: ['low', 'normal', 'high'] })
      .notNull()
      .default('normal'),
    status: text({ enum: ['unread', 'read'] })
      .notNull()
      .default('unread'),
    readAt: timestamp({ withTimezone: true }),
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  // Plain ascending columns: a backward index scan serves `ORDER BY created_at DESC, id DESC` (nulls first).
  (t) => [
    // status=all list, newest first.
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // status=unread|read lists, unread counts, mark-all.
    index('notifications_user_status_created_idx').on(t.userId, t.status, t.createdAt, t.id),
    // category lists, mark-all of one category, stats by category.
    index('notifications_user_category_status_created_idx').on(t.userId, t.category, t.status, t.createdAt),
    // ON DELETE CASCADE of a company.
    index('notifications_company_idx').on(t.companyId),
  ],
);

/**
 * What a person wants to be told, per kind of notification and channel (one row per kind they changed; no row: every
 * channel on). The notifier and `sendMail` read it before an in-app notification or an email of that kind. A channel
 * is one boolean column, so SMS and WhatsApp become two more columns.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    inApp: boolean().notNull().default(true),
    email: boolean().notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
