import { type CompanyRole, ROLE_DEFAULT_FEATURES } from '@rentora/shared';
import type { AuthContext } from '../../core/access';
import { badRequest, conflict, forbidden } from '../../core/errors';
import { releaseCompanyUsage, reserveCompanyUsage } from '../../core/plan-limits';
import type { DbOrTx } from '../../db/client';
import { type CompanyUserRow, createCompaniesRepo } from './companies.repo';

/**
 * The rules of company membership, shared by /companies/:id/users, /company-users and /invitations:
 * - a company always keeps at least one active owner;
 * - only owners (and platform staff) may change an owner's record or give the owner role;
 * - nobody but platform staff may grant a permission they do not hold themselves;
 * - explicit permission lists must stay inside the company plan (role defaults are kept whole: the plan
 *   is applied on every request, so an upgrade unlocks them);
 * - a role change resets featurePermissions to the role's defaults unless told otherwise;
 * - deactivated members keep their seat (maxUsersPerCompany); removing a member frees it.
 * Services call these inside their transaction; `actor` is the caller's context in that company.
 */

export interface MemberChange {
  role?: CompanyRole;
  featurePermissions?: string[];
  /** With a role change: keep the current featurePermissions instead of the role's defaults. */
  keepPermissions?: boolean;
  isActive?: boolean;
  designation?: string | null;
  department?: string | null;
}

function isPlatformStaff(actor: AuthContext): boolean {
  return actor.role === 'super_admin' || actor.role === 'admin';
}

export function assertFeaturesInPlan(
  actor: AuthContext,
  features: readonly string[],
  path = 'featurePermissions',
): void {
  if (!actor.planFeatures.length) return;
  const outside = features.filter((feature) => !actor.planFeatures.includes(feature));
  if (outside.length) throw badRequest(`Not in the company's plan: ${outside.join(', ')}`, path);
}

function assertCanGrant(actor: AuthContext, added: readonly string[]): void {
  if (isPlatformStaff(actor) || added.length === 0) return;
  const notHeld = added.filter((feature) => !actor.features.includes(feature));
  if (notHeld.length) {
    throw forbidden(`You cannot grant permissions you do not hold: ${notHeld.join(', ')}`);
  }
}

function assertMayManage(actor: AuthContext, target: CompanyUserRow, nextRole?: CompanyRole): void {
  if (isPlatformStaff(actor) || actor.companyRole === 'owner') return;
  if (target.role === 'owner' || nextRole === 'owner') {
    throw forbidden('Only an owner can change an owner or make someone an owner');
  }
}

/** Refuses a change that would leave the company without an active owner (owners locked meanwhile). */
export async function assertOwnerRemains(tx: DbOrTx, companyId: string, userId: string): Promise<void> {
  const owners = await createCompaniesRepo(tx).lockActiveOwners(companyId);
  if (owners.length === 1 && owners[0] === userId) {
    throw conflict('A company must keep at least one active owner');
  }
}

/** Applies a change to a member's record with every membership rule. */
export async function changeMember(
  tx: DbOrTx,
  actor: AuthContext,
  target: CompanyUserRow,
  change: MemberChange,
  permissionsPath = 'featurePermissions',
): Promise<void> {
  assertMayManage(actor, target, change.role);
  if (change.featurePermissions) assertFeaturesInPlan(actor, change.featurePermissions, permissionsPath);
  const demotesOwner =
    target.role === 'owner' &&
    target.isActive &&
    ((change.role !== undefined && change.role !== 'owner') || change.isActive === false);
  if (demotesOwner) await assertOwnerRemains(tx, target.companyId, target.userId);

  const roleChanged = change.role !== undefined && change.role !== target.role;
  const featurePermissions =
    change.featurePermissions ??
    (roleChanged && !change.keepPermissions ? [...ROLE_DEFAULT_FEATURES[change.role!]] : undefined);
  if (featurePermissions) {
    assertCanGrant(
      actor,
      featurePermissions.filter((feature) => !target.featurePermissions.includes(feature)),
    );
  }
  const { keepPermissions: _keep, featurePermissions: _given, ...fields } = change;
  await createCompaniesRepo(tx).updateMember(target.companyId, target.userId, {
    ...fields,
    // Written permissions replace the old module/actions form too, so a later migration cannot bring it back.
    ...(featurePermissions ? { featurePermissions: [...new Set(featurePermissions)], permissions: [] } : {}),
  });
}

/** Removes a member (never the last owner) and gives back their seat. */
export async function removeMember(tx: DbOrTx, actor: AuthContext, target: CompanyUserRow): Promise<void> {
  assertMayManage(actor, target);
  if (target.role === 'owner' && target.isActive) {
    await assertOwnerRemains(tx, target.companyId, target.userId);
  }
  await createCompaniesRepo(tx).deleteMember(target.companyId, target.userId);
  await releaseCompanyUsage(tx, target.companyId, 'users');
}

/**
 * Adds an account to a company with the role's default permissions, taking one seat of maxUsersPerCompany
 * (403 PLAN_LIMIT_REACHED when none is left). A tenant account becomes a staff (`user`) account.
 */
export async function joinCompany(
  tx: DbOrTx,
  input: {
    companyId: string;
    user: { id: string; role: string };
    role: CompanyRole;
    designation?: string | null;
    department?: string | null;
    invitedBy?: string | null;
  },
): Promise<CompanyUserRow> {
  const repo = createCompaniesRepo(tx);
  if (await repo.findMember(input.companyId, input.user.id)) {
    throw conflict('This user is already a member of the company');
  }
  await reserveCompanyUsage(tx, input.companyId, 'users');
  if (input.user.role === 'tenant') await repo.makeStaffAccount(input.user.id);
  return repo.insertMember({
    companyId: input.companyId,
    userId: input.user.id,
    role: input.role,
    featurePermissions: [...ROLE_DEFAULT_FEATURES[input.role]],
    designation: input.designation ?? null,
    department: input.department ?? null,
    invitedBy: input.invitedBy ?? null,
  });
}

/** Giving a role gives its default permissions: the owner role and permissions the actor lacks are refused. */
export function assertMayGiveRole(actor: AuthContext, role: CompanyRole): void {
  if (isPlatformStaff(actor) || actor.companyRole === 'owner') return;
  if (role === 'owner') throw forbidden('Only an owner can make someone an owner');
  assertCanGrant(actor, ROLE_DEFAULT_FEATURES[role]);
}
