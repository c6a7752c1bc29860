import { METER_TYPE_LABELS, METER_TYPES, type MeterBody, type MeterType, ZMeterBody } from '@rentora/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type Control, Controller, useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, FormError, Input, Select } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { usePropertyUnits } from '../rental-units/rental-units.api';
import { useAddMeter } from './meters.api';

interface SlabRow {
  upTo: string;
  perUnit: number | null;
}

interface MeterForm {
  type: MeterType;
  label: string;
  mode: 'flat' | 'slabs';
  perUnit: number | null;
  slabs: SlabRow[];
  fixedCharge: number | null;
  shared: { rentalUnitId: string; sharePercent: string }[];
}

/** The body the form describes; the shared schema then checks it (slabs in order, shares adding up to 100). */
function bodyOf(values: MeterForm): MeterBody {
  const tariff =
    values.mode === 'flat'
      ? { perUnit: values.perUnit ?? 0, fixedCharge: values.fixedCharge ?? 0 }
      : {
          slabs: values.slabs.map((s, i) => ({
            upTo: i === values.slabs.length - 1 ? null : Number(s.upTo),
            perUnit: s.perUnit ?? 0,
          })),
          fixedCharge: values.fixedCharge ?? 0,
        };
  return {
    type: values.type,
    label: values.label,
    tariff,
    shared:
      values.shared.length > 0
        ? values.shared.map((s) => ({ rentalUnitId: s.rentalUnitId, sharePercent: Number(s.sharePercent) }))
        : null,
  };
}

/** A money field of the form (rupees typed, paise kept). */
function MoneyField({
  control,
  label,
  name,
  required,
}: {
  control: Control<MeterForm>;
  label: string;
  name: 'perUnit' | 'fixedCharge' | `slabs.${number}.perUnit`;
  required?: boolean;
}) {
  return (
    <Field label={label} required={required}>
      {(fc) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <MoneyInput
              id={fc.id}
              aria-invalid={fc['aria-invalid']}
              value={field.value as number | null}
              onChange={field.onChange}
            />
          )}
        />
      )}
    </Field>
  );
}

/** Add a meter to a unit: type, tariff (a price per unit or slabs, plus a fixed charge) and optional shares. */
export function MeterDialog({
  unit,
  open,
  onClose,
}: {
  unit: { _id: string; propertyId: string };
  open: boolean;
  onClose: () => void;
}) {
  const add = useAddMeter(unit._id);
  const units = usePropertyUnits(unit.propertyId, { limit: 100 });
  const [problem, setProblem] = useState<string | null>(null);
  const { register, control, handleSubmit, watch, reset } = useForm<MeterForm>({
    defaultValues: {
      type: 'electricity',
      label: '',
      mode: 'flat',
      perUnit: 800,
      slabs: [
        { upTo: '100', perUnit: 475 },
        { upTo: '', perUnit: 700 },
      ],
      fixedCharge: 0,
      shared: [],
    },
  });
  const slabs = useFieldArray({ control, name: 'slabs' });
  const shares = useFieldArray({ control, name: 'shared' });
  const mode = watch('mode');

  const close = () => {
    reset();
    setProblem(null);
    onClose();
  };
  const submit = handleSubmit((values) => {
    const parsed = ZMeterBody.safeParse(bodyOf(values));
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the meter');
      return;
    }
    setProblem(null);
    add.mutate(bodyOf(values), { onSuccess: close });
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Add meter"
      description="Readings of this meter are billed with the rent run as utilities."
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="meter-form" loading={add.isPending}>
            Add meter
          </Button>
        </>
      }
    >
      <form id="meter-form" onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Type" required>
            {(fc) => (
              <Select {...fc} {...register('type')} data-autofocus>
                {METER_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {METER_TYPE_LABELS[t]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Label" hint="Optional, e.g. Kitchen">
            {(fc) => <Input {...fc} maxLength={60} {...register('label')} />}
          </Field>
        </div>
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Tariff</legend>
          <div className="flex gap-4 text-sm" role="radiogroup" aria-label="Tariff kind">
            <label className="flex items-center gap-2">
              <input type="radio" value="flat" {...register('mode')} /> Price per unit
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="slabs" {...register('mode')} /> Slabs
            </label>
          </div>
          {mode === 'flat' ? (
            <MoneyField control={control} label="Price per unit" name="perUnit" required />
          ) : (
            <div className="space-y-2">
              {slabs.fields.map((slab, i) => {
                const last = i === slabs.fields.length - 1;
                return (
                  <div key={slab.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                    <Field label={last ? 'Above' : `Slab ${i + 1} up to (units)`}>
                      {(fc) =>
                        last ? (
                          <Input {...fc} value="the rest" disabled readOnly />
                        ) : (
                          <Input {...fc} inputMode="numeric" {...register(`slabs.${i}.upTo`)} />
                        )
                      }
                    </Field>
                    <MoneyField control={control} label="Price per unit" name={`slabs.${i}.perUnit`} />
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove slab ${i + 1}`}
                      disabled={slabs.fields.length === 1}
                      onClick={() => slabs.remove(i)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </div>
                );
              })}
              <Button
                variant="outline"
                size="sm"
                icon={<Plus className="h-4 w-4" aria-hidden />}
                onClick={() => slabs.insert(slabs.fields.length - 1, { upTo: '', perUnit: 0 })}
              >
                Add slab
              </Button>
            </div>
          )}
          <MoneyField control={control} label="Fixed charge per bill" name="fixedCharge" />
        </fieldset>
        <fieldset className="space-y-2 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Shared by units (optional)</legend>
          <p className="text-xs text-slate-500">
            Without shares this unit pays the whole bill. Shares add up to 100%.
          </p>
          {shares.fields.map((share, i) => (
            <div key={share.id} className="grid grid-cols-[2fr_1fr_auto] items-end gap-2">
              <Field label="Unit">
                {(fc) => (
                  <Select {...fc} {...register(`shared.${i}.rentalUnitId`)}>
                    {(units.data?.data ?? []).map((u) => (
                      <option key={u._id} value={u._id}>
                        {u.unitNumber}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Share %">
                {(fc) => <Input {...fc} inputMode="decimal" {...register(`shared.${i}.sharePercent`)} />}
              </Field>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove share ${i + 1}`}
                onClick={() => shares.remove(i)}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          ))}
          <Button
            variant="outline"
            size="sm"
            icon={<Plus className="h-4 w-4" aria-hidden />}
            onClick={() =>
              shares.append({
                rentalUnitId: shares.fields.length === 0 ? unit._id : (units.data?.data[0]?._id ?? unit._id),
                sharePercent: '',
              })
            }
          >
            Add share
          </Button>
        </fieldset>
        <FormError message={problem} />
      </form>
    </Dialog>
  );
}
