import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { ZEmail, ZId, ZIsoDate, ZPagination, ZPhone, ZQueryBoolean, zListQuery, zQueryArray } from './common';

/** Properties; field choices in docs/decisions.md. */

export const PROPERTY_TYPES = [
  'apartment_building',
  'independent_house',
  'villa',
  'pg_hostel',
  'commercial',
  'office',
  'retail',
  'mixed_use',
  'other',
] as const;
export const ZPropertyType = z.enum(PROPERTY_TYPES);
export type PropertyType = z.infer<typeof ZPropertyType>;

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  apartment_building: 'Apartment building',
  independent_house: 'Independent house',
  villa: 'Villa',
  pg_hostel: 'PG / Hostel',
  commercial: 'Commercial',
  office: 'Office',
  retail: 'Retail',
  mixed_use: 'Mixed use',
  other: 'Other',
};

/** Verification of properties and rental units by the platform super admin. */
export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export const ZVerificationStatus = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof ZVerificationStatus>;

/** Suggestions for the amenity pickers; any short text is accepted. */
export const PROPERTY_AMENITIES = [
  'parking',
  'lift',
  'power_backup',
  'security',
  'cctv',
  'gym',
  'swimming_pool',
  'clubhouse',
  'garden',
  'play_area',
  'water_supply_24x7',
  'gated_community',
  'fire_safety',
  'visitor_parking',
  'wifi',
  'housekeeping',
  'laundry',
  'meals',
] as const;

export const IMAGE_CATEGORIES = [
  'exterior',
  'interior',
  'living_room',
  'bedroom',
  'kitchen',
  'bathroom',
  'balcony',
  'floor_plan',
  'amenity',
  'other',
] as const;
export const ZImageCategory = z.enum(IMAGE_CATEGORIES);
export type ImageCategory = z.infer<typeof ZImageCategory>;

/** Upload limits of unit images and property photos (the byte size comes from the server's UPLOAD_LIMIT_BYTES). */
export const IMAGE_UPLOAD = {
  field: 'images',
  maxFilesPerRequest: 10,
  maxImagesPerItem: 30,
  acceptedMimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
  thumbnailWidth: 400,
} as const;

/** A stored image. `url` and `thumbnailUrl` are ready for `<img src>` (signed when not public). */
export const ZImageDto = z.object({
  _id: ZId,
  url: z.string(),
  thumbnailUrl: z.string(),
  isPrimary: z.boolean(),
  category: ZImageCategory,
  caption: z.string().nullable(),
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  uploadedAt: ZIsoDate,
});
export type ImageDto = z.infer<typeof ZImageDto>;

/** PATCH …/images/:imageId and …/photos/:photoId */
export const ZImageUpdateBody = z
  .object({
    isPrimary: z.literal(true),
    category: ZImageCategory,
    caption: z.string().trim().max(200).nullable(),
  })
  .partial();
export type ImageUpdateBody = z.infer<typeof ZImageUpdateBody>;

/** Optional text fields sent with the files of an upload. */
export const ZImageUploadFields = z.object({
  category: ZImageCategory.optional(),
  caption: z.string().trim().max(200).optional(),
});

export const ZImageParams = z.object({ id: ZId, imageId: ZId });
export const ZPhotoParams = z.object({ id: ZId, photoId: ZId });

/** Money in minor units (paise). */
export const ZMoney = z.number().int('Must be a whole amount in paise').min(0).max(2_000_000_000);

/** A query-string text filter; empty means no filter. */
export const zQueryText = (max = 100) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).max(max).optional());
export const ZQueryMoney = z.coerce.number().int().min(0).max(2_000_000_000);

export const ZCoordinates = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Coordinates = z.infer<typeof ZCoordinates>;

