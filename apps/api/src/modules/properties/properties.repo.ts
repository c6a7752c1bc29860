import type { PropertyListQuery, VerificationQueueQuery } from '@rentora/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type ImageJson, imageRowsOf, propertyPhotosJson } from '../../core/inventory-images';
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
import { type ImageView, type PropertyRow, propertyColumns } from '../../core/inventory-rows';
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
import { companies, properties, rentalUnits, rentalUnitUsers } from '../../db/schema';

export type { PropertyRow };
/** A property of a list page, with its photos brought along by the same query. */
export type PropertyWithPhotos = PropertyRow & { photos?: readonly ImageView[] };
export type NewProperty = typeof properties.$inferInsert;

export const PROPERTY_SORT_KEYS: Record<PropertyListQuery['sortBy'], SortKey> = {
  createdAt: { expression: properties.createdAt, cast: 'timestamptz' },
  updatedAt: { expression: properties.updatedAt, cast: 'timestamptz' },
  name: { expression: sql`lower(${properties.name})`, cast: 'text' },
};

export interface PropertyFilter {
  verificationStatus?: PropertyListQuery['verificationStatus'];
  propertyType?: PropertyListQuery['propertyType'];
  city?: string;
  isListed?: boolean;
  search?: string;
}

/** Full-text match on the GIN-indexed search vector (word prefixes). */
export function propertySearchCondition(text: string): SQL | undefined {
  const query = prefixTsQuery(text);
  return query ? sql`${properties.searchVector} @@ to_tsquery('simple', ${query})` : sql`false`;
}

/** A list request's filter values under the names of their placeholders (see rental-units.repo.ts). */
function propertyFilterValues(filter: PropertyFilter): Record<string, unknown> {
  const tsQuery = filter.search ? prefixTsQuery(filter.search) : undefined;
  return {
    verificationStatus: filter.verificationStatus?.length ? filter.verificationStatus : undefined,
    propertyType: filter.propertyType?.length ? filter.propertyType : undefined,
    city: filter.city ? filter.city.toLowerCase() : undefined,
    isListed: filter.isListed,
    tsQuery: tsQuery ?? undefined,
    searchNothing: filter.search && !tsQuery ? true : undefined,
  };
}

function filterConditions(shape: InventoryShape<string>): SQL[] {
  const has = (name: string) => shape.filters.includes(name);
  const conditions: SQL[] = [eq(properties.companyId, sql.placeholder('companyId'))];
  if (has('verificationStatus')) conditions.push(anyOf(properties.verificationStatus, 'verificationStatus'));
  if (has('propertyType')) conditions.push(anyOf(properties.propertyType, 'propertyType'));
  if (has('city')) conditions.push(sql`lower(${properties.city}) = ${sql.placeholder('city')}`);
  if (has('isListed')) conditions.push(eq(properties.isListed, sql.placeholder('isListed')));
  if (has('tsQuery'))
    conditions.push(sql`${properties.searchVector} @@ to_tsquery('simple', ${sql.placeholder('tsQuery')})`);
  if (has('searchNothing')) conditions.push(sql`false`);
  return conditions;
}

type PropertyShape = InventoryShape<PropertyListQuery['sortBy']>;

const propertyShapeOptions = {
  key: inventoryShapeKey,
  searches: (shape: PropertyShape) => shape.filters.includes('tsQuery'),
};

/** One statement per page: the page's ids, then those rows with their photos and the bounded count beside them. */
const propertyPage = statementsByShape((db, shape: PropertyShape) => {
  const key = PROPERTY_SORT_KEYS[shape.sortBy];
  const { pageIds, where, direction } = pageIdsQuery(db, {
    table: properties,
    idColumn: properties.id,
    conditions: filterConditions(shape),
    key,
    shape,
  });
  return mappedRows(
    db
      .select({
        property: propertyColumns,
        sortValue: sortValueText(key),
        photos: propertyPhotosJson(),
        total: boundedCountColumn(db, properties, where, COUNT_BOUND),
      })
      .from(properties)
      .where(and(eq(properties.companyId, sql.placeholder('companyId')), inArray(properties.id, pageIds)))
      .orderBy(direction(key.expression), direction(properties.id)),
  );
}, propertyShapeOptions);

