import { describe, expect, it } from 'vitest';
import { formatMoney } from '../format/formats';
import {
  deriveUnit,
  isUnitAvailable,
  monthlyTotal,
  occupancyRate,
  primaryImage,
  type UnitStatus,
  unitDisplayStatus,
} from './units';

const unit = (status: UnitStatus, isAvailable: boolean) => ({ status, availability: { isAvailable } });
const priced = (rent: number, included: boolean, amount: number) => ({
  pricing: { rent, maintenanceCharges: { included, amount } },
});

describe('isUnitAvailable', () => {
  it.each([
    ['Available', true, true],
    ['Available', false, false],
    ['Occupied', true, false],
    ['Under_Maintenance', true, false],
    ['Renovation', true, false],
    ['Occupied', false, false],
  ] as const)('status %s with isAvailable %s → %s', (status, flag, expected) => {
    expect(isUnitAvailable(unit(status, flag))).toBe(expected);
  });
});

describe('unitDisplayStatus', () => {
  it('says Not Available whenever the flag is off, whatever the status', () => {
    for (const status of ['Available', 'Occupied', 'Under_Maintenance', 'Renovation'] as const) {
      expect(unitDisplayStatus(unit(status, false))).toBe('Not Available');
    }
  });

  it.each([
    ['Available', 'Available'],
    ['Occupied', 'Occupied'],
    ['Under_Maintenance', 'Under Maintenance'],
    ['Renovation', 'Renovation'],
  ] as const)('status %s reads %s', (status, text) => {
    expect(unitDisplayStatus(unit(status, true))).toBe(text);
  });
});

describe('monthlyTotal', () => {
  it('adds maintenance that is not included', () => {
    expect(monthlyTotal(priced(2_500_000, false, 300_000))).toBe(2_800_000);
  });
  it('leaves the rent alone when maintenance is included', () => {
    expect(monthlyTotal(priced(2_500_000, true, 300_000))).toBe(2_500_000);
  });
  it('handles zero maintenance', () => {
    expect(monthlyTotal(priced(1_000, false, 0))).toBe(1_000);
  });
});

describe('primaryImage', () => {
  const a = { id: 'a', isPrimary: false };
  const b = { id: 'b', isPrimary: true };
  const c = { id: 'c', isPrimary: false };
  it('prefers the image flagged primary', () => expect(primaryImage([a, b, c])).toBe(b));
  it('falls back to the first image', () => expect(primaryImage([a, c])).toBe(a));
  it('gives null without images', () => {
    expect(primaryImage([])).toBeNull();
    expect(primaryImage(undefined)).toBeNull();
    expect(primaryImage(null)).toBeNull();
  });
});

describe('deriveUnit', () => {
  it('computes every derived value at once', () => {
    const image = { url: '/x.jpg', isPrimary: false };
    expect(deriveUnit({ ...unit('Occupied', true), ...priced(100, false, 20), images: [image] })).toEqual({
      available: false,
      displayStatus: 'Occupied',
      monthlyTotal: 120,
      primaryImage: image,
    });
  });
});

describe('occupancyRate and formatMoney', () => {
  it('rounds the occupancy to one decimal and is 0 without units', () => {
    expect(occupancyRate(1, 3)).toBe(33.3);
    expect(occupancyRate(0, 0)).toBe(0);
    expect(occupancyRate(4, 4)).toBe(100);
  });
  it('formats paise as rupees', () => {
    expect(formatMoney(2_500_000)).toBe('₹25,000');
    expect(formatMoney(2_500_050)).toBe('₹25,000.50');
  });
});
