import path from 'node:path';
import type { Contact, PropertyType, UnitStatus, UnitType } from '@rentora/shared';
import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { loadConfig } from '../../config';
import type { ProcessedImage } from '../../core/images';
import { createLocalStorage, type Storage } from '../../core/storage';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import {
  companies,
  inventoryImages,
  properties,
  rentalUnits,
  rentalUnitTemplates,
  rentalUnitUsers,
  users,
} from '../../db/schema';
import { createDemoPhotoSource, type DemoPhoto } from './demo-photos';
import { createPropertiesRepo } from './properties.repo';

interface DemoUnit {
  unitNumber: string;
  unitType: UnitType;
  floor: number;
  bedrooms: number;
  bathrooms: number;
  sizeSqft: number;
  rent: number;
  status?: UnitStatus;
  isAvailable?: boolean;
  furnishing?: 'unfurnished' | 'semi_furnished' | 'fully_furnished';
}

interface DemoProperty {
  name: string;
  propertyType: PropertyType;
  description: string;
  line1: string;
  landmark: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  amenities: string[];
  managerContact: Contact | null;
  colors: [string, string];
  units: DemoUnit[];
}

const RUPEES = 100;

const SUNRISE: DemoProperty[] = [
  {
    name: 'Sunrise Heights',
    propertyType: 'apartment_building',
    description: 'Twelve-storey residential tower five minutes from the Koramangala food street.',
    line1: '80 Feet Road, 4th Block',
    landmark: 'Opposite Forum Mall',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560034',
    latitude: 12.9352,
    longitude: 77.6245,
    amenities: ['lift', 'parking', 'power_backup', 'security', 'gym'],
    managerContact: { name: 'Manish Manager', phone: '+91 98450 11111', email: 'manager@sunrise.test' },
    colors: ['#f97316', '#facc15'],
    units: [
      {
        unitNumber: 'A-101',
        unitType: '2bhk',
        floor: 1,
        bedrooms: 2,
        bathrooms: 2,
        sizeSqft: 1050,
        rent: 32_000,
      },
      {
        unitNumber: 'A-102',
        unitType: '1bhk',
        floor: 1,
        bedrooms: 1,
        bathrooms: 1,
        sizeSqft: 650,
        rent: 21_000,
      },
      {
        unitNumber: 'A-201',
        unitType: '3bhk',
        floor: 2,
        bedrooms: 3,
        bathrooms: 3,
        sizeSqft: 1450,
        rent: 45_000,
        furnishing: 'fully_furnished',
      },
      {
        unitNumber: 'A-202',
        unitType: '2bhk',
        floor: 2,
        bedrooms: 2,
        bathrooms: 2,
        sizeSqft: 1000,
        rent: 30_000,
        status: 'Occupied',
      },
      {
        unitNumber: 'A-301',
        unitType: '2bhk',
        floor: 3,
        bedrooms: 2,
        bathrooms: 2,
        sizeSqft: 1000,
        rent: 31_000,
        status: 'Under_Maintenance',
      },
      // A commercial unit (GST at 18 %): let to a registered business in the tenants demo.
      {
        unitNumber: 'G-01',
        unitType: 'shop',
        floor: 0,
        bedrooms: 0,
        bathrooms: 1,
        sizeSqft: 600,
        rent: 85_000,
      },
    ],
  },
  {
    name: 'Indiranagar Courtyard',
    propertyType: 'independent_house',
    description: 'A restored 1970s bungalow split into three airy floors around a shared courtyard.',
    line1: '14, 12th Main Road, HAL 2nd Stage',
    landmark: 'Near Indiranagar Metro',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
    latitude: 12.9784,
    longitude: 77.6408,
    amenities: ['garden', 'parking', 'water_supply_24x7'],
    managerContact: null,
    colors: ['#16a34a', '#a3e635'],
    units: [
      {
        unitNumber: 'G',
        unitType: '3bhk',
        floor: 0,
        bedrooms: 3,
        bathrooms: 2,
        sizeSqft: 1600,
        rent: 58_000,
      },
      {
        unitNumber: '1',
        unitType: '2bhk',
        floor: 1,
        bedrooms: 2,
        bathrooms: 2,
        sizeSqft: 1100,
        rent: 40_000,
      },
      {
        unitNumber: '2',
        unitType: '1bhk',
        floor: 2,
        bedrooms: 1,
        bathrooms: 1,
        sizeSqft: 700,
        rent: 26_000,
        isAvailable: false,
      },
    ],
  },
  {
    name: 'Whitefield Co-Living',
    propertyType: 'pg_hostel',
    description: 'Furnished rooms with meals and housekeeping, a short walk from ITPL.',
    line1: '22 EPIP Zone',
    landmark: 'Behind ITPL Main Gate',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560066',
    latitude: 12.9857,
    longitude: 77.7365,
    amenities: ['wifi', 'meals', 'housekeeping', 'laundry', 'security'],
    managerContact: { name: 'Sara Sales', phone: '+91 98450 22222', email: 'sales@sunrise.test' },
    colors: ['#6366f1', '#22d3ee'],
    units: [
      {
        unitNumber: 'R-1',
        unitType: 'private_room',
        floor: 1,
        bedrooms: 1,
        bathrooms: 1,
        sizeSqft: 180,
        rent: 14_000,
        furnishing: 'fully_furnished',
      },
      {
        unitNumber: 'R-2',
        unitType: 'shared_room',
        floor: 1,
        bedrooms: 1,
        bathrooms: 1,
        sizeSqft: 240,
        rent: 9_000,
        furnishing: 'fully_furnished',
      },
      {
        unitNumber: 'R-3',
        unitType: 'private_room',
        floor: 2,
        bedrooms: 1,
        bathrooms: 1,
        sizeSqft: 180,
        rent: 14_500,
        furnishing: 'fully_furnished',
      },
    ],
  },
];

