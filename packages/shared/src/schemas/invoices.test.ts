import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  computeInvoiceTotals,
  formatInvoiceNumber,
  lineAmount,
  taxOf,
} from '../domain/invoice-math';

describe('invoice totals', () => {
  it('rounds each line and the tax half up to whole paise, integers only', () => {
    expect(lineAmount(1, 1_500_000)).toBe(1_500_000);
    expect(lineAmount(1.5, 333)).toBe(500); // 499.5 → 500
    expect(lineAmount(0.333, 100)).toBe(33); // 33.3 → 33
    expect(taxOf(1_000_001, 1800)).toBe(180_000); // 180000.18
    expect(taxOf(25, 1800)).toBe(5); // 4.5 → 5
    const totals = computeInvoiceTotals(
      [
        { description: 'Rent', quantity: 1, unitPrice: 1_500_000, kind: 'rent' },
        { description: 'Water', quantity: 2.5, unitPrice: 3_333, kind: 'utilities' },
      ],
      1800,
    );
    expect(totals.lines.map((l) => l.amount)).toEqual([1_500_000, 8_333]);
    expect(totals.subtotal).toBe(1_508_333);
    expect(totals.tax).toBe(271_500);
    expect(totals.total).toBe(1_779_833);
    for (const n of [totals.subtotal, totals.tax, totals.total]) expect(Number.isInteger(n)).toBe(true);
  });

  it('numbers invoices as INV-YYYY-000042', () => {
    expect(formatInvoiceNumber(2026, 42)).toBe('INV-2026-000042');
  });

  it('writes amounts in words with lakh and crore', () => {
    expect(amountInWords(12_500_050)).toBe('One Lakh Twenty Five Thousand Rupees and Fifty Paise Only');
    expect(amountInWords(1_500_000)).toBe('Fifteen Thousand Rupees Only');
    expect(amountInWords(2_34_56_789_00)).toBe(
      'Two Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Rupees Only',
    );
    expect(amountInWords(0)).toBe('Zero Rupees Only');
  });
});
