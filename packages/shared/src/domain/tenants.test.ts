import { describe, expect, it } from 'vitest';
import {
  canTransition,
  documentsComplete,
  isCurrentTenantStatus,
  nextRentDueDate,
  outstandingTotal,
  stayDurationDays,
  TENANT_CODE_ALPHABET,
  TENANT_CODE_LENGTH,
  tenantMonthlyTotal,
} from './tenants';

describe('tenant derived rules', () => {
  it('adds the outstanding parts', () => {
    expect(outstandingTotal({ rent: 100, maintenance: 20, utilities: 3, penalties: 0 })).toBe(123);
    expect(outstandingTotal({ rent: 100, maintenance: 20, utilities: 3, penalties: 0, other: 7 })).toBe(130);
    expect(outstandingTotal({ rent: 0, maintenance: 0, utilities: 0, penalties: 0 })).toBe(0);
  });

  it('adds rent and maintenance for the monthly total', () => {
    expect(tenantMonthlyTotal({ rentAmount: 1_500_000, maintenanceCharges: 200_000 })).toBe(1_700_000);
  });

  it('rounds the stay up to whole days, until today when not moved out', () => {
    expect(stayDurationDays('2025-01-01', '2025-01-31')).toBe(30);
    expect(stayDurationDays('2025-01-01', null, new Date('2025-01-02T06:00:00Z'))).toBe(2);
    expect(stayDurationDays('2025-01-01', null, new Date('2025-01-01T00:00:00Z'))).toBe(0);
    expect(stayDurationDays('2025-02-01', '2025-01-01')).toBe(0);
  });

  it('gives this month or next month for the next rent due date', () => {
    expect(nextRentDueDate(5, new Date('2025-03-03T10:00:00Z'))).toBe('2025-03-05');
    expect(nextRentDueDate(5, new Date('2025-03-05T10:00:00Z'))).toBe('2025-03-05');
    expect(nextRentDueDate(5, new Date('2025-03-06T10:00:00Z'))).toBe('2025-04-05');
    expect(nextRentDueDate(28, new Date('2025-12-29T10:00:00Z'))).toBe('2026-01-28');
    expect(nextRentDueDate(40, new Date('2025-02-01T10:00:00Z'))).toBe('2025-02-28');
  });

  it('needs aadhaar, pan and salary slip for complete documents', () => {
    expect(documentsComplete([{ type: 'aadhaar' }, { type: 'pan' }])).toBe(false);
    expect(documentsComplete([{ type: 'aadhaar' }, { type: 'pan' }, { type: 'salary_slip' }])).toBe(true);
    expect(documentsComplete([])).toBe(false);
  });

  it('allows only the lifecycle transitions', () => {
    expect(canTransition('pending', 'active')).toBe(true);
    expect(canTransition('pending', 'rejected')).toBe(true);
    expect(canTransition('active', 'notice_given')).toBe(true);
    expect(canTransition('notice_given', 'active')).toBe(true);
    expect(canTransition('notice_given', 'moved_out')).toBe(true);
    expect(canTransition('moved_out', 'active')).toBe(false);
    expect(canTransition('rejected', 'active')).toBe(false);
    expect(canTransition('pending', 'moved_out')).toBe(false);
    expect(isCurrentTenantStatus('notice_given')).toBe(true);
    expect(isCurrentTenantStatus('pending')).toBe(false);
  });

  it('uses an unambiguous alphabet with at least 40 bits per code', () => {
    expect(TENANT_CODE_ALPHABET).not.toMatch(/[01IOL]/);
    expect(TENANT_CODE_LENGTH * Math.log2(TENANT_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(40);
  });
});
