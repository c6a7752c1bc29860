import { describe, expect, it } from 'vitest';
import { amenityText, bedroomsText, rentRangeText } from './listing-labels';

describe('public listing labels', () => {
  it('formats rent ranges in rupees from paise', () => {
    expect(rentRangeText({ min: 1_200_000, max: 1_800_000, currency: 'INR' })).toBe('₹12,000 – ₹18,000');
    expect(rentRangeText({ min: 950_000, max: 950_000, currency: 'INR' })).toBe('₹9,500');
    expect(rentRangeText(null)).toBeNull();
  });

  it('describes bedrooms', () => {
    expect(bedroomsText({ min: 1, max: 3 })).toBe('1–3 bed');
    expect(bedroomsText({ min: 2, max: 2 })).toBe('2 bed');
    expect(bedroomsText({ min: 0, max: 0 })).toBe('Studio');
    expect(bedroomsText(null)).toBeNull();
  });

  it('turns amenity codes into words', () => {
    expect(amenityText('water_supply_24x7')).toBe('Water supply 24×7');
  });
});
