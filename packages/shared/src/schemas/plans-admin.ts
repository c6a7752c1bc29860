import { z } from 'zod';
import { DEFAULT_CURRENCY } from '../constants';
import { ZQueryBoolean } from './common';
import { ZFeature } from './companies';
import { ZBillingCycle, ZLimitations, ZPlanDto } from './plans';

/** Plans management (super_admin). GET /plans stays public: the active plans as ZPublicPlanDto. */

const ZPlanFields = z.object({
  name: z.string().trim().min(1, 'Required').max(80),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(2)
    .max(60)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single dashes'),
  description: z.string().trim().max(1000),
  /** Minor units (paise for INR). */
  price: z.number().int().min(0).max(1_000_000_000),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code'),
  billingCycle: ZBillingCycle,
  /** Catalogue feature names; empty means every feature. */
  featuresList: z
    .array(ZFeature)
    .max(100)
    .refine((list) => new Set(list).size === list.length, { message: 'Each feature may appear once' }),
  limitations: ZLimitations,
  isDefault: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int().min(0).max(10_000),
});

/** POST /plans — the slug is made from the name when not given. */
export const ZPlanCreateBody = ZPlanFields.partial().extend({
  name: ZPlanFields.shape.name,
  price: ZPlanFields.shape.price,
  featuresList: ZPlanFields.shape.featuresList,
  limitations: ZPlanFields.shape.limitations,
  currency: ZPlanFields.shape.currency.default(DEFAULT_CURRENCY),
  billingCycle: ZBillingCycle.default('monthly'),
});
export type PlanCreateBody = z.infer<typeof ZPlanCreateBody>;

/**
 * PUT /plans/:id. Companies copied the plan's features and limitations when they subscribed; they keep them
 * unless `applyToCompanies` is true, which copies the new values to every company on this plan now.
 */
export const ZPlanUpdateBody = ZPlanFields.partial()
  .extend({ applyToCompanies: z.boolean().optional() })
  .refine((value) => Object.keys(value).some((key) => key !== 'applyToCompanies'), {
    message: 'Give at least one field to change',
  });
export type PlanUpdateBody = z.infer<typeof ZPlanUpdateBody>;

export const ZPlanAdminDto = ZPlanDto.extend({
  /** Companies whose current plan this is. */
  companiesCount: z.number().int(),
});
export type PlanAdminDto = z.infer<typeof ZPlanAdminDto>;

/** GET /plans/admin — every plan, inactive ones too unless isActive is given. */
export const ZPlanAdminListQuery = z.object({
  isActive: ZQueryBoolean.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZPlanUpdateResult = z.object({
  plan: ZPlanAdminDto,
  /** Companies that received the new features and limitations (applyToCompanies). */
  companiesUpdated: z.number().int(),
});
