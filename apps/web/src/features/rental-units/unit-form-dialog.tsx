import { zodResolver } from '@hookform/resolvers/zod';
import {
  type GstUse,
  gstUseOf,
  type RentalUnitCreateBody,
  type RentalUnitCreateInput,
  type RentalUnitDto,
  UNIT_STATUSES,
  ZRentalUnitCreateBody,
  ZUnitGstUse,
} from '@rentora/shared';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, FormError, Input, Select } from '../../components/field';
import { refusalMessage } from '../../lib/form-errors';
import { useCreateUnit, useUpdateUnit } from './rental-units.api';
import {
  EMPTY_UNIT_SETTINGS,
  fieldMessage,
  toNullableNumber,
  UnitNumberFields,
  UnitSettingsFields,
} from './unit-settings-fields';

export const GST_USE_LABELS: Record<GstUse, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
};

export const UNIT_STATUS_LABELS = {
  Available: 'Available',
  Occupied: 'Occupied',
  Under_Maintenance: 'Under maintenance',
  Renovation: 'Renovation',
} as const;

type FormValues = RentalUnitCreateInput;

function valuesOf(unit: RentalUnitDto): FormValues {
  return {
    propertyId: unit.propertyId,
    unitNumber: unit.unitNumber,
    unitType: unit.unitType,
    floor: unit.floor,
    sizeSqft: unit.sizeSqft,
    bedrooms: unit.bedrooms,
    bathrooms: unit.bathrooms,
    furnishing: unit.furnishing,
    description: unit.description,
    amenities: [...unit.amenities],
    status: unit.status,
    gstUse: ZUnitGstUse.nullable().catch(null).parse(unit.gstUseOverride),
    availability: {
      isAvailable: unit.availability.isAvailable,
      availableFrom: unit.availability.availableFrom,
      minLeaseMonths: unit.availability.minLeaseMonths,
    },
    pricing: {
      rent: unit.pricing.rent,
      securityDeposit: unit.pricing.securityDeposit,
      maintenanceCharges: { ...unit.pricing.maintenanceCharges },
      currency: 'INR',
    },
  };
}

export interface UnitFormDialogProps {
  open: boolean;
  onClose: () => void;
  propertyId: string;
  /** Edit this unit; omit to create. */
  unit?: RentalUnitDto;
  onSaved?: (unit: RentalUnitDto) => void;
}

/** Create a unit from scratch, or edit one; validated by the shared ZRentalUnitCreateBody. */
export function UnitFormDialog({ open, onClose, propertyId, unit, onSaved }: UnitFormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={unit ? `Edit unit ${unit.unitNumber}` : 'Add a unit'}
      description={
        unit ? unit.property.name : 'From scratch. To reuse settings, add it from a template instead.'
      }
      size="lg"
    >
      {open ? <UnitForm propertyId={propertyId} unit={unit} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function UnitForm({ propertyId, unit, onClose, onSaved }: Omit<UnitFormDialogProps, 'open'>) {
  const create = useCreateUnit();
  const update = useUpdateUnit(unit?._id ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, RentalUnitCreateBody>({
    resolver: zodResolver(ZRentalUnitCreateBody),
    defaultValues: unit
      ? valuesOf(unit)
      : {
          ...EMPTY_UNIT_SETTINGS,
          propertyId,
          unitNumber: '',
          floor: null,
          status: 'Available',
          gstUse: null,
          availability: { isAvailable: true, availableFrom: null, minLeaseMonths: null },
        },
  });
  const {
    register,
    formState: { errors },
  } = form;

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      let saved: RentalUnitDto;
      if (unit) {
        const { propertyId: _property, ...changes } = body;
        saved = (await update.mutateAsync(changes)).data;
      } else {
        saved = (await create.mutateAsync(body)).data;
      }
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setFormError(refusalMessage(error, form.setError));
    }
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-5"
        aria-label={unit ? 'Edit unit' : 'Create unit'}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <UnitNumberFields
            placeholder="e.g. A-101"
            unitNumber={{ input: register('unitNumber'), error: errors.unitNumber?.message }}
            floor={{
              input: register('floor', { setValueAs: toNullableNumber }),
              error: errors.floor?.message,
            }}
          />
          <Field label="Status" error={fieldMessage(errors.status?.message)}>
            {(ctl) => (
              <Select {...ctl} {...register('status')}>
                {UNIT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {UNIT_STATUS_LABELS[status]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>

        <UnitSettingsFields />

        <Field
          label="GST use"
          hint="Decides how rent is taxed: commercial renting carries GST, residential is exempt or reverse charge."
          error={fieldMessage(errors.gstUse?.message)}
        >
          {(ctl) => (
            <Select
              {...ctl}
              {...register('gstUse', { setValueAs: (value) => (value ? value : null) })}
              data-testid="unit-gst-use-select"
            >
              <option value="">
                From unit type ({GST_USE_LABELS[gstUseOf(form.watch('unitType') ?? '')].toLowerCase()})
              </option>
              <option value="residential">Residential</option>
              <option value="commercial">Commercial</option>
            </Select>
          )}
        </Field>

        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">Availability</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-brand-600"
                {...register('availability.isAvailable')}
              />
              Open for booking
            </label>
            <Field label="Available from" error={fieldMessage(errors.availability?.availableFrom?.message)}>
              {(ctl) => (
                <Input
                  {...ctl}
                  type="date"
                  {...register('availability.availableFrom', {
                    setValueAs: (value) => (value ? value : null),
                  })}
                />
              )}
            </Field>
            <Field
              label="Minimum lease (months)"
              error={fieldMessage(errors.availability?.minLeaseMonths?.message)}
            >
              {(ctl) => (
                <Input
                  {...ctl}
                  type="number"
                  min={1}
                  max={120}
                  {...register('availability.minLeaseMonths', { setValueAs: toNullableNumber })}
                />
              )}
            </Field>
          </div>
        </fieldset>

        <FormError message={formError} />
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="outline" onClick={onClose} disabled={create.isPending || update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {unit ? 'Save unit' : 'Create unit'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
