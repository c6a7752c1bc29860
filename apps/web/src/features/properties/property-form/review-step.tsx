import { PROPERTY_TYPE_LABELS } from '@rentora/shared';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { amenityLabel, formatAddress } from '../property-display';
import type { FormValues } from './property-form-values';

function ReviewRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function ReviewStep({ onEdit }: { onEdit: (step: number) => void }) {
  const { control } = useFormContext<FormValues>();
  const values = useWatch({ control }) as FormValues;
  const address = {
    line1: values.address?.line1 ?? '',
    line2: values.address?.line2 ?? '',
    landmark: values.address?.landmark ?? '',
    city: values.address?.city ?? '',
    state: values.address?.state ?? '',
    postalCode: values.address?.postalCode ?? '',
    country: values.address?.country ?? '',
    coordinates: values.address?.coordinates ?? null,
  };
  const section = (title: string, step: number, rows: ReactNode) => (
    <section className="rounded-xl border border-slate-200 px-4 py-2">
      <div className="flex items-center justify-between border-b border-slate-100 py-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <Button variant="link" onClick={() => onEdit(step)}>
          Edit
        </Button>
      </div>
      <dl className="divide-y divide-slate-100">{rows}</dl>
    </section>
  );
  return (
    <div className="space-y-4" data-testid="property-review">
      {section(
        'Basics',
        0,
        <>
          <ReviewRow label="Name">{values.name || '—'}</ReviewRow>
          <ReviewRow label="Type">
            {values.propertyType ? PROPERTY_TYPE_LABELS[values.propertyType] : '—'}
          </ReviewRow>
          <ReviewRow label="Public listing">
            {values.isListed === false ? 'Hidden' : 'Shown once verified'}
          </ReviewRow>
          {values.description ? <ReviewRow label="Description">{values.description}</ReviewRow> : null}
        </>,
      )}
      {section(
        'Address & map',
        1,
        <>
          <ReviewRow label="Address">{formatAddress(address)}</ReviewRow>
          <ReviewRow label="Country">{address.country || '—'}</ReviewRow>
          <ReviewRow label="Map pin">
            {address.coordinates
              ? `${address.coordinates.latitude.toFixed(5)}, ${address.coordinates.longitude.toFixed(5)}`
              : 'Not set'}
          </ReviewRow>
        </>,
      )}
      {section(
        'Details',
        2,
        <>
          <ReviewRow label="Floors">{values.totalFloors ?? '—'}</ReviewRow>
          <ReviewRow label="Year built">{values.yearBuilt ?? '—'}</ReviewRow>
          <ReviewRow label="Amenities">
            {values.amenities?.length
              ? values.amenities.map((item) => amenityLabel(item)).join(', ')
              : 'None'}
          </ReviewRow>
          <ReviewRow label="Owner contact">
            {values.ownerContact
              ? [values.ownerContact.name, values.ownerContact.phone, values.ownerContact.email]
                  .filter(Boolean)
                  .join(' · ')
              : '—'}
          </ReviewRow>
          <ReviewRow label="Manager contact">
            {values.managerContact
              ? [values.managerContact.name, values.managerContact.phone, values.managerContact.email]
                  .filter(Boolean)
                  .join(' · ')
              : '—'}
          </ReviewRow>
        </>,
      )}
    </div>
  );
}
