import { notFound } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { lockProperty, refreshPropertyStats } from '../properties/properties.service';
import { createRentalUnitsRepo, type UnitRow } from './rental-units.repo';
import { createAssignmentsRepo } from './rental-units.tenants.repo';

// A unit's occupancy inside the transaction of a tenancy change (unit tenants here, tenancies of the tenants module).

/** The unit's current tenants and status after a change: Occupied with tenants, Available when the last one left. */
export async function settleOccupancy(tx: DbOrTx, companyId: string, unit: UnitRow): Promise<void> {
  const current = await createAssignmentsRepo(tx).countCurrent(companyId, unit.id);
  const status =
    current > 0
      ? 'Occupied'
      : unit.status === 'Occupied' && unit.currentTenants > 0
        ? 'Available'
        : unit.status;
  await createRentalUnitsRepo(tx).update(companyId, unit.id, { currentTenants: current, status });
  await refreshPropertyStats(tx, companyId, [unit.propertyId]);
}

/** Locks the unit's property and reads the unit again under the lock. */
export async function lockUnit(tx: DbOrTx, companyId: string, unitId: string): Promise<UnitRow> {
  const found = await createRentalUnitsRepo(tx).find(companyId, unitId);
  if (!found) throw notFound('Rental unit');
  await lockProperty(tx, companyId, found.unit.propertyId);
  const unit = (await createRentalUnitsRepo(tx).find(companyId, unitId))?.unit;
  if (!unit) throw notFound('Rental unit');
  return unit;
}
