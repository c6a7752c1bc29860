import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, depositLedger, paymentOrders, payments, rentalUnitUsers } from '../../db/schema';
import { type Scope, tenancyScope } from './analytics.scope';

/** The part of a ledger payment `p` held as a security deposit: a liability, left out of what is collected. */
const depositShare = sql`coalesce((select sum(dl.amount) from ${depositLedger} dl where dl.payment_id = p.id and dl.kind = 'received'), 0)`;

/** Money: expected and collected rent per month and per period, receivables, pending installments. */
export function revenueStatements(db: DbOrTx) {
  return {
    /** Expected rent per month of the grid: the rent of every tenancy running in that month. */
    async expectedRentByMonth(scope: Scope, fromMonth: string, toMonth: string) {
      const result = await db.execute(sql`
        with months as (
          select generate_series(${`${fromMonth}-01`}::date, ${`${toMonth}-01`}::date, interval '1 month')::date as start
        )
        select to_char(m.start, 'YYYY-MM') as month,
          (select coalesce(sum(${rentalUnitUsers.rent}), 0)::bigint from ${rentalUnitUsers}
            where ${tenancyScope(scope) ?? sql`true`}
              and ${rentalUnitUsers.startDate} < (m.start + interval '1 month')::date
              and coalesce(${rentalUnitUsers.movedOutAt}, ${rentalUnitUsers.endDate}, 'infinity'::date) >= m.start) as expected
        from months m order by m.start`);
      return (result as unknown as { rows: { month: string; expected: string | number }[] }).rows.map(
        (row) => ({
          month: row.month,
          expected: Number(row.expected),
        }),
      );
    },

    /**
     * Money received per month of the grid: captured payments of the payments ledger (booking payments and
     * installments; a property filter follows the booking the order paid for).
     */
    async collectedByMonth(scope: Scope, fromMonth: string, toMonth: string) {
      const result = await db.execute(sql`
        with months as (
          select generate_series(${`${fromMonth}-01`}::date, ${`${toMonth}-01`}::date, interval '1 month')::date as start
        ),
        received as (
          select date_trunc('month', p.created_at)::date as month, sum(p.amount - ${depositShare})::bigint as amount
          from ${payments} p
          join ${paymentOrders} o on o.id = p.order_id
          left join ${bookings} b on b.id = o.reference_id
          where p.status = 'captured'
            and p.created_at >= ${`${fromMonth}-01`}::date
            and p.created_at < (${`${toMonth}-01`}::date + interval '1 month')
            ${scope.companyId ? sql`and p.company_id = ${scope.companyId}` : sql``}
            ${scope.propertyId ? sql`and b.property_id = ${scope.propertyId}` : sql``}
          group by 1
        )
        select to_char(m.start, 'YYYY-MM') as month, coalesce(r.amount, 0)::bigint as collected
        from months m left join received r on r.month = m.start order by m.start`);
      return new Map(
        (result as unknown as { rows: { month: string; collected: string | number }[] }).rows.map((row) => [
          row.month,
          Number(row.collected),
        ]),
      );
    },

    /** Monthly rent of current tenancies (what the company expects each month), minor units. */
    async expectedMonthlyRent(scope: Scope) {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${rentalUnitUsers.rent}), 0)::bigint` })
        .from(rentalUnitUsers)
        .where(and(tenancyScope(scope), eq(rentalUnitUsers.status, 'current')));
      return Number(row?.total ?? 0);
    },

    /** Captured payments of the ledger in [from, to) (a property filter follows the booking the order paid for). */
    async collectedBetween(scope: Scope, from: string, to: string) {
      const result = await db.execute(sql`
        select coalesce(sum(p.amount - ${depositShare}), 0)::bigint as collected
        from ${payments} p
        join ${paymentOrders} o on o.id = p.order_id
        left join ${bookings} b on b.id = o.reference_id
        where p.status = 'captured'
          and p.created_at >= ${from}::date and p.created_at < ${to}::date
          ${scope.companyId ? sql`and p.company_id = ${scope.companyId}` : sql``}
          ${scope.propertyId ? sql`and b.property_id = ${scope.propertyId}` : sql``}`);
      return Number(
        (result as unknown as { rows: { collected: string | number }[] }).rows[0]?.collected ?? 0,
      );
    },

    /**
     * Money owed on `today`: current tenants' outstanding dues (past due since their last rent due date strictly
     * before today) and pending installments of partially paid bookings (past due after their due date), with the
     * overdue part by days past due. One statement.
     */
    async receivables(scope: Scope, today: string) {
      const result = await db.execute(sql`
        with owed as (
          select (u.dues_rent + u.dues_maintenance + u.dues_utilities + u.dues_penalties)::bigint as amount,
            (${today}::date - (case
              when (date_trunc('month', ${today}::date)::date + (least(greatest(u.rent_due_day, 1), 28) - 1)) < ${today}::date
                then date_trunc('month', ${today}::date)::date + (least(greatest(u.rent_due_day, 1), 28) - 1)
              else (date_trunc('month', ${today}::date) - interval '1 month')::date + (least(greatest(u.rent_due_day, 1), 28) - 1)
            end)) as days
          from ${rentalUnitUsers} u
          where u.status = 'current'
            and u.tenancy_status in ('active', 'notice_given')
            and (u.dues_rent + u.dues_maintenance + u.dues_utilities + u.dues_penalties) > 0
            ${scope.companyId ? sql`and u.company_id = ${scope.companyId}` : sql``}
            ${scope.propertyId ? sql`and u.property_id = ${scope.propertyId}` : sql``}
          union all
          select (i.value->>'amount')::bigint, ${today}::date - (i.value->>'dueDate')::date
          from ${bookings} b, jsonb_array_elements(b.installments) i
          where b.status = 'partially_paid' and i.value->>'status' = 'pending'
            ${scope.companyId ? sql`and b.company_id = ${scope.companyId}` : sql``}
            ${scope.propertyId ? sql`and b.property_id = ${scope.propertyId}` : sql``}
        )
        select coalesce(sum(amount), 0)::bigint as outstanding,
          coalesce(sum(amount) filter (where days > 0), 0)::bigint as overdue,
          coalesce(sum(amount) filter (where days between 1 and 30), 0)::bigint as "d30",
          coalesce(sum(amount) filter (where days between 31 and 60), 0)::bigint as "d60",
          coalesce(sum(amount) filter (where days between 61 and 90), 0)::bigint as "d90",
          coalesce(sum(amount) filter (where days > 90), 0)::bigint as "dMore"
        from owed`);
      const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
      const n = (key: string) => Number(row[key] ?? 0);
      return {
        outstanding: n('outstanding'),
        overdue: n('overdue'),
        aging: [
          { bucket: '1-30' as const, amount: n('d30') },
          { bucket: '31-60' as const, amount: n('d60') },
          { bucket: '61-90' as const, amount: n('d90') },
          { bucket: '90+' as const, amount: n('dMore') },
        ],
      };
    },

    /** Pending installments of partially paid bookings: all of them, and those past their due date. */
    async pendingInstallments(scope: Scope, today: string) {
      const result = await db.execute(sql`
        select coalesce(sum((i.value->>'amount')::bigint), 0)::bigint as outstanding,
          coalesce(sum((i.value->>'amount')::bigint) filter (where (i.value->>'dueDate')::date < ${today}::date), 0)::bigint
            as overdue
        from ${bookings} b, jsonb_array_elements(b.installments) i
        where b.status = 'partially_paid' and i.value->>'status' = 'pending'
          ${scope.companyId ? sql`and b.company_id = ${scope.companyId}` : sql``}
          ${scope.propertyId ? sql`and b.property_id = ${scope.propertyId}` : sql``}`);
      const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
      return { outstanding: Number(row.outstanding ?? 0), overdue: Number(row.overdue ?? 0) };
    },

    /** Captured payments of the period and of the previous one, in one statement. */
    async collectedTwoPeriods(scope: Scope, range: { from: string; end: string; previousFrom: string }) {
      const result = await db.execute(sql`
        select coalesce(sum(p.amount - ${depositShare}) filter (where p.created_at >= ${range.from}::date), 0)::bigint as collected,
          coalesce(sum(p.amount - ${depositShare}) filter (where p.created_at < ${range.from}::date), 0)::bigint as previous
        from ${payments} p
        ${scope.propertyId ? sql`join ${paymentOrders} o on o.id = p.order_id join ${bookings} b on b.id = o.reference_id` : sql``}
        where p.status = 'captured'
          and p.created_at >= ${range.previousFrom}::date and p.created_at < ${range.end}::date
          ${scope.companyId ? sql`and p.company_id = ${scope.companyId}` : sql``}
          ${scope.propertyId ? sql`and b.property_id = ${scope.propertyId}` : sql``}`);
      const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
      return { collected: Number(row.collected ?? 0), previous: Number(row.previous ?? 0) };
    },

    /** Security deposits held (received + top-ups − deductions − refunds); a property filter follows the tenancy. */
    async depositsHeld(scope: Scope) {
      const result = await db.execute(sql`
        select coalesce(sum(case when dl.kind in ('received', 'top_up') then dl.amount else -dl.amount end), 0)::bigint as held
        from ${depositLedger} dl
        ${scope.propertyId ? sql`join ${rentalUnitUsers} u on u.id = dl.tenant_id` : sql``}
        where true
          ${scope.companyId ? sql`and dl.company_id = ${scope.companyId}` : sql``}
          ${scope.propertyId ? sql`and u.property_id = ${scope.propertyId}` : sql``}`);
      return Number((result as unknown as { rows: { held: string | number }[] }).rows[0]?.held ?? 0);
    },
  };
}
