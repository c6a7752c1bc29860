import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_PRIORITY_LABELS,
  type MaintenancePriority,
  type MaintenanceTypeCreateBody,
  type MaintenanceTypeDto,
  ZMaintenanceTypeCreateBody,
} from '@rentora/shared';
import { Pencil, Plus, Sparkles, Tags, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { Field, Input, Select, Textarea } from '../../components/field';
import { ListView, tableRows } from '../../components/list-view';
import { Switch } from '../../components/switch';
import { usePermissions } from '../auth/use-permissions';
import {
  MAINTENANCE_FALLBACKS,
  maintenanceApi,
  useCompanyId,
  useConfigMutation,
  useMaintenanceTypes,
} from './maintenance.api';
import { PriorityBadge } from './maintenance-display';

/** Maintenance types: SLA hours and default priority per type; the defaults in one click. */
export function TypesTab() {
  const companyId = useCompanyId();
  const permissions = usePermissions();
  const canManage = permissions.canUseAny(['maintenance_update', 'maintenance_write']);
  const types = useMaintenanceTypes();
  const [editing, setEditing] = useState<MaintenanceTypeDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MaintenanceTypeDto | null>(null);
  const defaults = useConfigMutation(
    () => maintenanceApi.createDefaults(companyId),
    MAINTENANCE_FALLBACKS.createDefaults,
  );
  const toggle = useConfigMutation(
    (id: string) => maintenanceApi.toggleType(id),
    MAINTENANCE_FALLBACKS.toggleType,
  );
  const remove = useConfigMutation(
    (id: string) => maintenanceApi.deleteType(id),
    MAINTENANCE_FALLBACKS.deleteType,
  );

  const columns: DataTableColumn<MaintenanceTypeDto>[] = [
    {
      id: 'name',
      header: 'Type',
      cell: (row) => (
        <span>
          <span className="block font-medium text-slate-900">{row.name}</span>
          <span className="text-xs text-slate-500">{row.key}</span>
        </span>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      cell: (row) => <span className="text-sm text-slate-600">{row.description || '—'}</span>,
    },
    { id: 'sla', header: 'SLA', cell: (row) => `${row.slaHours} h` },
    {
      id: 'priority',
      header: 'Default priority',
      cell: (row) => <PriorityBadge priority={row.defaultPriority} />,
    },
    {
      id: 'active',
      header: 'Active',
      cell: (row) => (
        <Switch
          checked={row.isActive}
          onChange={() => toggle.mutate(row._id)}
          disabled={!canManage || toggle.isPending}
          label={`${row.isActive ? 'Deactivate' : 'Activate'} ${row.name}`}
        />
      ),
    },
  ];

  return (
    <div className="space-y-4">
      {canManage && !types.isError ? (
        <div className="flex flex-wrap gap-2">
          <Button icon={<Plus className="h-4 w-4" aria-hidden />} onClick={() => setEditing('new')}>
            Add type
          </Button>
          <Button
            variant="outline"
            icon={<Sparkles className="h-4 w-4" aria-hidden />}
            loading={defaults.isPending}
            onClick={() => defaults.mutate(undefined)}
          >
            Add default types
          </Button>
        </div>
      ) : null}
      <ListView
        list={{
          data: types.isLoading ? undefined : { data: types.data ?? [] },
          isPending: types.isLoading,
          isFetching: false,
          isError: types.isError,
          error: types.error,
          refetch: types.refetch,
        }}
        errorTitle="Something went wrong"
        errorFallback={MAINTENANCE_FALLBACKS.fetchTypes}
        empty={
          <EmptyState
            icon={Tags}
            title="No maintenance types yet"
            description="Types decide due dates and who gets a request. Start with the eleven defaults."
            action={
              canManage ? (
                <Button loading={defaults.isPending} onClick={() => defaults.mutate(undefined)}>
                  Add default types
                </Button>
              ) : undefined
            }
          />
        }
        onPageChange={() => undefined}
      >
        {tableRows({
          columns,
          rowKey: (row) => row._id,
          caption: 'Maintenance types',
          actions: canManage
            ? (row) => (
                <>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Edit ${row.name}`}
                    onClick={() => setEditing(row)}
                  >
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Delete ${row.name}`}
                    onClick={() => setDeleting(row)}
                  >
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                  </Button>
                </>
              )
            : undefined,
        })}
      </ListView>
      {editing ? (
        <TypeDialog type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete ${deleting?.name ?? 'type'}?`}
        description="A type that requests use cannot be deleted; deactivate it instead."
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}

type TypeFormInput = z.input<typeof ZMaintenanceTypeCreateBody>;

/** An empty or zero SLA falls back to the default 72 hours. */
const slaHoursOrDefault = (value: unknown) => Number(value) || 72;

function TypeDialog({ type, onClose }: { type: MaintenanceTypeDto | null; onClose: () => void }) {
  const form = useForm<TypeFormInput, unknown, MaintenanceTypeCreateBody>({
    resolver: zodResolver(ZMaintenanceTypeCreateBody),
    defaultValues: {
      name: type?.name ?? '',
      description: type?.description ?? '',
      slaHours: type?.slaHours ?? 72,
      defaultPriority: type?.defaultPriority ?? 'medium',
    },
  });
  const { errors } = form.formState;
  const name = form.watch('name');
  const save = useConfigMutation(
    (body: { name: string; description: string; slaHours: number; defaultPriority: MaintenancePriority }) =>
      type ? maintenanceApi.updateType(type._id, body) : maintenanceApi.createType(body),
    type ? MAINTENANCE_FALLBACKS.updateType : MAINTENANCE_FALLBACKS.createType,
  );
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      {
        name: values.name,
        description: values.description ?? '',
        slaHours: values.slaHours ?? 72,
        defaultPriority: values.defaultPriority ?? 'medium',
      },
      { onSuccess: onClose },
    ),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={type ? `Edit ${type.name}` : 'Add maintenance type'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="maintenance-type-form" loading={save.isPending} disabled={!name.trim()}>
            Save
          </Button>
        </>
      }
    >
      <form id="maintenance-type-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required className="sm:col-span-2" error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register('name')} maxLength={100} data-autofocus />}
        </Field>
        <Field label="SLA (hours)" hint="Due date = filed + SLA" error={errors.slaHours?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={1}
              max={2160}
              {...form.register('slaHours', { setValueAs: slaHoursOrDefault })}
            />
          )}
        </Field>
        <Field label="Default priority" error={errors.defaultPriority?.message}>
          {(control) => (
            <Select {...control} {...form.register('defaultPriority')}>
              {MAINTENANCE_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {MAINTENANCE_PRIORITY_LABELS[p]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Description" className="sm:col-span-2" error={errors.description?.message}>
          {(control) => <Textarea {...control} rows={3} {...form.register('description')} maxLength={500} />}
        </Field>
      </form>
    </Dialog>
  );
}
