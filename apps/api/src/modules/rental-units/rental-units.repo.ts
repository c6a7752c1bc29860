import type { RentalUnitListQuery, VerificationQueueQuery } from '@rentora/shared';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { imageRowsOf, unitImagesJson } from '../../core/inventory-images';
import {
  type InventoryShape,
  inventoryShapeKey,
  type PageRequest,
  type PageResult,
  pageIdsQuery,
  prefixTsQuery,
  runInventoryPage,
  type SortKey,
  sortValueText,
} from '../../core/inventory-paging';
import { type ImageView, type UnitRow, unitColumns } from '../../core/inventory-rows';
import { COUNT_BOUND } from '../../core/pagination';
import { mappedRows } from '../../core/row-mapper';
import {
  anyOf,
  boundedCountColumn,
  boundedCountQuery,
  preparedOnce,
  statementsByShape,
} from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { companies, properties, rentalUnits } from '../../db/schema';

export type { UnitRow };
export type NewUnit = typeof rentalUnits.$inferInsert;
/** A unit with the summary of its property that every unit DTO carries. */
export type UnitWithProperty = {
  unit: UnitRow;
  property: { id: string; name: string; city: string };
  /** Present when the query brought the images along (lists). */
  images?: readonly ImageView[];
};

const withProperty = {
  unit: unitColumns,
  property: { id: properties.id, name: properties.name, city: properties.city },
};

export const UNIT_SORT_KEYS: Record<RentalUnitListQuery['sortBy'], SortKey> = {
  createdAt: { expression: rentalUnits.createdAt, cast: 'timestamptz' },
  updatedAt: { expression: rentalUnits.updatedAt, cast: 'timestamptz' },
  rent: { expression: rentalUnits.rent, cast: 'int' },
  unitNumber: { expression: sql`lower(${rentalUnits.unitNumber})`, cast: 'text' },
};

export type UnitFilter = Omit<RentalUnitListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder' | 'cursor'>;

/**
 * A list request's filter values, each under the name of the placeholder its condition binds (undefined: not
 * filtered); conditions that differ by value (available yes/no, a search without words) get names of their own.
 */
function unitFilterValues(filter: UnitFilter): Record<string, unknown> {
  const tsQuery = filter.search ? prefixTsQuery(filter.search) : undefined;
  return {
    status: filter.status?.length ? filter.status : undefined,
    isAvailable: filter.isAvailable,
    availableYes: filter.available === true ? true : undefined,
    availableNo: filter.available === false ? true : undefined,
    verificationStatus: filter.verificationStatus?.length ? filter.verificationStatus : undefined,
    propertyId: filter.propertyId,
    unitType: filter.unitType?.length ? filter.unitType : undefined,
    furnishing: filter.furnishing?.length ? filter.furnishing : undefined,
    minRent: filter.minRent,
    maxRent: filter.maxRent,
    bedrooms: filter.bedrooms,
    city: filter.city ? filter.city.toLowerCase() : undefined,
    tsQuery: tsQuery ?? undefined,
    searchNothing: filter.search && !tsQuery ? true : undefined,
  };
}

