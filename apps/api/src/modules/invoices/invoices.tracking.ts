import type { PaymentStatsDto, PaymentTrackingDto, PaymentTrackingRow } from '@rentora/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { today as todayIso } from '../../core/dates';
import type { Db } from '../../db/client';
import {
  depositLedger,
  invoicePayments,
  invoices,
  properties,
  rentalUnits,
  rentalUnitUsers,
  users,
} from '../../db/schema';
import { openBalance } from './invoices.dto';
import { addDays, lastDayOf, monthOf } from './invoices.months';

const ACTIVE_TENANCY = ['active', 'notice_given'] as const;

/** The money overviews of a company: the month's tracking per tenancy, and the payment figures. */
export function moneyOverviews(db: Db) {
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
        expected: sql<number>`sum(${invoices.total} - ${invoices.creditedAmount})::float8`.as('expected'),
        paid: sql<number>`sum(${invoices.amountPaid})::float8`.as('paid'),
        overdue: sql<boolean>`bool_or(${invoices.dueDate} < ${today} and ${openBalance} > 0)`.as('overdue'),
        dueDate: sql<string | null>`min(${invoices.dueDate})::text`.as('due_date'),
        ids: sql<
          string[]
        >`array_agg(${invoices.id}::text order by ${openBalance} <= 0, ${invoices.dueDate}, ${invoices.createdAt})`.as(
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

  /** The part of an invoice payment held as a deposit (a liability): left out of what is collected. */
  const depositShare = sql`coalesce((select sum(${depositLedger.amount}) from ${depositLedger} where ${depositLedger.invoicePaymentId} = ${invoicePayments.id} and ${depositLedger.kind} = 'received'), 0)`;

  // Money sums are float8: exact for whole paise up to 2^53, where a company's totals easily pass int4's 2^31.
  /** Collected this month and by month (12), outstanding, overdue by age, by method, counts, recent payments. */
  async function stats(companyId: string): Promise<PaymentStatsDto> {
    const today = todayIso();
    const thisMonth = `${monthOf(today)}-01`;
    const open = and(eq(invoices.companyId, companyId), inArray(invoices.status, ['sent', 'partially_paid']));
    const [collected, months, outstanding, methods, counts, recent, deposits] = await Promise.all([
      db
        .select({ n: sql<number>`coalesce(sum(${invoicePayments.amount} - ${depositShare}), 0)::float8` })
        .from(invoicePayments)
        .where(
          and(eq(invoicePayments.companyId, companyId), sql`${invoicePayments.paidAt} >= ${thisMonth}::date`),
        ),
      db
        .select({
          month: sql<string>`to_char(date_trunc('month', ${invoicePayments.paidAt} at time zone 'UTC'), 'YYYY-MM')`,
          collected: sql<number>`sum(${invoicePayments.amount} - ${depositShare})::float8`,
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
          outstanding: sql<number>`coalesce(sum(${openBalance}), 0)::float8`,
          overdue: sql<number>`coalesce(sum(${openBalance}) filter (where ${invoices.dueDate} < ${today}), 0)::float8`,
          b30: sql<number>`coalesce(sum(${openBalance}) filter (where ${invoices.dueDate} < ${today} and ${invoices.dueDate} >= ${addDays(today, -30)}), 0)::float8`,
          b60: sql<number>`coalesce(sum(${openBalance}) filter (where ${invoices.dueDate} < ${addDays(today, -30)} and ${invoices.dueDate} >= ${addDays(today, -60)}), 0)::float8`,
          b90: sql<number>`coalesce(sum(${openBalance}) filter (where ${invoices.dueDate} < ${addDays(today, -60)} and ${invoices.dueDate} >= ${addDays(today, -90)}), 0)::float8`,
          older: sql<number>`coalesce(sum(${openBalance}) filter (where ${invoices.dueDate} < ${addDays(today, -90)}), 0)::float8`,
        })
        .from(invoices)
        .where(open),
      db
        .select({
          method: invoicePayments.method,
          amount: sql<number>`sum(${invoicePayments.amount} - ${depositShare})::float8`,
          count: sql<number>`count(*)::int`,
        })
        .from(invoicePayments)
        .where(eq(invoicePayments.companyId, companyId))
        .groupBy(invoicePayments.method)
        .orderBy(desc(sql`2`)),
      db
        .select({
          status: invoices.status,
          overdue: sql<boolean>`${invoices.status} in ('sent', 'partially_paid') and ${invoices.dueDate} < ${today} and ${openBalance} > 0`,
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
      db
        .select({
          held: sql<number>`coalesce(sum(case when ${depositLedger.kind} in ('received', 'top_up') then ${depositLedger.amount} else -${depositLedger.amount} end), 0)::float8`,
        })
        .from(depositLedger)
        .where(eq(depositLedger.companyId, companyId)),
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
      depositsHeld: deposits[0]?.held ?? 0,
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

  return { tracking, stats };
}