export const ZPropertyAddress = z.object({
  line1: z.string().trim().min(1, 'Required').max(200),
  line2: z.string().trim().max(200).default(''),
  landmark: z.string().trim().max(200).default(''),
  city: z.string().trim().min(1, 'Required').max(100),
  state: z.string().trim().min(1, 'Required').max(100),
  postalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,11}$/, 'Enter a valid postal code'),
  country: z.string().trim().min(1).max(100).default('India'),
  coordinates: ZCoordinates.nullable().default(null),
});
export type PropertyAddress = z.infer<typeof ZPropertyAddress>;

export const ZContact = z.object({
  name: z.string().trim().min(1, 'Required').max(100),
  phone: ZPhone.nullable().default(null),
  email: ZEmail.nullable().default(null),
});
export type Contact = z.infer<typeof ZContact>;

export const ZAmenities = z
  .array(z.string().trim().min(1).max(50))
  .max(50)
  .transform((items) => [...new Set(items)]);

const currentYear = new Date().getUTCFullYear();

export const ZPropertyCreateBody = z.object({
  name: z.string().trim().min(1, 'Required').max(150),
  propertyType: ZPropertyType,
  description: z.string().trim().max(5000).default(''),
  address: ZPropertyAddress,
  amenities: ZAmenities.default([]),
  ownerContact: ZContact.nullable().default(null),
  managerContact: ZContact.nullable().default(null),
  totalFloors: z.number().int().min(0).max(300).nullable().default(null),
  yearBuilt: z
    .number()
    .int()
    .min(1800)
    .max(currentYear + 5)
    .nullable()
    .default(null),
  /** Shown on the public listing once verified. */
  isListed: z.boolean().default(true),
});
export type PropertyCreateBody = z.infer<typeof ZPropertyCreateBody>;
export type PropertyCreateInput = z.input<typeof ZPropertyCreateBody>;

/** PUT /properties/:id — any subset; `address` is merged field by field. */
export const ZPropertyUpdateBody = z
  .object({
    name: ZPropertyCreateBody.shape.name,
    propertyType: ZPropertyType,
    description: z.string().trim().max(5000),
    address: z
      .object({
        line1: ZPropertyAddress.shape.line1,
        line2: z.string().trim().max(200),
        landmark: z.string().trim().max(200),
        city: ZPropertyAddress.shape.city,
        state: ZPropertyAddress.shape.state,
        postalCode: ZPropertyAddress.shape.postalCode,
        country: z.string().trim().min(1).max(100),
        coordinates: ZCoordinates.nullable(),
      })
      .partial(),
    amenities: ZAmenities,
    ownerContact: ZContact.nullable(),
    managerContact: ZContact.nullable(),
    totalFloors: z.number().int().min(0).max(300).nullable(),
    yearBuilt: z
      .number()
      .int()
      .min(1800)
      .max(currentYear + 5)
      .nullable(),
    isListed: z.boolean(),
  })
  .partial();
export type PropertyUpdateBody = z.infer<typeof ZPropertyUpdateBody>;

export const ZOccupancy = z.object({
  totalUnits: z.number().int(),
  occupiedUnits: z.number().int(),
  /** Units that are available now (flag on and status Available). */
  availableUnits: z.number().int(),
  /** totalUnits − occupiedUnits. */
  vacantUnits: z.number().int(),
  /** Occupied share in percent, one decimal. */
  occupancyRate: z.number(),
});
export type Occupancy = z.infer<typeof ZOccupancy>;

export const ZPropertyDto = z.object({
  _id: ZId,
  companyId: ZId,
  name: z.string(),
  propertyType: ZPropertyType,
  description: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string(),
    landmark: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    coordinates: ZCoordinates.nullable(),
  }),
  amenities: z.array(z.string()),
  photos: z.array(ZImageDto),
  ownerContact: z
    .object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  managerContact: z
    .object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  totalFloors: z.number().int().nullable(),
  yearBuilt: z.number().int().nullable(),
  isListed: z.boolean(),
  verificationStatus: ZVerificationStatus,
  /** The super admin's reason (required when rejected). */
  verificationNotes: z.string().nullable(),
  verifiedAt: ZIsoDate.nullable(),
  occupancy: ZOccupancy,
  /** Rent range of the units available now (minor units), null when none is available. */
  rentRange: z.object({ min: z.number().int(), max: z.number().int(), currency: z.string() }).nullable(),
  createdBy: ZId.nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type PropertyDto = z.infer<typeof ZPropertyDto>;

