import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TenantDto,
  ZTenantExtendBody,
  ZTenantMoveOutBody,
  ZTenantRejectBody,
  ZTenantStatusBody,
  ZTenantTransferBody,
} from '@rentora/shared';
import { useState } from 'react';
import { Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field, Input, Select, Textarea } from '../../../components/field';
import { MoneyInput } from '../../../components/money-input';
import { useUnits } from '../../rental-units/rental-units.api';
import { tenantName } from '../tenant-display';
import { tenantsApi, useTenantMutation } from '../tenants.api';

type ActionId = 'approve' | 'reject' | 'notice' | 'activate' | 'move-out' | 'extend' | 'transfer';

const today = () => new Date().toISOString().slice(0, 10);

/** What the action dialogs ask for; each action reads the fields it shows. */
const ZActionFields = z.object({
  reason: z.string(),
  date: z.string(),
  rent: z.number().nullable(),
  unitId: z.string(),
});
type ActionFields = z.input<typeof ZActionFields>;
interface ActionRun {
  path: string;
  body?: unknown;
}

const optionalReason = z
  .string()
  .transform((reason) => reason.trim() || undefined)
  .pipe(ZTenantStatusBody.shape.reason);
const optionalRent = z
  .number()
  .nullable()
  .transform((rent) => rent ?? undefined)
  .pipe(ZTenantExtendBody.shape.rentAmount);
const statusChange = (status: string) =>
  ZActionFields.extend({ reason: optionalReason }).transform(
    ({ reason }): ActionRun => ({ path: 'status', body: { status, reason } }),
  );

/** Each action's fields checked by its shared body schema, and the request it makes. */
const ACTION_SCHEMAS: Record<ActionId, z.ZodType<ActionRun, ActionFields>> = {
  approve: ZActionFields.transform((): ActionRun => ({ path: 'approve' })),
  reject: ZActionFields.extend({ reason: ZTenantRejectBody.shape.rejectionReason }).transform(
    ({ reason }) => ({ path: 'reject', body: { rejectionReason: reason } }),
  ),
  notice: statusChange('notice_given'),
  activate: statusChange('active'),
  'move-out': ZActionFields.extend({
    date: ZTenantMoveOutBody.shape.moveOutDate,
    reason: optionalReason,
  }).transform(({ date, reason }) => ({ path: 'move-out', body: { moveOutDate: date, reason } })),
  extend: ZActionFields.extend({ date: ZTenantExtendBody.shape.newEndDate, rent: optionalRent }).transform(
    ({ date, rent }) => ({ path: 'extend-lease', body: { newEndDate: date, rentAmount: rent } }),
  ),
  transfer: ZActionFields.extend({
    unitId: ZTenantTransferBody.shape.toRentalUnitId,
    date: ZTenantTransferBody.shape.transferDate,
    rent: optionalRent,
  }).transform(({ unitId, date, rent }) => ({
    path: 'transfer',
    body: { toRentalUnitId: unitId, transferDate: date, rentAmount: rent },
  })),
};

interface ActionButton {
  id: ActionId;
  label: string;
  show: boolean;
  tone?: 'danger';
}

