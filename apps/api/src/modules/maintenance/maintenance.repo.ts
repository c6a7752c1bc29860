import {
  type MaintenanceListQuery,
  type MaintenanceStatus,
  OPEN_MAINTENANCE_STATUSES,
} from '@rentora/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { anyOf, pageCountColumn, pageLimit, pageOffset, statementsByShape } from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import {
  maintenanceCounters,
  maintenanceEvents,
  maintenanceMedia,
  maintenanceRequests,
  maintenanceTypes,
  properties,
  rentalUnits,
  users,
} from '../../db/schema';

export type RequestRow = typeof maintenanceRequests.$inferSelect;
export type EventRow = typeof maintenanceEvents.$inferSelect;
export type MediaRow = typeof maintenanceMedia.$inferSelect;

const assignee = alias(users, 'assignee');

/** A request with what its DTO shows: type, property, unit and assignee names, comment and media counts. */
export const requestColumns = {
  request: maintenanceRequests,
  typeName: maintenanceTypes.name,
  typeKey: maintenanceTypes.key,
  propertyName: properties.name,
  unitNumber: rentalUnits.unitNumber,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  assigneeEmail: assignee.email,
  commentsCount: sql<number>`(select count(*)::int from maintenance_events e
    where e.company_id = "maintenance_requests"."company_id" and e.request_id = "maintenance_requests"."id" and e.kind = 'comment')`,
  mediaCount: sql<number>`(select count(*)::int from maintenance_media m
    where m.company_id = "maintenance_requests"."company_id" and m.request_id = "maintenance_requests"."id")`,
};

/** The request columns lists and public views read (lists select only these). */
const LIST_KEYS = [
  'id',
  'companyId',
  'number',
  'title',
  'description',
  'typeId',
  'priority',
  'status',
  'source',
  'propertyId',
  'rentalUnitId',
  'requesterType',
  'requesterUserId',
  'requesterName',
  'assigneeId',
  'dueAt',
  'resolvedAt',
  'closedAt',
  'createdAt',
  'updatedAt',
] as const;
export type ListRequestFields = Pick<RequestRow, (typeof LIST_KEYS)[number]>;
const listRequestColumns = Object.fromEntries(LIST_KEYS.map((key) => [key, maintenanceRequests[key]])) as {
  [K in (typeof LIST_KEYS)[number]]: (typeof maintenanceRequests)[K];
};
const listColumns = { ...requestColumns, request: listRequestColumns };

export type RequestListRow = Omit<RequestJoinedRow, 'request'> & { request: ListRequestFields };

export type RequestJoinedRow = {
  request: RequestRow;
  typeName: string | null;
  typeKey: string | null;
  propertyName: string;
  unitNumber: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeEmail: string | null;
  commentsCount: number;
  mediaCount: number;
};

const openStatuses = [...OPEN_MAINTENANCE_STATUSES] as MaintenanceStatus[];

export const overdueSql = (now: Date | ReturnType<typeof sql.placeholder>) =>
  and(inArray(maintenanceRequests.status, openStatuses), lt(maintenanceRequests.dueAt, now))!;

