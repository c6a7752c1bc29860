import {
  FURNISHING_TYPES,
  type Furnishing,
  monthlyTotal,
  UNIT_AMENITIES,
  UNIT_TYPE_LABELS,
  UNIT_TYPES,
  type ZUnitSettings,
} from '@rentora/shared';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Field, Input, type InputProps, Select, Textarea } from '../../components/field';
import { MoneyField } from '../../components/money-field';
import { formatMoney } from '../../lib/format';
import { AmenityPicker } from '../properties/property-display';

/** The unit settings a unit and a template share (ZUnitSettings). */
export type UnitSettingsInput = z.input<typeof ZUnitSettings>;

export const FURNISHING_LABELS: Record<Furnishing, string> = {
  unfurnished: 'Unfurnished',
  semi_furnished: 'Semi-furnished',
  fully_furnished: 'Fully furnished',
};

export const EMPTY_UNIT_SETTINGS: UnitSettingsInput = {
  unitType: '2bhk',
  sizeSqft: null,
  bedrooms: 2,
  bathrooms: 2,
  furnishing: 'unfurnished',
  description: '',
  amenities: [],
  pricing: {
    rent: 0,
    securityDeposit: 0,
    maintenanceCharges: { included: false, amount: 0 },
    currency: 'INR',
  },
};

export const toOptionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
export const toNullableNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** zod's type messages ("Invalid input: expected number, received NaN") read as "Required" in a form. */
export function fieldMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /expected (number|string)/i.test(message) ? 'Required' : message;
}

/** The room counts of a unit (0–50 each). */
const ROOM_FIELDS = [
  ['bedrooms', 'Bedrooms'],
  ['bathrooms', 'Bathrooms'],
] as const;

/** The unit number (focused first) and floor boxes of the unit forms. */
export function UnitNumberFields({
  placeholder,
  unitNumber,
  floor,
}: {
  placeholder: string;
  unitNumber: { input: InputProps; error?: string };
  floor: { input: InputProps; error?: string };
}) {
  return (
    <>
      <Field label="Unit number" required error={fieldMessage(unitNumber.error)}>
        {(ctl) => <Input {...ctl} {...unitNumber.input} placeholder={placeholder} data-autofocus />}
      </Field>
      <Field label="Floor" error={fieldMessage(floor.error)}>
        {(ctl) => <Input {...ctl} type="number" min={-5} max={300} {...floor.input} />}
      </Field>
    </>
  );
}

/** Type, size, rooms, furnishing, pricing, amenities and description (inside a FormProvider). */
export function UnitSettingsFields({ idPrefix = 'unit' }: { idPrefix?: string }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<UnitSettingsInput>();
  const pricing = useWatch({ control, name: 'pricing' });
  const included = pricing?.maintenanceCharges?.included ?? false;
  const total = monthlyTotal({
    pricing: {
      rent: pricing?.rent ?? 0,
      maintenanceCharges: { included, amount: pricing?.maintenanceCharges?.amount ?? 0 },
    },
  });
  return (
    <div className="space-y-5" data-prefix={idPrefix}>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Unit type" required error={fieldMessage(errors.unitType?.message)}>
          {(ctl) => (
            <Select {...ctl} {...register('unitType')}>
              {UNIT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {UNIT_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Furnishing" error={fieldMessage(errors.furnishing?.message)}>
          {(ctl) => (
            <Select {...ctl} {...register('furnishing')}>
              {FURNISHING_TYPES.map((type) => (
                <option key={type} value={type}>
                  {FURNISHING_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Size (sq ft)" error={fieldMessage(errors.sizeSqft?.message)}>
          {(ctl) => (
            <Input
              {...ctl}
              type="number"
              min={1}
              {...register('sizeSqft', { setValueAs: toNullableNumber })}
            />
          )}
        </Field>
        {ROOM_FIELDS.map(([name, label]) => (
          <Field key={name} label={label} error={fieldMessage(errors[name]?.message)}>
            {(ctl) => (
              <Input
                {...ctl}
                type="number"
                min={0}
                max={50}
                {...register(name, { setValueAs: toOptionalNumber })}
              />
            )}
          </Field>
        ))}
      </div>

      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">Pricing (per month)</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <MoneyField
            control={control}
            name="pricing.rent"
            label="Rent"
            required
            formatError={fieldMessage}
          />
          <MoneyField
            control={control}
            name="pricing.securityDeposit"
            label="Security deposit"
            empty={0}
            formatError={fieldMessage}
          />
          <MoneyField
            control={control}
            name="pricing.maintenanceCharges.amount"
            label="Maintenance"
            hint={included ? 'Included in the rent' : undefined}
            disabled={included}
            empty={0}
            formatError={fieldMessage}
          />
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-600">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 text-brand-600"
              {...register('pricing.maintenanceCharges.included')}
            />
            Maintenance included in rent
          </label>
          <p className="text-sm text-slate-600" data-testid="monthly-total">
            Monthly total <span className="font-semibold text-slate-900">{formatMoney(total)}</span>
          </p>
        </div>
      </fieldset>

      <UnitAmenities />

      <Field label="Description" error={fieldMessage(errors.description?.message)}>
        {(ctl) => <Textarea {...ctl} rows={3} {...register('description')} />}
      </Field>
    </div>
  );
}

function UnitAmenities() {
  const { control } = useFormContext<UnitSettingsInput>();
  const { field } = useController({ control, name: 'amenities' });
  return (
    <AmenityPicker
      options={UNIT_AMENITIES}
      selected={(field.value ?? []) as string[]}
      onChange={field.onChange}
    />
  );
}
