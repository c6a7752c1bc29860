/**
 * Derived values of a rental unit, computed once here and used by
 * the API (the `derived` block of unit DTOs) and the web app alike.
 */

export const UNIT_STATUSES = ['Available', 'Occupied', 'Under_Maintenance', 'Renovation'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

export const UNIT_DISPLAY_STATUSES = [
  'Not Available',
  'Occupied',
  'Under Maintenance',
  'Renovation',
  'Available',
] as const;
export type UnitDisplayStatus = (typeof UNIT_DISPLAY_STATUSES)[number];

/** The text shown where a unit has no image. */
export const NO_IMAGE_TEXT = 'No Image Available';

export interface UnitAvailabilityLike {
  status: UnitStatus;
  availability: { isAvailable: boolean };
}

export interface UnitPricingLike {
  pricing: { rent: number; maintenanceCharges: { included: boolean; amount: number } };
}

/** Available only when the availability flag is on and the status is Available. */
export function isUnitAvailable(unit: UnitAvailabilityLike): boolean {
  return unit.availability.isAvailable && unit.status === 'Available';
}

const STATUS_TEXT: Record<UnitStatus, UnitDisplayStatus> = {
  Available: 'Available',
  Occupied: 'Occupied',
  Under_Maintenance: 'Under Maintenance',
  Renovation: 'Renovation',
};

/** "Not Available" when the flag is off; otherwise the status in words. */
export function unitDisplayStatus(unit: UnitAvailabilityLike): UnitDisplayStatus {
  if (!unit.availability.isAvailable) return 'Not Available';
  return STATUS_TEXT[unit.status];
}

/** Rent plus the maintenance amount, unless maintenance is included in the rent (minor units). */
export function monthlyTotal(unit: UnitPricingLike): number {
  const { rent, maintenanceCharges } = unit.pricing;
  return maintenanceCharges.included ? rent : rent + maintenanceCharges.amount;
}

/** The image flagged primary, else the first, else null. */
export function primaryImage<T extends { isPrimary: boolean }>(
  images: readonly T[] | null | undefined,
): T | null {
  if (!images?.length) return null;
  return images.find((image) => image.isPrimary) ?? images[0] ?? null;
}

/** Occupied share of all units in percent, one decimal; 0 for a property without units. */
export function occupancyRate(occupiedUnits: number, totalUnits: number): number {
  if (totalUnits <= 0) return 0;
  return Math.round((occupiedUnits / totalUnits) * 1000) / 10;
}

export interface UnitDerived<T> {
  available: boolean;
  displayStatus: UnitDisplayStatus;
  monthlyTotal: number;
  primaryImage: T | null;
}

/** Every derived value of a unit at once: the `derived` block of the unit DTOs. */
export function deriveUnit<T extends { isPrimary: boolean }>(
  unit: UnitAvailabilityLike & UnitPricingLike & { images: readonly T[] },
): UnitDerived<T> {
  return {
    available: isUnitAvailable(unit),
    displayStatus: unitDisplayStatus(unit),
    monthlyTotal: monthlyTotal(unit),
    primaryImage: primaryImage(unit.images),
  };
}
