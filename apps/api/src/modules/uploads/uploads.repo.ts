import { and, asc, eq, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import { type ImageRow, listedUnitSql, publicPropertySql } from '../../core/inventory-rows';
import type { DbOrTx } from '../../db/client';
import { companies, companyUsers, inventoryImages, properties, rentalUnits } from '../../db/schema';

export type NewImage = typeof inventoryImages.$inferInsert;

/** An image belongs to a unit (its images) or directly to a property (its photos). */
export type ImageOwner = { rentalUnitId: string } | { propertyId: string };

function ownerCondition(owner: ImageOwner): SQL {
  return 'rentalUnitId' in owner
    ? eq(inventoryImages.rentalUnitId, owner.rentalUnitId)
    : and(eq(inventoryImages.propertyId, owner.propertyId), isNull(inventoryImages.rentalUnitId))!;
}

const ORDER = [asc(inventoryImages.sortOrder), asc(inventoryImages.uploadedAt), asc(inventoryImages.id)];

export function createImagesRepo(db: DbOrTx) {
  return {
    /** Locks the row of the unit (or, without one, the property) the images belong to; false when it is not there. */
    async lockOwner(companyId: string, propertyId: string, rentalUnitId: string | null): Promise<boolean> {
      const rows = rentalUnitId
        ? await db
            .select({ id: rentalUnits.id })
            .from(rentalUnits)
            .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, rentalUnitId)))
            .for('update')
        : await db
            .select({ id: properties.id })
            .from(properties)
            .where(and(eq(properties.companyId, companyId), eq(properties.id, propertyId)))
            .for('update');
      return rows.length > 0;
    },

    async list(companyId: string, owner: ImageOwner): Promise<ImageRow[]> {
      return db
        .select()
        .from(inventoryImages)
        .where(and(eq(inventoryImages.companyId, companyId), ownerCondition(owner)))
        .orderBy(...ORDER);
    },

    async find(companyId: string, owner: ImageOwner, imageId: string): Promise<ImageRow | undefined> {
      const [row] = await db
        .select()
        .from(inventoryImages)
        .where(
          and(
            eq(inventoryImages.companyId, companyId),
            ownerCondition(owner),
            eq(inventoryImages.id, imageId),
          ),
        )
        .limit(1);
      return row;
    },

    async stats(companyId: string, owner: ImageOwner) {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          primaries: sql<number>`count(*) filter (where ${inventoryImages.isPrimary})::int`,
          lastOrder: max(inventoryImages.sortOrder),
        })
        .from(inventoryImages)
        .where(and(eq(inventoryImages.companyId, companyId), ownerCondition(owner)));
      return { total: row?.total ?? 0, primaries: row?.primaries ?? 0, lastOrder: row?.lastOrder ?? -1 };
    },

    async insertMany(values: NewImage[]): Promise<void> {
      if (values.length) await db.insert(inventoryImages).values(values);
    },

    async update(companyId: string, imageId: string, values: Partial<NewImage>): Promise<void> {
      // `{ isPrimary: false }` alone changes nothing: there is nothing to write.
      if (Object.keys(values).length === 0) return;
      await db
        .update(inventoryImages)
        .set(values)
        .where(and(eq(inventoryImages.companyId, companyId), eq(inventoryImages.id, imageId)));
    },

    async clearPrimary(companyId: string, owner: ImageOwner): Promise<void> {
      await db
        .update(inventoryImages)
        .set({ isPrimary: false })
        .where(
          and(
            eq(inventoryImages.companyId, companyId),
            ownerCondition(owner),
            eq(inventoryImages.isPrimary, true),
          ),
        );
    },

    async delete(companyId: string, imageId: string): Promise<void> {
      await db
        .delete(inventoryImages)
        .where(and(eq(inventoryImages.companyId, companyId), eq(inventoryImages.id, imageId)));
    },

    /** The first remaining image of the owner, to become primary after the primary is deleted. */
    async first(companyId: string, owner: ImageOwner): Promise<ImageRow | undefined> {
      const [row] = await db
        .select()
        .from(inventoryImages)
        .where(and(eq(inventoryImages.companyId, companyId), ownerCondition(owner)))
        .orderBy(...ORDER)
        .limit(1);
      return row;
    },

    /** Every file of a property (photos and all its units' images), before the rows go. */
    async filesOfProperty(companyId: string, propertyId: string) {
      return db
        .select({ storageKey: inventoryImages.storageKey, thumbnailKey: inventoryImages.thumbnailKey })
        .from(inventoryImages)
        .where(and(eq(inventoryImages.companyId, companyId), eq(inventoryImages.propertyId, propertyId)));
    },

    async filesOfUnit(companyId: string, unitId: string) {
      return db
        .select({ storageKey: inventoryImages.storageKey, thumbnailKey: inventoryImages.thumbnailKey })
        .from(inventoryImages)
        .where(and(eq(inventoryImages.companyId, companyId), eq(inventoryImages.rentalUnitId, unitId)));
    },

    /** A file by its storage key (original or thumbnail), with what decides who may see it. */
    async findFile(key: string) {
      const [row] = await db
        .select({
          companyId: inventoryImages.companyId,
          storageKey: inventoryImages.storageKey,
          thumbnailKey: inventoryImages.thumbnailKey,
          mimeType: inventoryImages.mimeType,
          isPublic: sql<boolean>`(${publicPropertySql} and (${inventoryImages.rentalUnitId} is null or coalesce(${listedUnitSql}, false)))`,
        })
        .from(inventoryImages)
        .innerJoin(properties, eq(properties.id, inventoryImages.propertyId))
        .innerJoin(companies, eq(companies.id, inventoryImages.companyId))
        .leftJoin(rentalUnits, eq(rentalUnits.id, inventoryImages.rentalUnitId))
        .where(or(eq(inventoryImages.storageKey, key), eq(inventoryImages.thumbnailKey, key)))
        .limit(1);
      return row;
    },

    /** The caller's membership in a company with its features and the company's plan features. */
    async membership(companyId: string, userId: string) {
      const [row] = await db
        .select({
          role: companyUsers.role,
          features: companyUsers.featurePermissions,
          planFeatures: companies.featuresList,
        })
        .from(companyUsers)
        .innerJoin(companies, eq(companies.id, companyUsers.companyId))
        .where(
          and(
            eq(companyUsers.companyId, companyId),
            eq(companyUsers.userId, userId),
            eq(companyUsers.isActive, true),
            eq(companies.isActive, true),
          ),
        )
        .limit(1);
      return row;
    },
  };
}

export type ImagesRepo = ReturnType<typeof createImagesRepo>;
