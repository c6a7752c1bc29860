import { z } from 'zod';
import { ZId, ZIsoDate } from './common';

export const ZLimitValue = z.number().int().min(-1).max(1_000_000);
export const ZLimitations = z.object({
  maxPropertiesPerCompany: ZLimitValue,
  maxUsersPerCompany: ZLimitValue,
  maxRentalUnitsPerProperty: ZLimitValue,
});
export type Limitations = z.infer<typeof ZLimitations>;

export const ZUsage = z.object({
  properties: z.number().int(),
  users: z.number().int(),
  rentalUnits: z.number().int(),
});
export type Usage = z.infer<typeof ZUsage>;

export const ZBillingCycle = z.enum(['monthly', 'yearly']);

export const ZPlanDto = z.object({
  _id: ZId,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number().int(),
  currency: z.string(),
  billingCycle: ZBillingCycle,
  featuresList: z.array(z.string()),
  limitations: ZLimitations,
  isDefault: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type PlanDto = z.infer<typeof ZPlanDto>;

/** GET /api/plans — public: the active plans for the pricing page, cheapest first. */
export const ZPublicPlanDto = ZPlanDto.pick({
  _id: true,
  name: true,
  slug: true,
  description: true,
  price: true,
  currency: true,
  billingCycle: true,
  featuresList: true,
  limitations: true,
  isDefault: true,
});
export type PublicPlanDto = z.infer<typeof ZPublicPlanDto>;
