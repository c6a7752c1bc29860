import { z } from 'zod';
import { DEFAULT_CURRENCY } from '../constants';
import { GST_USES } from '../domain/gst-tax';
import { TENANT_STATUSES } from '../domain/tenants';
import { UNIT_DISPLAY_STATUSES, UNIT_STATUSES } from '../domain/units';
import { ZEmail, ZId, ZIsoDate, ZName, ZPhone, ZQueryBoolean, zListQuery, zQueryArray } from './common';
import { ZAmenities, ZImageDto, ZMoney, ZQueryMoney, ZVerificationStatus, zQueryText } from './properties';

/** Rental units; field choices in docs/decisions.md. */

export const ZUnitStatus = z.enum(UNIT_STATUSES);
export const ZUnitDisplayStatus = z.enum(UNIT_DISPLAY_STATUSES);

export const UNIT_TYPES = [
  'studio',
  '1rk',
  '1bhk',
  '2bhk',
  '3bhk',
  '4bhk_plus',
  'penthouse',
  'private_room',
  'shared_room',
  'office',
  'shop',
  'warehouse',
  'other',
] as const;
export const ZUnitType = z.enum(UNIT_TYPES);
/** Residential or commercial for GST; null on a unit means "as its type says" (office, shop, warehouse: commercial). */
export const ZUnitGstUse = z.enum(GST_USES);
export type UnitType = z.infer<typeof ZUnitType>;

export const UNIT_TYPE_LABELS: Record<UnitType, string> = {
  studio: 'Studio',
  '1rk': '1 RK',
  '1bhk': '1 BHK',
  '2bhk': '2 BHK',
  '3bhk': '3 BHK',
  '4bhk_plus': '4+ BHK',
  penthouse: 'Penthouse',
  private_room: 'Private room',
  shared_room: 'Shared room',
  office: 'Office',
  shop: 'Shop',
  warehouse: 'Warehouse',
  other: 'Other',
};

export const FURNISHING_TYPES = ['unfurnished', 'semi_furnished', 'fully_furnished'] as const;
export const ZFurnishing = z.enum(FURNISHING_TYPES);
export type Furnishing = z.infer<typeof ZFurnishing>;

export const UNIT_AMENITIES = [
  'air_conditioning',
  'balcony',
  'modular_kitchen',
  'wardrobe',
  'geyser',
  'washing_machine',
  'refrigerator',
  'tv',
  'wifi',
  'covered_parking',
  'pet_friendly',
  'private_terrace',
] as const;

/** A calendar date, YYYY-MM-DD. */
export const ZDateOnly = z.iso.date({ message: 'Use a date like 2025-01-31' });

export const ZUnitPricing = z.object({
  rent: ZMoney,
  securityDeposit: ZMoney.default(0),
  maintenanceCharges: z
    .object({ included: z.boolean().default(false), amount: ZMoney.default(0) })
    .default({ included: false, amount: 0 }),
  currency: z.literal(DEFAULT_CURRENCY).default(DEFAULT_CURRENCY),
});

export const ZUnitAvailability = z.object({
  isAvailable: z.boolean().default(true),
  availableFrom: ZDateOnly.nullable().default(null),
  minLeaseMonths: z.number().int().min(1).max(120).nullable().default(null),
});

/** The unit fields a template can carry (everything but the property, number and floor). */
export const ZUnitSettings = z.object({
  unitType: ZUnitType,
  sizeSqft: z.number().int().min(1).max(1_000_000).nullable().default(null),
  bedrooms: z.number().int().min(0).max(50).default(0),
  bathrooms: z.number().int().min(0).max(50).default(0),
  furnishing: ZFurnishing.default('unfurnished'),
  description: z.string().trim().max(5000).default(''),
  amenities: ZAmenities.default([]),
  pricing: ZUnitPricing,
});

export const ZRentalUnitCreateBody = ZUnitSettings.extend({
  propertyId: ZId,
  unitNumber: z.string().trim().min(1, 'Required').max(30),
  floor: z.number().int().min(-5).max(300).nullable().default(null),
  status: ZUnitStatus.default('Available'),
  gstUse: ZUnitGstUse.nullable().default(null),
  availability: ZUnitAvailability.default({ isAvailable: true, availableFrom: null, minLeaseMonths: null }),
});
export type RentalUnitCreateBody = z.infer<typeof ZRentalUnitCreateBody>;
export type RentalUnitCreateInput = z.input<typeof ZRentalUnitCreateBody>;

/** PUT /rental-units/:id — any subset; `pricing` and `availability` are merged field by field. The property cannot change. */
export const ZRentalUnitUpdateBody = z
  .object({
    unitNumber: ZRentalUnitCreateBody.shape.unitNumber,
    unitType: ZUnitType,
    floor: z.number().int().min(-5).max(300).nullable(),
    sizeSqft: z.number().int().min(1).max(1_000_000).nullable(),
    bedrooms: z.number().int().min(0).max(50),
    bathrooms: z.number().int().min(0).max(50),
    furnishing: ZFurnishing,
    description: z.string().trim().max(5000),
    amenities: ZAmenities,
    status: ZUnitStatus,
    gstUse: ZUnitGstUse.nullable(),
    availability: z
      .object({
        isAvailable: z.boolean(),
        availableFrom: ZDateOnly.nullable(),
        minLeaseMonths: z.number().int().min(1).max(120).nullable(),
      })
      .partial(),
    pricing: z
      .object({
        rent: ZMoney,
        securityDeposit: ZMoney,
        maintenanceCharges: z.object({ included: z.boolean(), amount: ZMoney }).partial(),
      })
      .partial(),
  })
  .partial();