export function TenantActions({ tenant }: { tenant: TenantDto }) {
  const [open, setOpen] = useState<ActionButton | null>(null);
  const actions: ActionButton[] = [
    { id: 'approve', label: 'Approve', show: tenant.status === 'pending' },
    { id: 'reject', label: 'Reject', show: tenant.status === 'pending', tone: 'danger' },
    { id: 'notice', label: 'Give notice', show: tenant.status === 'active' },
    { id: 'activate', label: 'Withdraw notice', show: tenant.status === 'notice_given' },
    { id: 'extend', label: 'Extend lease', show: tenant.isActive || tenant.status === 'pending' },
    { id: 'transfer', label: 'Transfer', show: tenant.isActive },
    { id: 'move-out', label: 'Move out', show: tenant.isActive, tone: 'danger' },
  ];
  return (
    <div className="flex flex-wrap gap-2">
      {actions
        .filter((candidate) => candidate.show)
        .map((candidate) => (
          <Button
            key={candidate.id}
            size="sm"
            variant={candidate.tone === 'danger' ? 'danger' : 'outline'}
            onClick={() => setOpen(candidate)}
          >
            {candidate.label}
          </Button>
        ))}
      {open ? (
        <TenantActionDialog key={open.id} tenant={tenant} action={open} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}

const DESCRIPTIONS: Partial<Record<ActionId, string>> = {
  'move-out': 'The stay ends on the date below; the unit becomes available when nobody else lives there.',
  transfer: 'The stay in this unit ends and a new one starts in the chosen unit (history is kept).',
  approve: 'The tenant becomes active and the unit occupied.',
};

function TenantActionDialog({
  tenant,
  action,
  onClose,
}: {
  tenant: TenantDto;
  action: ActionButton;
  onClose: () => void;
}) {
  const open = action.id;
  const id = tenant._id;
  const form = useForm<ActionFields, unknown, ActionRun>({
    resolver: zodResolver(ACTION_SCHEMAS[open]),
    defaultValues: {
      reason: '',
      date: open === 'extend' ? (tenant.agreementDetails.leaseEndDate ?? today()) : today(),
      rent: null,
      unitId: '',
    },
  });
  const { errors } = form.formState;
  const [reason, unitId] = form.watch(['reason', 'unitId']);
  const run = useTenantMutation(id, (next: ActionRun) => tenantsApi.action(id, next.path, next.body), {
    success: 'Tenant updated',
  });
  return (
    <ConfirmDialog
      open
      title={`${action.label}: ${tenantName(tenant)}`}
      description={DESCRIPTIONS[open]}
      confirmLabel={action.label}
      tone={action.tone === 'danger' ? 'danger' : 'primary'}
      loading={run.isPending}
      confirmDisabled={(open === 'reject' && !reason.trim()) || (open === 'transfer' && !unitId)}
      onConfirm={() => void form.handleSubmit((next) => run.mutate(next, { onSuccess: onClose }))()}
      onClose={onClose}
    >
      <div className="space-y-3">
        {open === 'move-out' || open === 'transfer' || open === 'extend' ? (
          <Field
            label={
              open === 'extend' ? 'New lease end' : open === 'transfer' ? 'Transfer date' : 'Move-out date'
            }
            error={errors.date?.message}
          >
            {(control) => <Input {...control} type="date" {...form.register('date')} />}
          </Field>
        ) : null}
        {open === 'transfer' ? (
          <UnitPicker
            register={form.register('unitId')}
            error={errors.unitId?.message}
            exclude={tenant.unit._id}
          />
        ) : null}
        {open === 'extend' || open === 'transfer' ? (
          <Field label="New rent (optional)" error={errors.rent?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="rent"
                render={({ field }) => (
                  <MoneyInput {...control} ref={field.ref} value={field.value} onChange={field.onChange} />
                )}
              />
            )}
          </Field>
        ) : null}
        {open === 'reject' || open === 'notice' || open === 'activate' || open === 'move-out' ? (
          <Field
            label={open === 'reject' ? 'Reason' : 'Reason (optional)'}
            required={open === 'reject'}
            error={errors.reason?.message}
          >
            {(control) => <Textarea {...control} rows={2} {...form.register('reason')} />}
          </Field>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}

function UnitPicker({
  register,
  error,
  exclude,
}: {
  register: UseFormRegisterReturn;
  error?: string;
  exclude: string;
}) {
  const list = useUnits({ limit: 100, status: ['Available'], sortBy: 'unitNumber', sortOrder: 'asc' });
  const units = list.data
    ? list.data.data
        .filter((unit) => unit._id !== exclude)
        .map((unit) => ({ _id: unit._id, label: `${unit.unitNumber} · ${unit.property.name}` }))
    : null;
  return (
    <Field label="Move to unit" required error={error}>
      {(control) => (
        <Select {...control} {...register}>
          <option value="">
            {units === null ? 'Loading free units…' : units.length ? 'Choose a free unit' : 'No free units'}
          </option>
          {units?.map((unit) => (
            <option key={unit._id} value={unit._id}>
              {unit.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
