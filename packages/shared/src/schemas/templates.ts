import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { ZId, ZIsoDate, ZQueryBoolean, zListQuery, zQueryArray } from './common';
import { zQueryText } from './properties';
import {
  UNIT_TYPES,
  ZFurnishing,
  ZRentalUnitCreateBody,
  ZRentalUnitDto,
  ZRentalUnitUpdateBody,
  ZUnitPricingDto,
  ZUnitSettings,
  ZUnitType,
} from './rental-units';

/** Rental unit templates: reusable unit settings. */

export const ZTemplateCreateBody = ZUnitSettings.extend({
  name: z.string().trim().min(1, 'Required').max(120),
  /** Global templates are visible to every company; only the super admin makes them. */
  isGlobal: z.boolean().default(false),
});
export type TemplateCreateBody = z.infer<typeof ZTemplateCreateBody>;
export type TemplateCreateInput = z.input<typeof ZTemplateCreateBody>;

export const ZTemplateUpdateBody = ZRentalUnitUpdateBody.pick({
  unitType: true,
  sizeSqft: true,
  bedrooms: true,
  bathrooms: true,
  furnishing: true,
  description: true,
  amenities: true,
  pricing: true,
}).extend({ name: ZTemplateCreateBody.shape.name.optional() });
export type TemplateUpdateBody = z.infer<typeof ZTemplateUpdateBody>;

export const ZTemplateDto = z.object({
  _id: ZId,
  /** null for a global template. */
  companyId: ZId.nullable(),
  isGlobal: z.boolean(),
  name: z.string(),
  description: z.string(),
  unitType: ZUnitType,
  sizeSqft: z.number().int().nullable(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  furnishing: ZFurnishing,
  amenities: z.array(z.string()),
  pricing: ZUnitPricingDto,
  /** Units created from the template. */
  usageCount: z.number().int(),
  lastUsedAt: ZIsoDate.nullable(),
  createdBy: ZId.nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TemplateDto = z.infer<typeof ZTemplateDto>;

export const TEMPLATE_SORT_FIELDS = ['usageCount', 'createdAt', 'name'] as const;

/** GET /rental-unit-templates — 20 per page, most used first, global ones included. */
export const ZTemplateListQuery = zListQuery({
  sortBy: TEMPLATE_SORT_FIELDS,
  defaultSortBy: 'usageCount',
  defaultLimit: PAGE_SIZES.templates,
}).extend({
  search: zQueryText(),
  unitType: zQueryArray(ZUnitType).pipe(z.array(ZUnitType).max(UNIT_TYPES.length)).optional(),
  /** The current company's (the only one allowed, unless super admin). */
  companyId: ZId.optional(),
  includeGlobal: ZQueryBoolean.default(true),
  /** Only global templates (super admin screens). */
  globalOnly: ZQueryBoolean.default(false),
});
export type TemplateListQuery = z.infer<typeof ZTemplateListQuery>;

export const ZPopularTemplatesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZES.popularTemplates),
});

/** POST /rental-units/:id/template — name defaults to "<unit number> template". */
export const ZTemplateFromUnitBody = z
  .object({
    name: ZTemplateCreateBody.shape.name.optional(),
    description: z.string().trim().max(5000).optional(),
  })
  .default({});

/**
 * POST /rental-unit-templates/:id/use — creates a rental unit from the template (counts as a use).
 * Anything given besides the property and unit number overrides the template's value.
 */
export const ZUseTemplateBody = ZRentalUnitCreateBody.pick({
  propertyId: true,
  unitNumber: true,
}).extend(ZRentalUnitUpdateBody.omit({ unitNumber: true }).shape);
export type UseTemplateBody = z.infer<typeof ZUseTemplateBody>;

export const ZUseTemplateResult = z.object({ unit: ZRentalUnitDto, template: ZTemplateDto });
