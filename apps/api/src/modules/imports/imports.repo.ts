import type { ImportKind } from '@rentora/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, importJobs, properties, rentalUnits, rentalUnitUsers, users } from '../../db/schema';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type NewImportJob = typeof importJobs.$inferInsert;

/** What an import compares a property row with (its natural key is the name, case ignored). */
export type ExistingProperty = Pick<
  typeof properties.$inferSelect,
  | 'id'
  | 'name'
  | 'propertyType'
  | 'description'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'country'
  | 'totalFloors'
  | 'yearBuilt'
>;

export type ExistingUnit = Pick<
  typeof rentalUnits.$inferSelect,
  | 'id'
  | 'propertyId'
  | 'unitNumber'
  | 'unitType'
  | 'floor'
  | 'bedrooms'
  | 'bathrooms'
  | 'sizeSqft'
  | 'furnishing'
  | 'rent'
  | 'securityDeposit'
  | 'maintenanceAmount'
  | 'status'
>;

export interface ExistingTenancy {
  id: string;
  rentalUnitId: string;
  email: string;
  leaseStartDate: string | null;
  startDate: string;
  endDate: string | null;
  rent: number;
  maintenanceCharges: number;
  securityDeposit: number;
  rentDueDay: number;
}

export function createImportsRepo(db: DbOrTx) {
  return {
    async insert(values: NewImportJob): Promise<ImportJobRow> {
      const [row] = await db.insert(importJobs).values(values).returning();
      return row!;
    },

    async find(companyId: string, id: string): Promise<ImportJobRow | undefined> {
      const [row] = await db
        .select()
        .from(importJobs)
        .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, id)));
      return row;
    },

    async update(companyId: string, id: string, values: Partial<NewImportJob>): Promise<void> {
      await db
        .update(importJobs)
        .set(values)
        .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, id)));
    },

    /** Moves a job from one status to another; false when it was not in `from` (another worker took it). */
    async transition(
      companyId: string,
      id: string,
      from: ImportJobRow['status'][],
      values: Partial<NewImportJob>,
    ): Promise<boolean> {
      const rows = await db
        .update(importJobs)
        .set(values)
        .where(
          and(eq(importJobs.companyId, companyId), eq(importJobs.id, id), inArray(importJobs.status, from)),
        )
        .returning({ id: importJobs.id });
      return rows.length > 0;
    },

    async list(
      companyId: string,
      filter: { kind?: ImportKind; status?: ImportJobRow['status'] },
      page: { limit: number; offset: number; order: 'asc' | 'desc' },
    ): Promise<{ rows: ImportJobRow[]; total: number }> {
      const where = and(
        eq(importJobs.companyId, companyId),
        filter.kind ? eq(importJobs.kind, filter.kind) : undefined,
        filter.status ? eq(importJobs.status, filter.status) : undefined,
      );
      const order =
        page.order === 'asc'
          ? [importJobs.createdAt, importJobs.id]
          : [desc(importJobs.createdAt), desc(importJobs.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(importJobs)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(importJobs).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** The company's plan limits and usage of properties and units. */
    async planUsage(companyId: string) {
      const [row] = await db
        .select({
          limitations: companies.limitations,
          usageProperties: companies.usageProperties,
        })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row;
    },

    /** The company's properties with the given names (lower case). */
    async propertiesNamed(companyId: string, names: readonly string[]): Promise<ExistingProperty[]> {
      if (!names.length) return [];
      return db
        .select({
          id: properties.id,
          name: properties.name,
          propertyType: properties.propertyType,
          description: properties.description,
          addressLine1: properties.addressLine1,
          addressLine2: properties.addressLine2,
          city: properties.city,
          state: properties.state,
          postalCode: properties.postalCode,
          country: properties.country,
          totalFloors: properties.totalFloors,
          yearBuilt: properties.yearBuilt,
        })
        .from(properties)
        .where(
          and(
            eq(properties.companyId, companyId),
            sql`lower(${properties.name}) = any(${sql.param([...names])}::text[])`,
          ),
        );
    },

    /** The units of the given properties with the given numbers (lower case). */
    async unitsNumbered(
      companyId: string,
      propertyIds: readonly string[],
      numbers: readonly string[],
    ): Promise<ExistingUnit[]> {
      if (!propertyIds.length || !numbers.length) return [];
      return db
        .select({
          id: rentalUnits.id,
          propertyId: rentalUnits.propertyId,
          unitNumber: rentalUnits.unitNumber,
          unitType: rentalUnits.unitType,
          floor: rentalUnits.floor,
          bedrooms: rentalUnits.bedrooms,
          bathrooms: rentalUnits.bathrooms,
          sizeSqft: rentalUnits.sizeSqft,
          furnishing: rentalUnits.furnishing,
          rent: rentalUnits.rent,
          securityDeposit: rentalUnits.securityDeposit,
          maintenanceAmount: rentalUnits.maintenanceAmount,
          status: rentalUnits.status,
        })
        .from(rentalUnits)
        .where(
          and(
            eq(rentalUnits.companyId, companyId),
            inArray(rentalUnits.propertyId, [...propertyIds]),
            sql`lower(${rentalUnits.unitNumber}) = any(${sql.param([...numbers])}::text[])`,
          ),
        );
    },

    /** How many units each property has now. */
    async unitCounts(companyId: string, propertyIds: readonly string[]): Promise<Map<string, number>> {
      if (!propertyIds.length) return new Map();
      const rows = await db
        .select({ propertyId: rentalUnits.propertyId, value: count() })
        .from(rentalUnits)
        .where(and(eq(rentalUnits.companyId, companyId), inArray(rentalUnits.propertyId, [...propertyIds])))
        .groupBy(rentalUnits.propertyId);
      return new Map(rows.map((row) => [row.propertyId, row.value]));
    },

    /** Tenancies of the given units whose tenant has one of the given emails (lower case). */
    async tenanciesOf(
      companyId: string,
      unitIds: readonly string[],
      emails: readonly string[],
    ): Promise<ExistingTenancy[]> {
      if (!unitIds.length || !emails.length) return [];
      return db
        .select({
          id: rentalUnitUsers.id,
          rentalUnitId: rentalUnitUsers.rentalUnitId,
          email: users.email,
          leaseStartDate: rentalUnitUsers.leaseStartDate,
          startDate: rentalUnitUsers.startDate,
          endDate: rentalUnitUsers.endDate,
          rent: rentalUnitUsers.rent,
          maintenanceCharges: rentalUnitUsers.maintenanceCharges,
          securityDeposit: rentalUnitUsers.securityDeposit,
          rentDueDay: rentalUnitUsers.rentDueDay,
        })
        .from(rentalUnitUsers)
        .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
        .where(
          and(
            eq(rentalUnitUsers.companyId, companyId),
            inArray(rentalUnitUsers.rentalUnitId, [...unitIds]),
            sql`lower(${users.email}) = any(${sql.param([...emails])}::text[])`,
          ),
        );
    },
  };
}
