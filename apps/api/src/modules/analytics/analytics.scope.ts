import { and, eq, inArray } from 'drizzle-orm';
import { rentalUnits, rentalUnitUsers } from '../../db/schema';

/** The company (or the whole platform) and optional property a report is about. */
export interface Scope {
  companyId: string | null;
  propertyId?: string;
}

export const unitScope = (scope: Scope) =>
  and(
    scope.companyId ? eq(rentalUnits.companyId, scope.companyId) : undefined,
    scope.propertyId ? eq(rentalUnits.propertyId, scope.propertyId) : undefined,
  );

/** Tenancies that really ran (pending and rejected ones never housed anybody). */
export const tenancyScope = (scope: Scope) =>
  and(
    scope.companyId ? eq(rentalUnitUsers.companyId, scope.companyId) : undefined,
    scope.propertyId ? eq(rentalUnitUsers.propertyId, scope.propertyId) : undefined,
    inArray(rentalUnitUsers.tenancyStatus, ['active', 'notice_given', 'moved_out']),
  );