const HARBOR: DemoProperty[] = [
  {
    name: 'Harbor View Apartments',
    propertyType: 'apartment_building',
    description: 'Sea-facing flats on Marine Drive with covered parking.',
    line1: '101 Marine Drive',
    landmark: 'Near Churchgate Station',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400020',
    latitude: 18.9432,
    longitude: 72.8236,
    amenities: ['lift', 'parking', 'security', 'cctv'],
    managerContact: null,
    colors: ['#0ea5e9', '#1e3a8a'],
    units: [
      {
        unitNumber: '501',
        unitType: '2bhk',
        floor: 5,
        bedrooms: 2,
        bathrooms: 2,
        sizeSqft: 900,
        rent: 85_000,
      },
      {
        unitNumber: '502',
        unitType: '1bhk',
        floor: 5,
        bedrooms: 1,
        bathrooms: 1,
        sizeSqft: 550,
        rent: 55_000,
      },
      {
        unitNumber: '601',
        unitType: '3bhk',
        floor: 6,
        bedrooms: 3,
        bathrooms: 3,
        sizeSqft: 1300,
        rent: 140_000,
        status: 'Renovation',
      },
    ],
  },
  {
    name: 'Bandra Studio Lofts',
    propertyType: 'mixed_use',
    description: 'Compact studios above a row of cafés on Hill Road.',
    line1: '7 Hill Road, Bandra West',
    landmark: 'Opposite Elco Market',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400050',
    latitude: 19.0544,
    longitude: 72.8334,
    amenities: ['wifi', 'security'],
    managerContact: null,
    colors: ['#db2777', '#f472b6'],
    units: [
      {
        unitNumber: 'S-1',
        unitType: 'studio',
        floor: 1,
        bedrooms: 0,
        bathrooms: 1,
        sizeSqft: 380,
        rent: 38_000,
        furnishing: 'semi_furnished',
      },
      {
        unitNumber: 'S-2',
        unitType: 'studio',
        floor: 1,
        bedrooms: 0,
        bathrooms: 1,
        sizeSqft: 400,
        rent: 40_000,
        furnishing: 'semi_furnished',
      },
    ],
  },
];

/** The cover picture of a demo property. */
function propertyPhoto(spec: DemoProperty, propertyIndex: number): DemoPhoto {
  return { colors: spec.colors, label: spec.name, angle: 20 + propertyIndex * 30 };
}

/** The pictures of a demo unit (none while it is under maintenance). */
function unitPhotos(spec: DemoProperty, unit: DemoUnit, unitIndex: number): DemoPhoto[] {
  const pictures = unit.status === 'Under_Maintenance' ? 0 : 2;
  return Array.from({ length: pictures }, (_, picture) => ({
    colors: picture === 0 ? spec.colors : [spec.colors[1], spec.colors[0]],
    label: `${spec.name.split(' ')[0]} ${unit.unitNumber}`,
    angle: 60 + unitIndex * 25 + picture * 90,
  }));
}

/** Every picture the demo inventory stores (src/make-demo-photos.ts makes them at build time). */
export function demoInventoryPhotos(): DemoPhoto[] {
  return [SUNRISE, HARBOR].flatMap((demo) =>
    demo.flatMap((spec, propertyIndex) => [
      propertyPhoto(spec, propertyIndex),
      ...spec.units.flatMap((unit, unitIndex) => unitPhotos(spec, unit, unitIndex)),
    ]),
  );
}

type PhotoSource = (photo: DemoPhoto) => Promise<ProcessedImage>;

async function storeImage(
  storage: Storage,
  keyPrefix: string,
  processed: ProcessedImage,
): Promise<
  Pick<
    typeof inventoryImages.$inferInsert,
    'id' | 'storageKey' | 'thumbnailKey' | 'mimeType' | 'size' | 'width' | 'height'
  >
