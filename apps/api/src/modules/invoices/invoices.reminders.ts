import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../core/app-deps';
import { today as todayIso } from '../../core/dates';
import { escapeHtml } from '../../core/html';
import { sendMail } from '../../core/mail-delivery';
import { invoices, users } from '../../db/schema';
import { balanceOf, openBalance } from './invoices.dto';

/** Reminders go this many days before the due date. */
export const REMINDER_DAYS_BEFORE = 3;

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/**
 * The daily reminders, safe on several processes and on a repeated run: a row is claimed by an UPDATE that sets its
 * marker column only where it is still NULL, so every reminder is sent once: in-app and email to the tenant
 * `REMINDER_DAYS_BEFORE` days before the due date, and once when overdue. (Late fees: the late-fees module.)
 */
export function createInvoiceReminders(deps: Pick<AppDeps, 'db' | 'mailer' | 'notifier'>) {
  const db = deps.db;

  async function notifyTenant(row: typeof invoices.$inferSelect, kind: 'due' | 'overdue'): Promise<void> {
    const balance = balanceOf(row);
    const title =
      kind === 'due' ? `Invoice ${row.number} is due on ${row.dueDate}` : `Invoice ${row.number} is overdue`;
    const message = `${money(balance, row.currency)} ${kind === 'due' ? `is due on ${row.dueDate}` : `was due on ${row.dueDate}`}. You can pay it from your tenant area.`;
    await deps.notifier.notifyUser(row.userId, {
      companyId: row.companyId,
      category: 'payment',
      type: kind === 'due' ? 'invoice.due_reminder' : 'invoice.overdue',
      title,
      message,
      link: '/tenant/payments',
      priority: kind === 'overdue' ? 'high' : 'normal',
      data: { invoiceId: row.id },
    });
    const [person] = await db
      .select({ email: users.email, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, row.userId));
    if (person?.isActive) {
      await sendMail(
        deps.mailer,
        {
          to: person.email,
          subject: title,
          text: `${message}\n`,
          html: `<p>${escapeHtml(message)}</p>`,
          template: `invoice_${kind}`,
        },
        { companyId: row.companyId, userId: row.userId },
      );
    }
  }

  /** Claims and sends the due-date reminders and overdue notices of `today`; returns how many were sent. */
  async function sendReminders(today = todayIso()): Promise<{ due: number; overdue: number }> {
    const open = and(inArray(invoices.status, ['sent', 'partially_paid']), sql`${openBalance} > 0`);
    const dueRows = await db
      .update(invoices)
      .set({ dueReminderAt: new Date() })
      .where(
        and(
          open,
          isNull(invoices.dueReminderAt),
          sql`${invoices.dueDate} between ${today} and ${addDays(today, REMINDER_DAYS_BEFORE)}`,
        ),
      )
      .returning();
    const overdueRows = await db
      .update(invoices)
      .set({ overdueNoticeAt: new Date() })
      .where(and(open, isNull(invoices.overdueNoticeAt), sql`${invoices.dueDate} < ${today}`))
      .returning();
    for (const row of dueRows) await notifyTenant(row, 'due').catch(() => undefined);
    for (const row of overdueRows) await notifyTenant(row, 'overdue').catch(() => undefined);
    return { due: dueRows.length, overdue: overdueRows.length };
  }

  return { sendReminders };
}
