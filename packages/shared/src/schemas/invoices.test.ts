import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, lineAmount } from '../domain/invoice-math';

describe('invoice totals', () => {
  it('rounds each line and the tax half up to whole paise, integers only', () => {
    expect(lineAmount(1, 1_500_000)).toBe(1_500_000);
    expect(lineAmount(1.5, 333)).toBe(500); // 499.5 → 500
    expect(lineAmount(0.333, 100)).toBe(33); // 33.3 → 33
    const totals = computeInvoiceTotals(
      [
        { description: 'Rent', quantity: 1, unitPrice: 1_500_000, kind: 'rent' },
        { description: 'Water', quantity: 2.5, unitPrice: 3_333, kind: 'utilities' },
      ],
      {
        supplierGstin: '29AAGCB7383J1Z4',
        placeOfSupply: '29',
        recipientGstin: null,
        gstUse: 'commercial',
        rateBp: 1800,
      },
    );
    expect(totals.lines.map((l) => l.amount)).toEqual([1_500_000, 8_333]);
    expect(totals.subtotal).toBe(1_508_333);
    // per line, half up: 135,000 + 135,000 and 750 + 750 (8,333 × 9 % = 749.97)
    expect(totals.tax).toBe(271_500);
    expect(totals.total).toBe(1_779_833);
    for (const n of [totals.subtotal, totals.tax, totals.total]) expect(Number.isInteger(n)).toBe(true);
  });
});