> {
  const id = uuidv7();
  const storageKey = `${keyPrefix}/${id}.${processed.ext}`;
  const thumbnailKey = `${keyPrefix}/${id}_thumb.webp`;
  await storage.put(storageKey, processed.data, processed.mimeType);
  await storage.put(thumbnailKey, processed.thumbnail, 'image/webp');
  return {
    id,
    storageKey,
    thumbnailKey,
    mimeType: processed.mimeType,
    size: processed.data.length,
    width: processed.width,
    height: processed.height,
  };
}

async function seedCompany(
  db: Db,
  storage: Storage,
  photos: PhotoSource,
  domain: string,
  demo: DemoProperty[],
): Promise<void> {
  const [company] = await db
    .select({ id: companies.id, ownerId: companies.ownerId })
    .from(companies)
    .where(eq(companies.email, `hello@${domain}`))
    .limit(1);
  if (!company) return;
  const [existing] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(properties)
    .where(eq(properties.companyId, company.id));
  if ((existing?.total ?? 0) > 0) return;

  let unitCount = 0;
  const now = new Date();
  for (const [propertyIndex, spec] of demo.entries()) {
    const propertyId = uuidv7();
    const prefix = `companies/${company.id}`;
    const cover = await storeImage(
      storage,
      `${prefix}/properties/${propertyId}`,
      await photos(propertyPhoto(spec, propertyIndex)),
    );
    const unitRows: (typeof rentalUnits.$inferInsert)[] = [];
    const imageRows: (typeof inventoryImages.$inferInsert)[] = [
      { ...cover, companyId: company.id, propertyId, isPrimary: true, category: 'exterior', sortOrder: 0 },
    ];
    for (const [unitIndex, unit] of spec.units.entries()) {
      const unitId = uuidv7();
      unitRows.push({
        id: unitId,
        companyId: company.id,
        propertyId,
        unitNumber: unit.unitNumber,
        unitType: unit.unitType,
        floor: unit.floor,
        sizeSqft: unit.sizeSqft,
        bedrooms: unit.bedrooms,
        bathrooms: unit.bathrooms,
        furnishing: unit.furnishing ?? 'semi_furnished',
        description:
          unit.unitType === 'shop'
            ? `Street-facing shop on the ground floor of ${spec.name}.`
            : `${unit.bedrooms ? `${unit.bedrooms}-bedroom` : 'Studio'} home on floor ${unit.floor} of ${spec.name}.`,
        amenities: unit.bedrooms > 1 ? ['balcony', 'modular_kitchen'] : ['wardrobe'],
        status: unit.status ?? 'Available',
        isAvailable: unit.isAvailable ?? true,
        rent: unit.rent * RUPEES,
        securityDeposit: unit.rent * RUPEES * 3,
        maintenanceIncluded: spec.propertyType === 'pg_hostel',
        maintenanceAmount: spec.propertyType === 'pg_hostel' ? 0 : 2_500 * RUPEES,
        verificationStatus: 'verified',
        verifiedAt: now,
        createdBy: company.ownerId,
      });
      for (const [picture, photo] of unitPhotos(spec, unit, unitIndex).entries()) {
        const stored = await storeImage(storage, `${prefix}/units/${unitId}`, await photos(photo));
        imageRows.push({
          ...stored,
          companyId: company.id,
          propertyId,
          rentalUnitId: unitId,
          isPrimary: picture === 0,
          category: picture === 0 ? 'living_room' : 'bedroom',
          sortOrder: picture,
        });
      }
    }
    unitCount += unitRows.length;
    await db.transaction(async (tx) => {
      await tx.insert(properties).values({
        id: propertyId,
        companyId: company.id,
        name: spec.name,
        propertyType: spec.propertyType,
        description: spec.description,
        addressLine1: spec.line1,
        landmark: spec.landmark,
        city: spec.city,
        state: spec.state,
        postalCode: spec.postalCode,
        latitude: spec.latitude,
        longitude: spec.longitude,
        amenities: spec.amenities,
        managerContact: spec.managerContact,
        totalFloors: Math.max(...spec.units.map((unit) => unit.floor)) + 1,
        verificationStatus: 'verified',
        verifiedAt: now,
        createdBy: company.ownerId,
      });
      await tx.insert(rentalUnits).values(unitRows);
      await tx.insert(inventoryImages).values(imageRows);
    });
  }
  await db
    .update(companies)
    .set({ usageProperties: demo.length, usageRentalUnits: unitCount })
    .where(eq(companies.id, company.id));
}

