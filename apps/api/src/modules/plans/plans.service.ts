import {
  makePagination,
  type PlanAdminDto,
  type PlanCreateBody,
  type PlanDto,
  type PlanUpdateBody,
  type PublicPlanDto,
} from '@rentora/shared';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { badRequest, conflict, notFound } from '../../core/errors';
import { iso, offsetOf } from '../../core/http';
import { createPlanManagementRepo, type PlanRow } from './plans.repo';

const PUBLIC_PLANS_LIMIT = 100;

function toPlanDto(plan: PlanRow): PlanDto {
  return {
    _id: plan.id,
    name: plan.name,
    slug: plan.slug,
    description: plan.description,
    price: plan.price,
    currency: plan.currency,
    billingCycle: plan.billingCycle,
    featuresList: plan.featuresList,
    limitations: plan.limitations,
    isDefault: plan.isDefault,
    isActive: plan.isActive,
    sortOrder: plan.sortOrder,
    createdAt: iso(plan.createdAt),
    updatedAt: iso(plan.updatedAt),
  };
}

function toPublicPlanDto(plan: PlanRow): PublicPlanDto {
  const {
    isActive: _active,
    sortOrder: _order,
    createdAt: _created,
    updatedAt: _updated,
    ...rest
  } = toPlanDto(plan);
  return rest;
}

function toPlanAdminDto(row: { plan: PlanRow; companiesCount: number }): PlanAdminDto {
  return { ...toPlanDto(row.plan), companiesCount: row.companiesCount };
}

function slugOf(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug.length >= 2 ? slug : `plan-${slug || 'new'}`;
}

type Deps = Pick<AppDeps, 'db'>;

/**
 * Plans: public catalogue and super-admin management. There is always exactly one default plan, and it is
 * active (new companies start on it). Companies copy a plan's features and limitations when they subscribe
 * (superadmin subscription calls); editing a plan changes them only with `applyToCompanies`.
 */
export function createPlansService(deps: Deps) {
  const { db } = deps;
  const repo = createPlanManagementRepo(db);

  async function adminDto(id: string): Promise<PlanAdminDto> {
    const row = await repo.findWithUsage(id);
    if (!row) throw notFound('Plan');
    return toPlanAdminDto(row);
  }

  return {
    async listPublic(): Promise<PublicPlanDto[]> {
      return (await repo.listActive(PUBLIC_PLANS_LIMIT)).map(toPublicPlanDto);
    },

    async listAdmin(query: { isActive?: boolean; page: number; limit: number }) {
      const { rows, total } = await repo.listWithUsage({
        isActive: query.isActive,
        limit: query.limit,
        offset: offsetOf(query.page, query.limit),
      });
      return { data: rows.map(toPlanAdminDto), pagination: makePagination(query.page, query.limit, total) };
    },

    get: adminDto,

    async create(input: PlanCreateBody): Promise<PlanAdminDto> {
      const isDefault = input.isDefault ?? false;
      const isActive = input.isActive ?? true;
      if (isDefault && !isActive) throw badRequest('The default plan must be active', 'isActive');
      const slug = input.slug ?? slugOf(input.name);
      const id = await db.transaction(async (tx) => {
        const txRepo = createPlanManagementRepo(tx);
        if (await txRepo.slugTaken(slug)) throw conflict(`A plan with the slug "${slug}" already exists`);
        const plan = await txRepo.insert({
          name: input.name,
          slug,
          description: input.description ?? '',
          price: input.price,
          currency: input.currency,
          billingCycle: input.billingCycle,
          featuresList: input.featuresList,
          limitations: input.limitations,
          isActive,
          sortOrder: input.sortOrder ?? 0,
        });
        if (isDefault) await txRepo.makeDefault(plan.id);
        return plan.id;
      });
      return adminDto(id);
    },

    async update(
      id: string,
      input: PlanUpdateBody,
    ): Promise<{ plan: PlanAdminDto; companiesUpdated: number }> {
      const { applyToCompanies, isDefault, ...fields } = input;
      const companiesUpdated = await db.transaction(async (tx) => {
        const txRepo = createPlanManagementRepo(tx);
        const current = await txRepo.findForUpdate(id);
        if (!current) throw notFound('Plan');
        const willBeDefault = isDefault ?? current.isDefault;
        if (current.isDefault && isDefault === false) {
          throw conflict('A default plan is required: make another plan the default instead');
        }
        if (willBeDefault && fields.isActive === false) {
          throw conflict('The default plan cannot be deactivated: make another plan the default first');
        }
        if (willBeDefault && !current.isDefault && current.isActive === false && fields.isActive !== true) {
          throw badRequest('The default plan must be active', 'isActive');
        }
        if (fields.slug && (await txRepo.slugTaken(fields.slug, id))) {
          throw conflict(`A plan with the slug "${fields.slug}" already exists`);
        }
        await txRepo.update(id, fields);
        if (isDefault && !current.isDefault) await txRepo.makeDefault(id);
        await recordAudit(tx, {
          companyId: null,
          action: 'plan.updated',
          entityType: 'plan',
          entityId: id,
          summary: `Plan ${current.name} updated${applyToCompanies ? ' and applied to its companies' : ''}`,
          before: {
            price: current.price,
            featuresList: current.featuresList,
            limitations: current.limitations,
          },
          after: input,
        });
        if (!applyToCompanies) return 0;
        const updated = await txRepo.findForUpdate(id);
        return txRepo.applyToCompanies(updated!);
      });
      return { plan: await adminDto(id), companiesUpdated };
    },

    /** Only a plan no company is on (or scheduled for) can be deleted; deactivate it otherwise. */
    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = createPlanManagementRepo(tx);
        const plan = await txRepo.findForUpdate(id);
        if (!plan) throw notFound('Plan');
        if (plan.isDefault)
          throw conflict('The default plan cannot be deleted: make another plan the default first');
        const using = await txRepo.companiesUsing(id);
        if (using > 0) {
          throw conflict(
            `${using} ${using === 1 ? 'company uses' : 'companies use'} this plan: deactivate it instead`,
          );
        }
        await txRepo.delete(id);
        await recordAudit(tx, {
          companyId: null,
          action: 'plan.deleted',
          entityType: 'plan',
          entityId: id,
          summary: `Plan ${plan.name} deleted`,
          before: { name: plan.name, price: plan.price },
        });
      });
    },
  };
}
