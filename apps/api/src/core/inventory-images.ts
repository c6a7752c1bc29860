import type { ImageDto, PublicImageDto } from '@rentora/shared';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { inventoryImages } from '../db/schema';
import { iso } from './http';
import type { ImageRow, ImageView } from './inventory-rows';
import type { UrlSigner } from './signed-urls';

// The images of the inventory as properties, rental units and the public listing read them: brought along by a
// list query (JSON aggregates), loaded for a page, and their DTOs.

const ORDER = [asc(inventoryImages.sortOrder), asc(inventoryImages.uploadedAt), asc(inventoryImages.id)];

/**
 * A timestamptz column as `Date.prototype.toISOString()` writes it (UTC, milliseconds; PostgreSQL's `MS` truncates the
 * microseconds as `new Date(text)` does), for JSON built by PostgreSQL: its value reaches a DTO as it is, without a
 * Date made and formatted again in Node.
 */
export function isoTextSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The columns of an image that its DTOs read (ImageView), as a JSON object with the row's property names (for
 * `json_agg` in list queries): a third less JSON to build, send and parse than the whole row.
 */
const IMAGE_JSON = `json_build_object('id', i.id, 'storageKey', i.storage_key, 'thumbnailKey', i.thumbnail_key,
  'mimeType', i.mime_type, 'size', i.size, 'width', i.width, 'height', i.height, 'isPrimary', i.is_primary,
  'category', i.category, 'caption', i.caption, 'uploadedAt', ${isoTextSql('i.uploaded_at')})`;
const IMAGE_ORDER = 'i.sort_order, i.uploaded_at, i.id';

export type ImageJson = ImageView & { uploadedAt: string };

const NO_IMAGES: readonly ImageJson[] = Object.freeze([]);

/** The images of a JSON image aggregate, as the DTOs read them (no copy: the parsed JSON already has their shape). */
export function imageRowsOf(json: readonly ImageJson[] | null): readonly ImageView[] {
  return json ?? NO_IMAGES;
}

/** An image's upload time as the DTOs write it. */
export function uploadedAtIso(image: Pick<ImageView, 'uploadedAt'>): string {
  return typeof image.uploadedAt === 'string' ? image.uploadedAt : iso(image.uploadedAt);
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

/** The images of a page of units, in one query. */
export async function imagesOfUnits(
  db: DbOrTx,
  companyId: string,
  unitIds: readonly string[],
): Promise<ImageRow[]> {
  if (unitIds.length === 0) return [];
  return db
    .select()
    .from(inventoryImages)
    .where(and(eq(inventoryImages.companyId, companyId), inArray(inventoryImages.rentalUnitId, [...unitIds])))
    .orderBy(...ORDER);
}

/** The photos (not unit images) of a page of properties, in one query. */
export async function photosOfProperties(
  db: DbOrTx,
  companyId: string,
  propertyIds: readonly string[],
): Promise<ImageRow[]> {
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
}

/** Staff DTOs: signed URLs (an `<img>` cannot send the bearer token). */
export function toImageDto(row: ImageView, signer: UrlSigner, now = new Date()): ImageDto {
  return {
    _id: row.id,
    url: signer.signed(row.storageKey, now),
    thumbnailUrl: signer.signed(row.thumbnailKey, now),
    isPrimary: row.isPrimary,
    category: row.category,
    caption: row.caption,
    mimeType: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    uploadedAt: uploadedAtIso(row),
  };
}

/** Public listing DTOs: plain URLs, served to anyone while the listing shows the image. */
export function toPublicImageDto(row: ImageView, signer: UrlSigner): PublicImageDto {
  return {
    _id: row.id,
    url: signer.unsigned(row.storageKey),
    thumbnailUrl: signer.unsigned(row.thumbnailKey),
    isPrimary: row.isPrimary,
    category: row.category,
    caption: row.caption,
    width: row.width,
    height: row.height,
  };
}
