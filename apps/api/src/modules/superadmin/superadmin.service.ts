import type {
  ZSubscriptionCancelBody,
  ZSubscriptionForceUpdateBody,
  ZSubscriptionUpdateBody,
  ZVerifyCompanyBody,
} from '@rentora/shared';
import { FEATURES, type Limitations, PERMISSION_CATALOGUE } from '@rentora/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { badRequest, notFound } from '../../core/errors';
import { iso } from '../../core/http';
import { toCompanyDto } from '../companies/companies.dto';
import { type CompaniesService, type CompanyRow, periodEnd } from '../companies/companies.service';
import { createPlansRepo, type PlanRow } from './plans.repo';

type Deps = Pick<AppDeps, 'db'> & { companies: CompaniesService };

export function createSuperadminService(deps: Deps) {
  const { db, companies } = deps;

  /** Plan and subscription changes of the super admin, after they are made. */
  const audit = (companyId: string, action: string, after: unknown) =>
    recordAudit(db, { companyId, action, entityType: 'company', entityId: companyId, after });
  const plans = createPlansRepo(db);

  async function loadCompany(companyId: string) {
    const row = await companies.findCompanyRecord(companyId);
    if (!row) throw notFound('Company');
    return row;
  }

  async function loadPlan(planId: string): Promise<PlanRow> {
    const plan = await plans.findPlan(planId);
    if (!plan?.isActive) throw notFound('Plan');
    return plan;
  }

  async function companyDto(companyId: string) {
    return toCompanyDto(await loadCompany(companyId));
  }

  function planValues(plan: PlanRow): Partial<CompanyRow> {
    return {
      planId: plan.id,
      pendingPlanId: null,
      billingCycle: plan.billingCycle,
      featuresList: plan.featuresList,
      limitations: plan.limitations,
    };
  }

  function newPeriod(cycle: 'monthly' | 'yearly'): Partial<CompanyRow> {
    const now = new Date();
    return { currentPeriodStart: now, currentPeriodEnd: periodEnd(now, cycle) };
  }

  return {
    productFeatures() {
      return PERMISSION_CATALOGUE.map((entry) => ({
        _id: entry.feature,
        name: entry.name,
        description: entry.description,
        category: entry.category,
      }));
    },

    async verifyCompany(companyId: string, input: z.infer<typeof ZVerifyCompanyBody>) {
      await loadCompany(companyId);
      await companies.updateCompanyRecord(companyId, {
        isVerified: input.isVerified,
        verificationNotes: input.notes ?? null,
        verifiedAt: input.isVerified ? new Date() : null,
      });
      await audit(companyId, 'company.verification_decided', input);
      return companyDto(companyId);
    },

    async featuresAndLimitations(companyId: string) {
      const { company } = await loadCompany(companyId);
      const plan = company.planId ? await plans.findPlan(company.planId) : undefined;
      const pending = company.pendingPlanId ? await plans.findPlan(company.pendingPlanId) : undefined;
      const dto = toCompanyDto({ company, planName: plan?.name ?? null, planSlug: plan?.slug ?? null });
      return {
        company: { _id: company.id, name: company.name, isVerified: company.isVerified },
        plan: plan
          ? {
              _id: plan.id,
              name: plan.name,
              slug: plan.slug,
              featuresList: plan.featuresList,
              limitations: plan.limitations,
            }
          : null,
        pendingPlan: pending
          ? { _id: pending.id, name: pending.name, effectiveAt: iso(company.currentPeriodEnd) }
          : null,
        subscription: dto.subscription,
        featuresList: company.featuresList,
        limitations: company.limitations,
        usage: dto.usage,
      };
    },

    /** Instant: the plan applies now. Otherwise it applies when the current period ends (on renew). */
    async updateSubscription(companyId: string, input: z.infer<typeof ZSubscriptionUpdateBody>) {
      await loadCompany(companyId);
      const plan = await loadPlan(input.subscriptionId);
      await companies.updateCompanyRecord(
        companyId,
        input.instantChange
          ? { ...planValues(plan), subscriptionStatus: 'active', cancelAtPeriodEnd: false }
          : { pendingPlanId: plan.id },
      );
      await audit(companyId, 'subscription.updated', input);
      return companyDto(companyId);
    },

    async forceUpdateSubscription(companyId: string, input: z.infer<typeof ZSubscriptionForceUpdateBody>) {
      await loadCompany(companyId);
      const plan = await loadPlan(input.subscriptionId);
      await companies.updateCompanyRecord(companyId, {
        ...planValues(plan),
        subscriptionStatus: 'active',
        cancelAtPeriodEnd: false,
        ...(input.updateCycle ? newPeriod(plan.billingCycle) : {}),
      });
      await audit(companyId, 'subscription.force_updated', input);
      return companyDto(companyId);
    },

    async cancelSubscription(companyId: string, input: z.infer<typeof ZSubscriptionCancelBody>) {
      await loadCompany(companyId);
      await companies.updateCompanyRecord(
        companyId,
        input.immediate
          ? { subscriptionStatus: 'cancelled', cancelAtPeriodEnd: false, currentPeriodEnd: new Date() }
          : { cancelAtPeriodEnd: true },
      );
      await audit(companyId, 'subscription.cancelled', input);
      return companyDto(companyId);
    },

    /** Starts a new period; a plan change waiting for the period end applies now. */
    async renewSubscription(companyId: string) {
      const { company } = await loadCompany(companyId);
      const pending = company.pendingPlanId ? await loadPlan(company.pendingPlanId) : undefined;
      await companies.updateCompanyRecord(companyId, {
        ...(pending ? planValues(pending) : {}),
        subscriptionStatus: 'active',
        cancelAtPeriodEnd: false,
        ...newPeriod(pending?.billingCycle ?? company.billingCycle),
      });
      await audit(companyId, 'subscription.renewed', {});
      return companyDto(companyId);
    },

    async addFeature(companyId: string, feature: string) {
      const { company } = await loadCompany(companyId);
      // An empty list already means every feature.
      if (company.featuresList.length > 0 && !company.featuresList.includes(feature)) {
        await companies.updateCompanyRecord(companyId, { featuresList: [...company.featuresList, feature] });
      }
      await audit(companyId, 'plan_features.added', { feature });
      return companyDto(companyId);
    },

    async removeFeature(companyId: string, feature: string) {
      const { company } = await loadCompany(companyId);
      const current = company.featuresList.length > 0 ? company.featuresList : [...FEATURES];
      const next = current.filter((entry) => entry !== feature);
      if (next.length === 0) throw badRequest('A company must keep at least one feature', 'featureId');
      await companies.updateCompanyRecord(companyId, { featuresList: next });
      await audit(companyId, 'plan_features.removed', { feature });
      return companyDto(companyId);
    },

    async updateLimitations(companyId: string, limitations: Partial<Limitations>) {
      const { company } = await loadCompany(companyId);
      await companies.updateCompanyRecord(companyId, {
        limitations: { ...company.limitations, ...limitations },
      });
      await audit(companyId, 'limitations.updated', limitations);
      return companyDto(companyId);
    },

    async resetLimitations(companyId: string) {
      const { company } = await loadCompany(companyId);
      if (!company.planId) throw badRequest('The company has no plan to reset to');
      const plan = await loadPlan(company.planId);
      await companies.updateCompanyRecord(companyId, { limitations: plan.limitations });
      return companyDto(companyId);
    },
  };
}
