import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { ZId, ZIsoDate, ZSortOrder } from './common';
import { ZCoordinates, ZImageDto, ZPropertyType, ZQueryMoney, zQueryText } from './properties';
import {
  ZFurnishing,
  ZRentalUnitUserDto,
  ZUnitAvailabilityDto,
  ZUnitPricingDto,
  ZUnitType,
  zUnitDerived,
} from './rental-units';

/**
 * The public property listing (GET /api/public/properties, /api/public/properties/:id): verified, listed
 * properties of verified companies, with their units that are available now. Only public fields.
 */

export const ZPublicImageDto = ZImageDto.pick({
  _id: true,
  url: true,
  thumbnailUrl: true,
  isPrimary: true,
  category: true,
  caption: true,
  width: true,
  height: true,
});
export type PublicImageDto = z.infer<typeof ZPublicImageDto>;

export const ZPublicAddress = z.object({
  line1: z.string(),
  line2: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  coordinates: ZCoordinates.nullable(),
});

export const ZPublicUnitDto = z.object({
  _id: ZId,
  unitNumber: z.string(),
  unitType: ZUnitType,
  floor: z.number().int().nullable(),
  sizeSqft: z.number().int().nullable(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  furnishing: ZFurnishing,
  description: z.string(),
  amenities: z.array(z.string()),
  availability: ZUnitAvailabilityDto,
  pricing: ZUnitPricingDto,
  images: z.array(ZPublicImageDto),
  derived: zUnitDerived(ZPublicImageDto),
});
export type PublicUnitDto = z.infer<typeof ZPublicUnitDto>;

const ZRange = z.object({ min: z.number().int(), max: z.number().int() });

export const ZPublicPropertySummaryDto = z.object({
  _id: ZId,
  name: z.string(),
  propertyType: ZPropertyType,
  description: z.string(),
  address: ZPublicAddress,
  amenities: z.array(z.string()),
  /** The first property photo, else a unit's primary image; null shows "No Image Available". */
  coverImage: ZPublicImageDto.nullable(),
  company: z.object({ _id: ZId, name: z.string() }),
  availableUnits: z.number().int(),
  /** Rent of the units available now, minor units. */
  rent: ZRange.extend({ currency: z.string() }).nullable(),
  bedrooms: ZRange.nullable(),
  createdAt: ZIsoDate,
});
export type PublicPropertySummaryDto = z.infer<typeof ZPublicPropertySummaryDto>;

/** Details: the property's photos, an enquiry contact and its available units (cheapest first, at most 100). */
export const ZPublicPropertyDetailDto = ZPublicPropertySummaryDto.extend({
  photos: z.array(ZPublicImageDto),
  contact: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  totalFloors: z.number().int().nullable(),
  yearBuilt: z.number().int().nullable(),
  units: z.array(ZPublicUnitDto),
});
export type PublicPropertyDetailDto = z.infer<typeof ZPublicPropertyDetailDto>;

/** 12 per page, newest first; rent and bedroom filters match the units available now. */
export const ZPublicPropertyListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZES.properties),
  sortBy: z.enum(['createdAt', 'rent']).default('createdAt'),
  sortOrder: ZSortOrder.default('desc'),
  city: zQueryText(),
  propertyType: ZPropertyType.optional(),
  /** Minor units (paise). */
  minRent: ZQueryMoney.optional(),
  maxRent: ZQueryMoney.optional(),
  /** Exactly this many bedrooms. */
  bedrooms: z.coerce.number().int().min(0).max(50).optional(),
  /** At least this many bedrooms. */
  minBedrooms: z.coerce.number().int().min(0).max(50).optional(),
  search: zQueryText(),
});
export type PublicPropertyListQuery = z.infer<typeof ZPublicPropertyListQuery>;

/** GET /properties/user — the properties where the caller rents a unit now (the tenant area). */
export const ZUserPropertyDto = ZPublicPropertySummaryDto.omit({
  availableUnits: true,
  rent: true,
  bedrooms: true,
}).extend({
  contact: ZPublicPropertyDetailDto.shape.contact,
  units: z.array(
    ZPublicUnitDto.extend({ assignment: ZRentalUnitUserDto.omit({ user: true, companyId: true }) }),
  ),
});
export type UserPropertyDto = z.infer<typeof ZUserPropertyDto>;