function filterConditions(shape: InventoryShape<string>): SQL[] {
  const has = (name: string) => shape.filters.includes(name);
  const companyId = sql.placeholder('companyId');
  const conditions: SQL[] = [eq(rentalUnits.companyId, companyId)];
  if (has('status')) conditions.push(anyOf(rentalUnits.status, 'status'));
  if (has('isAvailable')) conditions.push(eq(rentalUnits.isAvailable, sql.placeholder('isAvailable')));
  if (has('availableYes'))
    conditions.push(and(eq(rentalUnits.isAvailable, true), eq(rentalUnits.status, 'Available'))!);
  if (has('availableNo'))
    conditions.push(or(eq(rentalUnits.isAvailable, false), sql`${rentalUnits.status} <> 'Available'`)!);
  if (has('verificationStatus')) conditions.push(anyOf(rentalUnits.verificationStatus, 'verificationStatus'));
  if (has('propertyId')) conditions.push(eq(rentalUnits.propertyId, sql.placeholder('propertyId')));
  if (has('unitType')) conditions.push(anyOf(rentalUnits.unitType, 'unitType'));
  if (has('furnishing')) conditions.push(anyOf(rentalUnits.furnishing, 'furnishing'));
  if (has('minRent')) conditions.push(gte(rentalUnits.rent, sql.placeholder('minRent')));
  if (has('maxRent')) conditions.push(lte(rentalUnits.rent, sql.placeholder('maxRent')));
  if (has('bedrooms')) conditions.push(eq(rentalUnits.bedrooms, sql.placeholder('bedrooms')));
  if (has('city')) {
    conditions.push(
      inArray(
        rentalUnits.propertyId,
        sql`(select ${properties.id} from ${properties} where ${properties.companyId} = ${companyId} and lower(${properties.city}) = ${sql.placeholder('city')})`,
      ),
    );
  }
  if (has('tsQuery')) {
    const query = sql`to_tsquery('simple', ${sql.placeholder('tsQuery')})`;
    // The unit's own words (number, type, description) or its property's (name, address): both GIN-indexed.
    conditions.push(
      or(
        sql`${rentalUnits.searchVector} @@ ${query}`,
        inArray(
          rentalUnits.propertyId,
          sql`(select ${properties.id} from ${properties} where ${properties.companyId} = ${companyId} and ${properties.searchVector} @@ ${query})`,
        ),
      )!,
    );
  }
  if (has('searchNothing')) conditions.push(sql`false`);
  return conditions;
}

type UnitShape = InventoryShape<RentalUnitListQuery['sortBy']>;

/** A full-text search shape is planned for its words on every run (see statementsByShape). */
const unitShapeOptions = {
  key: inventoryShapeKey,
  searches: (shape: UnitShape) => shape.filters.includes('tsQuery'),
};

/**
 * One statement per page: the page's ids (index order, OFFSET or keyset), then just those rows with their images
 * aggregated and the bounded count of the whole list beside them.
 */
const unitPage = statementsByShape((db, shape: UnitShape) => {
  const key = UNIT_SORT_KEYS[shape.sortBy];
  const { pageIds, where, direction } = pageIdsQuery(db, {
    table: rentalUnits,
    idColumn: rentalUnits.id,
    conditions: filterConditions(shape),
    key,
    shape,
  });
  return mappedRows(
    db
      .select({
        ...withProperty,
        sortValue: sortValueText(key),
        images: unitImagesJson(),
        total: boundedCountColumn(db, rentalUnits, where, COUNT_BOUND),
      })
      .from(rentalUnits)
      .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
      .where(and(eq(rentalUnits.companyId, sql.placeholder('companyId')), inArray(rentalUnits.id, pageIds)))
      .orderBy(direction(key.expression), direction(rentalUnits.id)),
  );
}, unitShapeOptions);

const unitCount = statementsByShape(
  (db, shape: UnitShape) => boundedCountQuery(db, rentalUnits, and(...filterConditions(shape)), COUNT_BOUND),
  unitShapeOptions,
);

/** A unit with its property's summary and its images, by id: what a detail answers, in one round trip. */
const unitWithImages = preparedOnce((db) =>
  mappedRows(
    db
      .select({ ...withProperty, images: unitImagesJson() })
      .from(rentalUnits)
      .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
      .where(
        and(
          eq(rentalUnits.companyId, sql.placeholder('companyId')),
          eq(rentalUnits.id, sql.placeholder('unitId')),
        ),
      ),
  ),
);

