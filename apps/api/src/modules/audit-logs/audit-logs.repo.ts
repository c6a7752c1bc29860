import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLogs, users } from '../../db/schema';

export interface AuditLogFilter {
  companyId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  actorUserId?: string;
  from?: Date;
  to?: Date;
}

function where(filter: AuditLogFilter): SQL | undefined {
  return and(
    filter.companyId ? eq(auditLogs.companyId, filter.companyId) : undefined,
    filter.action ? eq(auditLogs.action, filter.action) : undefined,
    filter.entityType ? eq(auditLogs.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLogs.entityId, filter.entityId) : undefined,
    filter.actorUserId ? eq(auditLogs.actorUserId, filter.actorUserId) : undefined,
    filter.from ? gte(auditLogs.createdAt, filter.from) : undefined,
    filter.to ? lte(auditLogs.createdAt, filter.to) : undefined,
  );
}

/** Newest first through (company_id, created_at, id); one join for the actor, no per-row lookups. */
export function createAuditLogsRepo(db: DbOrTx) {
  return {
    async list(filter: AuditLogFilter, limit: number, offset: number) {
      const rows = await db
        .select({
          log: auditLogs,
          actorFirstName: users.firstName,
          actorLastName: users.lastName,
          actorEmail: users.email,
        })
        .from(auditLogs)
        .leftJoin(users, eq(users.id, auditLogs.actorUserId))
        .where(where(filter))
        .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
        .limit(limit)
        .offset(offset);
      const total =
        rows.length < limit && (offset === 0 || rows.length > 0)
          ? offset + rows.length
          : ((await db.select({ total: count() }).from(auditLogs).where(where(filter)))[0]?.total ?? 0);
      return { rows, total };
    },
  };
}
