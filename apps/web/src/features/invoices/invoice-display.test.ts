import type { InvoiceDto } from '@rentora/shared';
import { describe, expect, it } from 'vitest';
import { invoicesCsv, methodLabel, shiftMonth } from './invoice-display';

const invoice: InvoiceDto = {
  _id: '0190a000-0000-7000-8000-000000000001',
  companyId: '0190a000-0000-7000-8000-000000000002',
  number: 'INV-2026-000042',
  tenantId: '0190a000-0000-7000-8000-000000000003',
  userId: '0190a000-0000-7000-8000-000000000004',
  propertyId: '0190a000-0000-7000-8000-000000000005',
  rentalUnitId: '0190a000-0000-7000-8000-000000000006',
  templateId: null,
  tenantName: 'Asha "AR" Rao',
  tenantEmail: 'asha@example.test',
  propertyName: 'Lake View, Block A',
  unitNumber: 'A-1',
  status: 'partially_paid',
  issueDate: '2026-03-01',
  dueDate: '2026-03-05',
  period: '2026-03',
  source: 'rent_run',
  currency: 'INR',
  lineItems: [],
  taxRate: 0,
  subtotal: 1_500_000,
  tax: 0,
  total: 1_500_000,
  amountPaid: 500_050,
  creditedAmount: 0,
  balance: 999_950,
  documentType: 'bill_of_supply',
  financialYear: '2025-26',
  placeOfSupply: { code: '29', name: 'Karnataka' },
  reverseCharge: false,
  gstUse: 'residential',
  supplierGstin: null,
  supplierLegalName: 'Sunrise Estates',
  supplierAddress: '',
  recipientGstin: null,
  recipientLegalName: 'Asha Rao',
  recipientAddress: '',
  taxableValue: 1_500_000,
  cgst: 0,
  sgst: 0,
  igst: 0,
  reverseChargeTax: 0,
  notes: '',
  sentAt: null,
  paidAt: null,
  voidedAt: null,
  voidReason: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

describe('invoice display helpers', () => {
  it('exports rupees with two decimals and quotes fields that need it', () => {
    const [head, line] = invoicesCsv([invoice, { ...invoice, number: null, status: 'draft' }]).split('\n');
    expect(head).toBe('Number,Status,Tenant,Property,Unit,Issue date,Due date,Total,Paid,Balance');
    expect(line).toBe(
      'INV-2026-000042,Partially paid,"Asha ""AR"" Rao","Lake View, Block A",A-1,2026-03-01,2026-03-05,15000.00,5000.50,9999.50',
    );
    expect(invoicesCsv([{ ...invoice, number: null, status: 'draft' }]).split('\n')[1]).toMatch(
      /^Draft,Draft,/,
    );
  });

  it('moves months across years and names payment methods', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(methodLabel('bank_transfer')).toBe('Bank transfer');
    expect(methodLabel('upi')).toBe('UPI');
  });
});
