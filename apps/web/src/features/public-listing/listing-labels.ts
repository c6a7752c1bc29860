import type { Furnishing, PropertyType, PublicPropertySummaryDto, UnitType } from '@rentora/shared';
import { formatMoney } from '../../lib/format';

/**
 * Display labels for the public listing. The shared label maps live in the schema modules, and importing
 * them at runtime pulls zod (~26 KB gzip) into these otherwise light pages, so the public pages keep their own
 * copies; the Record types make the compiler insist on every value of the shared enums.
 */
export const PUBLIC_PROPERTY_TYPE_LABELS = {
  apartment_building: 'Apartment building',
  independent_house: 'Independent house',
  villa: 'Villa',
  pg_hostel: 'PG / Hostel',
  commercial: 'Commercial',
  office: 'Office',
  retail: 'Retail',
  mixed_use: 'Mixed use',
  other: 'Other',
} as const satisfies Record<PropertyType, string>;

export const PUBLIC_PROPERTY_TYPES = Object.keys(PUBLIC_PROPERTY_TYPE_LABELS) as PropertyType[];

export const PUBLIC_UNIT_TYPE_LABELS = {
  studio: 'Studio',
  '1rk': '1 RK',
  '1bhk': '1 BHK',
  '2bhk': '2 BHK',
  '3bhk': '3 BHK',
  '4bhk_plus': '4+ BHK',
  penthouse: 'Penthouse',
  private_room: 'Private room',
  shared_room: 'Shared room',
  office: 'Office',
  shop: 'Shop',
  warehouse: 'Warehouse',
  other: 'Other',
} as const satisfies Record<UnitType, string>;

export const PUBLIC_FURNISHING_LABELS = {
  unfurnished: 'Unfurnished',
  semi_furnished: 'Semi-furnished',
  fully_furnished: 'Fully furnished',
} as const satisfies Record<Furnishing, string>;

/** "swimming_pool" → "Swimming pool" */
export function amenityText(value: string): string {
  const text = value.replace(/_/g, ' ').replace('24x7', '24×7');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "₹12,000 – ₹18,000" for a rent range in minor units. */
export function rentRangeText(rent: PublicPropertySummaryDto['rent']): string | null {
  if (!rent) return null;
  return rent.min === rent.max
    ? formatMoney(rent.min, rent.currency)
    : `${formatMoney(rent.min, rent.currency)} – ${formatMoney(rent.max, rent.currency)}`;
}

export function bedroomsText(bedrooms: PublicPropertySummaryDto['bedrooms']): string | null {
  if (!bedrooms) return null;
  if (bedrooms.max === 0) return 'Studio';
  return bedrooms.min === bedrooms.max ? `${bedrooms.min} bed` : `${bedrooms.min}–${bedrooms.max} bed`;
}
