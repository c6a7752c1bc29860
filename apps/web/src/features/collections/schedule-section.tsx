import { zodResolver } from '@hookform/resolvers/zod';
import { COLLECTION_CHANNELS, type CollectionSettingsDto } from '@rentora/shared';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/empty-state';
import { Field, FormError, Input } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { COLLECTIONS_MESSAGES, useCollectionSettings, useSaveCollectionSettings } from './collections.api';

export const CHANNEL_LABELS = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

const ZScheduleForm = z
  .object({
    days: z
      .string()
      .trim()
      .regex(/^(-?\d{1,3})(\s*,\s*-?\d{1,3})*$/, 'Whole days separated by commas, e.g. -5, 0, 3, 7'),
    email: z.boolean(),
    sms: z.boolean(),
    whatsapp: z.boolean(),
    quiet: z.boolean(),
    from: z.string(),
    to: z.string(),
  })
  .refine((v) => !v.quiet || (/^\d{2}:\d{2}$/.test(v.from) && /^\d{2}:\d{2}$/.test(v.to)), {
    path: ['to'],
    message: 'Both times are needed',
  });
type ScheduleForm = z.infer<typeof ZScheduleForm>;

const describeDay = (day: number) =>
  day === 0 ? 'on the due date' : day < 0 ? `${-day} days before` : `${day} days after`;

/** Company → Collections: the days around the due date reminders go out, the channels and the quiet hours. */
export function ScheduleSection({ canEdit }: { canEdit: boolean }) {
  const settings = useCollectionSettings();
  return (
    <Card className="space-y-4 p-6" aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <CalendarClock className="h-4 w-4 text-brand-600" aria-hidden /> Reminder schedule
      </h2>
      {settings.isError ? (
        <ErrorState
          title={COLLECTIONS_MESSAGES.fetchSettings}
          message={apiErrorMessage(settings.error, COLLECTIONS_MESSAGES.fetchSettings)}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.data ? (
        <ScheduleForm key={JSON.stringify(settings.data)} settings={settings.data} canEdit={canEdit} />
      ) : (
        <SkeletonList rows={3} />
      )}
    </Card>
  );
}

function ScheduleForm({ settings, canEdit }: { settings: CollectionSettingsDto; canEdit: boolean }) {
  const save = useSaveCollectionSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ScheduleForm>({
    resolver: zodResolver(ZScheduleForm),
    defaultValues: {
      days: settings.reminderDays.join(', '),
      email: settings.channels.includes('email'),
      sms: settings.channels.includes('sms'),
      whatsapp: settings.channels.includes('whatsapp'),
      quiet: settings.quietHours !== null,
      from: settings.quietHours?.from ?? '21:00',
      to: settings.quietHours?.to ?? '08:00',
    },
  });
  const { errors } = form.formState;
  const quiet = form.watch('quiet');
  const days = form
    .watch('days')
    .split(',')
    .map((d) => Number(d.trim()))
    .filter((d) => Number.isInteger(d));

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({
        reminderDays: values.days.split(',').map((d) => Number(d.trim())),
        channels: COLLECTION_CHANNELS.filter((channel) => values[channel]),
        quietHours: values.quiet ? { from: values.from, to: values.to } : null,
      });
    } catch (error) {
      setFormError(apiErrorMessage(error, COLLECTIONS_MESSAGES.saveSettings));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Reminder schedule" className="space-y-4">
      <fieldset disabled={!canEdit || save.isPending} className="space-y-4">
        <Field
          label="Reminder days (relative to the due date)"
          error={errors.days?.message}
          hint={days.length ? `Sent ${days.map(describeDay).join(', ')}.` : undefined}
        >
          {(control) => <Input {...control} {...form.register('days')} placeholder="-5, 0, 3, 7" />}
        </Field>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Channels</legend>
          <div className="flex flex-wrap gap-4">
            {COLLECTION_CHANNELS.map((channel) => (
              <label key={channel} className="inline-flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300"
                  {...form.register(channel)}
                />
                {CHANNEL_LABELS[channel]}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-500">
            SMS need a DLT-registered template and WhatsApp an approved template (below); each tenant may opt
            out.
          </p>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Quiet hours (India time)</legend>
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...form.register('quiet')} />
            Hold reminders between
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              type="time"
              aria-label="Quiet from"
              className="w-32"
              disabled={!quiet}
              {...form.register('from')}
            />
            <span className="text-sm text-slate-500">and</span>
            <Input
              type="time"
              aria-label="Quiet until"
              className="w-32"
              disabled={!quiet}
              {...form.register('to')}
            />
          </div>
          {errors.to?.message ? (
            <p className="text-xs font-medium text-red-600" role="alert">
              {errors.to.message}
            </p>
          ) : (
            <p className="text-xs text-slate-500">Reminders due in these hours go out when they end.</p>
          )}
        </fieldset>
        <FormError message={formError} />
        {canEdit ? (
          <Button type="submit" loading={save.isPending}>
            Save schedule
          </Button>
        ) : null}
      </fieldset>
    </form>
  );
}
