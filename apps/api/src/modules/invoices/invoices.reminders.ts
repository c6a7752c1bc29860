import { computeInvoiceTotals, lateFeeOf } from '@rentora/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { today as todayIso } from '../../core/dates';
import { escapeHtml } from '../../core/html';
import { sendMail } from '../../core/mail-delivery';
import { invoices, invoiceTemplates, users } from '../../db/schema';
import { balanceOf, openBalance, partiesOfInvoice } from './invoices.dto';
import { refreshTenantDues } from './invoices.dues';

const BATCH = 200;
/** Reminders go this many days before the due date. */
export const REMINDER_DAYS_BEFORE = 3;

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/**
 * The daily money chores, each safe on several processes and on a repeated run: a row is claimed by an UPDATE that
 * sets its marker column only where it is still NULL, so every late fee is added once and every reminder sent once.
 * - late fees: an issued invoice with a balance, more than the company's `lateFeeAfterDays` past its due date, gets
 *   one `penalty` line (fixed amount or percent of the balance, from the company's default template);
 * - reminders: in-app and email to the tenant `REMINDER_DAYS_BEFORE` days before the due date, and once when overdue.
 */
export function createInvoiceReminders(deps: Pick<AppDeps, 'db' | 'mailer' | 'notifier'>) {
  const db = deps.db;

  async function applyLateFees(today = todayIso()): Promise<number> {
    const rules = await db
      .select()
      .from(invoiceTemplates)
      .where(and(eq(invoiceTemplates.isDefault, true), sql`${invoiceTemplates.lateFeeType} <> 'none'`));
    let applied = 0;
    for (const rule of rules) {
      const cutoff = addDays(today, -rule.lateFeeAfterDays);
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const due = await tx
            .select()
            .from(invoices)
            .where(
              and(
                eq(invoices.companyId, rule.companyId),
                inArray(invoices.status, ['sent', 'partially_paid']),
                isNull(invoices.lateFeeAppliedAt),
                sql`${invoices.dueDate} < ${cutoff}`,
                sql`${openBalance} > 0`,
              ),
            )
            .limit(BATCH)
            .for('update', { skipLocked: true });
          for (const invoice of due) {
            const fee = lateFeeOf(rule, balanceOf(invoice));
            const lines =
              fee > 0
                ? [
                    ...invoice.lineItems,
                    {
                      description: `Late fee (due ${invoice.dueDate})`,
                      quantity: 1,
                      unitPrice: fee,
                      kind: 'penalty' as const,
                    },
                  ]
                : invoice.lineItems;
            // Invoices made before GST invoicing keep their flat tax rate; the others tax the fee like the rent.
            const legacy = invoice.lineItems.every((l) => l.treatment === undefined);
            const totals = computeInvoiceTotals(lines, partiesOfInvoice(invoice));
            const legacyTax = legacy ? Math.floor((totals.subtotal * invoice.taxRate + 5000) / 10_000) : 0;
            await tx
              .update(invoices)
              .set({
                lateFeeAppliedAt: new Date(),
                lineItems: legacy
                  ? totals.lines.map(({ description, quantity, unitPrice, kind, amount }) => ({
                      description,
                      quantity,
                      unitPrice,
                      kind,
                      amount,
                    }))
                  : totals.lines,
                subtotal: totals.subtotal,
                tax: legacy ? legacyTax : totals.tax,
                total: totals.subtotal + (legacy ? legacyTax : totals.tax),
                taxableValue: totals.taxableValue,
                cgst: totals.cgst,
                sgst: totals.sgst,
                igst: totals.igst,
                reverseChargeTax: totals.reverseChargeTax,
              })
              .where(eq(invoices.id, invoice.id));
            if (fee > 0) {
              await recordAudit(tx, {
                companyId: invoice.companyId,
                actorUserId: null,
                action: 'invoice.late_fee',
                entityType: 'invoice',
                entityId: invoice.id,
                summary: `${invoice.number}: late fee ${fee}`,
                before: { total: invoice.total },
                after: { total: totals.total },
              });
            }
          }
          // The penalty lines move the dues of the tenancies they were added to.
          const billed = new Set(due.filter((d) => lateFeeOf(rule, balanceOf(d)) > 0).map((d) => d.tenantId));
          for (const tenantId of billed) await refreshTenantDues(tx, rule.companyId, tenantId);
          return {
            seen: due.length,
            fees: due.filter((d) => lateFeeOf(rule, balanceOf(d)) > 0).length,
          };
        });
        applied += done.fees;
        if (done.seen < BATCH) break;
      }
    }
    return applied;
  }

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
        { companyId: row.companyId, userId: row.userId, kind: 'billing' },
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

  return { applyLateFees, sendReminders };
}
