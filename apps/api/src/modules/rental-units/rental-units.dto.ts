import { deriveUnit, gstUseOf, type RentalUnitDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import { toImageDto } from '../../core/inventory-images';
import { type ImageView, toAvailabilityDto, toPricingDto } from '../../core/inventory-rows';
import type { UrlSigner } from '../../core/signed-urls';
import type { UnitWithProperty } from './rental-units.repo';

export function toRentalUnitDto(
  { unit, property }: UnitWithProperty,
  imageRows: readonly ImageView[],
  signer: UrlSigner,
  now = new Date(),
): RentalUnitDto {
  const images = imageRows.map((row) => toImageDto(row, signer, now));
  const base = {
    status: unit.status,
    availability: toAvailabilityDto(unit),
    pricing: toPricingDto(unit),
    images,
  };
  return {
    _id: unit.id,
    companyId: unit.companyId,
    propertyId: unit.propertyId,
    property: { _id: property.id, name: property.name, city: property.city },
    unitNumber: unit.unitNumber,
    unitType: unit.unitType,
    gstUse: gstUseOf(unit.unitType, unit.gstUse),
    gstUseOverride: unit.gstUse,
    floor: unit.floor,
    sizeSqft: unit.sizeSqft,
    bedrooms: unit.bedrooms,
    bathrooms: unit.bathrooms,
    furnishing: unit.furnishing,
    description: unit.description,
    amenities: unit.amenities,
    status: base.status,
    availability: base.availability,
    pricing: base.pricing,
    images,
    verificationStatus: unit.verificationStatus,
    verificationNotes: unit.verificationNotes,
    verifiedAt: isoOrNull(unit.verifiedAt),
    currentTenants: unit.currentTenants,
    derived: deriveUnit(base),
    createdBy: unit.createdBy,
    createdAt: iso(unit.createdAt),
    updatedAt: iso(unit.updatedAt),
  };
}
