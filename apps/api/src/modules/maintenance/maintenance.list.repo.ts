import type { MaintenanceListQuery } from '@rentora/shared';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { pageRowsOf } from '../../core/page-rows';
import { mappedRows } from '../../core/row-mapper';
import { anyOf, pageCountColumn, statementsByShape } from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { maintenanceRequests } from '../../db/schema';
import {
  listColumns,
  listRequestColumns,
  overdueSql,
  PRIORITY_RANK,
  type RequestListRow,
} from './maintenance.columns';

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
  const ordered = [...order, direction(maintenanceRequests.id)];
  // The page first, then the names of its rows only (pageRowsOf).
  const page = pageRowsOf(db, maintenanceRequests, listRequestColumns, where, ordered);
  return mappedRows(
    db
      .select({
        ...listColumns,
        total: pageCountColumn(db, maintenanceRequests, where, {
          bound: PAGE_COUNT_BOUND,
          searches: shape.search !== 'none',
        }),
      })
      .from(page)
      .orderBy(...ordered),
  );
}, shapeOptions);

const requestCount = statementsByShape(
  (db, shape: RequestListShape) =>
    db
      .select({ total: count() })
      .from(maintenanceRequests)
      .where(and(...conditionsOf(shape))),
  shapeOptions,
);

/** One page of requests, with the count of its matches up to PAGE_COUNT_BOUND in the same statement. */
export async function pageRequests(
  db: DbOrTx,
  companyId: string | null,
  filters: ListFilters,
  now: Date,
): Promise<(RequestListRow & { total: number | null })[]> {
  return requestPage(db, listShape(companyId, filters)).execute(
    Object.assign(listValues(companyId, filters, now), {
      limit: filters.limit,
      offset: (filters.page - 1) * filters.limit,
    }),
  );
}

/** The number of requests a list's filters match. */
export async function countRequests(
  db: DbOrTx,
  companyId: string | null,
  filters: Partial<ListFilters>,
  now: Date,
): Promise<number> {
  const [row] = await requestCount(db, listShape(companyId, filters)).execute(
    listValues(companyId, filters, now),
  );
  return row?.total ?? 0;
}
