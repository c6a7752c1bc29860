import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Coordinates,
  PROPERTY_AMENITIES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type PropertyCreateBody,
  type PropertyCreateInput,
  type PropertyDto,
  ZPropertyCreateBody,
} from '@rentora/shared';
import { Check, ChevronLeft, ChevronRight, MapPin, Plus, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import {
  type FieldPath,
  FormProvider,
  type UseFormReturn,
  useController,
  useForm,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Field, FormError, Input, Select, Textarea } from '../../components/field';
import { Skeleton } from '../../components/skeleton';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { amenityLabel, formatAddress } from './property-display';

const LocationPicker = lazy(() =>
  import('../property-map/location-picker').then((module) => ({ default: module.LocationPicker })),
);

type FormValues = PropertyCreateInput;
type Path = FieldPath<FormValues>;

const STEPS: { id: string; label: string; description: string; fields: Path[] }[] = [
  {
    id: 'basics',
    label: 'Basics',
    description: 'What the property is called and what kind it is.',
    fields: ['name', 'propertyType', 'description', 'isListed'],
  },
  {
    id: 'location',
    label: 'Address & map',
    description: 'Where it is. Drop a pin so it shows on the property map.',
    fields: ['address'],
  },
  {
    id: 'details',
    label: 'Details',
    description: 'Building facts, amenities and who to contact.',
    fields: ['totalFloors', 'yearBuilt', 'amenities', 'ownerContact', 'managerContact'],
  },
  { id: 'review', label: 'Review', description: 'Check everything before saving.', fields: [] },
];

const EMPTY: FormValues = {
  name: '',
  propertyType: 'apartment_building',
  description: '',
  address: {
    line1: '',
    line2: '',
    landmark: '',
    city: '',
    state: '',
    postalCode: '',
    country: 'India',
    coordinates: null,
  },
  amenities: [],
  ownerContact: null,
  managerContact: null,
  totalFloors: null,
  yearBuilt: null,
  isListed: true,
};

/** A property as the form's starting values (edit). */
export function formValuesOf(property: PropertyDto): FormValues {
  return {
    name: property.name,
    propertyType: property.propertyType,
    description: property.description,
    address: { ...property.address },
    amenities: [...property.amenities],
    ownerContact: property.ownerContact ? { ...property.ownerContact } : null,
    managerContact: property.managerContact ? { ...property.managerContact } : null,
    totalFloors: property.totalFloors,
    yearBuilt: property.yearBuilt,
    isListed: property.isListed,
  };
}

const nullableNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);
const nullableText = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Server-side validation details → field errors; returns the first step with an error. */
function applyServerErrors(
  form: UseFormReturn<FormValues, unknown, PropertyCreateBody>,
  error: unknown,
): number | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return null;
  let firstStep: number | null = null;
  for (const detail of error.details) {
    if (!detail.path) continue;
    form.setError(detail.path as Path, { type: 'server', message: detail.message });
    const root = detail.path.split('.')[0] ?? '';
    const step = STEPS.findIndex((candidate) => candidate.fields.some((field) => field === root));
    if (step >= 0 && (firstStep === null || step < firstStep)) firstStep = step;
  }
  return firstStep;
}

export interface PropertyFormProps {
  mode: 'create' | 'edit';
  initialValues?: FormValues;
  submitting: boolean;
  /** Resolves when saved; rejects with the API error to show it. */
  onSubmit: (body: PropertyCreateBody) => Promise<unknown>;
  onCancel: () => void;
}

