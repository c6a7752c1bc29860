import { z } from 'zod';
import { PERMISSION_CATEGORIES } from '../permissions/features';
import { ZId, ZIsoDate } from './common';
import { ZCompanySubscription, ZFeature } from './companies';
import { ZLimitations, ZUsage } from './plans';

export const ZVerifyCompanyBody = z.object({
  isVerified: z.boolean(),
  notes: z.string().trim().max(1000).optional(),
});

export const ZSubscriptionUpdateBody = z.object({
  subscriptionId: ZId,
  instantChange: z.boolean().default(false),
});
export const ZSubscriptionForceUpdateBody = z.object({
  subscriptionId: ZId,
  updateCycle: z.boolean().default(true),
});
export const ZSubscriptionCancelBody = z
  .object({ immediate: z.boolean().default(false) })
  .default({ immediate: false });

export const ZFeatureIdBody = z.object({ featureId: ZFeature });
export const ZLimitationsBody = z.object({
  limitations: ZLimitations.partial().refine((value) => Object.keys(value).length > 0, {
    message: 'Give at least one limitation',
  }),
});

export const ZProductFeature = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(PERMISSION_CATEGORIES),
});

export const ZFeaturesAndLimitations = z.object({
  company: z.object({ _id: ZId, name: z.string(), isVerified: z.boolean() }),
  plan: z
    .object({
      _id: ZId,
      name: z.string(),
      slug: z.string(),
      featuresList: z.array(z.string()),
      limitations: ZLimitations,
    })
    .nullable(),
  pendingPlan: z.object({ _id: ZId, name: z.string(), effectiveAt: ZIsoDate }).nullable(),
  subscription: ZCompanySubscription,
  featuresList: z.array(z.string()),
  limitations: ZLimitations,
  usage: ZUsage,
});
