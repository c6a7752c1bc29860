import type { TenantListQuery, TenantStatus } from '@rentora/shared';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { personFieldsFor } from '../../core/name-search';
import { lookedUp, pageRowsOf } from '../../core/page-rows';
import { pageTotal } from '../../core/page-totals';
import { COUNT_BOUND } from '../../core/pagination';
import { mappedRows } from '../../core/row-mapper';
import { anyOf, boundedCountColumn, boundedCountQuery, statementsByShape } from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { companies, properties, rentalUnits, rentalUnitUsers, users } from '../../db/schema';

/** The tenancy's own columns a tenant list row or detail shows. */
const tenancyColumns = {
  id: rentalUnitUsers.id,
  companyId: rentalUnitUsers.companyId,
  rentalUnitId: rentalUnitUsers.rentalUnitId,
  propertyId: rentalUnitUsers.propertyId,
  userId: rentalUnitUsers.userId,
  tenancyStatus: rentalUnitUsers.tenancyStatus,
  startDate: rentalUnitUsers.startDate,
  endDate: rentalUnitUsers.endDate,
  movedOutAt: rentalUnitUsers.movedOutAt,
  leaseStartDate: rentalUnitUsers.leaseStartDate,
  rent: rentalUnitUsers.rent,
  maintenanceCharges: rentalUnitUsers.maintenanceCharges,
  securityDeposit: rentalUnitUsers.securityDeposit,
  rentDueDay: rentalUnitUsers.rentDueDay,
  duesRent: rentalUnitUsers.duesRent,
  duesMaintenance: rentalUnitUsers.duesMaintenance,
  duesUtilities: rentalUnitUsers.duesUtilities,
  duesPenalties: rentalUnitUsers.duesPenalties,
  duesOther: rentalUnitUsers.duesOther,
  currency: rentalUnitUsers.currency,
  createdAt: rentalUnitUsers.createdAt,
};

/** A tenant list row or detail: the tenancy, and the person's, unit's and property's fields by key (see lookedUp). */
const tenantColumns = {
  ...tenancyColumns,
  email: lookedUp<string>(users.email, users.id, rentalUnitUsers.userId),
  firstName: lookedUp<string>(users.firstName, users.id, rentalUnitUsers.userId),
  lastName: lookedUp<string>(users.lastName, users.id, rentalUnitUsers.userId),
  phone: lookedUp<string | null>(users.phone, users.id, rentalUnitUsers.userId),
  unitNumber: lookedUp<string>(rentalUnits.unitNumber, rentalUnits.id, rentalUnitUsers.rentalUnitId),
  propertyName: lookedUp<string>(properties.name, properties.id, rentalUnitUsers.propertyId),
};

const detailColumns = {
  ...tenantColumns,
  rejectionReason: rentalUnitUsers.rejectionReason,
  source: rentalUnitUsers.source,
  ratings: rentalUnitUsers.ratings,
  compliance: rentalUnitUsers.compliance,
  gstin: rentalUnitUsers.gstin,
  legalName: rentalUnitUsers.legalName,
  billingAddress: rentalUnitUsers.billingAddress,
  updatedAt: rentalUnitUsers.updatedAt,
};

export interface TenantListRow {
  id: string;
  companyId: string;
  rentalUnitId: string;
  propertyId: string;
  userId: string;
  tenancyStatus: TenantStatus;
  startDate: string;
  endDate: string | null;
  movedOutAt: string | null;
  leaseStartDate: string | null;
  rent: number;
  maintenanceCharges: number;
  securityDeposit: number;
  rentDueDay: number;
  duesRent: number;
  duesMaintenance: number;
  duesUtilities: number;
  duesPenalties: number;
  duesOther: number;
  currency: string;
  createdAt: Date;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  unitNumber: string;
  propertyName: string;
}
export interface TenantDetailRow extends TenantListRow {
  rejectionReason: string | null;
  source: string;
  ratings: Record<string, number>;
  compliance: Record<string, boolean | string>;
  gstin: string | null;
  legalName: string;
  billingAddress: string;
  updatedAt: Date;
}

const SORT_COLUMNS = {
  createdAt: rentalUnitUsers.createdAt,
  moveInDate: rentalUnitUsers.startDate,
  rentAmount: rentalUnitUsers.rent,
} as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Which filters a list request uses and how it sorts: each shape is one statement, built once. */
interface TenantListShape {
  statuses: boolean;
  isActive: boolean | undefined;
  propertyId: boolean;
  rentalUnitId: boolean;
  moveInFrom: boolean;
  moveInTo: boolean;
  /** The person's fields a search looks in besides the name (personFieldsFor); false: no search. */
  search: false | { email: boolean; phone: boolean };
  sortBy: keyof typeof SORT_COLUMNS;
  sortOrder: 'asc' | 'desc';
}

