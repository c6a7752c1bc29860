import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  collectionReminders,
  collectionSettings,
  collectionTemplates,
  companies,
  contactPreferences,
  invoices,
  rentalUnitUsers,
  users,
} from '../../db/schema';

export type ReminderRow = typeof collectionReminders.$inferSelect;
export type NewReminder = typeof collectionReminders.$inferInsert;
export type TemplateRow = typeof collectionTemplates.$inferSelect;
export type SettingsRow = typeof collectionSettings.$inferSelect;
export type PreferencesRow = typeof contactPreferences.$inferSelect;

const balance = sql<number>`(${invoices.total} - ${invoices.creditedAmount} - ${invoices.amountPaid})`;
const OPEN_STATUSES = ['sent', 'partially_paid'] as const;

/** What a reminder of an invoice says and where it goes. */
const invoiceContextColumns = {
  invoiceId: invoices.id,
  companyId: invoices.companyId,
  number: invoices.number,
  dueDate: invoices.dueDate,
  currency: invoices.currency,
  status: invoices.status,
  balance,
  userId: invoices.userId,
  companyName: companies.name,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  isActive: users.isActive,
  prefEmail: contactPreferences.email,
  prefSms: contactPreferences.sms,
  prefWhatsapp: contactPreferences.whatsapp,
  language: contactPreferences.language,
};

export function createCollectionsRepo(db: DbOrTx) {
  const contextQuery = () =>
    db
      .select(invoiceContextColumns)
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .leftJoin(contactPreferences, eq(contactPreferences.userId, invoices.userId));

  return {
    async settings(companyId: string): Promise<SettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(collectionSettings)
        .where(eq(collectionSettings.companyId, companyId));
      return row;
    },

    async saveSettings(values: typeof collectionSettings.$inferInsert): Promise<SettingsRow> {
      const [row] = await db
        .insert(collectionSettings)
        .values(values)
        .onConflictDoUpdate({
          target: collectionSettings.companyId,
          set: {
            reminderDays: values.reminderDays,
            channels: values.channels,
            quietFrom: values.quietFrom,
            quietTo: values.quietTo,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },

    templates(companyId: string): Promise<TemplateRow[]> {
      return db.select().from(collectionTemplates).where(eq(collectionTemplates.companyId, companyId));
    },

    async saveTemplate(values: typeof collectionTemplates.$inferInsert): Promise<TemplateRow> {
      const [row] = await db
        .insert(collectionTemplates)
        .values(values)
        .onConflictDoUpdate({
          target: [collectionTemplates.companyId, collectionTemplates.key, collectionTemplates.channel],
          set: {
            subject: values.subject,
            body: values.body,
            dltTemplateId: values.dltTemplateId,
            whatsappTemplateName: values.whatsappTemplateName,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },

    async preferences(userId: string): Promise<PreferencesRow | undefined> {
      const [row] = await db.select().from(contactPreferences).where(eq(contactPreferences.userId, userId));
      return row;
    },

    async savePreferences(values: typeof contactPreferences.$inferInsert): Promise<PreferencesRow> {
      const [row] = await db
        .insert(contactPreferences)
        .values(values)
        .onConflictDoUpdate({
          target: contactPreferences.userId,
          set: {
            email: values.email,
            sms: values.sms,
            whatsapp: values.whatsapp,
            language: values.language,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },

    /** The person of a tenancy of the company (undefined: no such tenancy there). */
    async tenancyUser(companyId: string, tenancyId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: rentalUnitUsers.userId })
        .from(rentalUnitUsers)
        .where(and(eq(rentalUnitUsers.companyId, companyId), eq(rentalUnitUsers.id, tenancyId)));
      return row?.userId;
    },

    async invoiceContext(companyId: string, invoiceId: string) {
      const [row] = await contextQuery().where(
        and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)),
      );
      return row;
    },

    /** Companies with an open invoice falling in the window of their steps (the daily run visits these). */
    async companiesWithOpenInvoices(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ companyId: invoices.companyId })
        .from(invoices)
        .where(and(inArray(invoices.status, [...OPEN_STATUSES]), sql`${balance} > 0`));
      return rows.map((row) => row.companyId);
    },

    /** Open invoices of the company with a balance, due on one of `dueDates`. */
    dueOn(companyId: string, dueDates: string[]) {
      if (dueDates.length === 0) return Promise.resolve([]);
      return contextQuery().where(
        and(
          eq(invoices.companyId, companyId),
          inArray(invoices.status, [...OPEN_STATUSES]),
          inArray(invoices.dueDate, dueDates),
          sql`${balance} > 0`,
        ),
      );
    },

    /** Claims reminder rows: the unique (invoice, step, channel) lets one run write each, once. */
    async claim(values: NewReminder[]): Promise<ReminderRow[]> {
      if (values.length === 0) return [];
      return db.insert(collectionReminders).values(values).onConflictDoNothing().returning();
    },

    async reminder(id: string, companyId?: string): Promise<ReminderRow | undefined> {
      const [row] = await db
        .select()
        .from(collectionReminders)
        .where(
          companyId
            ? and(eq(collectionReminders.id, id), eq(collectionReminders.companyId, companyId))
            : eq(collectionReminders.id, id),
        );
      return row;
    },

    /** Takes a reminder for one attempt (row lock: a job and a resend never send it twice at once). */
    async lockReminder(id: string): Promise<ReminderRow | undefined> {
      const [row] = await db
        .select()
        .from(collectionReminders)
        .where(eq(collectionReminders.id, id))
        .for('update');
      return row;
    },

    async updateReminder(id: string, values: Partial<NewReminder>): Promise<ReminderRow> {
      const [row] = await db
        .update(collectionReminders)
        .set(values)
        .where(eq(collectionReminders.id, id))
        .returning();
      return row!;
    },

    /** Deferred reminders whose quiet hours are over. */
    async deferredDue(now: Date): Promise<string[]> {
      const rows = await db
        .select({ id: collectionReminders.id })
        .from(collectionReminders)
        .where(and(eq(collectionReminders.status, 'deferred'), lte(collectionReminders.sendAfter, now)))
        .limit(500);
      return rows.map((row) => row.id);
    },
  };
}

export type CollectionsRepo = ReturnType<typeof createCollectionsRepo>;
export type InvoiceContext = NonNullable<Awaited<ReturnType<CollectionsRepo['invoiceContext']>>>;
