import { describe, expect, it } from 'vitest';
import {
  accrualOf,
  addDaysTo,
  daysBetween,
  interestOf,
  mostSpecificRule,
  oneTimeFeeOf,
  percentToBp,
} from './late-fees';

const terms = { type: 'fixed' as const, amount: 0, percentBp: 0, annualRateBp: 0, cap: null };

describe('late fees', () => {
  it('charges a fixed amount, capped', () => {
    expect(oneTimeFeeOf({ ...terms, amount: 50_000 }, 1_000_000)).toBe(50_000);
    expect(oneTimeFeeOf({ ...terms, amount: 50_000, cap: 30_000 }, 1_000_000)).toBe(30_000);
  });

  it('charges a percent of the balance, half up', () => {
    // 2.5 % of ₹10,000.01 = ₹250.00025 → 25,000 paise; of 1,000,020 paise = 25,000.5 → 25,001.
    expect(oneTimeFeeOf({ ...terms, type: 'percent', percentBp: percentToBp(2.5) }, 1_000_001)).toBe(25_000);
    expect(oneTimeFeeOf({ ...terms, type: 'percent', percentBp: 250 }, 1_000_020)).toBe(25_001);
  });

  it('accrues daily interest as balance × rate × days / 365, half up to the paisa', () => {
    // ₹10,000 at 18 % a year for 10 days: 1,000,000 × 1,800 × 10 / 3,650,000 = 4,931.51 → 4,932 paise.
    expect(interestOf(accrualOf(1_000_000, 1800, 10), null)).toBe(4932);
    // 18,250 paise at 1 % for a day is exactly half a paisa: rounds up.
    expect(interestOf(accrualOf(18_250, 100, 1), null)).toBe(1);
    expect(interestOf(accrualOf(18_249, 100, 1), null)).toBe(0);
    // Accruals add exactly (no rounding per day) and the cap holds.
    const twoSteps = accrualOf(1_000_000, 1800, 4) + accrualOf(1_000_000, 1800, 6);
    expect(interestOf(twoSteps, null)).toBe(4932);
    expect(interestOf(twoSteps, 4000)).toBe(4000);
    // Large balances stay exact: ₹1 crore at 36 % for ten years.
    expect(interestOf(accrualOf(1_000_000_000, 3600, 3650), null)).toBe(3_600_000_000);
  });

  it('counts days and picks the most specific rule', () => {
    expect(daysBetween('2026-02-25', '2026-03-05')).toBe(8);
    expect(addDaysTo('2026-02-25', 5)).toBe('2026-03-02');
    const rules = [
      { scope: 'company' as const },
      { scope: 'tenancy' as const },
      { scope: 'property' as const },
    ];
    expect(mostSpecificRule(rules)?.scope).toBe('tenancy');
    expect(mostSpecificRule(rules.slice(0, 1))?.scope).toBe('company');
    expect(mostSpecificRule([])).toBeNull();
  });
});
