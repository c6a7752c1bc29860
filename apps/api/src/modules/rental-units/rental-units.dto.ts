import { deriveUnit, gstUseOf, type RentalUnitDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import type { UrlSigner } from '../../core/signed-urls';
import { toImageDto } from '../uploads/uploads.dto';
import type { ImageRow } from '../uploads/uploads.repo';
import type { UnitRow, UnitWithProperty } from './rental-units.repo';

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

export function toRentalUnitDto(
  { unit, property }: UnitWithProperty,
  imageRows: readonly ImageRow[],
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
    ...base,
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