const propertyCount = statementsByShape(
  (db, shape: PropertyShape) =>
    boundedCountQuery(db, properties, and(...filterConditions(shape)), COUNT_BOUND),
  propertyShapeOptions,
);

/** A property with its photos, by id: what a detail answers, in one round trip. */
const propertyWithPhotos = preparedOnce((db) =>
  mappedRows(
    db
      .select({ property: propertyColumns, photos: propertyPhotosJson() })
      .from(properties)
      .where(
        and(
          eq(properties.companyId, sql.placeholder('companyId')),
          eq(properties.id, sql.placeholder('propertyId')),
        ),
      ),
  ),
);

/**
 * A mapped row's property with its photos set on it: the row mapper made the object for this request alone, so it
 * is completed in place rather than copied (a spread of a property's 40 columns cost microseconds a row).
 */
function withPhotos(row: { property: PropertyRow; photos: ImageJson[] | null }): PropertyWithPhotos {
  const property: PropertyWithPhotos = row.property;
  property.photos = imageRowsOf(row.photos);
  return property;
}

export type { PageRequest, PageResult } from '../../core/inventory-paging';

export function createPropertiesRepo(db: DbOrTx) {
  return {
    async list(
      companyId: string,
      filter: PropertyFilter,
      page: PageRequest<PropertyListQuery['sortBy']>,
    ): Promise<PageResult<PropertyWithPhotos>> {
      return runInventoryPage(
        db,
        { page: propertyPage, count: propertyCount },
        { companyId, filters: propertyFilterValues(filter), key: PROPERTY_SORT_KEYS[page.sortBy], page },
        {
          idOf: (row) => row.property.id,
          map: withPhotos,
        },
      );
    },

    async find(companyId: string, propertyId: string): Promise<PropertyRow | undefined> {
      const [row] = await db
        .select(propertyColumns)
        .from(properties)
        .where(and(eq(properties.companyId, companyId), eq(properties.id, propertyId)))
        .limit(1);
      return row;
    },

    /** Locks the property row: unit creates, status changes and tenant moves of one property take turns. */
    async findWithPhotos(companyId: string, propertyId: string): Promise<PropertyWithPhotos | undefined> {
      const [row] = await propertyWithPhotos(db, { companyId, propertyId });
      return row && withPhotos(row);
    },

    async lock(companyId: string, propertyId: string): Promise<PropertyRow | undefined> {
      const [row] = await db
        .select(propertyColumns)
        .from(properties)
        .where(and(eq(properties.companyId, companyId), eq(properties.id, propertyId)))
        .for('update');
      return row;
    },

    /** Super admin only: a property of any company. */
    async findOnPlatform(propertyId: string): Promise<PropertyRow | undefined> {
      const [row] = await db
        .select(propertyColumns)
        .from(properties)
        .where(eq(properties.id, propertyId))
        .limit(1);
      return row;
    },

    async insert(values: NewProperty): Promise<PropertyRow> {
      const [row] = await db.insert(properties).values(values).returning(propertyColumns);
      return row!;
    },

    async update(companyId: string, propertyId: string, values: Partial<NewProperty>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db
        .update(properties)
        .set(values)
        .where(and(eq(properties.companyId, companyId), eq(properties.id, propertyId)));
    },

    async delete(companyId: string, propertyId: string): Promise<void> {
      await db
        .delete(properties)
        .where(and(eq(properties.companyId, companyId), eq(properties.id, propertyId)));
    },

    async countUnits(companyId: string, propertyId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(rentalUnits)
        .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.propertyId, propertyId)));
      return row?.total ?? 0;
    },

    async countCurrentTenants(companyId: string, propertyId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(rentalUnitUsers)
        .where(
          and(
            eq(rentalUnitUsers.companyId, companyId),
            eq(rentalUnitUsers.propertyId, propertyId),
            eq(rentalUnitUsers.status, 'current'),
          ),
        );
      return row?.total ?? 0;
    },

    /** Which of `ids` are the company's properties. */
    async existingIds(companyId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.companyId, companyId), inArray(properties.id, [...ids])));
      return rows.map((row) => row.id);
    },

    async findMany(companyId: string, ids: readonly string[]): Promise<PropertyRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(propertyColumns)
        .from(properties)
        .where(and(eq(properties.companyId, companyId), inArray(properties.id, [...ids])));
    },

    /**
     * Recomputes the occupancy and listing figures of the given properties (all of the company's when
     * omitted) from their units in one set-based statement. Called in the transaction of every unit change.
     */
    async refreshStats(companyId: string, propertyIds?: readonly string[]): Promise<number> {
      const listed = sql`(${rentalUnits.isAvailable} and ${rentalUnits.status} = 'Available' and ${rentalUnits.verificationStatus} <> 'rejected')`;
      const scope = and(
        eq(properties.companyId, companyId),
        propertyIds ? inArray(properties.id, [...propertyIds]) : undefined,
      );
      const stats = db
        .select({
          propertyId: sql<string>`${properties.id}`.as('property_id'),
          total: sql<number>`count(${rentalUnits.id})::int`.as('total'),
          occupied:
            sql<number>`(count(${rentalUnits.id}) filter (where ${rentalUnits.status} = 'Occupied'))::int`.as(
              'occupied',
            ),
          available:
            sql<number>`(count(${rentalUnits.id}) filter (where ${rentalUnits.isAvailable} and ${rentalUnits.status} = 'Available'))::int`.as(
              'available',
            ),
          listed: sql<number>`(count(${rentalUnits.id}) filter (where ${listed}))::int`.as('listed'),
          minRent: sql<number | null>`min(${rentalUnits.rent}) filter (where ${listed})`.as('min_rent'),
          maxRent: sql<number | null>`max(${rentalUnits.rent}) filter (where ${listed})`.as('max_rent'),
          minBedrooms: sql<number | null>`min(${rentalUnits.bedrooms}) filter (where ${listed})`.as(
            'min_bedrooms',
          ),
          maxBedrooms: sql<number | null>`max(${rentalUnits.bedrooms}) filter (where ${listed})`.as(
            'max_bedrooms',
          ),
        })
        .from(properties)
        .leftJoin(
          rentalUnits,
          and(eq(rentalUnits.companyId, properties.companyId), eq(rentalUnits.propertyId, properties.id)),
        )
        .where(scope)
        .groupBy(properties.id)
        .as('stats');
      const updated = await db
        .update(properties)
        .set({
          totalUnits: sql`${stats.total}`,
          occupiedUnits: sql`${stats.occupied}`,
          availableUnits: sql`${stats.available}`,
          listedUnits: sql`${stats.listed}`,
          minListedRent: sql`${stats.minRent}`,
          maxListedRent: sql`${stats.maxRent}`,
          minListedBedrooms: sql`${stats.minBedrooms}`,
          maxListedBedrooms: sql`${stats.maxBedrooms}`,
          // Figures are not an edit of the property.
          updatedAt: sql`${properties.updatedAt}`,
        })
        .from(stats)
        .where(and(eq(properties.companyId, companyId), eq(properties.id, stats.propertyId)))
        .returning({ id: properties.id });
      return updated.length;
    },

    /** Super admin: properties of every company in a verification status, oldest first by default. */
    async verificationQueue(query: VerificationQueueQuery) {
      const where = and(
        eq(properties.verificationStatus, query.status),
        query.companyId ? eq(properties.companyId, query.companyId) : undefined,
      );
      const direction = query.sortOrder === 'asc' ? asc : desc;
      const order = query.sortBy === 'updatedAt' ? properties.updatedAt : properties.createdAt;
      const [rows, [count]] = await Promise.all([
        db
          .select({
            property: propertyColumns,
            company: { id: companies.id, name: companies.name, isVerified: companies.isVerified },
          })
          .from(properties)
          .innerJoin(companies, eq(companies.id, properties.companyId))
          .where(where)
          .orderBy(direction(order), direction(properties.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(properties)
            .where(where)
            .limit(COUNT_BOUND + 1)
            .as('bounded'),
        ),
      ]);
      return { rows, total: Math.min(count?.total ?? 0, COUNT_BOUND) };
    },
  };
}

export type PropertiesRepo = ReturnType<typeof createPropertiesRepo>;
