import {
  canTransition,
  formatDate,
  isCurrentTenantStatus,
  type TenantDto,
  type TenantStatus,
  type TenantUpdateBody,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { today } from '../../core/dates';
import { badRequest, conflict } from '../../core/errors';
import type { Db } from '../../db/client';
import { lockUnit, settleOccupancy } from '../rental-units/rental-units.service';
import { recordTenantStatus } from './tenants.history';
import { isTenantStatus, unknownStatus } from './tenants.lists';
import type { TenantNotices } from './tenants.notify';
import type { TenantReads } from './tenants.reads';
import { createTenantsRepo, type TenantDetailRow } from './tenants.repo';
import { createTenancyInTx } from './tenants.tenancy';

/** A tenancy's life: its agreement, approval or rejection, status changes, move-out, lease extension, transfer. */
export function tenancyLifecycle(db: Db, reads: TenantReads, notices: TenantNotices) {
  const { mustFind, detail } = reads;
  const { tell } = notices;

  /** Moves a tenancy from its status to `to` under the unit lock; 409 when the lifecycle does not allow it. */
  async function transition(
    ctx: CompanyContext,
    tenantId: string,
    to: TenantStatus,
    options: { reason?: string | null; moveOutDate?: string; rejectionReason?: string } = {},
  ): Promise<{ before: TenantDetailRow; after: TenantDetailRow }> {
    const before = await mustFind(ctx.companyId, tenantId);
    await db.transaction(async (tx) => {
      const unit = await lockUnit(tx, ctx.companyId, before.rentalUnitId);
      const current = await mustFind(ctx.companyId, tenantId, tx);
      if (!canTransition(current.tenancyStatus, to)) {
        throw conflict(
          `A tenant who is ${current.tenancyStatus.replace('_', ' ')} cannot become ${to.replace('_', ' ')}`,
        );
      }
      const repo = createTenantsRepo(tx);
      if (to === 'active' && current.tenancyStatus === 'pending') {
        const clash = await repo.list(ctx.companyId, {
          page: 1,
          limit: 5,
          sortBy: 'createdAt',
          sortOrder: 'desc',
          rentalUnitId: current.rentalUnitId,
          isActive: true,
        });
        if (clash.rows.some((row) => row.userId === current.userId)) {
          throw conflict('This person is already a current tenant of this unit');
        }
      }
      const values: Parameters<typeof repo.update>[2] = {
        tenancyStatus: to,
        status: isCurrentTenantStatus(to) ? 'current' : 'past',
      };
      if (to === 'moved_out') {
        const moveOut = options.moveOutDate ?? today();
        if (moveOut < current.startDate) {
          throw badRequest('The move-out date must not be before the move-in date', 'moveOutDate');
        }
        values.movedOutAt = moveOut;
      }
      if (to === 'rejected') values.rejectionReason = options.rejectionReason ?? null;
      await repo.update(ctx.companyId, tenantId, values);
      await recordTenantStatus(tx, {
        companyId: ctx.companyId,
        tenantId,
        fromStatus: current.tenancyStatus,
        toStatus: to,
        actorUserId: ctx.userId,
        reason: options.reason ?? options.rejectionReason ?? null,
      });
      await settleOccupancy(tx, ctx.companyId, unit);
    });
    return { before, after: await mustFind(ctx.companyId, tenantId) };
  }

  async function reject(ctx: CompanyContext, tenantId: string, rejectionReason: string): Promise<TenantDto> {
    const { after } = await transition(ctx, tenantId, 'rejected', { rejectionReason });
    await tell(
      after,
      'tenant.rejected',
      'Your tenancy was not approved',
      `Your tenancy of unit ${after.unitNumber} at ${after.propertyName} was not approved: ${rejectionReason}`,
    );
    return detail(after);
  }

  return {
    reject,

    async update(ctx: CompanyContext, tenantId: string, input: TenantUpdateBody): Promise<TenantDto> {
      const row = await mustFind(ctx.companyId, tenantId);
      const agreement = input.agreementDetails ?? {};
      const startDate = input.occupancyDetails?.moveInDate ?? row.startDate;
      const leaseStart = agreement.leaseStartDate ?? row.leaseStartDate ?? row.startDate;
      const leaseEnd = agreement.leaseEndDate ?? row.endDate;
      if (leaseEnd && leaseEnd <= leaseStart)
        throw badRequest('The lease must end after it starts', 'agreementDetails.leaseEndDate');
      await createTenantsRepo(db).update(ctx.companyId, tenantId, {
        startDate,
        leaseStartDate: leaseStart,
        endDate: leaseEnd,
        rent: agreement.rentAmount ?? row.rent,
        maintenanceCharges: agreement.maintenanceCharges ?? row.maintenanceCharges,
        securityDeposit: agreement.securityDeposit ?? row.securityDeposit,
        rentDueDay: agreement.rentDueDate ?? row.rentDueDay,
        ...(input.gstin !== undefined ? { gstin: input.gstin } : {}),
        ...(input.legalName !== undefined ? { legalName: input.legalName } : {}),
        ...(input.billingAddress !== undefined ? { billingAddress: input.billingAddress } : {}),
      });
      return reads.get(ctx.companyId, tenantId);
    },

    async approve(ctx: CompanyContext, tenantId: string): Promise<TenantDto> {
      const { after } = await transition(ctx, tenantId, 'active', { reason: 'Approved' });
      await tell(
        after,
        'tenant.approved',
        'Your tenancy was approved',
        `Your tenancy of unit ${after.unitNumber} at ${after.propertyName} is approved.`,
      );
      return detail(after);
    },

    async setStatus(
      ctx: CompanyContext,
      tenantId: string,
      status: string,
      reason?: string,
    ): Promise<TenantDto> {
      if (!isTenantStatus(status)) throw unknownStatus(status);
      if (status === 'rejected') {
        if (!reason) throw badRequest('A reason is required to reject', 'reason');
        return reject(ctx, tenantId, reason);
      }
      const { after } = await transition(ctx, tenantId, status, { reason: reason ?? null });
      if (status === 'moved_out') {
        await tell(
          after,
          'tenant.moved_out',
          'You have moved out',
          `Your stay in unit ${after.unitNumber} at ${after.propertyName} has ended.`,
        );
      } else if (status === 'active') {
        await tell(
          after,
          'tenant.status',
          'Your tenancy is active',
          `Your tenancy of unit ${after.unitNumber} is active.`,
        );
      }
      return detail(after);
    },

    async moveOut(
      ctx: CompanyContext,
      tenantId: string,
      moveOutDate: string,
      reason?: string,
    ): Promise<TenantDto> {
      const { after } = await transition(ctx, tenantId, 'moved_out', { moveOutDate, reason: reason ?? null });
      await tell(
        after,
        'tenant.moved_out',
        'You have moved out',
        `Your stay in unit ${after.unitNumber} at ${after.propertyName} ended on ${formatDate(moveOutDate)}.`,
      );
      return detail(after);
    },

    async extendLease(
      ctx: CompanyContext,
      tenantId: string,
      newEndDate: string,
      rentAmount?: number,
    ): Promise<TenantDto> {
      const row = await mustFind(ctx.companyId, tenantId);
      if (!isCurrentTenantStatus(row.tenancyStatus) && row.tenancyStatus !== 'pending') {
        throw conflict('Only a current or pending tenancy can be extended');
      }
      const currentEnd = row.endDate ?? row.startDate;
      if (newEndDate <= currentEnd)
        throw badRequest(`The new end date must be after ${currentEnd}`, 'newEndDate');
      await db.transaction(async (tx) => {
        await createTenantsRepo(tx).update(ctx.companyId, tenantId, {
          endDate: newEndDate,
          ...(rentAmount !== undefined ? { rent: rentAmount } : {}),
        });
        await recordTenantStatus(tx, {
          companyId: ctx.companyId,
          tenantId,
          fromStatus: row.tenancyStatus,
          toStatus: row.tenancyStatus,
          actorUserId: ctx.userId,
          reason: `Lease extended to ${newEndDate}${rentAmount !== undefined ? ` (rent ${rentAmount})` : ''}`,
        });
      });
      const after = await mustFind(ctx.companyId, tenantId);
      await tell(
        after,
        'tenant.lease_extended',
        'Your lease was extended',
        `Your lease of unit ${after.unitNumber} now ends on ${formatDate(newEndDate)}.`,
      );
      return detail(after);
    },

    /** Closes the stay in the old unit (kept in history) and opens one in the target unit of the same company. */
    async transfer(
      ctx: CompanyContext,
      tenantId: string,
      input: { toRentalUnitId: string; transferDate: string; rentAmount?: number },
    ): Promise<TenantDto> {
      const row = await mustFind(ctx.companyId, tenantId);
      if (!isCurrentTenantStatus(row.tenancyStatus))
        throw conflict('Only a current tenant can be transferred');
      if (input.toRentalUnitId === row.rentalUnitId)
        throw badRequest('Choose another unit', 'toRentalUnitId');
      if (input.transferDate < row.startDate) {
        throw badRequest('The transfer date must not be before the move-in date', 'transferDate');
      }
      const newId = await db.transaction(async (tx) => {
        const target = await lockUnit(tx, ctx.companyId, input.toRentalUnitId);
        if (target.status !== 'Available' || target.currentTenants > 0) {
          throw conflict(`Unit ${target.unitNumber} is not free`);
        }
        const oldUnit = await lockUnit(tx, ctx.companyId, row.rentalUnitId);
        const repo = createTenantsRepo(tx);
        await repo.update(ctx.companyId, tenantId, {
          tenancyStatus: 'moved_out',
          status: 'past',
          movedOutAt: input.transferDate,
        });
        await recordTenantStatus(tx, {
          companyId: ctx.companyId,
          tenantId,
          fromStatus: row.tenancyStatus,
          toStatus: 'moved_out',
          actorUserId: ctx.userId,
          reason: `Transferred to unit ${target.unitNumber}`,
        });
        await settleOccupancy(tx, ctx.companyId, oldUnit);
        const created = await createTenancyInTx(tx, {
          companyId: ctx.companyId,
          rentalUnitId: target.id,
          userId: row.userId,
          status: 'active',
          actorUserId: ctx.userId,
          occupancyDetails: { moveInDate: input.transferDate },
          agreementDetails: {
            rentAmount: input.rentAmount ?? row.rent,
            maintenanceCharges: row.maintenanceCharges,
            securityDeposit: row.securityDeposit,
            rentDueDate: row.rentDueDay,
            leaseStartDate: input.transferDate,
            leaseEndDate: row.endDate && row.endDate > input.transferDate ? row.endDate : input.transferDate,
          },
          source: 'transfer',
        });
        await repo.update(ctx.companyId, created._id, {
          duesRent: row.duesRent,
          duesMaintenance: row.duesMaintenance,
          duesUtilities: row.duesUtilities,
          duesPenalties: row.duesPenalties,
          // Carried over as the new tenancy's adjustment (its dues follow its own invoices from here on).
          duesRentAdjustment: row.duesRent,
          duesMaintenanceAdjustment: row.duesMaintenance,
          duesUtilitiesAdjustment: row.duesUtilities,
          duesPenaltiesAdjustment: row.duesPenalties,
          ratings: row.ratings,
          compliance: row.compliance,
        });
        return created._id;
      });
      const after = await mustFind(ctx.companyId, newId);
      await tell(
        after,
        'tenant.transferred',
        'You have been transferred',
        `From ${formatDate(input.transferDate)} your unit is ${after.unitNumber} at ${after.propertyName}.`,
      );
      return detail(after);
    },
  };
}
