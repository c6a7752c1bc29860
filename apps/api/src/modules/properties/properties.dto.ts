import { occupancyRate, type PropertyDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import { toImageDto } from '../../core/inventory-images';
import { type ImageView, type PropertyRow, toAddressDto } from '../../core/inventory-rows';
import type { UrlSigner } from '../../core/signed-urls';

export function toOccupancyDto(row: Pick<PropertyRow, 'totalUnits' | 'occupiedUnits' | 'availableUnits'>) {
  return {
    totalUnits: row.totalUnits,
    occupiedUnits: row.occupiedUnits,
    availableUnits: row.availableUnits,
    vacantUnits: Math.max(0, row.totalUnits - row.occupiedUnits),
    occupancyRate: occupancyRate(row.occupiedUnits, row.totalUnits),
  };
}

export function toPropertyDto(
  row: PropertyRow,
  photos: readonly ImageView[],
  signer: UrlSigner,
  now = new Date(),
): PropertyDto {
  return {
    _id: row.id,
    companyId: row.companyId,
    name: row.name,
    propertyType: row.propertyType,
    description: row.description,
    address: toAddressDto(row),
    amenities: row.amenities,
    photos: photos.map((photo) => toImageDto(photo, signer, now)),
    ownerContact: row.ownerContact ?? null,
    managerContact: row.managerContact ?? null,
    totalFloors: row.totalFloors,
    yearBuilt: row.yearBuilt,
    isListed: row.isListed,
    verificationStatus: row.verificationStatus,
    verificationNotes: row.verificationNotes,
    verifiedAt: isoOrNull(row.verifiedAt),
    occupancy: toOccupancyDto(row),
    rentRange:
      row.minListedRent !== null && row.maxListedRent !== null
        ? { min: row.minListedRent, max: row.maxListedRent, currency: 'INR' }
        : null,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
