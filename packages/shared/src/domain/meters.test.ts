import { describe, expect, it } from 'vitest';
import { consumptionOf, meterLineDescription, splitByShares, tariffCharge } from './meters';

const slabs = {
  slabs: [
    { upTo: 100, perUnit: 300 },
    { upTo: 200, perUnit: 450 },
    { upTo: null, perUnit: 600 },
  ],
  fixedCharge: 0,
};

describe('tariffCharge', () => {
  it('prices a flat tariff per unit plus the fixed charge', () => {
    // 188 kWh at ₹7.25 = ₹1,363.00, plus ₹50 fixed
    expect(tariffCharge(188, { perUnit: 725, fixedCharge: 5_000 })).toEqual({
      usage: 136_300,
      fixedCharge: 5_000,
      total: 141_300,
    });
  });

  it('applies slabs in order', () => {
    // 250 units: 100 × ₹3 + 100 × ₹4.50 + 50 × ₹6 = ₹1,050
    expect(tariffCharge(250, slabs).total).toBe(105_000);
    // within the first slab only
    expect(tariffCharge(40, slabs).total).toBe(12_000);
    // exactly at a slab's edge
    expect(tariffCharge(200, slabs).total).toBe(75_000);
    expect(tariffCharge(0, { ...slabs, fixedCharge: 2_500 }).total).toBe(2_500);
  });

  it('rounds fractional consumption half up to the paisa', () => {
    // 12.35 units at 333 paise = 4,112.55 paise → 4,113
    expect(tariffCharge(12.35, { perUnit: 333, fixedCharge: 0 }).usage).toBe(4_113);
    // 100.5 units across a slab edge: 100 × 300 + 0.5 × 450 = 30,225
    expect(tariffCharge(100.5, slabs).usage).toBe(30_225);
    // 0.01 unit at 49 paise = 0.49 → 0; at 50 paise = 0.5 → 1
    expect(tariffCharge(0.01, { perUnit: 49, fixedCharge: 0 }).usage).toBe(0);
    expect(tariffCharge(0.01, { perUnit: 50, fixedCharge: 0 }).usage).toBe(1);
  });
});

describe('splitByShares', () => {
  it('gives the paise left to the largest remainders so the parts add up', () => {
    expect(splitByShares(100_000, [50, 50])).toEqual([50_000, 50_000]);
    // 1,00,001 paise at 33.33/33.33/33.34 %: 33,330.33 + 33,330.33 + 33,340.33 — the paisa left goes to the largest
    // remainder (.3334 of a paisa against .3333)
    const thirds = splitByShares(100_001, [33.33, 33.33, 33.34]);
    expect(thirds.reduce((a, b) => a + b, 0)).toBe(100_001);
    expect(thirds).toEqual([33_330, 33_330, 33_341]);
    expect(splitByShares(10, [33.33, 33.33, 33.34])).toEqual([3, 3, 4]);
    // equal remainders: the earlier share first
    expect(splitByShares(1, [50, 50])).toEqual([1, 0]);
    expect(splitByShares(141_300, [60, 25, 15])).toEqual([84_780, 35_325, 21_195]);
  });
});

describe('consumptionOf', () => {
  it('adds each step and starts afresh on a replaced meter', () => {
    expect(
      consumptionOf([
        { reading: 4210, meterReplaced: false },
        { reading: 4398, meterReplaced: false },
      ]),
    ).toBe(188);
    expect(
      consumptionOf([
        { reading: 4210, meterReplaced: false },
        { reading: 4300.5, meterReplaced: false },
        { reading: 2, meterReplaced: true },
        { reading: 40.25, meterReplaced: false },
      ]),
    ).toBe(128.75);
  });
});

describe('meterLineDescription', () => {
  it('shows the readings with Indian grouping', () => {
    const readings = [
      { reading: 4210, meterReplaced: false },
      { reading: 4398, meterReplaced: false },
    ];
    expect(meterLineDescription({ type: 'electricity', label: '', readings, sharePercent: null })).toBe(
      'Electricity 4,210 → 4,398 kWh',
    );
    expect(meterLineDescription({ type: 'water', label: 'Common', readings, sharePercent: 40 })).toBe(
      'Water (Common) 4,210 → 4,398 kL, 40% share',
    );
  });
});
