import type { Contact } from '@rentora/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';

/** Properties, rental units, their images, tenant assignments and unit templates. */

const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

const VERIFICATION = ['pending', 'verified', 'rejected'] as const;
const UNIT_STATUS = ['Available', 'Occupied', 'Under_Maintenance', 'Renovation'] as const;

/** Publicly listed: verified, listed by the company, with at least one unit available now. */
const PUBLIC_PROPERTY = sql`verification_status = 'verified' and is_listed and listed_units > 0`;
/** A unit the public listing shows: available now and not rejected. */
const LISTED_UNIT = sql`is_available and status = 'Available' and verification_status <> 'rejected'`;

export const properties = pgTable(
  'properties',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    propertyType: text({
      enum: [
        'apartment_building',
        'independent_house',
        'villa',
        'pg_hostel',
        'commercial',
        'office',
        'retail',
        'mixed_use',
        'other',
      ],
    }).notNull(),
    description: text().notNull().default(''),
    addressLine1: text().notNull(),
    addressLine2: text().notNull().default(''),
    landmark: text().notNull().default(''),
    city: text().notNull(),
    state: text().notNull(),
    postalCode: text().notNull(),
    country: text().notNull().default('India'),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    amenities: jsonb().$type<string[]>().notNull().default([]),
    ownerContact: jsonb().$type<Contact>(),
    managerContact: jsonb().$type<Contact>(),
    totalFloors: integer(),
    yearBuilt: integer(),
    isListed: boolean().notNull().default(true),
    verificationStatus: text({ enum: VERIFICATION }).notNull().default('pending'),
    verificationNotes: text(),
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Occupancy figures, recomputed in the transaction of every unit change (see properties.stats.ts). */
    totalUnits: integer().notNull().default(0),
    occupiedUnits: integer().notNull().default(0),
    availableUnits: integer().notNull().default(0),
    /** The public listing's figures: units available now and not rejected. */
    listedUnits: integer().notNull().default(0),
    minListedRent: integer(),
    maxListedRent: integer(),
    minListedBedrooms: integer(),
    maxListedBedrooms: integer(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: tsvector().generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, regexp_replace(name || ' ' || city || ' ' || state || ' ' || postal_code || ' ' || address_line1 || ' ' || address_line2 || ' ' || landmark, '[-/.,#()&:;_]+', ' ', 'g'))`,
    ),
  },
  (t) => [
    index('properties_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('properties_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    index('properties_company_name_idx').on(t.companyId, sql`lower(${t.name})`, t.id),
    index('properties_company_verification_idx').on(t.companyId, t.verificationStatus, t.createdAt),
    index('properties_company_type_idx').on(t.companyId, t.propertyType, t.createdAt),
    index('properties_company_city_idx').on(t.companyId, sql`lower(${t.city})`, t.createdAt),
    index('properties_company_listed_idx').on(t.companyId, t.isListed, t.createdAt),
    index('properties_search_idx').using('gin', t.searchVector),
    index('properties_public_created_idx').on(t.createdAt, t.id).where(PUBLIC_PROPERTY),
    index('properties_public_city_idx').on(sql`lower(${t.city})`, t.createdAt, t.id).where(PUBLIC_PROPERTY),
    index('properties_public_rent_idx').on(t.minListedRent, t.id).where(PUBLIC_PROPERTY),
    index('properties_verification_queue_idx').on(t.verificationStatus, t.createdAt, t.id),
  ],
);

export const rentalUnits = pgTable(
  'rental_units',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    unitNumber: text().notNull(),
    unitType: text({
      enum: [
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
      ],
    }).notNull(),
    floor: integer(),
    sizeSqft: integer(),
    bedrooms: integer().notNull().default(0),
    bathrooms: integer().notNull().default(0),
    furnishing: text({ enum: ['unfurnished', 'semi_furnished', 'fully_furnished'] })
      .notNull()
      .default('unfurnished'),
    description: text().notNull().default(''),
    amenities: jsonb().$type<string[]>().notNull().default([]),
    status: text({ enum: UNIT_STATUS }).notNull().default('Available'),
    isAvailable: boolean().notNull().default(true),
    availableFrom: date({ mode: 'string' }),
    minLeaseMonths: integer(),
    /** Money in minor units (paise). */
    rent: integer().notNull(),
    securityDeposit: integer().notNull().default(0),
    maintenanceIncluded: boolean().notNull().default(false),
    maintenanceAmount: integer().notNull().default(0),
    currency: text().notNull().default('INR'),
    verificationStatus: text({ enum: VERIFICATION }).notNull().default('pending'),
    verificationNotes: text(),
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** GST use set on the unit; null: as its type says (office, shop, warehouse commercial, the rest residential). */
    gstUse: text({ enum: ['residential', 'commercial'] }),
    /** Current tenant assignments, kept in step under the property's row lock. */
    currentTenants: integer().notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: tsvector().generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, regexp_replace(unit_number || ' ' || unit_type || ' ' || description, '[-/.,#()&:;_]+', ' ', 'g'))`,
    ),
  },
  (t) => [
    uniqueIndex('rental_units_number_uq').on(t.companyId, t.propertyId, sql`lower(${t.unitNumber})`),
    index('rental_units_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('rental_units_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    index('rental_units_company_rent_idx').on(t.companyId, t.rent, t.id),
    index('rental_units_company_number_idx').on(t.companyId, sql`lower(${t.unitNumber})`, t.id),
    index('rental_units_company_property_idx').on(t.companyId, t.propertyId, t.createdAt, t.id),
    // Status is the filter the lists use most: with the two default-ish sorts it gets index order (and index-only
    // OFFSET scans) of its own.
    index('rental_units_company_status_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('rental_units_company_status_rent_idx').on(t.companyId, t.status, t.rent, t.id),
    index('rental_units_company_available_idx').on(t.companyId, t.isAvailable, t.createdAt),
    index('rental_units_company_verification_idx').on(t.companyId, t.verificationStatus, t.createdAt),
    index('rental_units_company_type_idx').on(t.companyId, t.unitType, t.createdAt),
    index('rental_units_company_furnishing_idx').on(t.companyId, t.furnishing, t.createdAt),
    index('rental_units_company_bedrooms_idx').on(t.companyId, t.bedrooms, t.createdAt),
    index('rental_units_search_idx').using('gin', t.searchVector),
    index('rental_units_listed_idx').on(t.companyId, t.propertyId, t.rent).where(LISTED_UNIT),
    index('rental_units_verification_queue_idx').on(t.verificationStatus, t.createdAt, t.id),
  ],
);

/** Unit images (rentalUnitId set) and property photos (rentalUnitId null); files live in Storage. */
export const inventoryImages = pgTable(
  'inventory_images',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    rentalUnitId: uuid().references(() => rentalUnits.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    thumbnailKey: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    isPrimary: boolean().notNull().default(false),
    category: text({
      enum: [
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
      ],
    })
      .notNull()
      .default('other'),
    caption: text(),
    sortOrder: integer().notNull().default(0),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('inventory_images_storage_key_uq').on(t.storageKey),
    uniqueIndex('inventory_images_thumbnail_key_uq').on(t.thumbnailKey),
    index('inventory_images_unit_idx').on(t.companyId, t.rentalUnitId, t.sortOrder),
    index('inventory_images_property_idx').on(t.companyId, t.propertyId, t.sortOrder),
    index('inventory_images_photos_idx')
      .on(t.companyId, t.propertyId, t.sortOrder)
      .where(sql`rental_unit_id is null`),
  ],
);

/** Tenant assignments of rental units (rental-unit-users). */
export const rentalUnitUsers = pgTable(
  'rental_unit_users',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id, { onDelete: 'cascade' }),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: ['primary', 'co_tenant', 'occupant'] })
      .notNull()
      .default('primary'),
    status: text({ enum: ['current', 'past'] })
      .notNull()
      .default('current'),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    movedOutAt: date({ mode: 'string' }),
    rent: integer().notNull(),
    securityDeposit: integer().notNull().default(0),
    currency: text().notNull().default('INR'),
    notes: text().notNull().default(''),
    /** The tenancy lifecycle; `status` above stays 'current' exactly for active and notice_given. */
    tenancyStatus: text({ enum: ['pending', 'active', 'notice_given', 'rejected', 'moved_out'] })
      .notNull()
      .default('active'),
    rejectionReason: text(),
    /** The agreement's start (startDate above is the move-in). */
    leaseStartDate: date({ mode: 'string' }),
    maintenanceCharges: integer().notNull().default(0),
    /** Day of month (1–28) the rent falls due. */
    rentDueDay: integer().notNull().default(1),
    /** Sums of invoices, so bigint (a tenant's dues may pass int4's 21.4 million rupees). */
    duesRent: bigint({ mode: 'number' }).notNull().default(0),
    duesMaintenance: bigint({ mode: 'number' }).notNull().default(0),
    duesUtilities: bigint({ mode: 'number' }).notNull().default(0),
    duesPenalties: bigint({ mode: 'number' }).notNull().default(0),
    /** Deposit and other invoice lines still unpaid. */
    duesOther: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * The dues above are what lists read: adjustment + the unpaid balance of the tenancy's issued invoices by line
     * kind (invoices.dues.ts keeps them so in every invoice change). The adjustment is what staff set by hand
     * (PUT /tenants/{id}/financials: wanted − invoice-derived), e.g. an opening balance.
     */
    duesRentAdjustment: bigint({ mode: 'number' }).notNull().default(0),
    duesMaintenanceAdjustment: bigint({ mode: 'number' }).notNull().default(0),
    duesUtilitiesAdjustment: bigint({ mode: 'number' }).notNull().default(0),
    duesPenaltiesAdjustment: bigint({ mode: 'number' }).notNull().default(0),
    duesOtherAdjustment: bigint({ mode: 'number' }).notNull().default(0),
    /** Billing details of a GST-registered tenant: invoices to it carry its GSTIN (B2B, reverse charge on dwellings). */
    gstin: text(),
    legalName: text().notNull().default(''),
    billingAddress: text().notNull().default(''),
    /** Where the tenancy came from ('staff', 'booking', 'unit'), and the booking when there was one. */
    source: text().notNull().default('staff'),
    bookingId: uuid(),
    /** Ratings 1–5 per aspect ({ payment, behavior, maintenance, communication }), empty until rated. */
    ratings: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Compliance checks ({ backgroundCheck, policeVerification, agreementSigned, depositPaid, notes }). */
    compliance: jsonb().$type<Record<string, boolean | string>>().notNull().default({}),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rental_unit_users_company_tenancy_idx').on(t.companyId, t.tenancyStatus, t.createdAt, t.id),
    index('rental_unit_users_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('rental_unit_users_company_property_idx').on(t.companyId, t.propertyId, t.createdAt),
    index('rental_unit_users_company_move_in_idx').on(t.companyId, t.startDate, t.id),
    index('rental_unit_users_company_rent_idx').on(t.companyId, t.rent, t.id),
    index('rental_unit_users_unit_idx').on(t.companyId, t.rentalUnitId, t.status, t.startDate),
    index('rental_unit_users_company_user_idx').on(t.companyId, t.userId, t.status),
    /** The tenant's own view (GET /properties/user) is per user, across companies. */
    index('rental_unit_users_user_idx').on(t.userId, t.status),
    uniqueIndex('rental_unit_users_current_uq').on(t.rentalUnitId, t.userId).where(sql`status = 'current'`),
  ],
);

/** Reusable unit settings: a company's own (companyId set) or global (companyId null, super admin). */
export const rentalUnitTemplates = pgTable(
  'rental_unit_templates',
  {
    id: id(),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    unitType: text({
      enum: [
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
      ],
    }).notNull(),
    sizeSqft: integer(),
    bedrooms: integer().notNull().default(0),
    bathrooms: integer().notNull().default(0),
    furnishing: text({ enum: ['unfurnished', 'semi_furnished', 'fully_furnished'] })
      .notNull()
      .default('unfurnished'),
    amenities: jsonb().$type<string[]>().notNull().default([]),
    rent: integer().notNull().default(0),
    securityDeposit: integer().notNull().default(0),
    maintenanceIncluded: boolean().notNull().default(false),
    maintenanceAmount: integer().notNull().default(0),
    currency: text().notNull().default('INR'),
    usageCount: integer().notNull().default(0),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rental_unit_templates_company_usage_idx').on(t.companyId, t.usageCount, t.id),
    index('rental_unit_templates_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('rental_unit_templates_company_name_idx').on(t.companyId, sql`lower(${t.name})`, t.id),
    index('rental_unit_templates_global_usage_idx').on(t.usageCount, t.id).where(sql`company_id is null`),
  ],
);
