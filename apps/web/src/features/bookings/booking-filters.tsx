import type { BookingStatus } from '@rentora/shared';
import { BOOKING_STATUSES } from '@rentora/shared';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Input, Select } from '../../components/field';
import { SearchInput } from '../../components/search-input';
import { useSearchBox } from '../../lib/url-filters';
import { usePermissions } from '../auth/use-permissions';
import { useProperties } from '../properties/properties.api';
import { usePropertyUnits } from '../rental-units/rental-units.api';
import { BOOKING_STATUS_LABELS } from './bookings.api';

const STATUS_CHIPS: BookingStatus[] = [
  'pending_payment',
  'partially_paid',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
];

export const isStatus = (value: string): value is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value);

/** The list's filters in the address (shareable, kept on reload and back/forward); `booking` is the open one. */
export const FILTER_KEYS = ['status', 'search', 'from', 'to', 'propertyId', 'rentalUnitId', 'view'] as const;

type FilterValues = Record<(typeof FILTER_KEYS)[number] | 'page', string>;

/**
 * Status chips (both areas) and, on the dashboard, search, property, unit (of the chosen property) and the booking
 * date range; every control writes the address, so a filtered list can be shared or reloaded.
 */
export function BookingFiltersBar({
  company,
  values,
  statuses,
  hasFilters,
  set,
  clear,
}: {
  company: boolean;
  values: FilterValues;
  statuses: BookingStatus[];
  hasFilters: boolean;
  set: (changes: Partial<Record<keyof FilterValues, string | number | null>>) => void;
  clear: () => void;
}) {
  const [searchText, setSearchText] = useSearchBox(values.search, (search) => set({ search }));
  // The property and unit pickers list properties and units: only for those who may read them.
  const { canUseAll } = usePermissions();
  const byProperty = company && canUseAll(['properties_read', 'rentalunit_read']);
  const properties = useProperties({ limit: 100, sortBy: 'name', sortOrder: 'asc' }, { enabled: byProperty });
  const units = usePropertyUnits(byProperty && values.propertyId ? values.propertyId : undefined, {
    limit: 100,
    sortBy: 'unitNumber',
    sortOrder: 'asc',
  });
  const toggle = (status: BookingStatus) => {
    const next = statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status];
    set({ status: STATUS_CHIPS.filter((s) => next.includes(s)).join(',') });
  };
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm font-medium transition ${
      active
        ? 'border-brand-600 bg-brand-600 text-white shadow-sm'
        : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50'
    }`;
  return (
    <div className="mb-4 space-y-3" data-testid="booking-filters">
      {company ? (
        <Card className="grid gap-3 p-3 sm:grid-cols-2 sm:p-4 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,0.9fr)_minmax(0,0.9fr)]">
          <SearchInput
            value={searchText}
            onChange={setSearchText}
            label="Search bookings"
            placeholder="Booker, email, unit or property"
            className="sm:col-span-2 lg:col-span-1"
          />
          {byProperty ? (
            <>
              <Select
                aria-label="Property"
                value={values.propertyId}
                onChange={(event) => set({ propertyId: event.target.value, rentalUnitId: null })}
              >
                <option value="">All properties</option>
                {(properties.data?.data ?? []).map((property) => (
                  <option key={property._id} value={property._id}>
                    {property.name}
                  </option>
                ))}
              </Select>
              <Select
                aria-label="Unit"
                value={values.propertyId ? values.rentalUnitId : ''}
                disabled={!values.propertyId}
                title={values.propertyId ? undefined : 'Choose a property first'}
                onChange={(event) => set({ rentalUnitId: event.target.value })}
              >
                <option value="">{values.propertyId ? 'All units' : 'All units (choose a property)'}</option>
                {(units.data?.data ?? []).map((unit) => (
                  <option key={unit._id} value={unit._id}>
                    Unit {unit.unitNumber}
                  </option>
                ))}
              </Select>
            </>
          ) : null}
          <Input
            aria-label="Booked from"
            title="Booked from"
            type="date"
            value={values.from}
            max={values.to || undefined}
            onChange={(event) => set({ from: event.target.value })}
          />
          <Input
            aria-label="Booked to"
            title="Booked to"
            type="date"
            value={values.to}
            min={values.from || undefined}
            onChange={(event) => set({ to: event.target.value })}
          />
        </Card>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="contents">
          <legend className="sr-only">Booking status</legend>
          <button
            type="button"
            className={chip(statuses.length === 0)}
            aria-pressed={statuses.length === 0}
            onClick={() => set({ status: null })}
          >
            All
          </button>
          {STATUS_CHIPS.map((status) => (
            <button
              key={status}
              type="button"
              className={chip(statuses.includes(status))}
              aria-pressed={statuses.includes(status)}
              onClick={() => toggle(status)}
            >
              {BOOKING_STATUS_LABELS[status]}
            </button>
          ))}
        </fieldset>
        {hasFilters ? (
          <Button variant="ghost" size="sm" onClick={clear} className="ml-auto">
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
