import { businessDate, formatReading, METER_UNITS, type MeterType, ZMeterReadingBody } from '@rentora/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input } from '../../components/field';
import { useAddReading } from './meters.api';

interface ReadingForm {
  reading: string;
  readAt: string;
  meterReplaced: boolean;
}

/** Enter a meter reading, with a photo from the phone's camera. */
export function ReadingDialog({
  meter,
  onClose,
}: {
  meter: { id: string; type: MeterType; title: string; lastReading: number | null } | null;
  onClose: () => void;
}) {
  const add = useAddReading(meter?.id ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const form = useForm<ReadingForm>({
    defaultValues: { reading: '', readAt: businessDate(), meterReplaced: false },
  });
  const { register, handleSubmit, setError, formState } = form;
  if (!meter) return null;
  const unit = METER_UNITS[meter.type];

  const submit = handleSubmit((values) => {
    const parsed = ZMeterReadingBody.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        setError((issue.path[0] as keyof ReadingForm) ?? 'reading', { message: issue.message });
      return;
    }
    add.mutate({ ...values, photo }, { onSuccess: onClose });
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={`New reading: ${meter.title}`}
      description={
        meter.lastReading === null
          ? 'The first reading of this meter.'
          : `Last reading ${formatReading(meter.lastReading)} ${unit}.`
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="reading-form" loading={add.isPending}>
            Save reading
          </Button>
        </>
      }
    >
      <form id="reading-form" onSubmit={submit} className="space-y-4" noValidate>
        <Field label={`Reading (${unit})`} error={formState.errors.reading?.message} required>
          {(fc) => (
            <Input
              {...fc}
              inputMode="decimal"
              autoComplete="off"
              data-autofocus
              invalid={Boolean(formState.errors.reading)}
              {...register('reading', { required: 'Required' })}
            />
          )}
        </Field>
        <Field label="Read on" error={formState.errors.readAt?.message} required>
          {(fc) => (
            <Input
              {...fc}
              type="date"
              max={businessDate()}
              {...register('readAt', { required: 'Required' })}
            />
          )}
        </Field>
        <Field label="Photo of the meter" hint="Optional: JPEG, PNG, WebP or AVIF">
          {(fc) => (
            <Input
              {...fc}
              type="file"
              accept="image/*"
              capture="environment"
              onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300"
            {...register('meterReplaced')}
          />
          The meter was replaced (the reading starts a new count)
        </label>
      </form>
    </Dialog>
  );
}