export type RentalUnitUpdateBody = z.infer<typeof ZRentalUnitUpdateBody>;

export const ZUnitPricingDto = z.object({
  rent: z.number().int(),
  securityDeposit: z.number().int(),
  maintenanceCharges: z.object({ included: z.boolean(), amount: z.number().int() }),
  currency: z.string(),
});

export const ZUnitAvailabilityDto = z.object({
  isAvailable: z.boolean(),
  availableFrom: z.string().nullable(),
  minLeaseMonths: z.number().int().nullable(),
});

/** The derived values of a unit (availability, display status, monthly total, primary image), computed by `deriveUnit` of shared/domain/units.ts. */
export function zUnitDerived<T extends z.ZodType>(image: T) {
  return z.object({
    available: z.boolean(),
    displayStatus: ZUnitDisplayStatus,
    monthlyTotal: z.number().int(),
    primaryImage: image.nullable(),
  });
}

export const ZRentalUnitDto = z.object({
  _id: ZId,
  companyId: ZId,
  propertyId: ZId,
  property: z.object({ _id: ZId, name: z.string(), city: z.string() }),
  unitNumber: z.string(),
  unitType: ZUnitType,
  floor: z.number().int().nullable(),
  sizeSqft: z.number().int().nullable(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  furnishing: ZFurnishing,
  description: z.string(),
  amenities: z.array(z.string()),
  status: ZUnitStatus,
  /** The GST use in effect (set on the unit, else from its type) and what was set (null: from the type). */
  gstUse: ZUnitGstUse,
  /** `residential` | `commercial` as set on the unit, null when it follows its type (a string: nullable enums do not survive OpenAPI 3.0). */
  gstUseOverride: z.string().nullable(),
  availability: ZUnitAvailabilityDto,
  pricing: ZUnitPricingDto,
  images: z.array(ZImageDto),
  verificationStatus: ZVerificationStatus,
  verificationNotes: z.string().nullable(),
  verifiedAt: ZIsoDate.nullable(),
  /** Current tenant assignments. */
  currentTenants: z.number().int(),
  derived: zUnitDerived(ZImageDto),
  createdBy: ZId.nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type RentalUnitDto = z.infer<typeof ZRentalUnitDto>;

export const RENTAL_UNIT_SORT_FIELDS = ['createdAt', 'updatedAt', 'rent', 'unitNumber'] as const;

/** GET /rental-units — newest first. Arrays as `status[]=…` or repeated `status=…`. */
export const ZRentalUnitListQuery = zListQuery({
  sortBy: RENTAL_UNIT_SORT_FIELDS,
  defaultSortBy: 'createdAt',
}).extend({
  status: zQueryArray(ZUnitStatus).pipe(z.array(ZUnitStatus).max(UNIT_STATUSES.length)).optional(),
  /** The availability flag. */
  isAvailable: ZQueryBoolean.optional(),
  /** Available now: flag on and status Available. */
  available: ZQueryBoolean.optional(),
  verificationStatus: zQueryArray(ZVerificationStatus).pipe(z.array(ZVerificationStatus).max(3)).optional(),
  propertyId: ZId.optional(),
  unitType: zQueryArray(ZUnitType).pipe(z.array(ZUnitType).max(UNIT_TYPES.length)).optional(),
  furnishing: zQueryArray(ZFurnishing).pipe(z.array(ZFurnishing).max(3)).optional(),
  minRent: ZQueryMoney.optional(),
  maxRent: ZQueryMoney.optional(),
  bedrooms: z.coerce.number().int().min(0).max(50).optional(),
  city: zQueryText(),
  search: zQueryText(),
  cursor: zQueryText(300),
});
export type RentalUnitListQuery = z.infer<typeof ZRentalUnitListQuery>;

export const ZRentalUnitSearchQuery = ZRentalUnitListQuery.extend({
  q: z.string().trim().min(1, 'Enter something to search for').max(100),
});

/** GET /properties/:id/rental-units — the list filters without propertyId. */
export const ZPropertyUnitsQuery = ZRentalUnitListQuery.omit({ propertyId: true });

export const ZAvailabilityBody = z.object({
  isAvailable: z.boolean(),
  availableFrom: ZDateOnly.nullable().optional(),
});

export const ZVerifyUnitBody = z.object({ notes: z.string().trim().max(1000).optional() }).optional();

/** POST /rental-units/update-status — set the status of up to 100 units at once (all or nothing). */
export const ZBulkUnitStatusBody = z.object({
  unitIds: z.array(ZId).min(1).max(100),
  status: ZUnitStatus,
  isAvailable: z.boolean().optional(),
});
export const ZBulkUnitStatusResult = z.object({ updated: z.number().int(), unitIds: z.array(ZId) });

// ---- Tenant assignments (rental-unit-users) ----

export const TENANT_ASSIGNMENT_ROLES = ['primary', 'co_tenant', 'occupant'] as const;
export const ZTenantAssignmentRole = z.enum(TENANT_ASSIGNMENT_ROLES);
export const TENANT_ASSIGNMENT_STATUSES = ['current', 'past'] as const;
export const ZTenantAssignmentStatus = z.enum(TENANT_ASSIGNMENT_STATUSES);

/** A new tenant account: found by email, or created (role tenant) and told by mail how to set a password. */
export const ZNewTenantPerson = z.object({
  email: ZEmail,
  firstName: ZName,
  lastName: ZName,
  phone: ZPhone.optional(),
});

/** POST /rental-units/:id/tenants — `userId` is an account id, or an object describing the person. */
export const ZAssignTenantBody = z
  .object({
    userId: z.union([ZId, ZNewTenantPerson]),
    role: ZTenantAssignmentRole.default('primary'),
    /** Defaults to today. */
    startDate: ZDateOnly.optional(),
    /** Planned lease end. */
    endDate: ZDateOnly.nullable().default(null),
    /** Defaults to the unit's rent and deposit. */
    rent: ZMoney.optional(),
    securityDeposit: ZMoney.optional(),
    notes: z.string().trim().max(2000).default(''),
  })
  .refine((body) => !body.endDate || !body.startDate || body.endDate >= body.startDate, {
    message: 'The end date must not be before the start date',
    path: ['endDate'],
  });
export type AssignTenantBody = z.infer<typeof ZAssignTenantBody>;
export type AssignTenantInput = z.input<typeof ZAssignTenantBody>;

/** PUT /rental-units/:id/tenants/:tenantId — `status: 'past'` moves the tenant out (as DELETE does). */
export const ZUpdateTenantAssignmentBody = z
  .object({
    role: ZTenantAssignmentRole,
    startDate: ZDateOnly,
    endDate: ZDateOnly.nullable(),
    rent: ZMoney,
    securityDeposit: ZMoney,
    notes: z.string().trim().max(2000),
    status: ZTenantAssignmentStatus,
    /** The actual move-out date when ending; defaults to today. */
    movedOutAt: ZDateOnly,
  })
  .partial();
export type UpdateTenantAssignmentBody = z.infer<typeof ZUpdateTenantAssignmentBody>;

export const ZTenantParams = z.object({ id: ZId, tenantId: ZId });

export const ZUnitTenantsQuery = z.object({
  type: z.enum(['current', 'past', 'all']).default('current'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZRentalUnitUserDto = z.object({
  _id: ZId,
  companyId: ZId,
  rentalUnitId: ZId,
  propertyId: ZId,
  userId: ZId,
  user: z.object({
    _id: ZId,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    avatar: z.string().nullable(),
  }),
  role: ZTenantAssignmentRole,
  status: ZTenantAssignmentStatus,
  /** The tenancy's lifecycle (pending, active, notice_given, moved_out, rejected); `status` says current or not. */
  tenancyStatus: z.enum(TENANT_STATUSES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  movedOutAt: z.string().nullable(),
  rent: z.number().int(),
  securityDeposit: z.number().int(),
  currency: z.string(),
  notes: z.string(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type RentalUnitUserDto = z.infer<typeof ZRentalUnitUserDto>;

export const ZUnitAnalyticsDto = z.object({
  unitId: ZId,
  /** The unit's creation date: the start of every figure. */
  since: z.string(),
  asOf: z.string(),
  occupancy: z.object({
    currentTenants: z.number().int(),
    totalAssignments: z.number().int(),
    occupiedDays: z.number().int(),
    vacantDays: z.number().int(),
    /** Occupied days over days since creation, percent with one decimal. */
    occupancyRate: z.number(),
    /** Days since the last tenant left (or since creation); 0 while occupied. */
    currentVacancyDays: z.number().int(),
    lastMoveOutAt: z.string().nullable(),
    /** Most recent first, at most 50. */
    history: z.array(
      z.object({
        assignmentId: ZId,
        userId: ZId,
        name: z.string(),
        role: ZTenantAssignmentRole,
        status: ZTenantAssignmentStatus,
        startDate: z.string(),
        endDate: z.string().nullable(),
        days: z.number().int(),
      }),
    ),
  }),
  revenue: z.object({
    currency: z.string(),
    /** Monthly rent (plus maintenance unless included) of the current tenants. */
    expectedMonthly: z.number().int(),
    /** Billed and collected so far: 0 until invoices and payments are recorded. */
    billed: z.number().int(),
    collected: z.number().int(),
  }),
  maintenance: z.object({ total: z.number().int(), open: z.number().int() }),
});
export type UnitAnalyticsDto = z.infer<typeof ZUnitAnalyticsDto>;

/** A unit in the super admin's verification queue. */
export const ZRentalUnitQueueItemDto = ZRentalUnitDto.extend({
  company: z.object({ _id: ZId, name: z.string(), isVerified: z.boolean() }),
});
