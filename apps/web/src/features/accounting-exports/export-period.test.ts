import { describe, expect, it } from 'vitest';
import { periodShortcuts } from './export-period';

describe('periodShortcuts', () => {
  it('gives this and last month, and the financial years around a date', () => {
    expect(periodShortcuts('2026-03-15')).toEqual([
      { label: 'This month', from: '2026-03-01', to: '2026-03-15' },
      { label: 'Last month', from: '2026-02-01', to: '2026-02-28' },
      { label: 'FY 2025-26 to date', from: '2025-04-01', to: '2026-03-15' },
      { label: 'FY 2024-25', from: '2024-04-01', to: '2025-03-31' },
    ]);
  });

  it('crosses the year in January', () => {
    const [, last] = periodShortcuts('2027-01-10');
    expect(last).toEqual({ label: 'Last month', from: '2026-12-01', to: '2026-12-31' });
  });
});