/** The multi-step property form (create and edit), validated by the shared ZPropertyCreateBody. */
export function PropertyForm({ mode, initialValues, submitting, onSubmit, onCancel }: PropertyFormProps) {
  const form = useForm<FormValues, unknown, PropertyCreateBody>({
    resolver: zodResolver(ZPropertyCreateBody),
    defaultValues: initialValues ?? EMPTY,
    mode: 'onTouched',
  });
  const [step, setStep] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [visited, setVisited] = useState(mode === 'edit' ? STEPS.length - 1 : 0);
  const [formError, setFormError] = useState<string | null>(null);
  const last = STEPS.length - 1;
  const current = STEPS[step] ?? STEPS[0]!;

  async function goTo(target: number) {
    if (target > step) {
      for (let index = step; index < target; index += 1) {
        const fields = STEPS[index]?.fields ?? [];
        if (fields.length > 0 && !(await form.trigger(fields, { shouldFocus: true }))) {
          setStep(index);
          return;
        }
      }
    }
    setStep(target);
    setVisited((value) => Math.max(value, target));
    formRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  const submit = form.handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        await onSubmit(body);
      } catch (error) {
        const errorStep = applyServerErrors(form, error);
        if (errorStep !== null) setStep(errorStep);
        else if (
          error instanceof ApiError &&
          error.code !== 'PLAN_LIMIT_REACHED' &&
          error.code !== 'FEATURE_NOT_IN_PLAN'
        )
          setFormError(error.message);
      }
    },
    (errors) => {
      const firstStep = STEPS.findIndex((candidate) =>
        candidate.fields.some((field) => (errors as Record<string, unknown>)[field] !== undefined),
      );
      if (firstStep >= 0) setStep(firstStep);
    },
  );

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        className="scroll-mt-20"
        noValidate
        aria-label={mode === 'create' ? 'Create property' : 'Edit property'}
        onSubmit={(event) => {
          event.preventDefault();
          if (step < last) void goTo(step + 1);
          else void submit(event);
        }}
      >
        <Stepper step={step} visited={visited} onSelect={(index) => void goTo(index)} />
        <Card className="mt-5 p-5 sm:p-6">
          <div className="mb-5">
            <h2 className="text-lg font-semibold text-slate-900">{current.label}</h2>
            <p className="text-sm text-slate-500">{current.description}</p>
          </div>
          {step === 0 ? <BasicsStep /> : null}
          {step === 1 ? <LocationStep /> : null}
          {step === 2 ? <DetailsStep /> : null}
          {step === 3 ? <ReviewStep onEdit={(index) => setStep(index)} /> : null}
          {formError ? (
            <div className="mt-5">
              <FormError message={formError} />
            </div>
          ) : null}
        </Card>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="ghost" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <div className="flex gap-2">
            {step > 0 ? (
              <Button
                variant="outline"
                onClick={() => setStep(step - 1)}
                disabled={submitting}
                icon={<ChevronLeft className="h-4 w-4" aria-hidden />}
              >
                Back
              </Button>
            ) : null}
            {step < last ? (
              <Button type="submit" className="flex-1 sm:flex-none">
                Next <ChevronRight className="h-4 w-4" aria-hidden />
              </Button>
            ) : (
              <Button
                type="submit"
                loading={submitting}
                className="flex-1 sm:flex-none"
                icon={<Check className="h-4 w-4" aria-hidden />}
              >
                {mode === 'create' ? 'Create property' : 'Save changes'}
              </Button>
            )}
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

function Stepper({
  step,
  visited,
  onSelect,
}: {
  step: number;
  visited: number;
  onSelect: (index: number) => void;
}) {
  return (
    <ol className="grid grid-cols-4 gap-2" aria-label="Steps">
      {STEPS.map((item, index) => {
        const done = index < step;
        const active = index === step;
        return (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onSelect(index)}
              disabled={index > visited + 1}
              aria-current={active ? 'step' : undefined}
              className="group flex w-full flex-col items-start gap-2 text-left disabled:cursor-not-allowed"
            >
              <span
                className={cn('h-1.5 w-full rounded-full', done || active ? 'bg-brand-600' : 'bg-slate-200')}
              />
              <span className="flex items-center gap-2">
                <span
                  className={cn(
                    'flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                    done
                      ? 'bg-brand-600 text-white'
                      : active
                        ? 'bg-brand-100 text-brand-700'
                        : 'bg-slate-100 text-slate-500',
                  )}
                >
                  {done ? <Check className="h-3.5 w-3.5" aria-hidden /> : index + 1}
                </span>
                <span
                  className={cn(
                    'hidden text-sm font-medium sm:inline',
                    active ? 'text-slate-900' : 'text-slate-500',
                  )}
                >
                  {item.label}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

function BasicsStep() {
  const {
    register,
    formState: { errors },
  } = useFormContext<FormValues>();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Property name" required error={errors.name?.message} className="sm:col-span-2">
        {(control) => (
          <Input {...control} {...register('name')} placeholder="e.g. Sunrise Residency" autoFocus />
        )}
      </Field>
      <Field label="Property type" required error={errors.propertyType?.message}>
        {(control) => (
          <Select {...control} {...register('propertyType')}>
            {PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {PROPERTY_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex items-end">
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600"
            {...register('isListed')}
          />
          <span>
            <span className="block text-sm font-medium text-slate-800">Show on the public listing</span>
            <span className="block text-xs text-slate-500">Once verified, with its available units.</span>
          </span>
        </label>
      </div>
      <Field
        label="Description"
        error={errors.description?.message}
        hint="What makes it a good place to live or work."
        className="sm:col-span-2"
      >
        {(control) => <Textarea {...control} {...register('description')} rows={4} />}
      </Field>
    </div>
  );
}

function LocationStep() {
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

function DetailsStep() {
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
  const options = [...new Set([...PROPERTY_AMENITIES, ...selected])];
  function toggle(value: string) {
    field.onChange(
      selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value],
    );
  }
  function addCustom() {
    const value = custom.trim().toLowerCase().replace(/\s+/g, '_');
    if (value && !selected.includes(value)) field.onChange([...selected, value]);
    setCustom('');
  }
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
              onClick={() => toggle(option)}
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
    </fieldset>
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

function ReviewRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function ReviewStep({ onEdit }: { onEdit: (step: number) => void }) {
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
