import type { UnitAnalyticsDto } from '@rentora/shared';
import { describe, expect, it } from 'vitest';
import { monthlyOccupancy } from './unit-occupancy';

function analytics(
  history: { startDate: string; endDate: string | null }[],
  since = '2025-01-01',
): UnitAnalyticsDto {
  return {
    unitId: '01a20199-0000-7000-8000-000000000001',
    since,
    asOf: '2025-06-15T10:00:00.000Z',
    occupancy: {
      currentTenants: 0,
      totalAssignments: history.length,
      occupiedDays: 0,
      vacantDays: 0,
      occupancyRate: 0,
      currentVacancyDays: 0,
      lastMoveOutAt: null,
      history: history.map((entry, index) => ({
        assignmentId: `01a20199-0000-7000-8000-00000000001${index}`,
        userId: '01a20199-0000-7000-8000-000000000009',
        name: 'Tara Tenant',
        role: 'primary',
        status: entry.endDate ? 'past' : 'current',
        days: 0,
        ...entry,
      })),
    },
    revenue: { currency: 'INR', expectedMonthly: 0, billed: 0, collected: 0 },
    maintenance: { total: 0, open: 0 },
  };
}

describe('monthlyOccupancy', () => {
  it('gives the occupied share of each month, up to today', () => {
    const months = monthlyOccupancy(analytics([{ startDate: '2025-03-16', endDate: null }]), 6);
    expect(months.map((month) => month.label)).toEqual([
      'Jan 25',
      'Feb 25',
      'Mar 25',
      'Apr 25',
      'May 25',
      'Jun 25',
    ]);
    expect(months.map((month) => month.occupancy)).toEqual([0, 0, 51.6, 100, 100, 100]);
    expect(months[2]?.occupiedDays).toBe(16);
    expect(months[5]?.occupiedDays).toBe(15);
  });

  it('counts overlapping tenancies once and starts at the first tenancy when it predates the unit', () => {
    const months = monthlyOccupancy(
      analytics(
        [
          { startDate: '2025-04-01', endDate: '2025-04-10' },
          { startDate: '2025-04-05', endDate: '2025-04-20' },
        ],
        '2025-04-15',
      ),
      3,
    );
    expect(months.map((month) => month.occupiedDays)).toEqual([20, 0, 0]);
    expect(months[0]?.occupancy).toBe(66.7);
  });
});
