import {
  type CompanyRole,
  type CompanyUserDetailDto,
  type CompanyUserDto,
  type CompanyUserGoalCreateBody,
  type CompanyUserGoalUpdateBody,
  type CompanyUserListQuery,
  type CompanyUserPermissionsBody,
  type CompanyUsersStats,
  type CompanyUserUpdateBody,
  canUseFeature,
  type Feature,
  featuresOfPermissionsBody,
  holdsFeature,
  type InvitationCreateBody,
  type MigratePermissionsResult,
  makePagination,
  modulePermissionsToFeatures,
  planAllows,
  TIMINGS,
} from '@rentora/shared';
import { type AuthContext, accessContextOf, type CompanyContext, requireCompany } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { featureNotInPlan, forbidden, notFound } from '../../core/errors';
import { isoOrNull, offsetOf } from '../../core/http';
import { toCompanyUserDto } from '../companies/companies.dto';
import type { CompaniesService } from '../companies/companies.service';
import { changeMember, type MemberChange, removeMember } from '../companies/company-members';
import { createMembershipEvents, type EventLog } from '../companies/membership-events';
import type { InvitationsService } from '../invitations/invitations.service';
import { toGoalDto, toNoteDto, toSummaryDto } from './company-users.dto';
import { createCompanyUsersRepo } from './company-users.repo';

const DAY_MS = 86_400_000;

type ListFilter = Omit<CompanyUserListQuery, 'companyIds' | 'page'> & { page: number };

function parseDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  return value === null ? null : new Date(value);
}

type Deps = Pick<AppDeps, 'db' | 'realtime' | 'notifier'> & {
  companies: CompaniesService;
  invitations: InvitationsService;
};

