import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../core/app-deps';
import { today as todayIso } from '../../core/dates';
import type { Db } from '../../db/client';
import { companies, invoices } from '../../db/schema';
import { addDays, monthName, monthOf } from './invoices.months';
import { generateRentInvoices } from './invoices.rent-run';
import { moneyOverviews } from './invoices.tracking';

export { monthOf } from './invoices.months';
export { generateRentInvoices } from './invoices.rent-run';

const BATCH = 500;

/**
 * The monthly rent run and the money overviews (tracking, stats).
 *
 * Rent run: one `rent_run` invoice per active tenancy and month (rent, plus maintenance when charged), issued at once
 * with gapless numbers. Idempotent: runs of one company queue on a transaction-scoped advisory lock, skip tenancies
 * already billed for the month, and the partial unique index (tenant, period) of rent-run invoices backs that up.
 */
export function createBillingService(deps: Pick<AppDeps, 'db' | 'notifier'>) {
  const db: Db = deps.db;

  const generateRent = (
    companyId: string,
    month: string,
    options: { actorUserId?: string | null; dueBy?: string } = {},
  ) => generateRentInvoices(db, companyId, month, options);

  /** In-app notice to each newly billed tenant (one insert per call); best effort. */
  async function notifyBilled(companyId: string, month: string, userIds: string[]) {
    for (let i = 0; i < userIds.length; i += BATCH) {
      await deps.notifier.notifyUsers(userIds.slice(i, i + BATCH), {
        companyId,
        category: 'payment',
        type: 'invoice.rent_issued',
        title: `Rent invoice for ${monthName(month)}`,
        message: `Your rent invoice for ${monthName(month)} is ready. You can pay it from your tenant area.`,
        link: '/tenant/payments',
      });
    }
  }

  /** Notifies the tenants billed by the rent run of `month` that stored its invoices at or after `since`. */
  async function notifyRentRun(companyId: string, month: string, since: string): Promise<number> {
    const rows = await db
      .selectDistinct({ userId: invoices.userId })
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, companyId),
          eq(invoices.period, month),
          eq(invoices.source, 'rent_run'),
          sql`${invoices.createdAt} >= ${since}`,
        ),
      );
    await notifyBilled(
      companyId,
      month,
      rows.map((r) => r.userId),
    );
    return rows.length;
  }

  /**
   * The daily run: for every company whose plan has invoices, bills the tenancies whose rent falls due within the next
   * `daysAhead` days (this month and, near its end, the next). Safe on several processes (see generateRent).
   */
  async function dailyRentRun(daysAhead = 5): Promise<number> {
    const today = todayIso();
    const dueBy = addDays(today, daysAhead);
    const months = [...new Set([monthOf(today), monthOf(dueBy)])];
    const rows = await db
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          eq(companies.isActive, true),
          sql`(jsonb_array_length(${companies.featuresList}) = 0 or ${companies.featuresList} @> '["invoices_write"]'::jsonb)`,
        ),
      );
    let total = 0;
    for (const company of rows) {
      for (const month of months) {
        const result = await generateRent(company.id, month, { actorUserId: null, dueBy });
        total += result.created;
        if (result.invoiceUserIds.length > 0) {
          await notifyBilled(company.id, month, result.invoiceUserIds).catch(() => undefined);
        }
      }
    }
    return total;
  }

  return { generateRent, notifyBilled, notifyRentRun, dailyRentRun, ...moneyOverviews(db) };
}
