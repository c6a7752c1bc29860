import { DEFAULT_TIME_ZONE } from '@rentora/shared';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, plans, properties, rentalUnits, users } from '../../db/schema';
import { activityStatements } from './analytics.activity.repo';
import { occupancyStatements } from './analytics.occupancy.repo';
import { revenueStatements } from './analytics.revenue.repo';

export type { Scope } from './analytics.scope';

/**
 * Every series is one grouped statement (no per-row or per-month loops); the month grid is filled in the service.
 * Tenancies are the rows of the unit-tenant table (one person in one unit, start and end dates).
 */
export function createAnalyticsRepo(db: DbOrTx) {
  return {
    ...occupancyStatements(db),
    ...revenueStatements(db),
    ...activityStatements(db),

    /** The name and time zone a company's reports are written with. */
    async companyHeading(companyId: string) {
      const [row] = await db
        .select({ name: companies.name, timeZone: companies.timeZone })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row ?? { name: '', timeZone: DEFAULT_TIME_ZONE };
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
