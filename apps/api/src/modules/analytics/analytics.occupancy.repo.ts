import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { properties, rentalUnits, rentalUnitUsers } from '../../db/schema';
import { type Scope, tenancyScope, unitScope } from './analytics.scope';

/** Units and tenancies: status now, occupancy and move-ins/outs per month, lease expiries, churn. */
export function occupancyStatements(db: DbOrTx) {
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

    /**
     * The overview's tenancy figures in one pass over the company's tenancies: current tenancies and their rent,
     * move-ins of the period and of the previous one, and the current tenants' dues (all past due: they count from
     * the last rent due date, see `receivables`).
     */
    async overviewTenancies(
      scope: Scope,
      range: { from: string; end: string; previousFrom: string; previousEnd: string },
    ) {
      const dues = sql`(u.dues_rent + u.dues_maintenance + u.dues_utilities + u.dues_penalties)::bigint`;
      const result = await db.execute(sql`
        select
          (count(*) filter (where u.status = 'current'))::int as active,
          coalesce(sum(u.rent) filter (where u.status = 'current'), 0)::bigint as rent,
          (count(*) filter (where u.start_date >= ${range.from}::date and u.start_date < ${range.end}::date))::int
            as "moveIns",
          (count(*) filter (where u.start_date >= ${range.previousFrom}::date
            and u.start_date < ${range.previousEnd}::date))::int as "previousMoveIns",
          coalesce(sum(${dues}) filter (where u.status = 'current'), 0)::bigint as dues
        from ${rentalUnitUsers} u
        where u.tenancy_status in ('active', 'notice_given', 'moved_out')
          ${scope.companyId ? sql`and u.company_id = ${scope.companyId}` : sql``}
          ${scope.propertyId ? sql`and u.property_id = ${scope.propertyId}` : sql``}`);
      const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
      const n = (key: string) => Number(row[key] ?? 0);
      return {
        active: n('active'),
        rent: n('rent'),
        moveIns: n('moveIns'),
        previousMoveIns: n('previousMoveIns'),
        dues: n('dues'),
      };
    },
  };
}