export function createCompanyUsersService(deps: Deps, log?: EventLog) {
  const { db } = deps;
  const repo = createCompanyUsersRepo(db);
  const { companies, invitations } = deps;
  const events = createMembershipEvents(deps, log);

  /** The caller's context in `companyId` holding one of `anyOf` (404 for a company they are not in). */
  async function requireIn(
    ctx: AuthContext,
    companyId: string,
    ...anyOf: Feature[]
  ): Promise<CompanyContext> {
    const scoped = await companies.contextFor(ctx, companyId);
    const accessCtx = accessContextOf(scoped);
    if (anyOf.some((feature) => canUseFeature(accessCtx, feature))) return scoped;
    const lackingInPlan = anyOf.find(
      (feature) => holdsFeature(accessCtx, feature) && !planAllows(accessCtx, feature),
    );
    if (lackingInPlan) throw featureNotInPlan(lackingInPlan);
    throw forbidden(`Missing permissions: ${anyOf.join(', ')}`);
  }

  async function load(companyId: string, id: string) {
    const row = await repo.findById(companyId, id);
    if (!row) throw notFound('Company user');
    return row;
  }

  async function dto(companyId: string, id: string): Promise<CompanyUserDto> {
    return toCompanyUserDto(await load(companyId, id));
  }

  async function listIn(companyIds: string[], query: ListFilter) {
    const { rows, total } = await repo.list({
      companyIds,
      search: query.search,
      roles: query.role,
      isActive: query.isActive,
      department: query.department,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
      limit: query.limit,
      offset: offsetOf(query.page, query.limit),
    });
    return { data: rows.map(toCompanyUserDto), pagination: makePagination(query.page, query.limit, total) };
  }

  /** Every membership rule applies (core of PUT, role, permissions, deactivate, reactivate). */
  async function change(
    ctx: CompanyContext,
    id: string,
    memberChange: MemberChange,
    permissionsPath?: string,
  ): Promise<CompanyUserDto> {
    const userId = await db.transaction(async (tx) => {
      const found = await createCompanyUsersRepo(tx).findById(ctx.companyId, id);
      if (!found) throw notFound('Company user');
      await changeMember(tx, ctx, found.member, memberChange, permissionsPath);
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'company_user.changed',
        entityType: 'company_user',
        entityId: id,
        summary: `Changed ${Object.keys(memberChange).join(', ')}`,
        before: {
          role: found.member.role,
          isActive: found.member.isActive,
          featurePermissions: found.member.featurePermissions,
        },
        after: memberChange,
      });
      return found.member.userId;
    });
    await events.membershipChanged(userId);
    return dto(ctx.companyId, id);
  }

  return {
    /** The current company, or several (`companyIds`) where the caller holds users_read. */
    async list(ctx: AuthContext, query: CompanyUserListQuery) {
      const companyIds = query.companyIds?.length
        ? [...new Set(query.companyIds)]
        : [requireCompany(ctx).companyId];
      for (const companyId of companyIds) await requireIn(ctx, companyId, 'users_read');
      return listIn(companyIds, query);
    },

    async listByCompany(ctx: AuthContext, query: ListFilter & { companyId: string }) {
      await requireIn(ctx, query.companyId, 'users_read');
      return listIn([query.companyId], query);
    },

    async limited(ctx: CompanyContext, query: { search?: string; role?: CompanyRole[]; limit: number }) {
      const rows = await repo.listActive(ctx.companyId, {
        search: query.search,
        roles: query.role,
        limit: query.limit,
      });
      return { data: rows.map(toSummaryDto), cacheTtlMs: TIMINGS.limitedCompanyUsersCacheMs };
    },

    async get(ctx: CompanyContext, id: string): Promise<CompanyUserDetailDto> {
      const row = await load(ctx.companyId, id);
      const [goals, notesCount, extras] = await Promise.all([
        repo.listGoals(ctx.companyId, id),
        repo.countNotes(ctx.companyId, id),
        repo.findDetailExtras(ctx.companyId, id),
      ]);
      const invitedBy = extras?.inviter ?? null;
      return {
        ...toCompanyUserDto(row),
        goals: goals.map(toGoalDto),
        notesCount,
        invitedBy: invitedBy
          ? { _id: invitedBy.id, firstName: invitedBy.firstName, lastName: invitedBy.lastName }
          : null,
        lastLoginAt: isoOrNull(extras?.lastLoginAt ?? null),
      };
    },

    update(ctx: CompanyContext, id: string, input: CompanyUserUpdateBody) {
      return change(ctx, id, input);
    },

    /** Replaces featurePermissions: catalogue names only, within the plan, none the caller lacks. */
    setPermissions(ctx: CompanyContext, id: string, input: CompanyUserPermissionsBody) {
      return change(
        ctx,
        id,
        { featurePermissions: featuresOfPermissionsBody(input.permissions) },
        'permissions',
      );
    },

    setRole(ctx: CompanyContext, id: string, input: { role: CompanyRole; keepPermissions: boolean }) {
      return change(ctx, id, { role: input.role, keepPermissions: input.keepPermissions });
    },

    setActive(ctx: CompanyContext, id: string, isActive: boolean) {
      return change(ctx, id, { isActive });
    },

    async remove(ctx: CompanyContext, id: string): Promise<void> {
      const userId = await db.transaction(async (tx) => {
        const found = await createCompanyUsersRepo(tx).findById(ctx.companyId, id);
        if (!found) throw notFound('Company user');
        await removeMember(tx, ctx, found.member);
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'company_user.removed',
          entityType: 'company_user',
          entityId: id,
          before: { userId: found.member.userId, role: found.member.role },
        });
        return found.member.userId;
      });
      await events.membershipChanged(userId);
    },

    async addGoal(ctx: CompanyContext, id: string, input: CompanyUserGoalCreateBody) {
      await load(ctx.companyId, id);
      const goal = await repo.insertGoal({
        companyId: ctx.companyId,
        companyUserId: id,
        title: input.title,
        description: input.description ?? null,
        targetValue: input.targetValue ?? null,
        currentValue: input.currentValue ?? 0,
        unit: input.unit ?? null,
        dueDate: parseDate(input.dueDate) ?? null,
        status: input.status ?? 'not_started',
        createdBy: ctx.userId,
      });
      return toGoalDto(goal);
    },

    async updateGoal(ctx: CompanyContext, id: string, goalId: string, input: CompanyUserGoalUpdateBody) {
      await load(ctx.companyId, id);
      if (!(await repo.findGoal(ctx.companyId, id, goalId))) throw notFound('Goal');
      const { dueDate, ...rest } = input;
      const updated = await repo.updateGoal(ctx.companyId, goalId, {
        ...rest,
        ...(dueDate !== undefined ? { dueDate: parseDate(dueDate) } : {}),
      });
      if (!updated) throw notFound('Goal');
      return toGoalDto(updated);
    },

    async deleteGoal(ctx: CompanyContext, id: string, goalId: string): Promise<void> {
      await load(ctx.companyId, id);
      if (!(await repo.findGoal(ctx.companyId, id, goalId))) throw notFound('Goal');
      await repo.deleteGoal(ctx.companyId, goalId);
    },

    async listNotes(ctx: CompanyContext, id: string, page: number, limit: number) {
      await load(ctx.companyId, id);
      const { rows, total } = await repo.listNotes(ctx.companyId, id, {
        limit,
        offset: offsetOf(page, limit),
      });
      return { data: rows.map(toNoteDto), pagination: makePagination(page, limit, total) };
    },

    async addNote(ctx: CompanyContext, id: string, content: string) {
      await load(ctx.companyId, id);
      const note = await repo.insertNote({
        companyId: ctx.companyId,
        companyUserId: id,
        authorId: ctx.userId,
        content,
      });
      return toNoteDto({
        note,
        author: { id: ctx.userId, firstName: ctx.user.firstName, lastName: ctx.user.lastName },
      });
    },

    invite(ctx: CompanyContext, input: InvitationCreateBody) {
      return invitations.create(ctx, { ...input, companyId: input.companyId ?? ctx.companyId });
    },

    resendInvitation(ctx: CompanyContext, invitationId: string) {
      return invitations.resend(ctx, invitationId);
    },

    cancelInvitation(ctx: CompanyContext, invitationId: string) {
      return invitations.cancel(ctx, invitationId);
    },

    /**
     * Converts permissions of the module/actions form into featurePermissions (added to those already held)
     * and clears the old form. Own record by default; another user's or everyone's needs users_write.
     */
    async migratePermissions(
      ctx: CompanyContext,
      input: { userId?: string; all?: boolean } | null | undefined,
    ): Promise<MigratePermissionsResult> {
      const targetUserId = input?.userId ?? ctx.userId;
      if (input?.all || targetUserId !== ctx.userId) await requireIn(ctx, ctx.companyId, 'users_write');
      const migrated = await db.transaction(async (tx) => {
        const txRepo = createCompanyUsersRepo(tx);
        const rows = await txRepo.listWithModulePermissions(
          ctx.companyId,
          input?.all ? undefined : targetUserId,
        );
        for (const row of rows) {
          const featurePermissions = [
            ...new Set([...row.featurePermissions, ...modulePermissionsToFeatures(row.permissions)]),
          ];
          await txRepo.setMemberPermissions(ctx.companyId, row.id, { featurePermissions, permissions: [] });
        }
        return rows.length;
      });
      const target = await companies.findMember(ctx.companyId, targetUserId);
      if (!target) {
        if (targetUserId === ctx.userId && (ctx.role === 'super_admin' || ctx.role === 'admin')) {
          return { featurePermissions: [...ctx.features], migrated };
        }
        throw notFound('Company user');
      }
      return { featurePermissions: target.member.featurePermissions, migrated };
    },

    async stats(ctx: AuthContext, companyId: string): Promise<CompanyUsersStats> {
      await requireIn(ctx, companyId, 'users_read');
      const company = await companies.findCompanyRecord(companyId);
      if (!company) throw notFound('Company');
      const [{ byRoleRows, byDepartmentRows, joinedSince }, pending] = await Promise.all([
        repo.stats(companyId, new Date(Date.now() - 30 * DAY_MS)),
        invitations.countPending(companyId),
      ]);
      const byRole: Record<string, number> = {};
      let total = 0;
      let active = 0;
      for (const row of byRoleRows) {
        byRole[row.role] = (byRole[row.role] ?? 0) + row.total;
        total += row.total;
        if (row.isActive) active += row.total;
      }
      const byDepartment: Record<string, number> = {};
      for (const row of byDepartmentRows) byDepartment[row.department ?? 'unassigned'] = row.total;
      const used = company.company.usageUsers;
      const limit = company.company.limitations.maxUsersPerCompany;
      return {
        total,
        active,
        inactive: total - active,
        byRole,
        byDepartment,
        pendingInvitations: pending,
        joinedLast30Days: joinedSince,
        seats: { used, limit, remaining: limit === -1 ? null : Math.max(0, limit - used - pending) },
      };
    },
  };
}

export type CompanyUsersService = ReturnType<typeof createCompanyUsersService>;
