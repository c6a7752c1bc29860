import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bookings,
  companies,
  paymentOrders,
  payments,
  plans,
  properties,
  rentalUnits,
  rentalUnitUsers,
  users,
} from '../../db/schema';

/** The company (or the whole platform) and optional property a report is about. */
export interface Scope {
  companyId: string | null;
  propertyId?: string;
}

const unitScope = (scope: Scope) =>
  and(
    scope.companyId ? eq(rentalUnits.companyId, scope.companyId) : undefined,
    scope.propertyId ? eq(rentalUnits.propertyId, scope.propertyId) : undefined,
  );

/** Tenancies that really ran (pending and rejected ones never housed anybody). */
const tenancyScope = (scope: Scope) =>
  and(
    scope.companyId ? eq(rentalUnitUsers.companyId, scope.companyId) : undefined,
    scope.propertyId ? eq(rentalUnitUsers.propertyId, scope.propertyId) : undefined,
    inArray(rentalUnitUsers.tenancyStatus, ['active', 'notice_given', 'moved_out']),
  );

/**
 * Every series is one grouped statement (no per-row or per-month loops); the month grid is filled in the service.
 * Tenancies are the rows of the unit-tenant table (one person in one unit, start and end dates).
 */
export function createAnalyticsRepo(db: DbOrTx) {
  return {
    /** Units by status right now. */
    async unitsByStatus(scope: Scope) {
      const rows = await db
        .select({ status: rentalUnits.status, units: count() })
        .from(rentalUnits)
        .where(unitScope(scope))
        .groupBy(rentalUnits.status);
      return Object.fromEntries(rows.map((row) => [row.status, row.units])) as Record<string, number>;
    },

    /** Units by status per property right now. */
    unitsByProperty(scope: Scope) {
      return db
        .select({
          propertyId: properties.id,
          name: properties.name,
          total: count(rentalUnits.id),
          occupied: sql<number>`count(*) filter (where ${rentalUnits.status} = 'Occupied')::int`,
          available: sql<number>`count(*) filter (where ${rentalUnits.status} = 'Available')::int`,
          maintenance: sql<number>`count(*) filter (where ${rentalUnits.status} = 'Under_Maintenance')::int`,
        })
        .from(properties)
        .innerJoin(rentalUnits, eq(rentalUnits.propertyId, properties.id))
        .where(
          and(
            scope.companyId ? eq(properties.companyId, scope.companyId) : undefined,
            scope.propertyId ? eq(properties.id, scope.propertyId) : undefined,
          ),
        )
        .groupBy(properties.id, properties.name)
        .orderBy(properties.name)
        .limit(500);
    },

    /**
     * For each month of the grid: units that existed by its end, and units with a tenancy overlapping it.
     * One statement over generate_series.
     */
    async occupancyByMonth(scope: Scope, fromMonth: string, toMonth: string) {
      const result = await db.execute(sql`
        with months as (
          select generate_series(${`${fromMonth}-01`}::date, ${`${toMonth}-01`}::date, interval '1 month')::date as start
        )
        select to_char(m.start, 'YYYY-MM') as month,
          (select count(*)::int from ${rentalUnits}
            where ${unitScope(scope) ?? sql`true`} and ${rentalUnits.createdAt} < (m.start + interval '1 month')) as total,
          (select count(distinct ${rentalUnitUsers.rentalUnitId})::int from ${rentalUnitUsers}
            where ${tenancyScope(scope) ?? sql`true`}
              and ${rentalUnitUsers.startDate} < (m.start + interval '1 month')::date
              and coalesce(${rentalUnitUsers.movedOutAt}, ${rentalUnitUsers.endDate}, 'infinity'::date) >= m.start) as occupied
        from months m
        order by m.start`);
      return (result as unknown as { rows: { month: string; total: number; occupied: number }[] }).rows;
    },

    /** Move-ins and move-outs per month of the grid, in one statement. */
    async tenancyFlowByMonth(scope: Scope, fromMonth: string, toMonth: string) {
      const result = await db.execute(sql`
        with months as (
          select generate_series(${`${fromMonth}-01`}::date, ${`${toMonth}-01`}::date, interval '1 month')::date as start
        ),
        flows as (
          select date_trunc('month', ${rentalUnitUsers.startDate})::date as month, 1 as move_in, 0 as move_out
            from ${rentalUnitUsers} where ${tenancyScope(scope) ?? sql`true`}
              and ${rentalUnitUsers.startDate} >= ${`${fromMonth}-01`}::date
          union all
          select date_trunc('month', ${rentalUnitUsers.movedOutAt})::date, 0, 1
            from ${rentalUnitUsers} where ${tenancyScope(scope) ?? sql`true`}
              and ${rentalUnitUsers.movedOutAt} >= ${`${fromMonth}-01`}::date
        )
        select to_char(m.start, 'YYYY-MM') as month,
          coalesce(sum(f.move_in), 0)::int as "moveIns", coalesce(sum(f.move_out), 0)::int as "moveOuts"
        from months m left join flows f on f.month = m.start
        group by m.start order by m.start`);
      return (result as unknown as { rows: { month: string; moveIns: number; moveOuts: number }[] }).rows;
    },

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
          select date_trunc('month', p.created_at)::date as month, sum(p.amount)::bigint as amount
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

    /** Current tenancies whose planned end falls within the next 30 / 60 / 90 days. */
    async leaseExpiries(scope: Scope, today: string) {
      const [row] = await db
        .select({
          days30: sql<number>`count(*) filter (where ${rentalUnitUsers.endDate} <= ${today}::date + 30)::int`,
          days60: sql<number>`count(*) filter (where ${rentalUnitUsers.endDate} <= ${today}::date + 60)::int`,
          days90: sql<number>`count(*) filter (where ${rentalUnitUsers.endDate} <= ${today}::date + 90)::int`,
        })
        .from(rentalUnitUsers)
        .where(
          and(
            tenancyScope(scope),
            eq(rentalUnitUsers.status, 'current'),
            gte(rentalUnitUsers.endDate, today),
          ),
        );
      return row ?? { days30: 0, days60: 0, days90: 0 };
    },

    /** Tenancies running on a day (for the churn denominator). */
    async tenanciesOn(scope: Scope, onDay: string) {
      const [row] = await db
        .select({ total: count() })
        .from(rentalUnitUsers)
        .where(
          and(
            tenancyScope(scope),
            sql`${rentalUnitUsers.startDate} <= ${onDay}::date`,
            sql`coalesce(${rentalUnitUsers.movedOutAt}, 'infinity'::date) > ${onDay}::date`,
          ),
        );
      return row?.total ?? 0;
    },

    /** Current tenancies (people living in a unit now). */
    async activeTenancies(scope: Scope) {
      const [row] = await db
        .select({ total: count() })
        .from(rentalUnitUsers)
        .where(and(tenancyScope(scope), eq(rentalUnitUsers.status, 'current')));
      return row?.total ?? 0;
    },

    /** Tenancies that started in [from, to). */
    async moveIns(scope: Scope, from: string, to: string) {
      const [row] = await db
        .select({ total: count() })
        .from(rentalUnitUsers)
        .where(
          and(tenancyScope(scope), gte(rentalUnitUsers.startDate, from), lt(rentalUnitUsers.startDate, to)),
        );
      return row?.total ?? 0;
    },

    /** Monthly rent of current tenancies (what the company expects each month), minor units. */
    async expectedMonthlyRent(scope: Scope) {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${rentalUnitUsers.rent}), 0)::bigint` })
        .from(rentalUnitUsers)
        .where(and(tenancyScope(scope), eq(rentalUnitUsers.status, 'current')));
      return Number(row?.total ?? 0);
    },

    async companyName(companyId: string) {
      const [row] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row?.name ?? '';
    },

    async propertyBelongsTo(companyId: string, propertyId: string) {
      const [row] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.companyId, companyId), eq(properties.id, propertyId)))
        .limit(1);
      return Boolean(row);
    },

    /** Platform view (super admin). */
    async platform(fromMonth: string, toMonth: string) {
      const byPlan = await db
        .select({
          plan: sql<string>`coalesce(${plans.name}, 'No plan')`,
          companies: count(companies.id),
          // A yearly subscription counts a twelfth of its price each month.
          revenue: sql<number>`coalesce(sum(case when ${companies.billingCycle} = 'yearly' then ${plans.price} / 12 else ${plans.price} end), 0)::bigint`,
        })
        .from(companies)
        .leftJoin(plans, eq(plans.id, companies.planId))
        .where(eq(companies.isActive, true))
        .groupBy(plans.name)
        .orderBy(plans.name);
      const signups = await db
        .select({ month: sql<string>`to_char(${companies.createdAt}, 'YYYY-MM')`, companies: count() })
        .from(companies)
        .where(
          and(
            gte(companies.createdAt, new Date(`${fromMonth}-01T00:00:00Z`)),
            lt(companies.createdAt, sql`(${`${toMonth}-01`}::date + interval '1 month')`),
          ),
        )
        .groupBy(sql`1`);
      const [totals] = await db
        .select({
          companies: sql<number>`(select count(*)::int from ${companies})`,
          properties: sql<number>`(select count(*)::int from ${properties})`,
          units: sql<number>`(select count(*)::int from ${rentalUnits})`,
          users: sql<number>`(select count(*)::int from ${users})`,
        })
        .from(sql`(select 1) one`);
      return { byPlan, signups, totals: totals! };
    },
  };
}
