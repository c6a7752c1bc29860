import { describe, expect, it } from 'vitest';
import { duesOfInvoices, duesTotal, invoiceDuesByKind, shareTax } from './invoice-dues';
import { computeInvoiceTotals } from './invoice-math';

describe('shareTax', () => {
  it('gives each line the floor of its share and the leftover paise to the largest remainders', () => {
    // 100 × 1/3 each: 33.33 → 33, 33, 33 and one paisa left for the first (ties go to the earlier line).
    expect(shareTax([1, 1, 1], 100)).toEqual([34, 33, 33]);
    // 10 over 3 : 7 → 4.28… and 5.71… → 4 and 5 (+1 to the larger remainder 0.71).
    expect(shareTax([3, 4], 10)).toEqual([4, 6]);
  });

  it('always adds up to the tax exactly, even for sums past 2^53', () => {
    const shares = shareTax([1_999_999_999, 1, 7], 359_999_999);
    expect(shares.reduce((s, x) => s + x, 0)).toBe(359_999_999);
    for (let n = 1; n < 40; n += 1) {
      const amounts = Array.from({ length: (n % 5) + 1 }, (_, i) => (i * 7919 + n * 104_729) % 100_003);
      const tax = (n * 3571) % 9_973;
      const sum = shareTax(amounts, tax).reduce((s, x) => s + x, 0);
      expect(sum).toBe(tax);
    }
  });

  it('puts the tax on the first line when the lines are all zero', () => {
    expect(shareTax([0, 0], 5)).toEqual([5, 0]);
    expect(shareTax([], 0)).toEqual([]);
  });
});

describe('invoiceDuesByKind', () => {
  const totals = computeInvoiceTotals(
    [
      { description: 'Rent', quantity: 1, unitPrice: 20_000_00, kind: 'rent' },
      { description: 'Maintenance', quantity: 1, unitPrice: 2_500_00, kind: 'maintenance' },
      { description: 'Water', quantity: 1, unitPrice: 333_33, kind: 'utilities' },
      { description: 'Late fee', quantity: 1, unitPrice: 500_00, kind: 'penalty' },
      { description: 'Deposit top-up', quantity: 1, unitPrice: 1_000_01, kind: 'deposit' },
    ],
    {
      supplierGstin: '29AAGCB7383J1Z4',
      placeOfSupply: '29',
      recipientGstin: null,
      gstUse: 'commercial',
      rateBp: 1800,
    },
  );
  const invoice = { lineItems: totals.lines, tax: totals.tax, total: totals.total, amountPaid: 0 };

  it('splits an unpaid invoice by kind, tax shared, adding up to the balance', () => {
    const d = invoiceDuesByKind(invoice);
    expect(duesTotal(d)).toBe(totals.total);
    expect(d.rent).toBe(20_000_00 + 3_600_00);
    expect(d.maintenance).toBe(2_500_00 + 450_00);
    expect(d.penalties).toBe(500_00 + 90_00);
    expect(d.other).toBeGreaterThanOrEqual(1_000_01);
  });

  it('lets payments settle the lines in their order', () => {
    const d = invoiceDuesByKind({ ...invoice, amountPaid: 23_600_00 + 100 });
    expect(d.rent).toBe(0);
    expect(d.maintenance).toBe(2_950_00 - 100);
    expect(duesTotal(d)).toBe(totals.total - 23_600_00 - 100);
  });

  it('is all zero once paid, and the sum over invoices is the sum of their balances', () => {
    expect(duesTotal(invoiceDuesByKind({ ...invoice, amountPaid: totals.total }))).toBe(0);
    const many = [invoice, { ...invoice, amountPaid: 12_345 }, { ...invoice, amountPaid: totals.total - 1 }];
    expect(duesTotal(duesOfInvoices(many))).toBe(3 * totals.total - 12_345 - (totals.total - 1));
  });
});
