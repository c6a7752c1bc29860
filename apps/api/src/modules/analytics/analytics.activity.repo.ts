import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, maintenanceRequests, maintenanceTypes } from '../../db/schema';
import type { Scope } from './analytics.scope';

/** Maintenance requests (volume, resolution, open now) and bookings (the funnel), per period. */
export function activityStatements(db: DbOrTx) {
  return {
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
  };
}
