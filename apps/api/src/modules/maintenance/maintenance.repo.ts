import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  maintenanceCounters,
  maintenanceEvents,
  maintenanceMedia,
  maintenanceRequests,
  properties,
  rentalUnits,
} from '../../db/schema';
import {
  type EventRow,
  type MediaRow,
  openStatuses,
  overdueSql,
  PRIORITY_RANK,
  type RequestJoinedRow,
  type RequestListRow,
  type RequestRow,
  requestColumns,
} from './maintenance.columns';
import { countRequests, type ListFilters, pageCount, pageRequests } from './maintenance.list.repo';
import { requestStats } from './maintenance.stats.repo';

export type {
  EventRow,
  ListRequestFields,
  MediaRow,
  RequestJoinedRow,
  RequestListRow,
  RequestRow,
} from './maintenance.columns';
export { type ListFilters, PAGE_COUNT_BOUND, pageCount } from './maintenance.list.repo';

export function createMaintenanceRepo(db: DbOrTx) {
  const select = () => db.select(requestColumns).from(maintenanceRequests);

  return {
    /** The property's id when it is one of the company's. */
    async propertyOf(companyId: string, propertyId: string) {
      const [property] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.companyId, companyId), eq(properties.id, propertyId)));
      return property;
    },

    /** The unit's id when it is one of the company's units in the property. */
    async unitOfProperty(companyId: string, propertyId: string, rentalUnitId: string) {
      const [unit] = await db
        .select({ id: rentalUnits.id })
        .from(rentalUnits)
        .where(
          and(
            eq(rentalUnits.companyId, companyId),
            eq(rentalUnits.propertyId, propertyId),
            eq(rentalUnits.id, rentalUnitId),
          ),
        );
      return unit;
    },

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
      return pageRequests(db, companyId, filters, now);
    },

    async count(companyId: string | null, filters: Partial<ListFilters>, now = new Date()): Promise<number> {
      return countRequests(db, companyId, filters, now);
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
      return requestStats(db, companyId, now);
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