export function createRentalUnitsRepo(db: DbOrTx) {
  async function withPropertyByIds(companyId: string, ids: readonly string[]): Promise<UnitWithProperty[]> {
    if (ids.length === 0) return [];
    return db
      .select(withProperty)
      .from(rentalUnits)
      .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
      .where(and(eq(rentalUnits.companyId, companyId), inArray(rentalUnits.id, [...ids])));
  }

  return {
    async list(
      companyId: string,
      filter: UnitFilter,
      page: PageRequest<RentalUnitListQuery['sortBy']>,
    ): Promise<PageResult<UnitWithProperty>> {
      return runInventoryPage(
        db,
        { page: unitPage, count: unitCount },
        { companyId, filters: unitFilterValues(filter), key: UNIT_SORT_KEYS[page.sortBy], page },
        {
          idOf: (row) => row.unit.id,
          map: (row) => ({ unit: row.unit, property: row.property, images: imageRowsOf(row.images) }),
        },
      );
    },

    async find(companyId: string, unitId: string): Promise<UnitWithProperty | undefined> {
      const [row] = await withPropertyByIds(companyId, [unitId]);
      return row;
    },

    async findWithImages(companyId: string, unitId: string): Promise<UnitWithProperty | undefined> {
      const [row] = await unitWithImages(db, { companyId, unitId });
      return row && { unit: row.unit, property: row.property, images: imageRowsOf(row.images) };
    },

    findMany: withPropertyByIds,

    /** Super admin only: a unit of any company. */
    async findOnPlatform(unitId: string): Promise<UnitRow | undefined> {
      const [row] = await db.select(unitColumns).from(rentalUnits).where(eq(rentalUnits.id, unitId)).limit(1);
      return row;
    },

    async findByNumber(
      companyId: string,
      propertyId: string,
      unitNumber: string,
    ): Promise<UnitRow | undefined> {
      const [row] = await db
        .select(unitColumns)
        .from(rentalUnits)
        .where(
          and(
            eq(rentalUnits.companyId, companyId),
            eq(rentalUnits.propertyId, propertyId),
            sql`lower(${rentalUnits.unitNumber}) = ${unitNumber.toLowerCase()}`,
          ),
        )
        .limit(1);
      return row;
    },

    async countForProperty(companyId: string, propertyId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(rentalUnits)
        .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.propertyId, propertyId)));
      return row?.total ?? 0;
    },

    async insert(values: NewUnit): Promise<UnitRow> {
      const [row] = await db.insert(rentalUnits).values(values).returning(unitColumns);
      return row!;
    },

    /** Several units in one statement (their numbers are unique per property: a repeat fails the whole insert). */
    async insertMany(values: NewUnit[]): Promise<{ id: string }[]> {
      if (!values.length) return [];
      return db.insert(rentalUnits).values(values).returning({ id: rentalUnits.id });
    },

    async update(companyId: string, unitId: string, values: Partial<NewUnit>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db
        .update(rentalUnits)
        .set(values)
        .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, unitId)));
    },

    async updateMany(
      companyId: string,
      unitIds: readonly string[],
      values: Partial<NewUnit>,
    ): Promise<number> {
      const rows = await db
        .update(rentalUnits)
        .set(values)
        .where(and(eq(rentalUnits.companyId, companyId), inArray(rentalUnits.id, [...unitIds])))
        .returning({ id: rentalUnits.id });
      return rows.length;
    },

    async delete(companyId: string, unitId: string): Promise<void> {
      await db
        .delete(rentalUnits)
        .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, unitId)));
    },

    /** The plan limits of the company, read inside the transaction. */
    async companyLimits(companyId: string) {
      const [row] = await db
        .select({ limitations: companies.limitations })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row?.limitations;
    },

    /** Super admin: units of every company in a verification status. */
    async verificationQueue(query: VerificationQueueQuery) {
      const where = and(
        eq(rentalUnits.verificationStatus, query.status),
        query.companyId ? eq(rentalUnits.companyId, query.companyId) : undefined,
      );
      const direction = query.sortOrder === 'asc' ? asc : desc;
      const order = query.sortBy === 'updatedAt' ? rentalUnits.updatedAt : rentalUnits.createdAt;
      const [rows, [count]] = await Promise.all([
        db
          .select({
            ...withProperty,
            company: { id: companies.id, name: companies.name, isVerified: companies.isVerified },
          })
          .from(rentalUnits)
          .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
          .innerJoin(companies, eq(companies.id, rentalUnits.companyId))
          .where(where)
          .orderBy(direction(order), direction(rentalUnits.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(rentalUnits)
            .where(where)
            .limit(COUNT_BOUND + 1)
            .as('bounded'),
        ),
      ]);
      return { rows, total: Math.min(count?.total ?? 0, COUNT_BOUND) };
    },
  };
}

export type RentalUnitsRepo = ReturnType<typeof createRentalUnitsRepo>;
