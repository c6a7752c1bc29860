import { bpToPercent, formatDate, type LateFeeRuleDto } from '@rentora/shared';
import { iso } from '../../core/http';
import type { LateFeeRuleRow, LateFeeRuleTerms, NamedRule } from './late-fees.repo';

/** The id of what a rule is for: the company, the property or the tenancy. */
export const scopeIdOf = (rule: LateFeeRuleTerms): string =>
  rule.scope === 'property' ? rule.propertyId! : rule.scope === 'tenancy' ? rule.tenancyId! : rule.companyId;

export function scopeNameOf(row: Omit<NamedRule, 'rule'> & { rule: LateFeeRuleRow }): string {
  if (row.rule.scope === 'company') return 'Company default';
  if (row.rule.scope === 'property') return row.propertyName ?? '';
  const person = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
  return row.unitNumber ? `${person} (unit ${row.unitNumber})` : person;
}

export function toRuleDto(rule: LateFeeRuleTerms, scopeName: string): LateFeeRuleDto {
  return {
    _id: rule.id,
    scope: rule.scope,
    scopeId: scopeIdOf(rule),
    scopeName,
    graceDays: rule.graceDays,
    type: rule.type,
    amount: rule.type === 'fixed' ? rule.amount : null,
    percent: rule.type === 'percent' ? bpToPercent(rule.percentBp) : null,
    annualRatePercent: rule.type === 'daily_interest' ? bpToPercent(rule.annualRateBp) : null,
    cap: rule.cap,
    effectiveFrom: iso(rule.effectiveFrom),
  };
}

/** The terms of a rule for the shared arithmetic. */
export const termsOf = (rule: LateFeeRuleRow) => ({
  type: rule.type,
  amount: rule.amount,
  percentBp: rule.percentBp,
  annualRateBp: rule.annualRateBp,
  cap: rule.cap,
});

/** The late-fee line's description on the invoice. */
export function lineDescriptionOf(rule: LateFeeRuleRow, dueDate: string): string {
  if (rule.type === 'daily_interest')
    return `Interest on late payment at ${bpToPercent(rule.annualRateBp)}% p.a. (due ${formatDate(dueDate)})`;
  if (rule.type === 'percent') return `Late fee ${bpToPercent(rule.percentBp)}% (due ${formatDate(dueDate)})`;
  return `Late fee (due ${formatDate(dueDate)})`;
}
