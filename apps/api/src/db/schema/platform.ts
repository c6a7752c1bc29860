import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';

/** Enquiries from the public contact form, worked by the super admin. */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    company: text(),
    subject: text().notNull(),
    message: text().notNull(),
    source: text(),
    status: text({ enum: ['new', 'contacted', 'qualified', 'won', 'lost'] })
      .notNull()
      .default('new'),
    ip: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt),
    index('leads_status_created_idx').on(t.status, t.createdAt),
    index('leads_source_created_idx').on(t.source, t.createdAt),
    index('leads_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const leadNotes = pgTable(
  'lead_notes',
  {
    id: id(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorName: text().notNull(),
    content: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_notes_lead_created_idx').on(t.leadId, t.createdAt)],
);

/** One row per notification or email sent (or attempted), for the super admin's delivery log. */
export const notificationLogs = pgTable(
  'notification_logs',
  {
    id: id(),
    companyId: uuid().references(() => companies.id, { onDelete: 'set null' }),
    recipientUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text(),
    /** SMS and WhatsApp: the number messaged. */
    recipientPhone: text(),
    channel: text({ enum: ['email', 'in_app', 'sms', 'whatsapp'] }).notNull(),
    /** SMS and WhatsApp: who carried it (`msg91`, `whatsapp_cloud`, `outbox`). */
    provider: text(),
    template: text().notNull(),
    subject: text().notNull(),
    status: text({ enum: ['sent', 'failed'] }).notNull(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_logs_created_idx').on(t.createdAt),
    index('notification_logs_company_created_idx').on(t.companyId, t.createdAt),
    index('notification_logs_recipient_created_idx').on(t.recipientUserId, t.createdAt),
    index('notification_logs_channel_status_created_idx').on(t.channel, t.status, t.createdAt),
    index('notification_logs_template_created_idx').on(t.template, t.createdAt),
  ],
);
