import type { PublicPropertyListQuery } from '@rentora/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { coverImageJson, imageRowsOf, unitImagesJson } from '../../core/inventory-images';
import { prefixTsQuery } from '../../core/inventory-paging';
import {
  type ImageRow,
  type ImageView,
  listedUnitSql,
  type PropertyRow,
  propertyColumns,
  publicPropertySql,
  type UnitRow,
  unitColumns,
} from '../../core/inventory-rows';
import { COUNT_BOUND } from '../../core/pagination';
import { executePrepared } from '../../core/prepared';
import type { DbOrTx } from '../../db/client';
import { companies, inventoryImages, properties, rentalUnits, rentalUnitUsers } from '../../db/schema';

export type PublicPropertyRow = {
  property: PropertyRow;
  company: { id: string; name: string; phone: string | null; email: string | null };
};

const publicColumns = {
  property: propertyColumns,
  company: { id: companies.id, name: companies.name, phone: companies.phone, email: companies.email },
};

/** The public listing reads across companies, but only rows every visitor may see. */
export function createPublicListingRepo(db: DbOrTx) {
  return {
    /** A page of the listing; `knownTotal` (a recently counted total for the same filters) skips the count. */
    async list(
      query: PublicPropertyListQuery,
      knownTotal?: number,
    ): Promise<{ rows: (PublicPropertyRow & { cover: ImageView | null })[]; total: number }> {
      const conditions: SQL[] = [publicPropertySql];
      if (query.city) conditions.push(sql`lower(${properties.city}) = ${query.city.toLowerCase()}`);
      if (query.propertyType) conditions.push(eq(properties.propertyType, query.propertyType));
      if (query.search) {
        const tsQuery = prefixTsQuery(query.search);
        conditions.push(
          tsQuery ? sql`${properties.searchVector} @@ to_tsquery('simple', ${tsQuery})` : sql`false`,
        );
      }
      // Unit filters must hold for one and the same available unit; the stored ranges prune first.
      const unitConditions: SQL[] = [];
      if (query.minRent !== undefined) {
        conditions.push(gte(properties.maxListedRent, query.minRent));
        unitConditions.push(gte(rentalUnits.rent, query.minRent));
      }
      if (query.maxRent !== undefined) {
        conditions.push(lte(properties.minListedRent, query.maxRent));
        unitConditions.push(lte(rentalUnits.rent, query.maxRent));
      }
      if (query.bedrooms !== undefined) {
        conditions.push(
          and(
            lte(properties.minListedBedrooms, query.bedrooms),
            gte(properties.maxListedBedrooms, query.bedrooms),
          )!,
        );
        unitConditions.push(eq(rentalUnits.bedrooms, query.bedrooms));
      }
      if (query.minBedrooms !== undefined) {
        conditions.push(gte(properties.maxListedBedrooms, query.minBedrooms));
        unitConditions.push(gte(rentalUnits.bedrooms, query.minBedrooms));
      }
      if (unitConditions.length) {
        conditions.push(
          sql`exists (select 1 from ${rentalUnits} where ${rentalUnits.companyId} = ${properties.companyId} and ${rentalUnits.propertyId} = ${properties.id} and ${listedUnitSql} and ${and(...unitConditions)})`,
        );
      }
      const where = and(...conditions);
      const direction = query.sortOrder === 'asc' ? asc : desc;
      const order = query.sortBy === 'rent' ? properties.minListedRent : properties.createdAt;
      const pageQuery = db
        .select({ ...publicColumns, cover: coverImageJson(true) })
        .from(properties)
        .innerJoin(companies, eq(companies.id, properties.companyId))
        .where(where)
        .orderBy(direction(order), direction(properties.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const countQuery = db
        .select({ total: sql<number>`count(*)::int` })
        .from(
          db
            .select({ one: sql`1` })
            .from(properties)
            .innerJoin(companies, eq(companies.id, properties.companyId))
            .where(where)
            .limit(COUNT_BOUND)
            .as('bounded'),
        );
      const [rows, total] = await Promise.all([
        executePrepared(pageQuery),
        knownTotal ?? executePrepared(countQuery).then(([count]) => count?.total ?? 0),
      ]);
      return {
        rows: rows.map(({ cover, ...row }) => ({ ...row, cover: cover ? imageRowsOf([cover])[0]! : null })),
        total,
      };
    },

    async find(propertyId: string): Promise<PublicPropertyRow | undefined> {
      const [row] = await db
        .select(publicColumns)
        .from(properties)
        .innerJoin(companies, eq(companies.id, properties.companyId))
        .where(and(eq(properties.id, propertyId), publicPropertySql))
        .limit(1);
      return row;
    },

    /** The units the listing shows for a property, cheapest first. */
    async listedUnits(companyId: string, propertyId: string, limit: number): Promise<UnitRow[]> {
      return db
        .select(unitColumns)
        .from(rentalUnits)
        .where(
          and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.propertyId, propertyId), listedUnitSql),
        )
        .orderBy(asc(rentalUnits.rent), asc(rentalUnits.id))
        .limit(limit);
    },

    /** One cover image per property (see coverImageJson); `listedOnly: false` for a tenant's own properties. */
    async covers(
      items: readonly { companyId: string; propertyId: string }[],
      listedOnly = true,
    ): Promise<Map<string, ImageView>> {
      if (items.length === 0) return new Map();
      const rows = await db
        .select({ id: properties.id, cover: coverImageJson(listedOnly) })
        .from(properties)
        .where(
          and(
            inArray(properties.companyId, [...new Set(items.map((item) => item.companyId))]),
            inArray(
              properties.id,
              items.map((item) => item.propertyId),
            ),
          ),
        );
      const covers = new Map<string, ImageView>();
      for (const row of rows) if (row.cover) covers.set(row.id, imageRowsOf([row.cover])[0]!);
      return covers;
    },

    async photos(companyId: string, propertyId: string): Promise<ImageRow[]> {
      return db
        .select()
        .from(inventoryImages)
        .where(
          and(
            eq(inventoryImages.companyId, companyId),
            eq(inventoryImages.propertyId, propertyId),
            isNull(inventoryImages.rentalUnitId),
          ),
        )
        .orderBy(asc(inventoryImages.sortOrder), asc(inventoryImages.uploadedAt));
    },

    async unitImages(companyId: string, unitIds: readonly string[]): Promise<ImageRow[]> {
      if (unitIds.length === 0) return [];
      return db
        .select()
        .from(inventoryImages)
        .where(
          and(eq(inventoryImages.companyId, companyId), inArray(inventoryImages.rentalUnitId, [...unitIds])),
        )
        .orderBy(asc(inventoryImages.sortOrder), asc(inventoryImages.uploadedAt));
    },

    /**
     * Units by id whatever their listing (saved favorites): what a visitor may know of them, whether the public
     * listing shows them now (`listed`), and their images only while it does.
     */
    async unitsByIds(unitIds: readonly string[]) {
      if (unitIds.length === 0) return [];
      const listed = sql<boolean>`(${publicPropertySql} and ${listedUnitSql})`;
      return db
        .select({
          id: rentalUnits.id,
          unitNumber: rentalUnits.unitNumber,
          bedrooms: rentalUnits.bedrooms,
          rent: rentalUnits.rent,
          currency: rentalUnits.currency,
          status: rentalUnits.status,
          isAvailable: rentalUnits.isAvailable,
          propertyId: properties.id,
          propertyName: properties.name,
          city: properties.city,
          listed,
          images: sql<
            Parameters<typeof imageRowsOf>[0]
          >`case when ${listed} then ${unitImagesJson()} else '[]'::json end`,
        })
        .from(rentalUnits)
        .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
        .innerJoin(companies, eq(companies.id, rentalUnits.companyId))
        .where(inArray(rentalUnits.id, [...unitIds]));
    },

    /** The caller's current tenancies (GET /properties/user), a page of properties at a time. */
    async tenanciesOf(userId: string, page: { limit: number; offset: number }) {
      const where = and(eq(rentalUnitUsers.userId, userId), eq(rentalUnitUsers.status, 'current'));
      const [propertyRows, [count]] = await Promise.all([
        db
          .selectDistinct({ id: properties.id, name: properties.name })
          .from(rentalUnitUsers)
          .innerJoin(properties, eq(properties.id, rentalUnitUsers.propertyId))
          .where(where)
          .orderBy(asc(properties.name), asc(properties.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ total: sql<number>`count(distinct ${rentalUnitUsers.propertyId})::int` })
          .from(rentalUnitUsers)
          .where(where),
      ]);
      const propertyIds = propertyRows.map((row) => row.id);
      const rows = propertyIds.length
        ? await db
            .select({
              ...publicColumns,
              unit: unitColumns,
              assignment: rentalUnitUsers,
            })
            .from(rentalUnitUsers)
            .innerJoin(rentalUnits, eq(rentalUnits.id, rentalUnitUsers.rentalUnitId))
            .innerJoin(properties, eq(properties.id, rentalUnitUsers.propertyId))
            .innerJoin(companies, eq(companies.id, rentalUnitUsers.companyId))
            .where(and(where, inArray(rentalUnitUsers.propertyId, propertyIds)))
            .orderBy(asc(properties.name), asc(properties.id), asc(rentalUnits.unitNumber))
        : [];
      return { rows, total: count?.total ?? 0 };
    },
  };
}
