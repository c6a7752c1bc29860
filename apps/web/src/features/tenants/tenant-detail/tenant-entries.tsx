import { zodResolver } from '@hookform/resolvers/zod';
import { type TenantEntryDto, ZTenantNoteBody } from '@rentora/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Field, Input, Select } from '../../../components/field';
import { humanize, timeAgo } from '../../../lib/format';
import { tenantsApi, useTenantMutation } from '../tenants.api';

export function EntryList({ entries, empty }: { entries: TenantEntryDto[]; empty: string }) {
  if (entries.length === 0) return <p className="p-4 text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {entries.map((entry) => (
        <li key={entry._id} className="p-4 text-sm">
          <p className="text-slate-900">{entry.content}</p>
          <p className="mt-1 text-xs text-slate-500">
            {humanize(entry.type)} · {entry.author ?? 'Someone'} · {timeAgo(entry.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A note, complaint or warning: the text rules of the shared schema; the server checks the type's list. */
const ZEntryForm = ZTenantNoteBody.pick({ content: true }).extend({ type: z.string() });
type EntryInput = z.input<typeof ZEntryForm>;
type EntryBody = z.output<typeof ZEntryForm>;

export function EntryForm({
  id,
  path,
  types,
  label,
  success,
}: {
  id: string;
  path: 'notes' | 'complaints' | 'warnings';
  types: readonly string[];
  label: string;
  success: string;
}) {
  const form = useForm<EntryInput, unknown, EntryBody>({
    resolver: zodResolver(ZEntryForm),
    defaultValues: { content: '', type: types[0] ?? 'general' },
  });
  const content = form.watch('content');
  const add = useTenantMutation(id, (body: EntryBody) => tenantsApi.post(id, path, body), { success });
  return (
    <form
      className="flex flex-col gap-2 p-4 sm:flex-row sm:items-end"
      noValidate
      onSubmit={form.handleSubmit((body) =>
        add.mutate(body, { onSuccess: () => form.resetField('content', { defaultValue: '' }) }),
      )}
    >
      <Field label={label} className="flex-1" error={form.formState.errors.content?.message}>
        {(control) => <Input {...control} maxLength={2000} {...form.register('content')} />}
      </Field>
      <Select aria-label={`${label} type`} {...form.register('type')} className="sm:w-40">
        {types.map((option) => (
          <option key={option} value={option}>
            {humanize(option)}
          </option>
        ))}
      </Select>
      <Button type="submit" loading={add.isPending} disabled={!content?.trim()}>
        Add
      </Button>
    </form>
  );
}
