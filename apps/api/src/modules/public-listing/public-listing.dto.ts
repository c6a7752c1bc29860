import {
  deriveUnit,
  type PublicImageDto,
  type PublicPropertySummaryDto,
  type PublicUnitDto,
} from '@rentora/shared';
import { iso } from '../../core/http';
import {
  type ImageView,
  toAddressDto,
  toAvailabilityDto,
  toPricingDto,
  type UnitRow,
} from '../../core/inventory-rows';
import type { UrlSigner } from '../../core/signed-urls';
import type { PublicPropertyRow } from './public-listing.repo';

/** Public listing images have plain URLs; a tenant's own (possibly unlisted) unit images are signed. */
export type ImageUrlMode = 'public' | 'signed';

export function toListingImageDto(row: ImageView, signer: UrlSigner, mode: ImageUrlMode): PublicImageDto {
  const url = (key: string) => (mode === 'public' ? signer.unsigned(key) : signer.signed(key));
  return {
    _id: row.id,
    url: url(row.storageKey),
    thumbnailUrl: url(row.thumbnailKey),
    isPrimary: row.isPrimary,
    category: row.category,
    caption: row.caption,
    width: row.width,
    height: row.height,
  };
}

export function toPublicUnitDto(
  unit: UnitRow,
  images: readonly ImageView[],
  signer: UrlSigner,
  mode: ImageUrlMode,
): PublicUnitDto {
  const base = {
    status: unit.status,
    availability: toAvailabilityDto(unit),
    pricing: toPricingDto(unit),
    images: images.map((image) => toListingImageDto(image, signer, mode)),
  };
  return {
    _id: unit.id,
    unitNumber: unit.unitNumber,
    unitType: unit.unitType,
    floor: unit.floor,
    sizeSqft: unit.sizeSqft,
    bedrooms: unit.bedrooms,
    bathrooms: unit.bathrooms,
    furnishing: unit.furnishing,
    description: unit.description,
    amenities: unit.amenities,
    availability: base.availability,
    pricing: base.pricing,
    images: base.images,
    derived: deriveUnit(base),
  };
}

export function toPublicSummaryDto(
  { property, company }: PublicPropertyRow,
  cover: ImageView | undefined,
  signer: UrlSigner,
  mode: ImageUrlMode = 'public',
): PublicPropertySummaryDto {
  return {
    _id: property.id,
    name: property.name,
    propertyType: property.propertyType,
    description: property.description,
    address: toAddressDto(property),
    amenities: property.amenities,
    coverImage: cover ? toListingImageDto(cover, signer, mode) : null,
    company: { _id: company.id, name: company.name },
    availableUnits: property.listedUnits,
    rent:
      property.minListedRent !== null && property.maxListedRent !== null
        ? { min: property.minListedRent, max: property.maxListedRent, currency: 'INR' }
        : null,
    bedrooms:
      property.minListedBedrooms !== null && property.maxListedBedrooms !== null
        ? { min: property.minListedBedrooms, max: property.maxListedBedrooms }
        : null,
    createdAt: iso(property.createdAt),
  };
}

/** The enquiry contact: the property's manager when given, else the company (never the owner's own details). */
export function publicContact({ property, company }: PublicPropertyRow) {
  return property.managerContact
    ? {
        name: property.managerContact.name,
        phone: property.managerContact.phone ?? null,
        email: property.managerContact.email ?? null,
      }
    : { name: company.name, phone: company.phone, email: company.email };
}
