import {
  formatInvoiceNumber,
  type GenerateRentResult,
  type PaymentStatsDto,
  type PaymentTrackingDto,
  type PaymentTrackingRow,
} from '@rentora/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { today as todayIso } from '../../core/dates';
import type { Db } from '../../db/client';
import {
  companies,
  invoicePayments,
  invoices,
  properties,
  rentalUnits,
  rentalUnitUsers,
  users,
} from '../../db/schema';
import { templateFor } from './invoice-templates.service';
import { allocateNumbers } from './invoices.service';

const ACTIVE_TENANCY = ['active', 'notice_given'] as const;
const BATCH = 500;

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

export async function generateRentInvoices(
  db: Db,
  companyId: string,
  month: string,
  options: { actorUserId?: string | null; dueBy?: string } = {},
): Promise<GenerateRentResult & { invoiceUserIds: string[] }> {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const year = Number(month.slice(0, 4));
  const template = await templateFor(db, companyId, null);
  const taxRate = template?.taxRate ?? 0;
  const name = monthName(month);
  return db.transaction(async (tx) => {
    // Runs of one company queue here; the candidates below are then exactly what this run inserts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rent-run:${companyId}`}))`);
    const due = sql`(${month} || '-' || lpad(least(28, greatest(1, r.rent_due_day))::text, 2, '0'))`;
    const candidates = sql`
      from rental_unit_users r
      where r.company_id = ${companyId}
        and r.tenancy_status in ('active', 'notice_given')
        and r.start_date <= ${last}
        and r.rent + r.maintenance_charges > 0
        ${options.dueBy ? sql`and ${due} <= ${options.dueBy}` : sql``}`;
    const billed = sql`exists (select 1 from invoices i where i.tenant_id = r.id and i.period = ${month} and i.source = 'rent_run')`;
    const counted = await tx.execute<{ todo: number; done: number }>(
      sql`select count(*) filter (where not ${billed})::int as todo, count(*) filter (where ${billed})::int as done ${candidates}`,
    );
    const { todo, done } = (counted as unknown as { rows: { todo: number; done: number }[] }).rows[0] ?? {
      todo: 0,
      done: 0,
    };
    if (todo === 0) return { month, created: 0, skipped: done, invoiceUserIds: [] };
    const start = await allocateNumbers(tx, companyId, year, todo);
    // One statement, the same arithmetic as computeInvoiceTotals: lines at quantity 1, tax rounded half up.
    // The tenancies' dues grow by the new invoices in the same statement (as refreshTenantDues would compute them:
    // each line its amount plus its largest-remainder share of the tax, the rent line first on a tie).
    const inserted = await tx.execute<{ id: string; user_id: string }>(sql`
      with ins as (
      insert into invoices (id, company_id, number, tenant_id, user_id, property_id, rental_unit_id, template_id,
        status, issue_date, due_date, period, source, currency, line_items, tax_rate, subtotal, tax, total,
        sent_at, created_by)
      select gen_random_uuid(), ${companyId},
        'INV-' || ${String(year)} || '-' || lpad((${start} + row_number() over (order by r.id) - 1)::text, 6, '0'),
        r.id, r.user_id, r.property_id, r.rental_unit_id, ${template?.id ?? null}::uuid,
        'sent', ${first}::date, (${due})::date, ${month}, 'rent_run', r.currency,
        (case when r.rent > 0 then jsonb_build_array(jsonb_build_object('description', ${`Rent for ${name}`}::text,
            'quantity', 1, 'unitPrice', r.rent, 'kind', 'rent', 'amount', r.rent)) else '[]'::jsonb end)
          || (case when r.maintenance_charges > 0 then jsonb_build_array(jsonb_build_object('description',
            ${`Maintenance for ${name}`}::text, 'quantity', 1, 'unitPrice', r.maintenance_charges, 'kind', 'maintenance',
            'amount', r.maintenance_charges)) else '[]'::jsonb end),
        ${taxRate}::int,
        r.rent + r.maintenance_charges,
        ((r.rent + r.maintenance_charges)::bigint * ${taxRate}::int + 5000) / 10000,
        r.rent + r.maintenance_charges + ((r.rent + r.maintenance_charges)::bigint * ${taxRate}::int + 5000) / 10000,
        now(), ${options.actorUserId ?? null}::uuid
      ${candidates} and not ${billed}
      returning id, user_id, tenant_id, subtotal, tax),
      shares as (
        select ins.tenant_id, ins.tax,
          case when ins.subtotal = 0 or r.rent = 0 then 0
            else (ins.tax::bigint * r.rent / ins.subtotal
              + case when ins.tax - ins.tax::bigint * r.rent / ins.subtotal
                  - ins.tax::bigint * r.maintenance_charges / ins.subtotal > 0
                and ins.tax::bigint * r.rent % ins.subtotal >= ins.tax::bigint * r.maintenance_charges % ins.subtotal
                then 1 else 0 end)::int end as rent_tax,
          r.rent, r.maintenance_charges
        from ins join rental_unit_users r on r.id = ins.tenant_id),
      dues as (
        update rental_unit_users u set
          dues_rent = u.dues_rent + s.rent + s.rent_tax,
          dues_maintenance = u.dues_maintenance + s.maintenance_charges + (s.tax - s.rent_tax)
        from shares s where u.id = s.tenant_id)
      select id, user_id from ins`);
    const rows = (inserted as unknown as { rows: { id: string; user_id: string }[] }).rows;
    // The counter gave out exactly `todo` numbers: anything else would leave a gap, so the run is undone.
    if (rows.length !== todo)
      throw new Error(`rent run inserted ${rows.length} invoices for ${todo} numbers`);
    await recordAudit(tx, {
      companyId,
      actorUserId: options.actorUserId,
      action: 'invoice.rent_run',
      entityType: 'invoice',
      entityId: rows[0]!.id,
      summary: `${rows.length} rent invoices for ${month} (${formatInvoiceNumber(year, start)} – ${formatInvoiceNumber(year, start + rows.length - 1)})`,
    });
    return { month, created: rows.length, skipped: done, invoiceUserIds: rows.map((r) => r.user_id) };
  });
}

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

  /** One row per active tenancy: what the month's invoices ask, what is paid, and the resulting status. */
  async function tracking(
    companyId: string,
    month: string,
    page: { page: number; limit: number },
  ): Promise<PaymentTrackingDto & { totalCount: number }> {
    const first = `${month}-01`;
    const last = lastDayOf(month);
    const today = todayIso();
    const inMonth = sql`(${invoices.period} = ${month} or (${invoices.period} is null and ${invoices.issueDate} between ${first} and ${last}))`;
    const agg = db
      .select({
        tenantId: invoices.tenantId,
        expected: sql<number>`sum(${invoices.total})::float8`.as('expected'),
        paid: sql<number>`sum(${invoices.amountPaid})::float8`.as('paid'),
        overdue:
          sql<boolean>`bool_or(${invoices.dueDate} < ${today} and ${invoices.total} > ${invoices.amountPaid})`.as(
            'overdue',
          ),
        dueDate: sql<string | null>`min(${invoices.dueDate})::text`.as('due_date'),
        ids: sql<
          string[]
        >`array_agg(${invoices.id}::text order by ${invoices.total} <= ${invoices.amountPaid}, ${invoices.dueDate}, ${invoices.createdAt})`.as(
          'ids',
        ),
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, companyId),
          inArray(invoices.status, ['sent', 'partially_paid', 'paid']),
          inMonth,
        ),
      )
      .groupBy(invoices.tenantId)
      .as('agg');
    const where = and(
      eq(rentalUnitUsers.companyId, companyId),
      inArray(rentalUnitUsers.tenancyStatus, [...ACTIVE_TENANCY]),
      sql`${rentalUnitUsers.startDate} <= ${last}`,
    );
    const [rows, [totals]] = await Promise.all([
      db
        .select({
          tenantId: rentalUnitUsers.id,
          firstName: users.firstName,
          lastName: users.lastName,
          propertyName: properties.name,
          unitNumber: rentalUnits.unitNumber,
          expected: agg.expected,
          paid: agg.paid,
          overdue: agg.overdue,
          dueDate: agg.dueDate,
          ids: agg.ids,
        })
        .from(rentalUnitUsers)
        .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
        .innerJoin(properties, eq(properties.id, rentalUnitUsers.propertyId))
        .innerJoin(rentalUnits, eq(rentalUnits.id, rentalUnitUsers.rentalUnitId))
        .leftJoin(agg, eq(agg.tenantId, rentalUnitUsers.id))
        .where(where)
        .orderBy(asc(properties.name), asc(rentalUnits.unitNumber), asc(rentalUnitUsers.id))
        .limit(page.limit)
        .offset((page.page - 1) * page.limit),
      db
        .select({
          tenants: sql<number>`count(*)::int`,
          expected: sql<number>`coalesce(sum(${agg.expected}), 0)::float8`,
          paid: sql<number>`coalesce(sum(${agg.paid}), 0)::float8`,
          paidCount: sql<number>`count(*) filter (where ${agg.expected} is not null and ${agg.paid} >= ${agg.expected})::int`,
        })
        .from(rentalUnitUsers)
        .leftJoin(agg, eq(agg.tenantId, rentalUnitUsers.id))
        .where(where),
    ]);
    const out: PaymentTrackingRow[] = rows.map((r) => {
      const expected = r.expected ?? 0;
      const paid = r.paid ?? 0;
      const balance = expected - paid;
      const status: PaymentTrackingRow['status'] =
        r.expected === null
          ? 'not_billed'
          : balance <= 0
            ? 'paid'
            : r.overdue
              ? 'overdue'
              : paid > 0
                ? 'partial'
                : 'unpaid';
      return {
        tenantId: r.tenantId,
        tenantName: `${r.firstName} ${r.lastName}`.trim(),
        propertyName: r.propertyName,
        unitNumber: r.unitNumber,
        expected,
        paid,
        balance,
        status,
        invoiceIds: r.ids ?? [],
        dueDate: r.dueDate,
      };
    });
    const t = totals ?? { tenants: 0, expected: 0, paid: 0, paidCount: 0 };
    return {
      month,
      rows: out,
      totals: {
        expected: t.expected,
        paid: t.paid,
        balance: t.expected - t.paid,
        tenants: t.tenants,
        paidCount: t.paidCount,
      },
      totalCount: t.tenants,
    };
  }

  // Money sums are float8: exact for whole paise up to 2^53, where a company's totals easily pass int4's 2^31.
  /** Collected this month and by month (12), outstanding, overdue by age, by method, counts, recent payments. */
  async function stats(companyId: string): Promise<PaymentStatsDto> {
    const today = todayIso();
    const thisMonth = `${monthOf(today)}-01`;
    const open = and(eq(invoices.companyId, companyId), inArray(invoices.status, ['sent', 'partially_paid']));
    const [collected, months, outstanding, methods, counts, recent] = await Promise.all([
      db
        .select({ n: sql<number>`coalesce(sum(${invoicePayments.amount}), 0)::float8` })
        .from(invoicePayments)
        .where(
          and(eq(invoicePayments.companyId, companyId), sql`${invoicePayments.paidAt} >= ${thisMonth}::date`),
        ),
      db
        .select({
          month: sql<string>`to_char(date_trunc('month', ${invoicePayments.paidAt} at time zone 'UTC'), 'YYYY-MM')`,
          collected: sql<number>`sum(${invoicePayments.amount})::float8`,
        })
        .from(invoicePayments)
        .where(
          and(
            eq(invoicePayments.companyId, companyId),
            sql`${invoicePayments.paidAt} >= date_trunc('month', now()) - interval '11 months'`,
          ),
        )
        .groupBy(sql`1`)
        .orderBy(sql`1`),
      db
        .select({
          outstanding: sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}), 0)::float8`,
          overdue: sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}) filter (where ${invoices.dueDate} < ${today}), 0)::float8`,
          b30: sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}) filter (where ${invoices.dueDate} < ${today} and ${invoices.dueDate} >= ${addDays(today, -30)}), 0)::float8`,
          b60: sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}) filter (where ${invoices.dueDate} < ${addDays(today, -30)} and ${invoices.dueDate} >= ${addDays(today, -60)}), 0)::float8`,
          b90: sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}) filter (where ${invoices.dueDate} < ${addDays(today, -60)} and ${invoices.dueDate} >= ${addDays(today, -90)}), 0)::float8`,
          older: sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}) filter (where ${invoices.dueDate} < ${addDays(today, -90)}), 0)::float8`,
        })
        .from(invoices)
        .where(open),
      db
        .select({
          method: invoicePayments.method,
          amount: sql<number>`sum(${invoicePayments.amount})::float8`,
          count: sql<number>`count(*)::int`,
        })
        .from(invoicePayments)
        .where(eq(invoicePayments.companyId, companyId))
        .groupBy(invoicePayments.method)
        .orderBy(desc(sql`2`)),
      db
        .select({
          status: invoices.status,
          overdue: sql<boolean>`${invoices.status} in ('sent', 'partially_paid') and ${invoices.dueDate} < ${today} and ${invoices.total} > ${invoices.amountPaid}`,
          n: sql<number>`count(*)::int`,
        })
        .from(invoices)
        .where(eq(invoices.companyId, companyId))
        .groupBy(sql`1`, sql`2`),
      db
        .select({
          id: invoicePayments.id,
          invoiceId: invoicePayments.invoiceId,
          number: invoices.number,
          firstName: users.firstName,
          lastName: users.lastName,
          amount: invoicePayments.amount,
          method: invoicePayments.method,
          source: invoicePayments.source,
          paidAt: invoicePayments.paidAt,
        })
        .from(invoicePayments)
        .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(eq(invoicePayments.companyId, companyId))
        .orderBy(desc(invoicePayments.paidAt), desc(invoicePayments.id))
        .limit(10),
    ]);
    const invoiceCounts: Record<string, number> = {
      draft: 0,
      sent: 0,
      partially_paid: 0,
      paid: 0,
      overdue: 0,
      void: 0,
    };
    for (const c of counts) {
      const key = c.overdue ? 'overdue' : c.status;
      invoiceCounts[key] = (invoiceCounts[key] ?? 0) + c.n;
    }
    const byMonth: { month: string; collected: number }[] = [];
    const now = new Date(`${thisMonth}T00:00:00Z`);
    const found = new Map(months.map((m) => [m.month, m.collected]));
    for (let i = 11; i >= 0; i -= 1) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
      const key = d.toISOString().slice(0, 7);
      byMonth.push({ month: key, collected: found.get(key) ?? 0 });
    }
    const o = outstanding[0];
    return {
      collectedThisMonth: collected[0]?.n ?? 0,
      outstanding: o?.outstanding ?? 0,
      overdue: o?.overdue ?? 0,
      byMonth,
      overdueBuckets: {
        '0-30': o?.b30 ?? 0,
        '31-60': o?.b60 ?? 0,
        '61-90': o?.b90 ?? 0,
        '90+': o?.older ?? 0,
      },
      byMethod: methods,
      invoiceCounts,
      recent: recent.map((r) => ({
        _id: r.id,
        invoiceId: r.invoiceId,
        invoiceNumber: r.number ?? '',
        tenantName: `${r.firstName} ${r.lastName}`.trim(),
        amount: r.amount,
        method: r.method,
        source: r.source,
        paidAt: r.paidAt.toISOString(),
      })),
    };
  }

  return { generateRent, notifyBilled, notifyRentRun, dailyRentRun, tracking, stats };
}
