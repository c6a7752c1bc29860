import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies, companyUsers } from './companies';
import { users } from './identity';

const COMPANY_ROLE_VALUES = [
  'owner',
  'manager',
  'accountant',
  'designer',
  'maintenance_coordinator',
  'field_staff',
  'sales_agent',
  'customer_support',
] as const;

/**
 * An invitation to join a company. The token is mailed and only its hash is kept; it is single-use and expires.
 * `pending` rows past `expires_at` read as expired; at most one pending invitation per company and email.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    role: text({ enum: COMPANY_ROLE_VALUES }).notNull(),
    designation: text(),
    department: text(),
    tokenHash: text().notNull(),
    status: text({ enum: ['pending', 'accepted', 'declined', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    respondedAt: timestamp({ withTimezone: true }),
    sentCount: integer().notNull().default(1),
    lastSentAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_uq').on(t.tokenHash),
    uniqueIndex('invitations_company_email_pending_uq')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('invitations_company_status_created_idx').on(t.companyId, t.status, t.createdAt),
  ],
);

/** Performance goals of a company user. */
export const companyUserGoals = pgTable(
  'company_user_goals',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    companyUserId: uuid()
      .notNull()
      .references(() => companyUsers.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    targetValue: integer(),
    currentValue: integer().notNull().default(0),
    unit: text(),
    dueDate: timestamp({ withTimezone: true }),
    status: text({ enum: ['not_started', 'in_progress', 'completed', 'cancelled'] })
      .notNull()
      .default('not_started'),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('company_user_goals_company_member_idx').on(t.companyId, t.companyUserId, t.createdAt)],
);

/** Internal notes about a company user, written by colleagues who manage users. */
export const companyUserNotes = pgTable(
  'company_user_notes',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    companyUserId: uuid()
      .notNull()
      .references(() => companyUsers.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    content: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('company_user_notes_company_member_idx').on(t.companyId, t.companyUserId, t.createdAt)],
);
