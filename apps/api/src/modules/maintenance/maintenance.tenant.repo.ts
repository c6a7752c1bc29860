import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  maintenanceRequests,
  maintenanceTypes,
  properties,
  rentalUnits,
  rentalUnitUsers,
  tenantCodes,
  users,
} from '../../db/schema';

/** What tenants (signed in, or holding a tenant portal code) read besides the requests themselves. */
export function createTenantMaintenanceRepo(db: DbOrTx) {
  return {
    /** The units with their property's and company's names. */
    async unitsWithNames(unitIds: string[]) {
      return db
        .select({
          id: rentalUnits.id,
          unitNumber: rentalUnits.unitNumber,
          propertyName: properties.name,
          companyName: companies.name,
        })
        .from(rentalUnits)
        .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
        .innerJoin(companies, eq(companies.id, rentalUnits.companyId))
        .where(inArray(rentalUnits.id, unitIds));
    },

    /** The active maintenance types of the companies, by name. */
    async activeTypesOf(companyIds: string[]) {
      return db
        .select({
          id: maintenanceTypes.id,
          companyId: maintenanceTypes.companyId,
          name: maintenanceTypes.name,
          key: maintenanceTypes.key,
        })
        .from(maintenanceTypes)
        .where(and(inArray(maintenanceTypes.companyId, companyIds), eq(maintenanceTypes.isActive, true)))
        .orderBy(asc(maintenanceTypes.name));
    },

    /** The active maintenance types of one company, by name. */
    async activeTypesOfCompany(companyId: string) {
      return db
        .select({ id: maintenanceTypes.id, name: maintenanceTypes.name, key: maintenanceTypes.key })
        .from(maintenanceTypes)
        .where(and(eq(maintenanceTypes.companyId, companyId), eq(maintenanceTypes.isActive, true)))
        .orderBy(asc(maintenanceTypes.name));
    },

    /** The tenancy a tenant portal code opens, with its person, company, property and unit. */
    async tenancyOfCode(code: string, companyId?: string) {
      const [row] = await db
        .select({
          tenantId: rentalUnitUsers.id,
          companyId: rentalUnitUsers.companyId,
          propertyId: rentalUnitUsers.propertyId,
          rentalUnitId: rentalUnitUsers.rentalUnitId,
          tenancyStatus: rentalUnitUsers.tenancyStatus,
          userId: rentalUnitUsers.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          phone: users.phone,
          companyName: companies.name,
          propertyName: properties.name,
          unitNumber: rentalUnits.unitNumber,
        })
        .from(tenantCodes)
        .innerJoin(rentalUnitUsers, eq(rentalUnitUsers.id, tenantCodes.tenantId))
        .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
        .innerJoin(companies, eq(companies.id, rentalUnitUsers.companyId))
        .innerJoin(properties, eq(properties.id, rentalUnitUsers.propertyId))
        .innerJoin(rentalUnits, eq(rentalUnits.id, rentalUnitUsers.rentalUnitId))
        .where(and(eq(tenantCodes.code, code), companyId ? eq(tenantCodes.companyId, companyId) : undefined))
        .limit(1);
      return row;
    },

    /** The ids of a tenancy's latest 50 requests, newest first. */
    async requestIdsOfTenancy(companyId: string, tenantId: string) {
      return db
        .select({ id: maintenanceRequests.id })
        .from(maintenanceRequests)
        .where(and(eq(maintenanceRequests.companyId, companyId), eq(maintenanceRequests.tenantId, tenantId)))
        .orderBy(desc(maintenanceRequests.createdAt))
        .limit(50);
    },
  };
}
