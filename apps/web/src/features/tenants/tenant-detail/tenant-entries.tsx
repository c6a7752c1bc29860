import type { TenantEntryDto } from '@rentora/shared';
import { useState } from 'react';
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
  const [content, setContent] = useState('');
  const [type, setType] = useState(types[0] ?? 'general');
  const add = useTenantMutation(id, () => tenantsApi.post(id, path, { content, type }), { success });
  return (
    <form
      className="flex flex-col gap-2 p-4 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (content.trim()) add.mutate(undefined, { onSuccess: () => setContent('') });
      }}
    >
      <Field label={label} className="flex-1">
        {(control) => (
          <Input
            {...control}
            value={content}
            maxLength={2000}
            onChange={(event) => setContent(event.target.value)}
          />
        )}
      </Field>
      <Select
        aria-label={`${label} type`}
        value={type}
        onChange={(event) => setType(event.target.value)}
        className="sm:w-40"
      >
        {types.map((option) => (
          <option key={option} value={option}>
            {humanize(option)}
          </option>
        ))}
      </Select>
      <Button type="submit" loading={add.isPending} disabled={!content.trim()}>
        Add
      </Button>
    </form>
  );
}
