import { conflict, notFound } from '../../core/errors';
import type { DbOrTx, Tx } from '../../db/client';
import { lockUnit, settleOccupancy } from '../rental-units/rental-units.service';
import { recordTenantStatus } from './tenants.history';
import { createTenantsRepo } from './tenants.repo';

const SOURCE_REASONS: Record<string, string> = {
  staff: 'Added by staff',
  booking: 'From a paid booking',
  transfer: 'Transferred from another unit',
  import: 'Imported from a spreadsheet',
};

export interface CreateTenancyInput {
  companyId: string;
  rentalUnitId: string;
  userId: string;
  status: 'pending' | 'active';
  actorUserId: string | null;
  occupancyDetails: { moveInDate: string };
  agreementDetails: {
    rentAmount: number;
    maintenanceCharges: number;
    securityDeposit: number;
    rentDueDate: number;
    leaseStartDate: string;
    leaseEndDate: string;
  };
  source?: string;
  bookingId?: string;
}

/**
 * Creates a tenancy (one rental_unit_users row) inside the caller's transaction: locks the unit, refuses the same
 * person twice as a current tenant of the unit (409), records the first status history row and settles the unit's
 * Occupied/Available status. An active tenancy counts as current at once; a pending one only when approved.
 */
export async function createTenancyInTx(tx: Tx, input: CreateTenancyInput): Promise<{ _id: string }> {
  const unit = await lockUnit(tx, input.companyId, input.rentalUnitId);
  const repo = createTenantsRepo(tx);
  const open = await repo.openTenancy(input.companyId, input.rentalUnitId, input.userId);
  if (open) throw conflict('This person is already a tenant of this unit');
  const active = input.status === 'active';
  const agreement = input.agreementDetails;
  const row = await repo.insert({
    companyId: input.companyId,
    rentalUnitId: unit.id,
    propertyId: unit.propertyId,
    userId: input.userId,
    role: 'primary',
    // Only active and notice_given tenancies are 'current' (the unit-tenant view and the occupancy rule).
    status: active ? 'current' : 'past',
    tenancyStatus: input.status,
    startDate: input.occupancyDetails.moveInDate,
    leaseStartDate: agreement.leaseStartDate,
    endDate: agreement.leaseEndDate,
    rent: agreement.rentAmount,
    maintenanceCharges: agreement.maintenanceCharges,
    securityDeposit: agreement.securityDeposit,
    rentDueDay: Math.min(28, Math.max(1, Math.trunc(agreement.rentDueDate))),
    currency: unit.currency,
    source: input.source ?? 'staff',
    bookingId: input.bookingId ?? null,
    createdBy: input.actorUserId,
  });
  if (!row) throw notFound('Rental unit');
  await recordTenantStatus(tx, {
    companyId: input.companyId,
    tenantId: row.id,
    fromStatus: null,
    toStatus: input.status,
    actorUserId: input.actorUserId,
    reason: SOURCE_REASONS[input.source ?? 'staff'] ?? `Added (${input.source})`,
  });
  await settleOccupancy(tx, input.companyId, unit);
  return { _id: row.id };
}

/** The user's current tenancies (active or notice given), across companies. */
export async function findCurrentTenancies(
  db: DbOrTx,
  userId: string,
): Promise<{ tenantId: string; companyId: string; rentalUnitId: string; propertyId: string }[]> {
  return createTenantsRepo(db).currentOfUser(userId);
}