const PRIORITY_RANK = sql`case ${maintenanceRequests.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;

const SORTS = {
  createdAt: maintenanceRequests.createdAt,
  updatedAt: maintenanceRequests.updatedAt,
  dueDate: maintenanceRequests.dueAt,
  requestNumber: maintenanceRequests.number,
  status: maintenanceRequests.status,
  priority: PRIORITY_RANK,
} as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface ListFilters extends Omit<MaintenanceListQuery, 'type'> {
  typeId?: string;
  /** Tenant side: only this requester's. */
  requesterUserId?: string;
}

/** Which filters a list request uses and how it sorts: one statement per shape, built once. */
interface RequestListShape {
  company: boolean;
  requester: boolean;
  status: boolean;
  priority: boolean;
  typeId: boolean;
  propertyId: boolean;
  rentalUnitId: boolean;
  assignee: 'any' | 'unassigned' | 'one';
  source: boolean;
  overdue: boolean | undefined;
  search: 'none' | 'text' | 'textOrNumber';
  sortBy: ListFilters['sortBy'] | undefined;
  sortOrder: ListFilters['sortOrder'] | undefined;
}

function searchedNumber(search: string | undefined): string | undefined {
  return search ? /^(?:mr-?)?0*(\d{1,9})$/i.exec(search)?.[1] : undefined;
}

function listShape(companyId: string | null, filters: Partial<ListFilters>): RequestListShape {
  return {
    company: companyId !== null,
    requester: Boolean(filters.requesterUserId),
    status: Boolean(filters.status?.length),
    priority: Boolean(filters.priority?.length),
    typeId: Boolean(filters.typeId),
    propertyId: Boolean(filters.propertyId),
    rentalUnitId: Boolean(filters.rentalUnitId),
    assignee: !filters.assignee ? 'any' : filters.assignee === 'unassigned' ? 'unassigned' : 'one',
    source: Boolean(filters.source),
    overdue: filters.overdue,
    search: !filters.search ? 'none' : searchedNumber(filters.search) ? 'textOrNumber' : 'text',
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
  };
}

function listValues(companyId: string | null, filters: Partial<ListFilters>, now: Date) {
  const number = searchedNumber(filters.search);
  return {
    companyId,
    requesterUserId: filters.requesterUserId,
    status: filters.status,
    priority: filters.priority,
    typeId: filters.typeId,
    propertyId: filters.propertyId,
    rentalUnitId: filters.rentalUnitId,
    assigneeId: filters.assignee,
    source: filters.source,
    now,
    pattern: filters.search ? `%${escapeLike(filters.search)}%` : undefined,
    number: number ? Number(number) : undefined,
  };
}

/** The list's conditions, with `sql.placeholder`s for the values of `listValues`. */
function conditionsOf(shape: RequestListShape): SQL[] {
  const now = sql.placeholder('now');
  const conditions: (SQL | undefined)[] = [
    shape.company ? eq(maintenanceRequests.companyId, sql.placeholder('companyId')) : undefined,
  ];
  if (shape.requester) {
    conditions.push(
      eq(maintenanceRequests.requesterUserId, sql.placeholder('requesterUserId')),
      eq(maintenanceRequests.requesterType, 'tenant'),
    );
  }
  if (shape.status) conditions.push(anyOf(maintenanceRequests.status, 'status'));
  if (shape.priority) conditions.push(anyOf(maintenanceRequests.priority, 'priority'));
  if (shape.typeId) conditions.push(eq(maintenanceRequests.typeId, sql.placeholder('typeId')));
  if (shape.propertyId) conditions.push(eq(maintenanceRequests.propertyId, sql.placeholder('propertyId')));
  if (shape.rentalUnitId)
    conditions.push(eq(maintenanceRequests.rentalUnitId, sql.placeholder('rentalUnitId')));
  if (shape.assignee === 'unassigned') conditions.push(isNull(maintenanceRequests.assigneeId));
  if (shape.assignee === 'one')
    conditions.push(eq(maintenanceRequests.assigneeId, sql.placeholder('assigneeId')));
  if (shape.source) conditions.push(eq(maintenanceRequests.source, sql.placeholder('source')));
  if (shape.overdue === true) conditions.push(overdueSql(now));
  if (shape.overdue === false) {
    conditions.push(
      sql`not (${maintenanceRequests.status} in ('open','assigned','in_progress','on_hold') and coalesce(${maintenanceRequests.dueAt} < ${now}, false))`,
    );
  }
  if (shape.search !== 'none') {
    const pattern = sql.placeholder('pattern');
    conditions.push(
      or(
        ilike(maintenanceRequests.title, pattern),
        ilike(maintenanceRequests.requesterName, pattern),
        shape.search === 'textOrNumber'
          ? eq(maintenanceRequests.number, sql.placeholder('number'))
          : undefined,
      ),
    );
  }
  return conditions.filter((c): c is SQL => c !== undefined);
}

const shapeOptions = {
  searches: (shape: RequestListShape) => shape.search !== 'none',
};

/**
 * The page's statement also counts its matches up to this bound (one round trip for most companies); a list with more
 * is counted on its own (`count`), which the requests service keeps for a while for large totals, so the bound stays
 * small: counting to it is work thrown away for a large company.
 */
export const PAGE_COUNT_BOUND = 200;

/** The page's count, exact when under PAGE_COUNT_BOUND (null: count on its own). */
export function pageCount(rows: readonly { total: number | null }[]): number | null {
  const total = rows[0]?.total;
  return total !== undefined && total !== null && total <= PAGE_COUNT_BOUND ? total : null;
}

const requestPage = statementsByShape((db, shape: RequestListShape) => {
  const sortBy = shape.sortBy ?? 'createdAt';
  const sortOrder = shape.sortOrder ?? 'desc';
  const direction = sortOrder === 'asc' ? asc : desc;
  const order =
    sortBy === 'dueDate'
      ? [sql`${maintenanceRequests.dueAt} ${sql.raw(sortOrder)} nulls last`]
      : [direction(SORTS[sortBy])];
  const where = and(...conditionsOf(shape));
  return db
    .select({
      ...listColumns,
      total: pageCountColumn(db, maintenanceRequests, where, {
        bound: PAGE_COUNT_BOUND,
        searches: shape.search !== 'none',
      }),
    })
    .from(maintenanceRequests)
    .leftJoin(maintenanceTypes, eq(maintenanceTypes.id, maintenanceRequests.typeId))
    .innerJoin(properties, eq(properties.id, maintenanceRequests.propertyId))
    .leftJoin(rentalUnits, eq(rentalUnits.id, maintenanceRequests.rentalUnitId))
    .leftJoin(assignee, eq(assignee.id, maintenanceRequests.assigneeId))
    .where(where)
    .orderBy(...order, direction(maintenanceRequests.id))
    .limit(pageLimit())
    .offset(pageOffset());
}, shapeOptions);

const requestCount = statementsByShape(
  (db, shape: RequestListShape) =>
    db
      .select({ total: count() })
      .from(maintenanceRequests)
      .where(and(...conditionsOf(shape))),
  shapeOptions,
);

export function createMaintenanceRepo(db: DbOrTx) {
  const select = () =>
    db
      .select(requestColumns)
      .from(maintenanceRequests)
      .leftJoin(maintenanceTypes, eq(maintenanceTypes.id, maintenanceRequests.typeId))
      .innerJoin(properties, eq(properties.id, maintenanceRequests.propertyId))
      .leftJoin(rentalUnits, eq(rentalUnits.id, maintenanceRequests.rentalUnitId))
      .leftJoin(assignee, eq(assignee.id, maintenanceRequests.assigneeId));

  return {
    /** Bumps the company's request counter; the row lock serialises concurrent creates. */
    async nextNumber(companyId: string): Promise<number> {
      const [row] = await db
        .insert(maintenanceCounters)
        .values({ companyId, lastNumber: 1 })
        .onConflictDoUpdate({
          target: maintenanceCounters.companyId,
          set: { lastNumber: sql`${maintenanceCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: maintenanceCounters.lastNumber });
      return row!.lastNumber;
    },

    async insert(values: typeof maintenanceRequests.$inferInsert): Promise<RequestRow> {
      const [row] = await db.insert(maintenanceRequests).values(values).returning();
      return row!;
    },

    async update(companyId: string, id: string, patch: Partial<typeof maintenanceRequests.$inferInsert>) {
      await db
        .update(maintenanceRequests)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(maintenanceRequests.companyId, companyId), eq(maintenanceRequests.id, id)));
    },

    async lock(companyId: string, id: string): Promise<RequestRow | undefined> {
      const [row] = await db
        .select()
        .from(maintenanceRequests)
        .where(and(eq(maintenanceRequests.companyId, companyId), eq(maintenanceRequests.id, id)))
        .for('update');
      return row;
    },

    async find(companyId: string, id: string): Promise<RequestJoinedRow | undefined> {
      const [row] = await select()
        .where(and(eq(maintenanceRequests.companyId, companyId), eq(maintenanceRequests.id, id)))
        .limit(1);
      return row;
    },

    /** A request by id alone: only for callers that then check who may see it (tenant, portal). */
    async findAnyCompany(id: string): Promise<RequestJoinedRow | undefined> {
      const [row] = await select().where(eq(maintenanceRequests.id, id)).limit(1);
      return row;
    },

    async findByTrackingHash(hash: string): Promise<RequestJoinedRow | undefined> {
      const [row] = await select().where(eq(maintenanceRequests.trackingTokenHash, hash)).limit(1);
      return row;
    },

    /** One page of requests (the count is `count`, asked only when the page cannot tell the total). */
    async page(
      companyId: string | null,
      filters: ListFilters,
      now = new Date(),
    ): Promise<(RequestListRow & { total: number | null })[]> {
      return requestPage(db, listShape(companyId, filters)).execute({
        ...listValues(companyId, filters, now),
        limit: filters.limit,
        offset: (filters.page - 1) * filters.limit,
      });
    },

    async count(companyId: string | null, filters: Partial<ListFilters>, now = new Date()): Promise<number> {
      const [row] = await requestCount(db, listShape(companyId, filters)).execute(
        listValues(companyId, filters, now),
      );
      return row?.total ?? 0;
    },

    async list(
      companyId: string | null,
      filters: ListFilters,
      now = new Date(),
    ): Promise<{ rows: RequestListRow[]; total: number }> {
      const offset = (filters.page - 1) * filters.limit;
      const rows = await this.page(companyId, filters, now);
      const endsHere = rows.length < filters.limit && (rows.length > 0 || offset === 0);
      const total = endsHere
        ? offset + rows.length
        : (pageCount(rows) ?? (await this.count(companyId, filters, now)));
      return { rows, total };
    },

    /** Requests assigned to a person: open ones, and the ones finished in the last 30 days. */
    async forAssignee(companyId: string, userId: string, now = new Date()) {
      const since = new Date(now.getTime() - 30 * 86_400_000);
      return select()
        .where(
          and(
            eq(maintenanceRequests.companyId, companyId),
            eq(maintenanceRequests.assigneeId, userId),
            or(
              inArray(maintenanceRequests.status, openStatuses),
              sql`${maintenanceRequests.updatedAt} >= ${since}`,
            ),
          ),
        )
        .orderBy(desc(PRIORITY_RANK), asc(maintenanceRequests.createdAt))
        .limit(100);
    },

    async events(companyId: string, requestIds: readonly string[], publicOnly: boolean): Promise<EventRow[]> {
      if (requestIds.length === 0) return [];
      return db
        .select()
        .from(maintenanceEvents)
        .where(
          and(
            eq(maintenanceEvents.companyId, companyId),
            inArray(maintenanceEvents.requestId, [...requestIds]),
            publicOnly ? eq(maintenanceEvents.visibility, 'public') : undefined,
          ),
        )
        .orderBy(asc(maintenanceEvents.createdAt), asc(maintenanceEvents.id));
    },

    async addEvents(values: (typeof maintenanceEvents.$inferInsert)[]): Promise<void> {
      if (values.length) await db.insert(maintenanceEvents).values(values);
    },

    async media(companyId: string, requestIds: readonly string[]): Promise<MediaRow[]> {
      if (requestIds.length === 0) return [];
      return db
        .select()
        .from(maintenanceMedia)
        .where(
          and(
            eq(maintenanceMedia.companyId, companyId),
            inArray(maintenanceMedia.requestId, [...requestIds]),
          ),
        )
        .orderBy(asc(maintenanceMedia.createdAt), asc(maintenanceMedia.id));
    },

    async mediaCount(companyId: string, requestId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(maintenanceMedia)
        .where(and(eq(maintenanceMedia.companyId, companyId), eq(maintenanceMedia.requestId, requestId)));
      return row?.total ?? 0;
    },

    async insertMedia(values: (typeof maintenanceMedia.$inferInsert)[]): Promise<void> {
      if (values.length) await db.insert(maintenanceMedia).values(values);
    },

    /** A media row by id alone: the file route checks the signature before serving it. */
    async mediaById(id: string): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(maintenanceMedia).where(eq(maintenanceMedia.id, id)).limit(1);
      return row;
    },

    async stats(companyId: string, now = new Date()) {
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
    },

    /** Open requests past their due date whose reminder has not gone out yet (all companies). */
    async dueReminders(now: Date, limit = 200) {
      return db
        .select({
          id: maintenanceRequests.id,
          companyId: maintenanceRequests.companyId,
          number: maintenanceRequests.number,
          title: maintenanceRequests.title,
          assigneeId: maintenanceRequests.assigneeId,
          watcherIds: maintenanceRequests.watcherIds,
        })
        .from(maintenanceRequests)
        .where(and(overdueSql(now), isNull(maintenanceRequests.overdueNotifiedAt)))
        .limit(limit);
    },

    async markReminded(companyId: string, id: string, now: Date) {
      await db
        .update(maintenanceRequests)
        .set({ overdueNotifiedAt: now })
        .where(and(eq(maintenanceRequests.companyId, companyId), eq(maintenanceRequests.id, id)));
    },
  };
}

export type MaintenanceRepo = ReturnType<typeof createMaintenanceRepo>;
