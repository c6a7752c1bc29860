import type { Coordinates } from '@rentora/shared';
import { MapPin, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Field, Input } from '../../../components/field';
import { Skeleton } from '../../../components/skeleton';
import type { FormValues } from './property-form-values';

const LocationPicker = lazy(() =>
  import('../../property-map/location-picker').then((module) => ({ default: module.LocationPicker })),
);

export function LocationStep() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<FormValues>();
  const { field: coordinatesField } = useController({ control, name: 'address.coordinates' });
  const coordinates = (coordinatesField.value ?? null) as Coordinates | null;
  const addressErrors = errors.address;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-4 sm:grid-cols-2">
        <Field
          label="Address line 1"
          required
          error={addressErrors?.line1?.message}
          className="sm:col-span-2"
        >
          {(ctl) => <Input {...ctl} {...register('address.line1')} autoComplete="address-line1" />}
        </Field>
        <Field label="Address line 2" error={addressErrors?.line2?.message} className="sm:col-span-2">
          {(ctl) => <Input {...ctl} {...register('address.line2')} autoComplete="address-line2" />}
        </Field>
        <Field label="Landmark" error={addressErrors?.landmark?.message} className="sm:col-span-2">
          {(ctl) => <Input {...ctl} {...register('address.landmark')} placeholder="Near …" />}
        </Field>
        <Field label="City" required error={addressErrors?.city?.message}>
          {(ctl) => <Input {...ctl} {...register('address.city')} autoComplete="address-level2" />}
        </Field>
        <Field label="State" required error={addressErrors?.state?.message}>
          {(ctl) => <Input {...ctl} {...register('address.state')} autoComplete="address-level1" />}
        </Field>
        <Field label="Postal code" required error={addressErrors?.postalCode?.message}>
          {(ctl) => (
            <Input
              {...ctl}
              {...register('address.postalCode')}
              autoComplete="postal-code"
              inputMode="numeric"
            />
          )}
        </Field>
        <Field label="Country" error={addressErrors?.country?.message}>
          {(ctl) => <Input {...ctl} {...register('address.country')} autoComplete="country-name" />}
        </Field>
      </div>
      <div className="space-y-3">
        <div className="flex items-center justify-between">
          <p className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
            <MapPin className="h-4 w-4 text-brand-600" aria-hidden /> Map pin
          </p>
          {coordinates ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => coordinatesField.onChange(null)}
              icon={<X className="h-4 w-4" aria-hidden />}
            >
              Remove pin
            </Button>
          ) : null}
        </div>
        <Suspense fallback={<Skeleton className="h-72 w-full rounded-xl" />}>
          <LocationPicker value={coordinates} onChange={(next) => coordinatesField.onChange(next)} />
        </Suspense>
        <CoordinateInputs value={coordinates} onChange={(next) => coordinatesField.onChange(next)} />
        {addressErrors?.coordinates ? (
          <p className="text-xs font-medium text-red-600" role="alert">
            {addressErrors.coordinates.message ?? 'Check the coordinates'}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function sameCoordinates(a: Coordinates | null, b: Coordinates | null): boolean {
  if (a === null || b === null) return a === b;
  return a.latitude === b.latitude && a.longitude === b.longitude;
}

/** Latitude and longitude typed by hand (works without map tiles). */
function CoordinateInputs({
  value,
  onChange,
}: {
  value: Coordinates | null;
  onChange: (next: Coordinates | null) => void;
}) {
  const [draft, setDraft] = useState({
    lat: value ? String(value.latitude) : '',
    lng: value ? String(value.longitude) : '',
  });
  // Follow changes from the map (or "Remove pin"), but never rewrite what the user is typing ("77." stays).
  const [synced, setSynced] = useState(value);
  if (!sameCoordinates(synced, value)) {
    setSynced(value);
    const typed = { latitude: Number(draft.lat), longitude: Number(draft.lng) };
    const draftShowsValue = value
      ? sameCoordinates(typed, value)
      : draft.lat.trim() === '' && draft.lng.trim() === '';
    if (!draftShowsValue)
      setDraft({ lat: value ? String(value.latitude) : '', lng: value ? String(value.longitude) : '' });
  }
  function update(next: { lat: string; lng: string }) {
    setDraft(next);
    const latitude = Number(next.lat);
    const longitude = Number(next.lng);
    const valid =
      next.lat.trim() !== '' &&
      next.lng.trim() !== '' &&
      Number.isFinite(latitude) &&
      Number.isFinite(longitude) &&
      Math.abs(latitude) <= 90 &&
      Math.abs(longitude) <= 180;
    const nextValue = valid
      ? { latitude, longitude }
      : next.lat.trim() === '' && next.lng.trim() === ''
        ? null
        : value;
    if (nextValue !== value) {
      setSynced(nextValue);
      onChange(nextValue);
    }
  }
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="Latitude" hint="−90 to 90">
        {(ctl) => (
          <Input
            {...ctl}
            inputMode="decimal"
            value={draft.lat}
            onChange={(event) => update({ ...draft, lat: event.target.value })}
            placeholder="12.9716"
          />
        )}
      </Field>
      <Field label="Longitude" hint="−180 to 180">
        {(ctl) => (
          <Input
            {...ctl}
            inputMode="decimal"
            value={draft.lng}
            onChange={(event) => update({ ...draft, lng: event.target.value })}
            placeholder="77.5946"
          />
        )}
      </Field>
    </div>
  );
}
