import { computeInvoiceTotals, lateFeeOf } from '@rentora/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { today as todayIso } from '../../core/dates';
import { invoices, invoiceTemplates } from '../../db/schema';
import { balanceOf, openBalance, partiesOfInvoice } from './invoices.dto';
import { refreshTenantDues } from './invoices.dues';

const BATCH = 200;

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The daily money chores, each safe on several processes and on a repeated run: a row is claimed by an UPDATE that
 * sets its marker column only where it is still NULL, so every late fee is added once and every reminder sent once.
 * - late fees: an issued invoice with a balance, more than the company's `lateFeeAfterDays` past its due date, gets
 *   one `penalty` line (fixed amount or percent of the balance, from the company's default template).
 * Reminders are sent by the collections schedule (modules/collections).
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

  return { applyLateFees };
}
