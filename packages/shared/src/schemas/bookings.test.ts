import { describe, expect, it } from 'vitest';
import { splitInstallments, ZBookingCreateBody } from './bookings';

describe('splitInstallments', () => {
  it('adds up to the total exactly, the first parts taking the remainder', () => {
    for (const [total, count] of [
      [1_000_001, 3],
      [4_600_000, 12],
      [7, 2],
      [2, 2],
    ] as const) {
      const parts = splitInstallments(total, count);
      expect(parts).toHaveLength(count);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }
    expect(splitInstallments(10, 3)).toEqual([4, 3, 3]);
  });
});

describe('ZBookingCreateBody', () => {
  const base = {
    rentalUnitId: '0190a0a0-0000-7000-8000-000000000000',
    moveInDate: '2030-01-01',
    durationMonths: 11,
  };
  it('requires installmentCount 2–12 with installments', () => {
    expect(ZBookingCreateBody.safeParse({ ...base, paymentPlan: 'installments' }).success).toBe(false);
    expect(
      ZBookingCreateBody.safeParse({ ...base, paymentPlan: 'installments', installmentCount: 13 }).success,
    ).toBe(false);
    expect(
      ZBookingCreateBody.safeParse({ ...base, paymentPlan: 'installments', installmentCount: 3 }).success,
    ).toBe(true);
    expect(ZBookingCreateBody.safeParse({ ...base, paymentPlan: 'full' }).success).toBe(true);
  });
});
