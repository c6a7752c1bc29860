import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bookings,
  companies,
  maintenanceRequests,
  maintenanceTypes,
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

    /**
     * Maintenance requests created in [from, to) grouped by month, type and priority (one grouped statement over
     * the company/created index; the handful of groups is folded in the service).
     */
    async maintenanceVolume(scope: Scope, from: string, to: string) {
      const result = await db.execute(sql`
        select to_char(date_trunc('month', r.created_at), 'YYYY-MM') as month,
          r.type_id as "typeId", coalesce(t.name, 'No type') as "typeName", r.priority,
          count(*)::int as requests
        from ${maintenanceRequests} r
        left join ${maintenanceTypes} t on t.id = r.type_id
        where r.created_at >= ${from}::date and r.created_at < ${to}::date
          ${scope.companyId ? sql`and r.company_id = ${scope.companyId}` : sql``}
          ${scope.propertyId ? sql`and r.property_id = ${scope.propertyId}` : sql``}
        group by 1, 2, 3, 4`);
      return (
        result as unknown as {
          rows: {
            month: string;
            typeId: string | null;
            typeName: string;
            priority: string;
            requests: number;
          }[];
        }
      ).rows;
    },

    /**
     * Requests resolved in [from, to) (status resolved or closed; the moment is resolved_at, else closed_at): per
     * month and in total (grouping sets, so the p90 of the whole range is exact), SLA met against due_at, average
     * and 90th percentile of the hours from creation to resolution.
     */
    async maintenanceResolution(scope: Scope, from: string, to: string) {
      const result = await db.execute(sql`
        with solved as (
          select coalesce(r.resolved_at, r.closed_at) as done_at, r.created_at, r.due_at
          from ${maintenanceRequests} r
          where r.status in ('resolved', 'closed')
            ${scope.companyId ? sql`and r.company_id = ${scope.companyId}` : sql``}
            ${scope.propertyId ? sql`and r.property_id = ${scope.propertyId}` : sql``}
            and coalesce(r.resolved_at, r.closed_at) >= ${from}::date
            and coalesce(r.resolved_at, r.closed_at) < ${to}::date
        )
        select to_char(date_trunc('month', done_at), 'YYYY-MM') as month,
          count(*)::int as resolved,
          (count(*) filter (where due_at is not null and done_at <= due_at))::int as "slaMet",
          (count(*) filter (where due_at is not null))::int as "slaTotal",
          avg(extract(epoch from (done_at - created_at)) / 3600)::float8 as "avgHours",
          (percentile_cont(0.9) within group (order by extract(epoch from (done_at - created_at)) / 3600))::float8
            as "p90Hours"
        from solved
        group by grouping sets ((date_trunc('month', done_at)), ())`);
      return (
        result as unknown as {
          rows: {
            month: string | null;
            resolved: number;
            slaMet: number;
            slaTotal: number;
            avgHours: number | string | null;
            p90Hours: number | string | null;
          }[];
        }
      ).rows.map((row) => ({
        ...row,
        avgHours: row.avgHours === null ? null : Number(row.avgHours),
        p90Hours: row.p90Hours === null ? null : Number(row.p90Hours),
      }));
    },

    /** Requests open right now (open, assigned, in progress, on hold). */
    async openMaintenance(scope: Scope) {
      const [row] = await db
        .select({ total: count() })
        .from(maintenanceRequests)
        .where(
          and(
            scope.companyId ? eq(maintenanceRequests.companyId, scope.companyId) : undefined,
            scope.propertyId ? eq(maintenanceRequests.propertyId, scope.propertyId) : undefined,
            inArray(maintenanceRequests.status, ['open', 'assigned', 'in_progress', 'on_hold']),
          ),
        );
      return row?.total ?? 0;
    },

    /**
     * The booking funnel by the month a booking was created in [from, to): created, paid (money received),
     * confirmed (fully paid now or before) and moved in (completed). One grouped statement.
     */
    async bookingFunnel(scope: Scope, from: string, to: string) {
      const result = await db.execute(sql`
        select to_char(date_trunc('month', b.created_at), 'YYYY-MM') as month,
          count(*)::int as created,
          (count(*) filter (where b.paid_amount > 0))::int as paid,
          (count(*) filter (where b.status in ('confirmed', 'completed')
            or b.status_history @> '[{"status":"confirmed"}]'::jsonb))::int as confirmed,
          (count(*) filter (where b.status = 'completed'))::int as "movedIn"
        from ${bookings} b
        where b.created_at >= ${from}::date and b.created_at < ${to}::date
          ${scope.companyId ? sql`and b.company_id = ${scope.companyId}` : sql``}
          ${scope.propertyId ? sql`and b.property_id = ${scope.propertyId}` : sql``}
        group by 1`);
      return (
        result as unknown as {
          rows: { month: string; created: number; paid: number; confirmed: number; movedIn: number }[];
        }
      ).rows;
    },

    /** Captured payments of the ledger in [from, to) (a property filter follows the booking the order paid for). */
    async collectedBetween(scope: Scope, from: string, to: string) {
      const result = await db.execute(sql`
        select coalesce(sum(p.amount), 0)::bigint as collected
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
        select coalesce(sum(p.amount) filter (where p.created_at >= ${range.from}::date), 0)::bigint as collected,
          coalesce(sum(p.amount) filter (where p.created_at < ${range.from}::date), 0)::bigint as previous
        from ${payments} p
        ${scope.propertyId ? sql`join ${paymentOrders} o on o.id = p.order_id join ${bookings} b on b.id = o.reference_id` : sql``}
        where p.status = 'captured'
          and p.created_at >= ${range.previousFrom}::date and p.created_at < ${range.end}::date
          ${scope.companyId ? sql`and p.company_id = ${scope.companyId}` : sql``}
          ${scope.propertyId ? sql`and b.property_id = ${scope.propertyId}` : sql``}`);
      const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
      return { collected: Number(row.collected ?? 0), previous: Number(row.previous ?? 0) };
    },

    /** Bookings created in the period and in the previous one. */
    async bookingsTwoPeriods(scope: Scope, range: { from: string; end: string; previousFrom: string }) {
      const result = await db.execute(sql`
        select (count(*) filter (where b.created_at >= ${range.from}::date))::int as created,
          (count(*) filter (where b.created_at < ${range.from}::date))::int as previous
        from ${bookings} b
        where b.created_at >= ${range.previousFrom}::date and b.created_at < ${range.end}::date
          ${scope.companyId ? sql`and b.company_id = ${scope.companyId}` : sql``}
          ${scope.propertyId ? sql`and b.property_id = ${scope.propertyId}` : sql``}`);
      const row = (result as unknown as { rows: { created: number; previous: number }[] }).rows[0];
      return { created: Number(row?.created ?? 0), previous: Number(row?.previous ?? 0) };
    },

    /**
     * Open requests now and the average resolution hours of the period and of the previous one, in one statement
     * over the company/status index (open statuses, and resolved or closed ones).
     */
    async maintenanceTwoPeriods(scope: Scope, range: { from: string; end: string; previousFrom: string }) {
      const doneAt = sql`coalesce(r.resolved_at, r.closed_at)`;
      const hours = sql`extract(epoch from (${doneAt} - r.created_at)) / 3600`;
      const result = await db.execute(sql`
        select (count(*) filter (where r.status in ('open', 'assigned', 'in_progress', 'on_hold')))::int as open,
          (avg(${hours}) filter (where r.status in ('resolved', 'closed') and ${doneAt} >= ${range.from}::date
            and ${doneAt} < ${range.end}::date))::float8 as hours,
          (avg(${hours}) filter (where r.status in ('resolved', 'closed') and ${doneAt} >= ${range.previousFrom}::date
            and ${doneAt} < ${range.from}::date))::float8 as "previousHours"
        from ${maintenanceRequests} r
        where r.status in ('open', 'assigned', 'in_progress', 'on_hold', 'resolved', 'closed')
          ${scope.companyId ? sql`and r.company_id = ${scope.companyId}` : sql``}
          ${scope.propertyId ? sql`and r.property_id = ${scope.propertyId}` : sql``}`);
      const row = (result as unknown as { rows: Record<string, string | number | null>[] }).rows[0] ?? {};
      const hoursOf = (value: string | number | null | undefined) =>
        value === null || value === undefined ? null : Number(value);
      return {
        open: Number(row.open ?? 0),
        hours: hoursOf(row.hours),
        previousHours: hoursOf(row.previousHours),
      };
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
