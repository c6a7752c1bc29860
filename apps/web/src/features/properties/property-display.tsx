import {
  type ImageDto,
  type Occupancy,
  PROPERTY_TYPE_LABELS,
  type PropertyDto,
  type PropertyType,
  type UnitDisplayStatus,
  type VerificationStatus,
} from '@rentora/shared';
import { BadgeCheck, Check, Clock3, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../components/badge';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';

export const VERIFICATION_LABELS: Record<VerificationStatus, string> = {
  pending: 'Pending verification',
  verified: 'Verified',
  rejected: 'Rejected',
};

const VERIFICATION_TONES: Record<VerificationStatus, BadgeTone> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
};

const VERIFICATION_ICONS = { pending: Clock3, verified: BadgeCheck, rejected: ShieldX } as const;

export function VerificationBadge({ status, className }: { status: VerificationStatus; className?: string }) {
  const Icon = VERIFICATION_ICONS[status];
  return (
    <Badge tone={VERIFICATION_TONES[status]} className={cn('gap-1', className)}>
      <Icon className="h-3 w-3" aria-hidden />
      {VERIFICATION_LABELS[status]}
    </Badge>
  );
}

const UNIT_STATUS_TONES: Record<UnitDisplayStatus, BadgeTone> = {
  Available: 'success',
  Occupied: 'info',
  'Under Maintenance': 'warning',
  Renovation: 'brand',
  'Not Available': 'neutral',
};

/** The unit's display status (spec 02 §3 "Derived": computed by the shared `unitDisplayStatus`). */
export function UnitStatusBadge({ status, className }: { status: UnitDisplayStatus; className?: string }) {
  return (
    <Badge tone={UNIT_STATUS_TONES[status]} className={className}>
      {status}
    </Badge>
  );
}

export function propertyTypeLabel(type: PropertyType): string {
  return PROPERTY_TYPE_LABELS[type];
}

/** "Line 1, Landmark, City, State 560001" */
export function formatAddress(address: PropertyDto['address'], options: { short?: boolean } = {}): string {
  if (options.short) return [address.city, address.state].filter(Boolean).join(', ');
  const street = [address.line1, address.line2, address.landmark]
    .filter((part) => part.trim() !== '')
    .join(', ');
  return `${street}, ${address.city}, ${address.state} ${address.postalCode}`.trim();
}

/** "₹12,000 – ₹18,000" or "₹12,000" (minor units). */
export function formatRentRange(
  range: { min: number; max: number; currency: string } | null | undefined,
): string | null {
  if (!range) return null;
  if (range.min === range.max) return formatMoney(range.min, range.currency);
  return `${formatMoney(range.min, range.currency)} – ${formatMoney(range.max, range.currency)}`;
}

/** "swimming_pool" → "Swimming pool" */
export function amenityLabel(value: string): string {
  const text = value.replace(/_/g, ' ').replace('24x7', '24×7');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The photo flagged primary, else the first. */
/** The "Amenities" section of a property's or a unit's overview: the amenities as chips, or "None listed." */
export function AmenityList({ amenities }: { amenities: readonly string[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">Amenities</h2>
      {amenities.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {amenities.map((amenity) => (
            <li
              key={amenity}
              className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700"
            >
              {amenityLabel(amenity)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-500">None listed.</p>
      )}
    </div>
  );
}

/** The "Amenities" chips of the property and unit forms, each toggled on or off; `children` (an own-amenity box)
 * follows the chips. Chosen values outside `options` are offered too. */
export function AmenityPicker({
  options: known,
  selected,
  onChange,
  children,
}: {
  options: readonly string[];
  selected: string[];
  onChange: (next: string[]) => void;
  children?: ReactNode;
}) {
  const options = [...new Set([...known, ...selected])];
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Amenities</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const on = selected.includes(option);
          return (
            <button
              key={option}
              type="button"
              aria-pressed={on}
              onClick={() =>
                onChange(on ? selected.filter((item) => item !== option) : [...selected, option])
              }
              className={cn(
                'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm transition',
                on
                  ? 'border-brand-600 bg-brand-50 text-brand-700'
                  : 'border-slate-300 bg-white text-slate-600 hover:border-slate-400',
              )}
            >
              {on ? <Check className="h-3.5 w-3.5" aria-hidden /> : null}
              {amenityLabel(option)}
            </button>
          );
        })}
      </div>
      {children}
    </fieldset>
  );
}

export function coverPhoto(photos: readonly ImageDto[]): ImageDto | null {
  return photos.find((photo) => photo.isPrimary) ?? photos[0] ?? null;
}

/** Occupied / total with a bar. */
export function OccupancyBar({ occupancy, className }: { occupancy: Occupancy; className?: string }) {
  const { occupiedUnits, totalUnits, occupancyRate } = occupancy;
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex items-center justify-between text-xs text-slate-500">
        <span>
          {occupiedUnits}/{totalUnits} occupied
        </span>
        <span className="font-medium text-slate-700">{occupancyRate}%</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden>
        <div
          className={cn(
            'h-full rounded-full',
            occupancyRate >= 80 ? 'bg-emerald-500' : occupancyRate >= 40 ? 'bg-brand-500' : 'bg-amber-500',
          )}
          style={{ width: `${Math.min(100, occupancyRate)}%` }}
        />
      </div>
    </div>
  );
}
