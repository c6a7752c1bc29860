import {
  canUseFeature,
  type Feature,
  holdsFeature,
  planAllows,
  type RentalUnitCreateBody,
  type TemplateCreateBody,
  type TemplateDto,
  type TemplateListQuery,
  type TemplateUpdateBody,
  type UseTemplateBody,
  ZRentalUnitCreateBody,
} from '@rentora/shared';
import { type AuthContext, accessContextOf, type CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { AppError, badRequest, featureNotInPlan, forbidden, notFound } from '../../core/errors';
import { iso, isoOrNull, pageOf } from '../../core/http';
import { toPricingDto } from '../../core/inventory-rows';
import { createUnitIn, type RentalUnitsService } from '../rental-units/rental-units.service';
import { createTemplatesRepo, type TemplateRow, type TemplateScope } from './rental-unit-templates.repo';

export function toTemplateDto(row: TemplateRow): TemplateDto {
  return {
    _id: row.id,
    companyId: row.companyId,
    isGlobal: row.companyId === null,
    name: row.name,
    description: row.description,
    unitType: row.unitType,
    sizeSqft: row.sizeSqft,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    furnishing: row.furnishing,
    amenities: row.amenities,
    pricing: toPricingDto(row),
    usageCount: row.usageCount,
    lastUsedAt: isoOrNull(row.lastUsedAt),
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const isSuperAdmin = (ctx: AuthContext) => ctx.role === 'super_admin';

/**
 * The caller may use one of `anyOf` in the current company (403 FEATURE_NOT_IN_PLAN when held but not in
 * the plan). Templates are declared `access.user` because the super admin manages global templates
 * without a company; everyone else needs a current company.
 */
function requireFeature(ctx: AuthContext, ...anyOf: Feature[]): void {
  if (isSuperAdmin(ctx)) return;
  if (!ctx.companyId) {
    throw new AppError(
      'FORBIDDEN',
      'No company selected: send the x-company-id header of a company you belong to',
    );
  }
  const accessCtx = accessContextOf(ctx);
  if (anyOf.some((feature) => canUseFeature(accessCtx, feature))) return;
  const lacking = anyOf.find(
    (feature) => holdsFeature(accessCtx, feature) && !planAllows(accessCtx, feature),
  );
  if (lacking) throw featureNotInPlan(lacking);
  throw forbidden(`Missing permissions: ${anyOf.join(', ')}`);
}

function requireCompanyOf(ctx: AuthContext): CompanyContext {
  if (!ctx.companyId) throw badRequest('Select a company (x-company-id) to use templates in', 'companyId');
  return ctx as CompanyContext;
}

type Deps = Pick<AppDeps, 'db'> & { units: RentalUnitsService };

export function createTemplatesService(deps: Deps) {
  const { db } = deps;
  const repo = createTemplatesRepo(db);
  const { units } = deps;
  const visibleTo = (ctx: AuthContext): TemplateScope => ({ companyId: ctx.companyId, includeGlobal: true });

  /** A template the caller may change: the company's own with rentalunit write access, a global one as super admin. */
  async function editable(
    ctx: AuthContext,
    templateId: string,
    ...features: Feature[]
  ): Promise<TemplateRow> {
    requireFeature(ctx, ...features);
    const row = await repo.findVisible(visibleTo(ctx), templateId);
    if (!row) throw notFound('Template');
    if (row.companyId === null && !isSuperAdmin(ctx)) {
      throw forbidden('Only the platform super admin can change global templates');
    }
    return row;
  }

  return {
    async list(ctx: AuthContext, query: TemplateListQuery) {
      requireFeature(ctx, 'rentalunit_read');
      const companyId = query.companyId ?? ctx.companyId;
      if (companyId !== ctx.companyId && !isSuperAdmin(ctx)) {
        throw forbidden("You can only list your current company's templates");
      }
      const scope: TemplateScope = query.globalOnly
        ? { companyId: null, includeGlobal: true }
        : { companyId, includeGlobal: query.includeGlobal };
      const { rows, total } = await repo.list(scope, {
        ...query,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { data: rows.map(toTemplateDto), pagination: pageOf(query.page, query.limit, total) };
    },

    async popular(ctx: AuthContext, limit: number): Promise<TemplateDto[]> {
      requireFeature(ctx, 'rentalunit_read');
      const { rows } = await repo.list(visibleTo(ctx), {
        sortBy: 'usageCount',
        sortOrder: 'desc',
        limit,
        offset: 0,
      });
      return rows.map(toTemplateDto);
    },

    async get(ctx: AuthContext, templateId: string): Promise<TemplateDto> {
      requireFeature(ctx, 'rentalunit_read');
      const row = await repo.findVisible(visibleTo(ctx), templateId);
      if (!row) throw notFound('Template');
      return toTemplateDto(row);
    },

    async create(ctx: AuthContext, input: TemplateCreateBody): Promise<TemplateDto> {
      if (input.isGlobal && !isSuperAdmin(ctx)) {
        throw forbidden('Only the platform super admin can create global templates');
      }
      requireFeature(ctx, 'rentalunit_write');
      const companyId = input.isGlobal ? null : requireCompanyOf(ctx).companyId;
      const { isGlobal: _global, pricing, ...rest } = input;
      const row = await repo.insert({
        ...rest,
        companyId,
        rent: pricing.rent,
        securityDeposit: pricing.securityDeposit,
        maintenanceIncluded: pricing.maintenanceCharges.included,
        maintenanceAmount: pricing.maintenanceCharges.amount,
        currency: pricing.currency,
        createdBy: ctx.userId,
      });
      return toTemplateDto(row);
    },

    async update(ctx: AuthContext, templateId: string, input: TemplateUpdateBody): Promise<TemplateDto> {
      const row = await editable(ctx, templateId, 'rentalunit_write', 'rentalunit_update');
      const { pricing, ...rest } = input;
      await repo.update(templateId, row.companyId, {
        ...rest,
        ...(pricing?.rent !== undefined ? { rent: pricing.rent } : {}),
        ...(pricing?.securityDeposit !== undefined ? { securityDeposit: pricing.securityDeposit } : {}),
        ...(pricing?.maintenanceCharges?.included !== undefined
          ? { maintenanceIncluded: pricing.maintenanceCharges.included }
          : {}),
        ...(pricing?.maintenanceCharges?.amount !== undefined
          ? { maintenanceAmount: pricing.maintenanceCharges.amount }
          : {}),
      });
      const updated = await repo.findVisible(visibleTo(ctx), templateId);
      return toTemplateDto(updated ?? row);
    },

    async remove(ctx: AuthContext, templateId: string): Promise<void> {
      const row = await editable(ctx, templateId, 'rentalunit_write', 'rentalunit_delete');
      await repo.delete(templateId, row.companyId);
    },

    /** Saves a unit's settings (type, size, rooms, furnishing, amenities, pricing) as a company template. */
    async fromUnit(
      ctx: AuthContext,
      unitId: string,
      input: { name?: string; description?: string },
    ): Promise<TemplateDto> {
      requireFeature(ctx, 'rentalunit_write');
      const company = requireCompanyOf(ctx);
      const found = await units.findUnit(company.companyId, unitId);
      if (!found) throw notFound('Rental unit');
      const { unit } = found;
      const row = await repo.insert({
        companyId: company.companyId,
        name: input.name ?? `Unit ${unit.unitNumber} template`,
        description: input.description ?? unit.description,
        unitType: unit.unitType,
        sizeSqft: unit.sizeSqft,
        bedrooms: unit.bedrooms,
        bathrooms: unit.bathrooms,
        furnishing: unit.furnishing,
        amenities: unit.amenities,
        rent: unit.rent,
        securityDeposit: unit.securityDeposit,
        maintenanceIncluded: unit.maintenanceIncluded,
        maintenanceAmount: unit.maintenanceAmount,
        currency: unit.currency,
        createdBy: ctx.userId,
      });
      return toTemplateDto(row);
    },

    /** Creates a unit from the template (plan limit checked) and counts the use, in one transaction. */
    async use(ctx: AuthContext, templateId: string, input: UseTemplateBody) {
      requireFeature(ctx, 'rentalunit_write');
      const company = requireCompanyOf(ctx);
      const template = await repo.findVisible(
        { companyId: company.companyId, includeGlobal: true },
        templateId,
      );
      if (!template) throw notFound('Template');
      const { pricing, availability, ...overrides } = input;
      const parsed = ZRentalUnitCreateBody.safeParse({
        unitType: template.unitType,
        sizeSqft: template.sizeSqft,
        bedrooms: template.bedrooms,
        bathrooms: template.bathrooms,
        furnishing: template.furnishing,
        description: template.description,
        amenities: template.amenities,
        ...overrides,
        availability: { ...availability },
        pricing: {
          rent: pricing?.rent ?? template.rent,
          securityDeposit: pricing?.securityDeposit ?? template.securityDeposit,
          maintenanceCharges: {
            included: pricing?.maintenanceCharges?.included ?? template.maintenanceIncluded,
            amount: pricing?.maintenanceCharges?.amount ?? template.maintenanceAmount,
          },
        },
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(issue?.message ?? 'Invalid unit', issue?.path.join('.') ?? '');
      }
      const body: RentalUnitCreateBody = parsed.data;
      const unit = await db.transaction(async (tx) => {
        const created = await createUnitIn(tx, company, body);
        await createTemplatesRepo(tx).countUse(templateId);
        return created;
      });
      const updated = await repo.findVisible(
        { companyId: company.companyId, includeGlobal: true },
        templateId,
      );
      return {
        unit: await units.dtoOf(company.companyId, unit.id),
        template: toTemplateDto(updated ?? template),
      };
    },
  };
}