/** Pagination of the inventory lists: the common shape plus a keyset cursor and whether the count is exact. */
export const ZInventoryPagination = ZPagination.extend({
  /** Pass as `cursor` to get the page after this one without OFFSET (fast at any depth). */
  nextCursor: z.string().nullable(),
  /** false when the match count passed the counting bound (see docs/decisions.md); totalCount is then that bound. */
  totalCountExact: z.boolean(),
});
export type InventoryPagination = z.infer<typeof ZInventoryPagination>;

export function zOkInventoryList<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    pagination: ZInventoryPagination,
    message: z.string().optional(),
  });
}

export const PROPERTY_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;

/** GET /properties — 12 per page, newest first. */
export const ZPropertyListQuery = zListQuery({
  sortBy: PROPERTY_SORT_FIELDS,
  defaultSortBy: 'createdAt',
  defaultLimit: PAGE_SIZES.properties,
}).extend({
  verificationStatus: zQueryArray(ZVerificationStatus).pipe(z.array(ZVerificationStatus).max(3)).optional(),
  propertyType: zQueryArray(ZPropertyType).pipe(z.array(ZPropertyType).max(PROPERTY_TYPES.length)).optional(),
  city: zQueryText(),
  isListed: ZQueryBoolean.optional(),
  /** Words matched by prefix against name, address, city, state, postal code and landmark. */
  search: zQueryText(),
  cursor: zQueryText(300),
});
export type PropertyListQuery = z.infer<typeof ZPropertyListQuery>;

/** GET /properties/search — `q` is required; the list filters apply too. */
export const ZPropertySearchQuery = ZPropertyListQuery.extend({
  q: z.string().trim().min(1, 'Enter something to search for').max(100),
});
export type PropertySearchQuery = z.infer<typeof ZPropertySearchQuery>;

/** PATCH /properties/:id/verification-status and PUT /rental-units/:id/verification-status */
export const ZVerificationStatusBody = z
  .object({
    status: ZVerificationStatus,
    reason: z.string().trim().max(1000).optional(),
  })
  .refine((body) => body.status !== 'rejected' || Boolean(body.reason), {
    message: 'Give a reason for the rejection',
    path: ['reason'],
  });
export type VerificationStatusBody = z.infer<typeof ZVerificationStatusBody>;

/** GET /properties/verification-queue and /rental-units/verification-queue (super admin, all companies). */
export const ZVerificationQueueQuery = zListQuery({
  sortBy: ['createdAt', 'updatedAt'] as const,
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'asc',
}).extend({
  status: ZVerificationStatus.default('pending'),
  companyId: ZId.optional(),
});
export type VerificationQueueQuery = z.infer<typeof ZVerificationQueueQuery>;

/** POST /properties/update-occupancy — recompute the given properties, or all of the company's. */
export const ZUpdateOccupancyBody = z.object({
  propertyIds: z.array(ZId).min(1).max(100).optional(),
});
export const ZUpdateOccupancyResult = z.object({
  updated: z.number().int(),
  properties: z.array(z.object({ _id: ZId, occupancy: ZOccupancy })),
});
export type UpdateOccupancyResult = z.infer<typeof ZUpdateOccupancyResult>;

/** A property in the super admin's verification queue. */
export const ZPropertyQueueItemDto = ZPropertyDto.extend({
  company: z.object({ _id: ZId, name: z.string(), isVerified: z.boolean() }),
});
export type PropertyQueueItemDto = z.infer<typeof ZPropertyQueueItemDto>;
