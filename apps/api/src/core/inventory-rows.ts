import { getTableColumns, sql } from 'drizzle-orm';
import { companies, type inventoryImages, properties, rentalUnits } from '../db/schema';

// The rows of the inventory as every reader selects them (properties, rental units, their images, the public
// listing, unit templates), the listing rules, and the parts of the DTOs they share.

const { searchVector: _propertySearch, ...propertyColumns } = getTableColumns(properties);
const { searchVector: _unitSearch, ...unitColumns } = getTableColumns(rentalUnits);

/** The columns of a property and of a unit, without their search vectors. */
export { propertyColumns, unitColumns };
export type PropertyRow = Omit<typeof properties.$inferSelect, 'searchVector'>;
export type UnitRow = Omit<typeof rentalUnits.$inferSelect, 'searchVector'>;
export type ImageRow = typeof inventoryImages.$inferSelect;
/**
 * What an image's DTOs read of its row: all that the list queries' JSON aggregates bring along. `uploadedAt` is a Date
 * when read as a row, and already the DTO's ISO text when it comes from a JSON aggregate (see `IMAGE_JSON`).
 */
export type ImageView = Pick<
  ImageRow,
  | 'id'
  | 'storageKey'
  | 'thumbnailKey'
  | 'mimeType'
  | 'size'
  | 'width'
  | 'height'
  | 'isPrimary'
  | 'category'
  | 'caption'
> & { uploadedAt: Date | string };

/** Publicly listed property: verified, listed, with units available now, of a verified active company. */
export const publicPropertySql = sql`(${properties.verificationStatus} = 'verified' and ${properties.isListed} and ${properties.listedUnits} > 0 and ${companies.isVerified} and ${companies.isActive})`;
/** A unit the public listing shows. */
export const listedUnitSql = sql`(${rentalUnits.isAvailable} and ${rentalUnits.status} = 'Available' and ${rentalUnits.verificationStatus} <> 'rejected')`;

export function toAddressDto(row: PropertyRow) {
  return {
    line1: row.addressLine1,
    line2: row.addressLine2,
    landmark: row.landmark,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    coordinates:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
  };
}

export function toPricingDto(
  row: Pick<UnitRow, 'rent' | 'securityDeposit' | 'maintenanceIncluded' | 'maintenanceAmount' | 'currency'>,
) {
  return {
    rent: row.rent,
    securityDeposit: row.securityDeposit,
    maintenanceCharges: { included: row.maintenanceIncluded, amount: row.maintenanceAmount },
    currency: row.currency,
  };
}

export function toAvailabilityDto(row: Pick<UnitRow, 'isAvailable' | 'availableFrom' | 'minLeaseMonths'>) {
  return {
    isAvailable: row.isAvailable,
    availableFrom: row.availableFrom,
    minLeaseMonths: row.minLeaseMonths,
  };
}
