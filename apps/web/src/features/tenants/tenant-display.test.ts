import type { TenantListItemDto } from '@rentora/shared';
import { describe, expect, it } from 'vitest';
import { csvField } from '../../lib/csv';
import { tenantsCsv } from './tenant-display';

const row: TenantListItemDto = {
  _id: '0190a000-0000-7000-8000-000000000001',
  rentalUnitUserId: '0190a000-0000-7000-8000-000000000001',
  companyId: '0190a000-0000-7000-8000-000000000002',
  rentalUnitId: '0190a000-0000-7000-8000-000000000003',
  propertyId: '0190a000-0000-7000-8000-000000000004',
  userId: '0190a000-0000-7000-8000-000000000005',
  status: 'notice_given',
  isActive: true,
  user: {
    _id: '0190a000-0000-7000-8000-000000000005',
    email: 'a@b.test',
    firstName: 'Asha',
    lastName: 'Rao, Jr',
    phone: null,
  },
  unit: { _id: '0190a000-0000-7000-8000-000000000003', unitNumber: 'A-1' },
  property: { _id: '0190a000-0000-7000-8000-000000000004', name: '=HYPERLINK("x")' },
  occupancyDetails: { moveInDate: '2025-01-01', moveOutDate: null },
  agreementDetails: {
    rentAmount: 1_500_000,
    maintenanceCharges: 100_000,
    securityDeposit: 0,
    rentDueDate: 5,
    leaseStartDate: '2025-01-01',
    leaseEndDate: '2025-12-31',
  },
  financialDetails: {
    outstandingDues: { rent: 50, maintenance: 0, utilities: 0, penalties: 0, other: 0, total: 50 },
  },
  monthlyTotal: 1_600_000,
  nextRentDueDate: '2025-02-05',
  stayDurationDays: 30,
  currency: 'INR',
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('tenant CSV export', () => {
  it('quotes commas and quotes and neutralises formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField(null)).toBe('');
  });

  it('writes one header line and one line per tenant, money in rupees', () => {
    const lines = tenantsCsv([row]).split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Name,Email,Phone,Status');
    expect(lines[1]).toBe(
      '"Asha Rao, Jr",a@b.test,,Notice given,"\'=HYPERLINK(""x"")",A-1,2025-01-01,,2025-12-31,16000.00,0.50,2025-02-05',
    );
  });
});