/** The demo tenant rents Sunrise Heights A-202 (the tenant area and GET /properties/user show it). */
async function seedTenancy(db: Db): Promise<void> {
  const [tenant] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'tenant@rentora.test'));
  const [unit] = await db
    .select({
      id: rentalUnits.id,
      companyId: rentalUnits.companyId,
      propertyId: rentalUnits.propertyId,
      rent: rentalUnits.rent,
    })
    .from(rentalUnits)
    .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
    .where(sql`${properties.name} = 'Sunrise Heights' and ${rentalUnits.unitNumber} = 'A-202'`)
    .limit(1);
  if (!tenant || !unit) return;
  const [already] = await db
    .select({ id: rentalUnitUsers.id })
    .from(rentalUnitUsers)
    .where(eq(rentalUnitUsers.userId, tenant.id))
    .limit(1);
  if (already) return;
  const start = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
  await db.insert(rentalUnitUsers).values({
    companyId: unit.companyId,
    rentalUnitId: unit.id,
    propertyId: unit.propertyId,
    userId: tenant.id,
    role: 'primary',
    startDate: start,
    rent: unit.rent,
    securityDeposit: unit.rent * 3,
    notes: 'Demo tenancy',
  });
  await db
    .update(rentalUnits)
    .set({ status: 'Occupied', currentTenants: 1 })
    .where(eq(rentalUnits.id, unit.id));
}

async function seedTemplates(db: Db): Promise<void> {
  const [existing] = await db.select({ total: sql<number>`count(*)::int` }).from(rentalUnitTemplates);
  if ((existing?.total ?? 0) > 0) return;
  const [sunrise] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.email, `hello@${DEMO_COMPANY_DOMAINS.professional}`));
  const base = { maintenanceIncluded: false, maintenanceAmount: 2_500 * RUPEES, currency: 'INR' };
  await db.insert(rentalUnitTemplates).values([
    {
      name: 'Standard 1 BHK',
      unitType: '1bhk',
      bedrooms: 1,
      bathrooms: 1,
      sizeSqft: 600,
      furnishing: 'semi_furnished',
      amenities: ['wardrobe', 'geyser'],
      rent: 20_000 * RUPEES,
      securityDeposit: 60_000 * RUPEES,
      usageCount: 12,
      ...base,
    },
    {
      name: 'Family 2 BHK',
      unitType: '2bhk',
      bedrooms: 2,
      bathrooms: 2,
      sizeSqft: 1000,
      furnishing: 'semi_furnished',
      amenities: ['balcony', 'modular_kitchen'],
      rent: 30_000 * RUPEES,
      securityDeposit: 90_000 * RUPEES,
      usageCount: 20,
      ...base,
    },
    {
      name: 'PG private room',
      unitType: 'private_room',
      bedrooms: 1,
      bathrooms: 1,
      sizeSqft: 180,
      furnishing: 'fully_furnished',
      amenities: ['wifi', 'wardrobe'],
      rent: 14_000 * RUPEES,
      securityDeposit: 28_000 * RUPEES,
      usageCount: 5,
      ...base,
      maintenanceIncluded: true,
      maintenanceAmount: 0,
    },
    ...(sunrise
      ? [
          {
            companyId: sunrise.id,
            name: 'Sunrise Heights 2 BHK',
            unitType: '2bhk' as const,
            bedrooms: 2,
            bathrooms: 2,
            sizeSqft: 1050,
            furnishing: 'semi_furnished' as const,
            amenities: ['balcony', 'modular_kitchen'],
            rent: 32_000 * RUPEES,
            securityDeposit: 96_000 * RUPEES,
            usageCount: 3,
            ...base,
          },
        ]
      : []),
  ]);
}

/**
 * Demo inventory for seedDemoData: verified properties with units and generated images for Sunrise Estates
 * (Bengaluru) and Harbor Homes (Mumbai), a tenancy for the demo tenant, and a few templates, so that the
 * public listing, the dashboards and the tenant area show something on a fresh database.
 * Files go to DATA_DIR/uploads (the server's storage) unless another Storage is given; the pictures come from
 * `photosDir` (default: the ones the build made beside the bundle) or are rendered.
 */
export async function seedInventoryDemo(
  db: Db,
  storage?: Storage,
  options: { photosDir?: string } = {},
): Promise<void> {
  const files = storage ?? createLocalStorage(path.join(loadConfig().dataDir, 'uploads'));
  const photos = createDemoPhotoSource(options.photosDir);
  await seedCompany(db, files, photos, DEMO_COMPANY_DOMAINS.professional, SUNRISE);
  await seedCompany(db, files, photos, DEMO_COMPANY_DOMAINS.starter, HARBOR);
  await seedTenancy(db);
  await seedTemplates(db);
  const companyRows = await db.select({ id: companies.id }).from(companies);
  for (const { id } of companyRows) await createPropertiesRepo(db).refreshStats(id);
}
