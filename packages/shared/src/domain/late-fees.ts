/**
 * Late fees in paise. A rule is a fixed amount, a percent (basis points) of the balance, or daily interest at an
 * annual rate (basis points a year): balance × rate × days / 365, rounded half up to the paisa. Each may be capped.
 */

export const LATE_FEE_SCOPES = ['company', 'property', 'tenancy'] as const;
export type LateFeeScope = (typeof LATE_FEE_SCOPES)[number];
export const LATE_FEE_TYPES = ['fixed', 'percent', 'daily_interest'] as const;
export type LateFeeType = (typeof LATE_FEE_TYPES)[number];

export interface LateFeeTerms {
  type: LateFeeType;
  /** fixed: paise */
  amount: number;
  /** percent: basis points of the balance */
  percentBp: number;
  /** daily_interest: basis points a year */
  annualRateBp: number;
  /** paise, or null for no cap */
  cap: number | null;
}

/** 2.5 (%) → 250 basis points; the input has at most two decimals. */
export const percentToBp = (percent: number): number => Math.round(percent * 100);
export const bpToPercent = (bp: number): number => bp / 100;

export const cappedFee = (amount: number, cap: number | null): number =>
  Math.max(0, cap === null ? amount : Math.min(amount, cap));

/** A fixed or percent fee on `balance` (charged once), capped. Daily interest answers 0 here (see accrual). */
export function oneTimeFeeOf(terms: LateFeeTerms, balance: number): number {
  if (terms.type === 'fixed') return cappedFee(terms.amount, terms.cap);
  if (terms.type === 'percent')
    return cappedFee(Math.floor((balance * terms.percentBp + 5000) / 10_000), terms.cap);
  return 0;
}

/** The accrual of `days` at `annualRateBp` on `balance`: paise × bp × days, exact (a bigint). */
export const accrualOf = (balance: number, annualRateBp: number, days: number): bigint =>
  BigInt(Math.max(0, balance)) * BigInt(annualRateBp) * BigInt(Math.max(0, days));

const DAY_YEAR_BP = 3_650_000n; // 365 days × 10,000 basis points

/** Interest of an accrual: accrual / (365 × 10,000), rounded half up to the paisa, capped. */
export function interestOf(accrual: bigint, cap: number | null): number {
  return cappedFee(Number((accrual + DAY_YEAR_BP / 2n) / DAY_YEAR_BP), cap);
}

/** Days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `date` plus `days` (YYYY-MM-DD). */
export function addDaysTo(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const SCOPE_RANK: Record<LateFeeScope, number> = { tenancy: 0, property: 1, company: 2 };

/** The most specific of the rules that apply (tenancy over property over company), or null. */
export function mostSpecificRule<R extends { scope: LateFeeScope }>(rules: readonly R[]): R | null {
  let best: R | null = null;
  for (const rule of rules) if (!best || SCOPE_RANK[rule.scope] < SCOPE_RANK[best.scope]) best = rule;
  return best;
}
