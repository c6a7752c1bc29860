import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { pageTotal } from '../../core/page-totals';
import { COUNT_BOUND } from '../../core/pagination';
import { mappedRows } from '../../core/row-mapper';
import {
  boundedCountColumn,
  boundedCountQuery,
  pageLimit,
  pageOffset,
  statementsByShape,
} from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { auditLogs, users } from '../../db/schema';

export type AuditLogFilter = {
  companyId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  actorUserId?: string;
  from?: Date;
  to?: Date;
};

type AuditLogShape = { [K in keyof Required<AuditLogFilter>]: boolean };

const FILTER_KEYS = ['companyId', 'action', 'entityType', 'entityId', 'actorUserId', 'from', 'to'] as const;

function shapeOf(filter: AuditLogFilter): AuditLogShape {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, filter[key] !== undefined])) as AuditLogShape;
}

function where(shape: AuditLogShape): SQL | undefined {
  const value = (name: keyof AuditLogFilter) => sql.placeholder(name);
  return and(
    shape.companyId ? eq(auditLogs.companyId, value('companyId')) : undefined,
    shape.action ? eq(auditLogs.action, value('action')) : undefined,
    shape.entityType ? eq(auditLogs.entityType, value('entityType')) : undefined,
    shape.entityId ? eq(auditLogs.entityId, value('entityId')) : undefined,
    shape.actorUserId ? eq(auditLogs.actorUserId, value('actorUserId')) : undefined,
    shape.from ? gte(auditLogs.createdAt, value('from')) : undefined,
    shape.to ? lte(auditLogs.createdAt, value('to')) : undefined,
  );
}

/** Newest first through (company_id, created_at, id); one join for the actor, the bounded count in the same statement. */
const auditPage = statementsByShape((db, shape: AuditLogShape) =>
  mappedRows(
    db
      .select({
        log: auditLogs,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
        actorEmail: users.email,
        total: boundedCountColumn(db, auditLogs, where(shape), COUNT_BOUND),
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorUserId))
      .where(where(shape))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(pageLimit())
      .offset(pageOffset()),
  ),
);

const auditCount = statementsByShape((db, shape: AuditLogShape) =>
  boundedCountQuery(db, auditLogs, where(shape), COUNT_BOUND),
);

export function createAuditLogsRepo(db: DbOrTx) {
  return {
    async list(filter: AuditLogFilter, limit: number, offset: number) {
      const shape = shapeOf(filter);
      const values = Object.assign({}, filter, { limit, offset });
      const rows = await auditPage(db, shape).execute(values);
      const count = await pageTotal(rows, { limit, offset, bound: COUNT_BOUND }, async () => {
        const [row] = await auditCount(db, shape).execute(values);
        return row?.total ?? 0;
      });
      return { rows, count };
    },
  };
}