function listShape(query: TenantListQuery & { statuses?: readonly TenantStatus[] }): TenantListShape {
  return {
    statuses: Boolean(query.statuses?.length),
    isActive: query.isActive,
    propertyId: Boolean(query.propertyId),
    rentalUnitId: Boolean(query.rentalUnitId),
    moveInFrom: Boolean(query.moveInFrom),
    moveInTo: Boolean(query.moveInTo),
    search: query.search ? personFieldsFor(query.search) : false,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
  };
}

const CURRENT_STATUSES: TenantStatus[] = ['active', 'notice_given'];
const PAST_OR_PENDING_STATUSES: TenantStatus[] = ['pending', 'rejected', 'moved_out'];

/**
 * The people a search matches, by name and by the fields the term can be part of (personFieldsFor), as the statement's
 * `with matched as (…)`: found once for both the page and its count (PostgreSQL materialises a WITH query read twice),
 * where a page and a count statement each searched the trigram indexes.
 */
function matchedPeople(db: DbOrTx, fields: { email: boolean; phone: boolean }) {
  const pattern = sql.placeholder('pattern');
  const matches = or(
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    fields.email ? ilike(users.email, pattern) : undefined,
    fields.phone ? ilike(users.phone, pattern) : undefined,
  );
  return db.$with('matched').as(db.select({ id: users.id }).from(users).where(matches));
}

type MatchedPeople = ReturnType<typeof matchedPeople>;

/** The list's conditions with `sql.placeholder`s for the request's values. */
function listWhere(db: DbOrTx, shape: TenantListShape, matched: MatchedPeople | undefined): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(rentalUnitUsers.companyId, sql.placeholder('companyId'))];
  if (shape.statuses) conditions.push(anyOf(rentalUnitUsers.tenancyStatus, 'statuses'));
  if (shape.isActive !== undefined) {
    conditions.push(
      inArray(rentalUnitUsers.tenancyStatus, shape.isActive ? CURRENT_STATUSES : PAST_OR_PENDING_STATUSES),
    );
  }
  if (shape.propertyId) conditions.push(eq(rentalUnitUsers.propertyId, sql.placeholder('propertyId')));
  if (shape.rentalUnitId) conditions.push(eq(rentalUnitUsers.rentalUnitId, sql.placeholder('rentalUnitId')));
  if (shape.moveInFrom) conditions.push(gte(rentalUnitUsers.startDate, sql.placeholder('moveInFrom')));
  if (shape.moveInTo) conditions.push(lte(rentalUnitUsers.startDate, sql.placeholder('moveInTo')));
  // The people who match come from the trigram indexes on users first (a semi-join), so that the newest-first walk
  // of a large company's tenancies never checks every row's person.
  if (matched) conditions.push(inArray(rentalUnitUsers.userId, db.select({ id: matched.id }).from(matched)));
  return and(...conditions);
}

/** A statement of the list: its WITH queries (the search's `matched` people, when it searches) and its WHERE. */
function listStatement(db: DbOrTx, shape: TenantListShape) {
  const matched = shape.search ? matchedPeople(db, shape.search) : undefined;
  return { withQueries: matched ? [matched] : [], where: listWhere(db, shape, matched) };
}

function boundedCount(db: DbOrTx, shape: TenantListShape) {
  const { withQueries, where } = listStatement(db, shape);
  return boundedCountQuery(db, rentalUnitUsers, where, COUNT_BOUND, withQueries);
}

const shapeOptions = {
  searches: (shape: TenantListShape) => shape.search !== false,
};

/** A page, with the bounded count in the same statement (a search's matches found once for both). */
const tenantPage = statementsByShape((db, shape: TenantListShape) => {
  const direction = shape.sortOrder === 'asc' ? asc : desc;
  const order = [direction(SORT_COLUMNS[shape.sortBy]), direction(rentalUnitUsers.id)];
  const { withQueries, where } = listStatement(db, shape);
  // The page first, then the names of its rows only (pageRowsOf).
  const page = pageRowsOf(db, rentalUnitUsers, tenancyColumns, where, order);
  return mappedRows(
    db
      .with(...withQueries)
      .select({ ...tenantColumns, total: boundedCountColumn(db, rentalUnitUsers, where, COUNT_BOUND) })
      .from(page)
      .orderBy(...order),
  );
}, shapeOptions);

const tenantCount = statementsByShape(boundedCount, shapeOptions);

