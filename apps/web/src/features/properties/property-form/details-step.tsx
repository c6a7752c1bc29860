import { PROPERTY_AMENITIES } from '@rentora/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Field, Input } from '../../../components/field';
import { AmenityPicker } from '../property-display';
import { type FormValues, nullableNumber, nullableText } from './property-form-values';

export function DetailsStep() {
  const {
    register,
    formState: { errors },
  } = useFormContext<FormValues>();
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Floors" error={errors.totalFloors?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              max={300}
              {...register('totalFloors', { setValueAs: nullableNumber })}
            />
          )}
        </Field>
        <Field label="Year built" error={errors.yearBuilt?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={1800}
              {...register('yearBuilt', { setValueAs: nullableNumber })}
              placeholder="e.g. 2015"
            />
          )}
        </Field>
      </div>
      <AmenitiesPicker />
      <div className="grid gap-4 lg:grid-cols-2">
        <ContactFields name="ownerContact" title="Owner contact" />
        <ContactFields
          name="managerContact"
          title="Manager contact"
          hint="Shown to renters on the public listing when set."
        />
      </div>
    </div>
  );
}

function AmenitiesPicker() {
  const { control } = useFormContext<FormValues>();
  const { field } = useController({ control, name: 'amenities' });
  const selected = (field.value ?? []) as string[];
  const [custom, setCustom] = useState('');
  function addCustom() {
    const value = custom.trim().toLowerCase().replace(/\s+/g, '_');
    if (value && !selected.includes(value)) field.onChange([...selected, value]);
    setCustom('');
  }
  return (
    <AmenityPicker options={PROPERTY_AMENITIES} selected={selected} onChange={field.onChange}>
      <div className="mt-3 flex max-w-sm gap-2">
        <Input
          value={custom}
          onChange={(event) => setCustom(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addCustom();
            }
          }}
          placeholder="Add another amenity"
          aria-label="Add another amenity"
          maxLength={50}
        />
        <Button
          variant="outline"
          onClick={addCustom}
          disabled={!custom.trim()}
          icon={<Plus className="h-4 w-4" aria-hidden />}
        >
          Add
        </Button>
      </div>
    </AmenityPicker>
  );
}

function ContactFields({
  name,
  title,
  hint,
}: {
  name: 'ownerContact' | 'managerContact';
  title: string;
  hint?: string;
}) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useFormContext<FormValues>();
  const value = useWatch({ control, name });
  const enabled = value !== null && value !== undefined;
  const fieldErrors = errors[name];
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">{title}</legend>
      <label className="mb-3 flex items-center gap-2 text-sm text-slate-600">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 text-brand-600"
          checked={enabled}
          onChange={(event) =>
            setValue(name, event.target.checked ? { name: '', phone: null, email: null } : null, {
              shouldDirty: true,
              shouldValidate: false,
            })
          }
        />
        Add {title.toLowerCase()}
      </label>
      {hint ? <p className="-mt-2 mb-3 text-xs text-slate-500">{hint}</p> : null}
      {enabled ? (
        <div className="grid gap-3">
          <Field label="Name" required error={fieldErrors?.name?.message}>
            {(control) => <Input {...control} {...register(`${name}.name`)} autoComplete="name" />}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Phone" error={fieldErrors?.phone?.message}>
              {(control) => (
                <Input {...control} type="tel" {...register(`${name}.phone`, { setValueAs: nullableText })} />
              )}
            </Field>
            <Field label="Email" error={fieldErrors?.email?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  {...register(`${name}.email`, { setValueAs: nullableText })}
                />
              )}
            </Field>
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
