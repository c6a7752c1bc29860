import { z } from 'zod';
import { LATE_FEE_SCOPES, LATE_FEE_TYPES } from '../domain/late-fees';
import { ZId, zListQuery } from './common';
import { ZMoney } from './properties';

/** Late-fee rules by company, property and tenancy (PUT/GET/DELETE /api/collections/late-fee-rules). */

export const ZLateFeeScope = z.enum(LATE_FEE_SCOPES);
export const ZLateFeeType = z.enum(LATE_FEE_TYPES);

const hasTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const ZPercent = z
  .number()
  .positive('Must be more than 0')
  .max(100, 'At most 100')
  .refine(hasTwoDecimals, 'At most two decimals');

export const ZLateFeeRuleBody = z
  .object({
    scope: ZLateFeeScope,
    /** The property or tenancy the override is for; the company's own id (or nothing) for the company default. */
    scopeId: ZId.optional(),
    graceDays: z.number().int('Whole days').min(0, 'Cannot be negative').max(365, 'At most 365 days'),
    type: ZLateFeeType,
    /** fixed: paise */
    amount: ZMoney.refine((n) => n > 0, 'Must be more than 0').optional(),
    /** percent: of the balance, at most two decimals */
    percent: ZPercent.optional(),
    /** daily_interest: percent a year, at most two decimals */
    annualRatePercent: ZPercent.optional(),
    /** The most the fee may reach on one invoice, paise. */
    cap: ZMoney.refine((n) => n > 0, 'Must be more than 0')
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.scope !== 'company' && !body.scopeId)
      ctx.addIssue({ code: 'custom', path: ['scopeId'], message: `Choose the ${body.scope}` });
    const needs = { fixed: 'amount', percent: 'percent', daily_interest: 'annualRatePercent' } as const;
    for (const [type, field] of Object.entries(needs)) {
      const given = body[field] !== undefined;
      if (type === body.type && !given) ctx.addIssue({ code: 'custom', path: [field], message: 'Required' });
      if (type !== body.type && given)
        ctx.addIssue({ code: 'custom', path: [field], message: `Not used by a ${body.type} late fee` });
    }
  });
export type LateFeeRuleBody = z.infer<typeof ZLateFeeRuleBody>;
export type LateFeeRuleInput = z.input<typeof ZLateFeeRuleBody>;

export const ZLateFeeRuleDto = z.object({
  _id: z.string(),
  scope: ZLateFeeScope,
  /** The company, property or tenancy id. */
  scopeId: z.string(),
  /** "Company default", the property's name, or the tenant's name with the unit. */
  scopeName: z.string(),
  graceDays: z.number().int(),
  type: ZLateFeeType,
  amount: z.number().int().nullable(),
  percent: z.number().nullable(),
  annualRatePercent: z.number().nullable(),
  cap: z.number().int().nullable(),
  /** When it was set: it applies to invoices issued from then on. */
  effectiveFrom: z.string(),
});
export type LateFeeRuleDto = z.infer<typeof ZLateFeeRuleDto>;

export const ZLateFeeRuleListQuery = zListQuery({ sortBy: ['createdAt'], defaultSortBy: 'createdAt' }).extend(
  {
    scope: ZLateFeeScope.optional(),
  },
);
export type LateFeeRuleListQuery = z.infer<typeof ZLateFeeRuleListQuery>;

export const ZLateFeeEffectiveQuery = zListQuery({
  sortBy: ['createdAt'],
  defaultSortBy: 'createdAt',
}).extend({
  propertyId: ZId.optional(),
});
export type LateFeeEffectiveQuery = z.infer<typeof ZLateFeeEffectiveQuery>;

/** A current tenancy and the rule its next invoices follow (null: no late fee). */
export const ZLateFeeEffectiveDto = z.object({
  tenancyId: z.string(),
  tenantName: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  unitNumber: z.string(),
  rule: ZLateFeeRuleDto.nullable(),
});
export type LateFeeEffectiveDto = z.infer<typeof ZLateFeeEffectiveDto>;

export const ZWaiveLateFeeBody = z.object({ reason: z.string().trim().min(1, 'Give a reason').max(500) });
export type WaiveLateFeeBody = z.infer<typeof ZWaiveLateFeeBody>;

/** The answer of POST /api/invoices/{id}/waive-late-fee. */
export const ZLateFeeWaiverDto = z.object({
  invoiceId: z.string(),
  /** The fee taken off, paise before tax. */
  amount: z.number().int(),
  /** The credit note that took it off an issued tax invoice; null when the line was removed (bill of supply). */
  creditNoteId: z.string().nullable(),
});
export type LateFeeWaiverDto = z.infer<typeof ZLateFeeWaiverDto>;
