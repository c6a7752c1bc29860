import { randomBytes } from 'node:crypto';
import type { ZAddCompanyMemberBody, ZCompanyListQuery, ZUpdateCompanyMemberBody } from '@rentora/shared';
import {
  type CompanyCreateBody,
  type CompanyRole,
  type CompanySecurityDto,
  type CompanyUpdateBody,
  canUseFeature,
  type Feature,
  makePagination,
  type PermissionContextDto,
  ROLE_DEFAULT_FEATURES,
} from '@rentora/shared';
import type { z } from 'zod';
import { type AuthContext, accessContextOf, loadAuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { AppError, forbidden, notFound } from '../../core/errors';
import { offsetOf } from '../../core/http';
import type { DbOrTx } from '../../db/client';
import { toUserDto } from '../auth/user-dto';
import { toCompanyDto, toCompanyUserDto } from './companies.dto';
import {
  type CompanyWithPlan,
  createCompaniesRepo,
  type MemberWithUser,
  type NewCompany,
} from './companies.repo';

export type { CompanyRow, CompanyWithPlan, MemberWithUser } from './companies.repo';

import { changeMember, joinCompany, removeMember } from './company-members';
import { createMembershipEvents } from './membership-events';

export function slugify(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'company'}-${randomBytes(3).toString('hex')}`;
}

export function periodEnd(start: Date, cycle: 'monthly' | 'yearly'): Date {
  const end = new Date(start);
  if (cycle === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

const DEFAULT_ADDRESS = { line1: '', line2: '', city: '', state: '', postalCode: '', country: 'India' };

type Deps = Pick<AppDeps, 'db' | 'realtime' | 'notifier'>;

export function createCompaniesService(deps: Deps) {
  const { db } = deps;
  const repo = createCompaniesRepo(db);
  const events = createMembershipEvents(deps);

  /**
   * The caller's context in `companyId`: the request's own when it is that company, otherwise loaded.
   * Not a member (and not platform staff): 404, so that other companies' ids are not revealed.
   */
  async function contextFor(
    ctx: AuthContext,
    companyId: string,
  ): Promise<AuthContext & { companyId: string }> {
    if (ctx.companyId === companyId) return ctx as AuthContext & { companyId: string };
    try {
      const loaded = await loadAuthContext(db, { sub: ctx.userId, sid: ctx.sessionId }, companyId);
      if (loaded.companyId === companyId) return loaded as AuthContext & { companyId: string };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'FORBIDDEN') throw error;
    }
    throw notFound('Company');
  }

  async function requireFeatureIn(ctx: AuthContext, companyId: string, ...anyOf: Feature[]) {
    const scoped = await contextFor(ctx, companyId);
    const accessCtx = accessContextOf(scoped);
    if (!anyOf.some((feature) => canUseFeature(accessCtx, feature))) {
      throw forbidden(`Missing permissions: ${anyOf.join(', ')}`);
    }
    return scoped;
  }

  async function companyDto(companyId: string) {
    const row = await repo.findCompany(companyId);
    if (!row) throw notFound('Company');
    return toCompanyDto(row);
  }

  async function memberDto(companyId: string, userId: string, scopedRepo = repo) {
    const row = await scopedRepo.findMember(companyId, userId);
    if (!row) throw notFound('Company user');
    return toCompanyUserDto(row);
  }

  /** Creates a company on the default plan with `ownerId` as its owner. Call inside a transaction. */
  async function createCompanyWithOwner(tx: DbOrTx, input: { company: CompanyCreateBody }, ownerId: string) {
    const txRepo = createCompaniesRepo(tx);
    const plan = await txRepo.findDefaultPlan();
    if (!plan) throw new AppError('INTERNAL_ERROR', 'No default plan is configured');
    const now = new Date();
    const company = await txRepo.insertCompany({
      name: input.company.name,
      slug: slugify(input.company.name),
      email: input.company.email ?? null,
      phone: input.company.phone ?? null,
      website: input.company.website ?? null,
      description: input.company.description ?? null,
      address: { ...DEFAULT_ADDRESS, ...input.company.address },
      ownerId,
      planId: plan.id,
      billingCycle: plan.billingCycle,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd(now, plan.billingCycle),
      featuresList: plan.featuresList,
      limitations: plan.limitations,
      usageUsers: 1,
    });
    await txRepo.insertMember({
      companyId: company.id,
      userId: ownerId,
      role: 'owner',
      featurePermissions: ROLE_DEFAULT_FEATURES.owner,
    });
    const created = await txRepo.findCompany(company.id);
    return { company: toCompanyDto(created!), companyUser: await memberDto(company.id, ownerId, txRepo) };
  }

  return {
    contextFor,
    requireFeatureIn,
    createCompanyWithOwner,

    /** The member and their account, or undefined; inside the caller's transaction when it passes `tx`. */
    findMember(companyId: string, userId: string, tx: DbOrTx = db): Promise<MemberWithUser | undefined> {
      return createCompaniesRepo(tx).findMember(companyId, userId);
    },

    /** The company row with its plan's name, or undefined. */
    findCompanyRecord(companyId: string, tx: DbOrTx = db): Promise<CompanyWithPlan | undefined> {
      return createCompaniesRepo(tx).findCompany(companyId);
    },

    /** Writes fields of the company row as they are (the super admin's plan and subscription changes). */
    updateCompanyRecord(companyId: string, values: Partial<NewCompany>): Promise<void> {
      return repo.updateCompany(companyId, values);
    },

    async permissionContextOf(ctx: AuthContext): Promise<PermissionContextDto> {
      const accessCtx = accessContextOf(ctx);
      const company = ctx.companyId ? await companyDto(ctx.companyId) : null;
      const companyUser =
        ctx.companyId && ctx.companyRole
          ? await memberDto(ctx.companyId, ctx.userId).catch(() => null)
          : null;
      return {
        user: toUserDto(ctx.user),
        isSuperAdmin: ctx.role === 'super_admin',
        company,
        companyUser,
        featuresList: company?.featuresList ?? [],
        limitations: company?.limitations ?? null,
        usage: company?.usage ?? null,
        permissions: ctx.features.filter((feature) => canUseFeature(accessCtx, feature)),
        mfaSetupRequired: ctx.mfaSetupRequired,
      };
    },

    async listCompanies(ctx: AuthContext, query: z.infer<typeof ZCompanyListQuery>) {
      const page = query.page ?? 1;
      const limit = query.limit ?? 100;
      const platformWide = ctx.role === 'super_admin' || ctx.role === 'admin';
      const { rows, total } = await repo.listCompanies({
        userId: platformWide ? undefined : ctx.userId,
        search: query.search,
        isVerified: query.isVerified === undefined ? undefined : query.isVerified === 'true',
        sortBy: query.sortBy,
        sortOrder: query.sortOrder,
        limit,
        offset: offsetOf(page, limit),
      });
      return { data: rows.map(toCompanyDto), pagination: makePagination(page, limit, total) };
    },

    async getCompany(ctx: AuthContext, companyId: string) {
      await contextFor(ctx, companyId);
      return companyDto(companyId);
    },

    async createCompany(ctx: AuthContext, input: CompanyCreateBody) {
      return db.transaction(async (tx) => {
        if (ctx.role === 'tenant') await createCompaniesRepo(tx).makeStaffAccount(ctx.userId);
        return createCompanyWithOwner(tx, { company: input }, ctx.userId);
      });
    },

    async updateCompany(ctx: AuthContext, companyId: string, input: CompanyUpdateBody) {
      await requireFeatureIn(ctx, companyId, 'company_write', 'company_update');
      const current = await repo.findCompany(companyId);
      if (!current) throw notFound('Company');
      const { address, ...rest } = input;
      await repo.updateCompany(companyId, {
        ...rest,
        ...(address ? { address: { ...current.company.address, ...address } } : {}),
      });
      return companyDto(companyId);
    },

    /** Which company roles must have two-factor sign-in on before using the company. */
    async getSecurity(ctx: AuthContext, companyId: string): Promise<CompanySecurityDto> {
      await requireFeatureIn(ctx, companyId, 'company_read', 'company_update');
      const row = await repo.findCompany(companyId);
      if (!row) throw notFound('Company');
      return { require2faForRoles: row.company.require2faForRoles as CompanyRole[] };
    },

    async updateSecurity(
      ctx: AuthContext,
      companyId: string,
      input: CompanySecurityDto,
    ): Promise<CompanySecurityDto> {
      await requireFeatureIn(ctx, companyId, 'company_update');
      const roles = [...new Set(input.require2faForRoles)];
      await db.transaction(async (tx) => {
        const before = await createCompaniesRepo(tx).findCompany(companyId);
        if (!before) throw notFound('Company');
        await createCompaniesRepo(tx).updateCompany(companyId, { require2faForRoles: roles });
        await recordAudit(tx, {
          companyId,
          action: 'company.security_changed',
          entityType: 'company',
          entityId: companyId,
          summary: 'Two-factor sign-in policy changed',
          before: { require2faForRoles: before.company.require2faForRoles },
          after: { require2faForRoles: roles },
        });
      });
      return { require2faForRoles: roles };
    },

    async deleteCompany(ctx: AuthContext, companyId: string) {
      const scoped = await requireFeatureIn(ctx, companyId, 'company_delete');
      if (ctx.role !== 'super_admin' && scoped.companyRole !== 'owner') {
        throw forbidden('Only an owner can delete the company');
      }
      await repo.deleteCompany(companyId);
    },

    async stats(ctx: AuthContext, companyId: string) {
      await requireFeatureIn(ctx, companyId, 'company_read');
      const company = await companyDto(companyId);
      const counts = await repo.memberCounts(companyId);
      const byRole: Record<string, number> = {};
      let total = 0;
      let active = 0;
      for (const row of counts) {
        byRole[row.role] = (byRole[row.role] ?? 0) + row.total;
        total += row.total;
        if (row.isActive) active += row.total;
      }
      return { usage: company.usage, limitations: company.limitations, members: { total, active, byRole } };
    },

    async listMembers(ctx: AuthContext, companyId: string, page: number, limit: number) {
      await requireFeatureIn(ctx, companyId, 'users_read');
      const { rows, total } = await repo.listMembers(companyId, { limit, offset: offsetOf(page, limit) });
      return { data: rows.map(toCompanyUserDto), pagination: makePagination(page, limit, total) };
    },

    async addMember(ctx: AuthContext, companyId: string, input: z.infer<typeof ZAddCompanyMemberBody>) {
      await requireFeatureIn(ctx, companyId, 'users_write');
      const member = await db.transaction(async (tx) => {
        const user = await createCompaniesRepo(tx).findAccountByEmail(input.email);
        if (!user) throw notFound('User');
        await joinCompany(tx, {
          companyId,
          user,
          role: input.role,
          designation: input.designation,
          department: input.department,
          invitedBy: ctx.userId,
        });
        return memberDto(companyId, user.id, createCompaniesRepo(tx));
      });
      await events.membershipChanged(member.userId);
      return member;
    },

    async updateMember(
      ctx: AuthContext,
      companyId: string,
      userId: string,
      input: z.infer<typeof ZUpdateCompanyMemberBody>,
    ) {
      const scoped = await requireFeatureIn(ctx, companyId, 'users_write', 'users_update');
      const member = await db.transaction(async (tx) => {
        const txRepo = createCompaniesRepo(tx);
        const existing = await txRepo.findMember(companyId, userId);
        if (!existing) throw notFound('Company user');
        await changeMember(tx, scoped, existing.member, input);
        return memberDto(companyId, userId, txRepo);
      });
      await events.membershipChanged(userId);
      return member;
    },

    async removeMember(ctx: AuthContext, companyId: string, userId: string) {
      const scoped = await requireFeatureIn(ctx, companyId, 'users_write', 'users_delete');
      await db.transaction(async (tx) => {
        const existing = await createCompaniesRepo(tx).findMember(companyId, userId);
        if (!existing) throw notFound('Company user');
        await removeMember(tx, scoped, existing.member);
      });
      await events.membershipChanged(userId);
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
