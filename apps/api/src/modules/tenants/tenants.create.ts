import { randomBytes } from 'node:crypto';
import type { TenantCreateBody, TenantDto } from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import { hashPassword } from '../../core/passwords';
import { hashToken, newOpaqueToken } from '../../core/tokens';
import type { Db, DbOrTx } from '../../db/client';
import { createAuthRepo } from '../auth/auth.repo';
import type { TenantNotices } from './tenants.notify';
import type { TenantReads } from './tenants.reads';
import { createTenantsRepo } from './tenants.repo';
import { createTenancyInTx } from './tenants.tenancy';

const DAY_MS = 86_400_000;
const SET_PASSWORD_TTL_MS = 7 * DAY_MS;

/**
 * The tenancy's person: an existing active account by id or email, or a new tenant account with a random password
 * and a token to choose one (the welcome email carries it).
 */
async function resolvePerson(tx: DbOrTx, person: TenantCreateBody['userId']) {
  const authRepo = createAuthRepo(tx);
  if (typeof person === 'string') {
    const user = await authRepo.findUserById(person);
    if (!user?.isActive) throw notFound('User');
    return { user, token: null };
  }
  const existing = await authRepo.findUserByEmail(person.email);
  if (existing) {
    if (!existing.isActive) throw conflict('The account with this email is deactivated');
    return { user: existing, token: null };
  }
  const user = await authRepo.insertUser({
    email: person.email,
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    firstName: person.firstName,
    lastName: person.lastName,
    phone: person.phone ?? null,
    role: 'tenant',
  });
  const token = newOpaqueToken();
  await authRepo.insertAuthToken({
    userId: user.id,
    purpose: 'reset_password',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
  });
  return { user, token };
}

/** Staff add a tenant to a unit that is not under maintenance or renovation. */
export function tenantCreation(db: Db, reads: TenantReads, notices: TenantNotices) {
  return {
    async create(ctx: CompanyContext, input: TenantCreateBody): Promise<TenantDto> {
      const result = await db.transaction(async (tx) => {
        const unit = await createTenantsRepo(tx).unitStatus(ctx.companyId, input.rentalUnitId);
        if (!unit) throw notFound('Rental unit');
        if (unit.status === 'Under_Maintenance' || unit.status === 'Renovation') {
          throw conflict('This unit is under maintenance or renovation');
        }
        const { user, token } = await resolvePerson(tx, input.userId);
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
