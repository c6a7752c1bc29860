import type { TenantCreateBody, TenantDto } from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import { newOpaqueToken } from '../../core/tokens';
import type { Db } from '../../db/client';
import type { AuthService } from '../auth/auth.service';
import type { TenantNotices } from './tenants.notify';
import type { TenantReads } from './tenants.reads';
import { createTenantsRepo } from './tenants.repo';
import { createTenancyInTx } from './tenants.tenancy';

const DAY_MS = 86_400_000;
const SET_PASSWORD_TTL_MS = 7 * DAY_MS;

/** Staff add a tenant to a unit that is not under maintenance or renovation. */
export function tenantCreation(db: Db, auth: AuthService, reads: TenantReads, notices: TenantNotices) {
  return {
    async create(ctx: CompanyContext, input: TenantCreateBody): Promise<TenantDto> {
      const result = await db.transaction(async (tx) => {
        const unit = await createTenantsRepo(tx).unitStatus(ctx.companyId, input.rentalUnitId);
        if (!unit) throw notFound('Rental unit');
        if (unit.status === 'Under_Maintenance' || unit.status === 'Renovation') {
          throw conflict('This unit is under maintenance or renovation');
        }
        // A new account gets a link to choose its password (the welcome email carries it).
        const person = await auth.tenancyPerson(tx, input.userId);
        const { user } = person;
        const token = person.created ? newOpaqueToken() : null;
        if (token) await auth.saveSetPasswordToken(tx, user.id, token, SET_PASSWORD_TTL_MS);
        const created = await createTenancyInTx(tx, {
          companyId: ctx.companyId,
          rentalUnitId: input.rentalUnitId,
          userId: user.id,
          status: input.status,
          actorUserId: ctx.userId,
          occupancyDetails: input.occupancyDetails,
          agreementDetails: input.agreementDetails,
          source: 'staff',
        });
        return { id: created._id, token };
      });
      const row = await reads.mustFind(ctx.companyId, result.id);
      await notices.added(row, result.token, ctx.userId);
      return reads.detail(row);
    },
  };
}
