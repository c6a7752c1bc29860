import { and, asc, eq, inArray, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companyUsers, inventoryImages, properties, rentalUnits } from '../../db/schema';

export type ImageRow = typeof inventoryImages.$inferSelect;
export type NewImage = typeof inventoryImages.$inferInsert;

/** An image belongs to a unit (its images) or directly to a property (its photos). */
export type ImageOwner = { rentalUnitId: string } | { propertyId: string };

function ownerCondition(owner: ImageOwner): SQL {
  return 'rentalUnitId' in owner
    ? eq(inventoryImages.rentalUnitId, owner.rentalUnitId)
    : and(eq(inventoryImages.propertyId, owner.propertyId), isNull(inventoryImages.rentalUnitId))!;
}

const ORDER = [asc(inventoryImages.sortOrder), asc(inventoryImages.uploadedAt), asc(inventoryImages.id)];

/** Publicly listed property: verified, listed, with units available now, of a verified active company. */
export const publicPropertySql = sql`(${properties.verificationStatus} = 'verified' and ${properties.isListed} and ${properties.listedUnits} > 0 and ${companies.isVerified} and ${companies.isActive})`;
/** A unit the public listing shows. */
export const listedUnitSql = sql`(${rentalUnits.isAvailable} and ${rentalUnits.status} = 'Available' and ${rentalUnits.verificationStatus} <> 'rejected')`;

/** The columns of an image row as a JSON object with the row's property names (for `json_agg` in list queries). */
const IMAGE_JSON = `json_build_object('id', i.id, 'companyId', i.company_id, 'propertyId', i.property_id,
  'rentalUnitId', i.rental_unit_id, 'storageKey', i.storage_key, 'thumbnailKey', i.thumbnail_key, 'mimeType', i.mime_type,
  'size', i.size, 'width', i.width, 'height', i.height, 'isPrimary', i.is_primary, 'category', i.category,
  'caption', i.caption, 'sortOrder', i.sort_order, 'uploadedBy', i.uploaded_by, 'uploadedAt', i.uploaded_at)`;
const IMAGE_ORDER = 'i.sort_order, i.uploaded_at, i.id';

export type ImageJson = Omit<ImageRow, 'uploadedAt'> & { uploadedAt: string };

/** Rows of a JSON image aggregate back as image rows. */
export function imageRowsOf(json: readonly ImageJson[] | null): ImageRow[] {
  return (json ?? []).map((image) => ({ ...image, uploadedAt: new Date(image.uploadedAt) }));
}

// The correlated subqueries below name the outer table explicitly: drizzle leaves columns unqualified in
// single-table selects, and an unqualified "id" inside the subquery would mean the image's own column.

/**
 * A unit's images inside the list query itself (one statement per page instead of a second query), in display
 * order, served by inventory_images_unit_idx.
 */
export function unitImagesJson(): SQL<ImageJson[]> {
  const aggregate = `coalesce(json_agg(${IMAGE_JSON} order by ${IMAGE_ORDER}), '[]'::json)`;
  return sql<ImageJson[]>`(select ${sql.raw(aggregate)} from inventory_images i
    where i.company_id = "rental_units"."company_id" and i.rental_unit_id = "rental_units"."id")`;
}

/** A property's photos (not its units' images) inside the list query, served by inventory_images_photos_idx. */
export function propertyPhotosJson(): SQL<ImageJson[]> {
  const aggregate = `coalesce(json_agg(${IMAGE_JSON} order by ${IMAGE_ORDER}), '[]'::json)`;
  return sql<ImageJson[]>`(select ${sql.raw(aggregate)} from inventory_images i
    where i.company_id = "properties"."company_id" and i.property_id = "properties"."id" and i.rental_unit_id is null)`;
}

/**
 * The cover image of a property inside a query on properties: its first photo, else the primary (then first) image
 * of one of its units — only of units the public listing shows when `listedOnly`. COALESCE evaluates the unit
 * fallback only for properties without photos.
 */
export function coverImageJson(listedOnly: boolean): SQL<ImageJson | null> {
  const unitCondition = listedOnly
    ? sql.raw(`and u.is_available and u.status = 'Available' and u.verification_status <> 'rejected'`)
    : sql.raw('');
  return sql<ImageJson | null>`coalesce(
    (select ${sql.raw(IMAGE_JSON)} from inventory_images i
      where i.company_id = "properties"."company_id" and i.property_id = "properties"."id" and i.rental_unit_id is null
      order by ${sql.raw(IMAGE_ORDER)} limit 1),
    (select ${sql.raw(IMAGE_JSON)} from inventory_images i join rental_units u on u.id = i.rental_unit_id
      where i.company_id = "properties"."company_id" and i.property_id = "properties"."id" ${unitCondition}
      order by i.is_primary desc, ${sql.raw(IMAGE_ORDER)} limit 1))`;
}

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

    /** The images of a page of units, in one query. */
    async listForUnits(companyId: string, unitIds: readonly string[]): Promise<ImageRow[]> {
      if (unitIds.length === 0) return [];
      return db
        .select()
        .from(inventoryImages)
        .where(
          and(eq(inventoryImages.companyId, companyId), inArray(inventoryImages.rentalUnitId, [...unitIds])),
        )
        .orderBy(...ORDER);
    },

    /** The photos (not unit images) of a page of properties, in one query. */
    async listPhotosForProperties(companyId: string, propertyIds: readonly string[]): Promise<ImageRow[]> {
      if (propertyIds.length === 0) return [];
      return db
        .select()
        .from(inventoryImages)
        .where(
          and(
            eq(inventoryImages.companyId, companyId),
            inArray(inventoryImages.propertyId, [...propertyIds]),
            isNull(inventoryImages.rentalUnitId),
          ),
        )
        .orderBy(...ORDER);
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
