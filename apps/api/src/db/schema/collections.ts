import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';
import { invoices } from './invoices';

/** A company's reminder schedule (absent: the product defaults of modules/collections). */
export const collectionSettings = pgTable('collection_settings', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  reminderDays: jsonb().$type<number[]>().notNull(),
  channels: jsonb().$type<('email' | 'sms' | 'whatsapp')[]>().notNull(),
  /** HH:MM in Asia/Kolkata; both null: no quiet hours. */
  quietFrom: text(),
  quietTo: text(),
  updatedAt: updatedAt(),
});

/** A company's own text of a reminder step on a channel (absent: the default text). */
export const collectionTemplates = pgTable(
  'collection_templates',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text({ enum: ['before_due', 'due', 'overdue'] }).notNull(),
    channel: text({ enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    subject: text(),
    body: text().notNull(),
    dltTemplateId: text(),
    whatsappTemplateName: text(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('collection_templates_company_key_channel_uq').on(t.companyId, t.key, t.channel)],
);

/** A person's channels for dues reminders (absent: every channel, English). */
export const contactPreferences = pgTable('contact_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean().notNull().default(true),
  sms: boolean().notNull().default(true),
  whatsapp: boolean().notNull().default(true),
  language: text().notNull().default('en'),
  updatedAt: updatedAt(),
});

/**
 * One reminder step of an invoice on one channel: claimed once (unique invoice, step, channel) by the run that
 * sends it, then pending → sent | failed (retried by the job runner) | deferred (quiet hours) | skipped.
 */
export const collectionReminders = pgTable(
  'collection_reminders',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    step: integer().notNull(),
    channel: text({ enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    status: text({ enum: ['pending', 'deferred', 'sent', 'failed', 'skipped'] }).notNull(),
    toAddress: text(),
    provider: text(),
    attempts: integer().notNull().default(0),
    error: text(),
    /** The business date of the run that claimed it. */
    runDate: date({ mode: 'string' }).notNull(),
    sendAfter: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('collection_reminders_step_uq').on(t.invoiceId, t.step, t.channel),
    index('collection_reminders_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('collection_reminders_company_invoice_idx').on(t.companyId, t.invoiceId, t.createdAt, t.id),
    index('collection_reminders_company_status_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('collection_reminders_company_channel_idx').on(t.companyId, t.channel, t.createdAt, t.id),
    index('collection_reminders_deferred_idx').on(t.sendAfter).where(sql`status = 'deferred'`),
  ],
);