export function createTenantsRepo(db: DbOrTx) {
  const detailSelect = () => db.select(detailColumns).from(rentalUnitUsers);

  return {
    /** One page of a company's tenants and a count bounded by COUNT_BOUND. */
    async list(
      companyId: string,
      query: TenantListQuery & { statuses?: readonly TenantStatus[] },
    ): Promise<{ rows: TenantListRow[]; total: number; exact: boolean }> {
      const shape = listShape(query);
      const offset = (query.page - 1) * query.limit;
      const values = {
        companyId,
        statuses: query.statuses ?? [],
        propertyId: query.propertyId,
        rentalUnitId: query.rentalUnitId,
        moveInFrom: query.moveInFrom,
        moveInTo: query.moveInTo,
        pattern: query.search ? `%${escapeLike(query.search)}%` : undefined,
        limit: query.limit,
        offset,
      };
      const rows = await tenantPage(db, shape).execute(values);
      const { total, exact } = await pageTotal(
        rows,
        { limit: query.limit, offset, bound: COUNT_BOUND },
        async () => {
          const [count] = await tenantCount(db, shape).execute(values);
          return count?.total ?? 0;
        },
      );
      return { rows, total, exact };
    },

    async find(companyId: string, tenantId: string): Promise<TenantDetailRow | undefined> {
      const [row] = await detailSelect()
        .where(and(eq(rentalUnitUsers.companyId, companyId), eq(rentalUnitUsers.id, tenantId)))
        .limit(1);
      return row;
    },

    /** The tenancies of one person (the tenant area), any company, newest first. */
    async ofUser(userId: string): Promise<TenantDetailRow[]> {
      return detailSelect()
        .where(eq(rentalUnitUsers.userId, userId))
        .orderBy(desc(rentalUnitUsers.createdAt))
        .limit(50);
    },

    async update(companyId: string, tenantId: string, values: Partial<typeof rentalUnitUsers.$inferInsert>) {
      if (Object.keys(values).length === 0) return;
      await db
        .update(rentalUnitUsers)
        .set(values)
        .where(and(eq(rentalUnitUsers.companyId, companyId), eq(rentalUnitUsers.id, tenantId)));
    },

    /** The id of the person's open (pending, active or notice given) tenancy of the unit, if any. */
    async openTenancy(companyId: string, rentalUnitId: string, userId: string) {
      const [row] = await db
        .select({ id: rentalUnitUsers.id })
        .from(rentalUnitUsers)
        .where(
          and(
            eq(rentalUnitUsers.companyId, companyId),
            eq(rentalUnitUsers.rentalUnitId, rentalUnitId),
            eq(rentalUnitUsers.userId, userId),
            inArray(rentalUnitUsers.tenancyStatus, ['pending', 'active', 'notice_given']),
          ),
        )
        .limit(1);
      return row;
    },

    async insert(values: typeof rentalUnitUsers.$inferInsert) {
      const [row] = await db.insert(rentalUnitUsers).values(values).returning({ id: rentalUnitUsers.id });
      return row;
    },

    /** The person's current tenancies (active or notice given), across companies. */
    async currentOfUser(
      userId: string,
    ): Promise<{ tenantId: string; companyId: string; rentalUnitId: string; propertyId: string }[]> {
      return db
        .select({
          tenantId: rentalUnitUsers.id,
          companyId: rentalUnitUsers.companyId,
          rentalUnitId: rentalUnitUsers.rentalUnitId,
          propertyId: rentalUnitUsers.propertyId,
        })
        .from(rentalUnitUsers)
        .where(
          and(
            eq(rentalUnitUsers.userId, userId),
            eq(rentalUnitUsers.status, 'current'),
            inArray(rentalUnitUsers.tenancyStatus, ['active', 'notice_given']),
          ),
        )
        .limit(100);
    },

    /** The status of one of the company's units (a new tenancy's unit). */
    async unitStatus(companyId: string, rentalUnitId: string) {
      const [unit] = await db
        .select({ status: rentalUnits.status })
        .from(rentalUnits)
        .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, rentalUnitId)))
        .limit(1);
      return unit;
    },

    /** What the tenant portal shows besides the tenancy: the company's name, the unit's type, the property's city. */
    async portalExtras(rentalUnitId: string) {
      const [extra] = await db
        .select({ companyName: companies.name, unitType: rentalUnits.unitType, city: properties.city })
        .from(rentalUnits)
        .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
        .innerJoin(companies, eq(companies.id, rentalUnits.companyId))
        .where(eq(rentalUnits.id, rentalUnitId))
        .limit(1);
      return extra;
    },
  };
}

export type TenantsRepo = ReturnType<typeof createTenantsRepo>;
