import {
  type AdminCreateBody,
  type AdminUserDto,
  type AdminUserListQuery,
  type AdminUserStats,
  makePagination,
  type PlatformRole,
} from '@rentora/shared';
import type { AuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { conflict, forbidden, notFound } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import { offsetOf } from '../../core/http';
import { sendMail } from '../../core/mail-delivery';
import { hashPassword } from '../../core/passwords';
import { releaseCompanyUsage } from '../../core/plan-limits';
import { newOpaqueToken } from '../../core/tokens';
import type { DbOrTx } from '../../db/client';
import type { AuthService, UserRow } from '../auth/auth.service';
import { toUserDto } from '../auth/user-dto';
import { createMembershipEvents, type EventLog } from '../companies/membership-events';
import { createAdminAccountsRepo } from './admin-accounts.repo';

const DAY_MS = 86_400_000;
/** An admin created without a password chooses one through this link. */
const SET_PASSWORD_TTL_MS = 2 * DAY_MS;

function toAdminUserDto(row: { user: UserRow; companiesCount: number }): AdminUserDto {
  return { ...toUserDto(row.user), companiesCount: row.companiesCount };
}

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'realtime' | 'notifier'> & { auth: AuthService };

/**
 * Platform accounts for the super admin (base /auth/admin). The platform always keeps one active super admin,
 * and nobody deactivates, demotes or deletes their own account here.
 */
export function createAdminAccountsService(deps: Deps, log?: EventLog) {
  const { db, config, mailer, auth } = deps;
  const repo = createAdminAccountsRepo(db);
  const events = createMembershipEvents(deps, log);

  async function load(id: string) {
    const row = await repo.findWithCompanies(id);
    if (!row) throw notFound('User');
    return row;
  }

  function refuseSelf(ctx: AuthContext, id: string, what: string): void {
    if (ctx.userId === id) throw conflict(`You cannot ${what} your own account`);
  }

  /**
   * Every change below runs under this lock. The caller must still be an active super admin (another super
   * admin may just have deactivated them), and when `target` is an active super admin losing that status,
   * another one must remain.
   */
  async function lockSuperAdmins(tx: DbOrTx, ctx: AuthContext, target?: UserRow): Promise<void> {
    const active = await createAdminAccountsRepo(tx).lockActiveSuperAdmins();
    if (!active.includes(ctx.userId)) throw forbidden('Only an active super admin can do this');
    if (target && active.includes(target.id) && active.length < 2) {
      throw conflict('The platform must keep at least one active super admin');
    }
  }

  async function mailWelcome(user: UserRow, setPasswordToken: string | null): Promise<void> {
    const link = setPasswordToken
      ? `${config.appUrl}/auth/reset-password/${setPasswordToken}`
      : `${config.appUrl}/auth/login`;
    const role = user.role === 'super_admin' ? 'super admin' : 'admin';
    const action = setPasswordToken
      ? `Choose your password within ${SET_PASSWORD_TTL_MS / DAY_MS} days:`
      : 'Sign in with the password you were given:';
    await sendMail(
      mailer,
      {
        to: user.email,
        subject: 'Your Rentora admin account',
        template: 'admin_account_created',
        link,
        text: `Hello ${user.firstName},\n\nAn ${role} account was created for you on Rentora.\n${action}\n${link}\n`,
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>An ${role} account was created for you on Rentora.</p><p>${action}</p><p><a href="${link}">${link}</a></p>`,
      },
      { userId: user.id },
    );
  }

  return {
    async create(ctx: AuthContext, input: AdminCreateBody): Promise<AdminUserDto> {
      const setPasswordToken = input.password ? null : newOpaqueToken();
      const user = await db.transaction(async (tx) => {
        await lockSuperAdmins(tx, ctx);
        if (await auth.findUserByEmail(input.email, tx)) {
          throw conflict('An account with this email already exists');
        }
        const created = await auth.createUser(tx, {
          email: input.email,
          passwordHash: await hashPassword(input.password ?? newOpaqueToken()),
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone ?? null,
          role: input.role,
          subRole: input.subRole ?? null,
          isEmailVerified: Boolean(input.password),
        });
        if (setPasswordToken) {
          await auth.saveSetPasswordToken(tx, created.id, setPasswordToken, SET_PASSWORD_TTL_MS);
        }
        return created;
      });
      await mailWelcome(user, setPasswordToken);
      return toAdminUserDto({ user, companiesCount: 0 });
    },

    async list(query: AdminUserListQuery) {
      const { rows, total } = await repo.listUsers({
        role: query.role,
        isActive: query.isActive,
        search: query.search,
        sortBy: query.sortBy,
        sortOrder: query.sortOrder,
        limit: query.limit,
        offset: offsetOf(query.page, query.limit),
      });
      return { data: rows.map(toAdminUserDto), pagination: makePagination(query.page, query.limit, total) };
    },

    /** Deactivating ends every session and closes open sockets at once. */
    async setStatus(ctx: AuthContext, id: string, isActive: boolean): Promise<AdminUserDto> {
      refuseSelf(ctx, id, isActive ? 'reactivate' : 'deactivate');
      await db.transaction(async (tx) => {
        const user = await auth.findUserById(id, tx);
        if (!user) throw notFound('User');
        await lockSuperAdmins(tx, ctx, !isActive && user.role === 'super_admin' ? user : undefined);
        await auth.updateUser(tx, id, { isActive });
        if (!isActive) await auth.endSessions(tx, id);
      });
      if (!isActive) await events.accountClosed(id);
      return toAdminUserDto(await load(id));
    },

    async setRole(
      ctx: AuthContext,
      id: string,
      input: { role: PlatformRole; subRole?: string | null },
    ): Promise<AdminUserDto> {
      refuseSelf(ctx, id, 'change the role of');
      await db.transaction(async (tx) => {
        const user = await auth.findUserById(id, tx);
        if (!user) throw notFound('User');
        await lockSuperAdmins(tx, ctx, input.role !== 'super_admin' ? user : undefined);
        if (input.role === 'tenant' && (await createAdminAccountsRepo(tx).activeMembershipCount(id)) > 0) {
          throw conflict('This account works in companies: remove it from them before making it a tenant');
        }
        const subRole =
          input.subRole !== undefined ? input.subRole : input.role === user.role ? user.subRole : null;
        await auth.updateUser(tx, id, { role: input.role, subRole });
      });
      return toAdminUserDto(await load(id));
    },

    /**
     * Deletes an account. Refused for the last super admin and for the only owner of a company;
     * the seats its memberships held are given back.
     */
    async remove(ctx: AuthContext, id: string): Promise<void> {
      refuseSelf(ctx, id, 'delete');
      await db.transaction(async (tx) => {
        const txRepo = createAdminAccountsRepo(tx);
        const user = await auth.findUserById(id, tx);
        if (!user) throw notFound('User');
        await lockSuperAdmins(tx, ctx, user);
        const owned = await txRepo.soleOwnedCompanies(id);
        if (owned.length) {
          throw conflict(
            `This user is the only owner of ${owned.map((c) => c.name).join(', ')}: make someone else an owner first`,
          );
        }
        for (const companyId of await txRepo.membershipCompanyIds(id)) {
          await releaseCompanyUsage(tx, companyId, 'users');
        }
        await txRepo.deleteUser(id);
      });
      await events.accountClosed(id);
    },

    async stats(): Promise<AdminUserStats> {
      const { byRole, verified, recent } = await repo.stats(new Date(Date.now() - 30 * DAY_MS));
      const roles: AdminUserStats['byRole'] = { super_admin: 0, admin: 0, tenant: 0, user: 0 };
      let total = 0;
      let active = 0;
      for (const row of byRole) {
        roles[row.role] += row.total;
        total += row.total;
        if (row.isActive) active += row.total;
      }
      return { total, active, inactive: total - active, verified, byRole: roles, newLast30Days: recent };
    },
  };
}
