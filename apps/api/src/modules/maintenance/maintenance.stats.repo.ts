import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { maintenanceRequests, maintenanceTypes } from '../../db/schema';
import { overdueSql } from './maintenance.columns';

/**
 * A company's requests counted by status, priority, source and type, the overdue count and resolution times, and the
 * requests created and resolved per month over the last twelve months (`since` is the first of those months).
 */
export async function requestStats(db: DbOrTx, companyId: string, now: Date) {
  const where = eq(maintenanceRequests.companyId, companyId);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const [byStatus, byPriority, bySource, byType, summary, created, resolved] = await Promise.all([
    db
      .select({ key: maintenanceRequests.status, total: count() })
      .from(maintenanceRequests)
      .where(where)
      .groupBy(maintenanceRequests.status),
    db
      .select({ key: maintenanceRequests.priority, total: count() })
      .from(maintenanceRequests)
      .where(where)
      .groupBy(maintenanceRequests.priority),
    db
      .select({ key: maintenanceRequests.source, total: count() })
      .from(maintenanceRequests)
      .where(where)
      .groupBy(maintenanceRequests.source),
    db
      .select({ typeId: maintenanceRequests.typeId, name: maintenanceTypes.name, total: count() })
      .from(maintenanceRequests)
      .leftJoin(maintenanceTypes, eq(maintenanceTypes.id, maintenanceRequests.typeId))
      .where(where)
      .groupBy(maintenanceRequests.typeId, maintenanceTypes.name)
      .orderBy(desc(count()))
      .limit(50),
    db
      .select({
        overdue: sql<number>`count(*) filter (where ${overdueSql(now)})::int`,
        average: sql<
          number | null
        >`avg(extract(epoch from ${maintenanceRequests.resolvedAt} - ${maintenanceRequests.createdAt})) filter (where ${maintenanceRequests.resolvedAt} is not null)`,
        p90: sql<
          number | null
        >`percentile_cont(0.9) within group (order by extract(epoch from ${maintenanceRequests.resolvedAt} - ${maintenanceRequests.createdAt})) filter (where ${maintenanceRequests.resolvedAt} is not null)`,
      })
      .from(maintenanceRequests)
      .where(where),
    db
      .select({
        month: sql<string>`to_char(date_trunc('month', ${maintenanceRequests.createdAt} at time zone 'UTC'), 'YYYY-MM')`,
        total: count(),
      })
      .from(maintenanceRequests)
      .where(and(where, sql`${maintenanceRequests.createdAt} >= ${since}`))
      .groupBy(sql`1`),
    db
      .select({
        month: sql<string>`to_char(date_trunc('month', ${maintenanceRequests.resolvedAt} at time zone 'UTC'), 'YYYY-MM')`,
        total: count(),
      })
      .from(maintenanceRequests)
      .where(and(where, sql`${maintenanceRequests.resolvedAt} >= ${since}`))
      .groupBy(sql`1`),
  ]);
  return { byStatus, byPriority, bySource, byType, summary: summary[0], created, resolved, since };
}
