import type { TenantDto } from '@rentora/shared';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field, Input, Select, Textarea } from '../../../components/field';
import { MoneyInput } from '../../../components/money-input';
import { useUnits } from '../../rental-units/rental-units.api';
import { tenantName } from '../tenant-display';
import { tenantsApi, useTenantMutation } from '../tenants.api';

type ActionId = 'approve' | 'reject' | 'notice' | 'activate' | 'move-out' | 'extend' | 'transfer';

const today = () => new Date().toISOString().slice(0, 10);

export function TenantActions({ tenant }: { tenant: TenantDto }) {
  const [open, setOpen] = useState<ActionId | null>(null);
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(today());
  const [rent, setRent] = useState<number | null>(null);
  const [unitId, setUnitId] = useState('');
  const id = tenant._id;
  const action = useTenantMutation(
    id,
    (run: { path: string; body?: unknown; success: string }) => tenantsApi.action(id, run.path, run.body),
    { success: 'Tenant updated' },
  );
  const actions: { id: ActionId; label: string; show: boolean; tone?: 'danger' }[] = [
    { id: 'approve', label: 'Approve', show: tenant.status === 'pending' },
    { id: 'reject', label: 'Reject', show: tenant.status === 'pending', tone: 'danger' },
    { id: 'notice', label: 'Give notice', show: tenant.status === 'active' },
    { id: 'activate', label: 'Withdraw notice', show: tenant.status === 'notice_given' },
    { id: 'extend', label: 'Extend lease', show: tenant.isActive || tenant.status === 'pending' },
    { id: 'transfer', label: 'Transfer', show: tenant.isActive },
    { id: 'move-out', label: 'Move out', show: tenant.isActive, tone: 'danger' },
  ];
  function start(next: ActionId) {
    setReason('');
    setDate(next === 'extend' ? (tenant.agreementDetails.leaseEndDate ?? today()) : today());
    setRent(null);
    setUnitId('');
    setOpen(next);
  }
  function confirm() {
    const run =
      open === 'approve'
        ? { path: 'approve' }
        : open === 'reject'
          ? { path: 'reject', body: { rejectionReason: reason } }
          : open === 'notice'
            ? { path: 'status', body: { status: 'notice_given', reason: reason || undefined } }
            : open === 'activate'
              ? { path: 'status', body: { status: 'active', reason: reason || undefined } }
              : open === 'move-out'
                ? { path: 'move-out', body: { moveOutDate: date, reason: reason || undefined } }
                : open === 'extend'
                  ? { path: 'extend-lease', body: { newEndDate: date, rentAmount: rent ?? undefined } }
                  : {
                      path: 'transfer',
                      body: { toRentalUnitId: unitId, transferDate: date, rentAmount: rent ?? undefined },
                    };
    action.mutate({ ...run, success: '' }, { onSuccess: () => setOpen(null) });
  }
  const current = actions.find((candidate) => candidate.id === open);
  return (
    <div className="flex flex-wrap gap-2">
      {actions
        .filter((candidate) => candidate.show)
        .map((candidate) => (
          <Button
            key={candidate.id}
            size="sm"
            variant={candidate.tone === 'danger' ? 'danger' : 'outline'}
            onClick={() => start(candidate.id)}
          >
            {candidate.label}
          </Button>
        ))}
      <ConfirmDialog
        open={open !== null}
        title={`${current?.label ?? ''}: ${tenantName(tenant)}`}
        description={
          open === 'move-out'
            ? 'The stay ends on the date below; the unit becomes available when nobody else lives there.'
            : open === 'transfer'
              ? 'The stay in this unit ends and a new one starts in the chosen unit (history is kept).'
              : open === 'approve'
                ? 'The tenant becomes active and the unit occupied.'
                : undefined
        }
        confirmLabel={current?.label ?? 'Confirm'}
        tone={current?.tone === 'danger' ? 'danger' : 'primary'}
        loading={action.isPending}
        confirmDisabled={(open === 'reject' && !reason.trim()) || (open === 'transfer' && !unitId)}
        onConfirm={confirm}
        onClose={() => setOpen(null)}
      >
        <div className="space-y-3">
          {open === 'move-out' || open === 'transfer' || open === 'extend' ? (
            <Field
              label={
                open === 'extend' ? 'New lease end' : open === 'transfer' ? 'Transfer date' : 'Move-out date'
              }
            >
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={date}
                  onChange={(event) => setDate(event.target.value)}
                />
              )}
            </Field>
          ) : null}
          {open === 'transfer' ? (
            <UnitPicker value={unitId} onChange={setUnitId} exclude={tenant.unit._id} />
          ) : null}
          {open === 'extend' || open === 'transfer' ? (
            <Field label="New rent (optional)">
              {(control) => <MoneyInput {...control} value={rent} onChange={setRent} />}
            </Field>
          ) : null}
          {open === 'reject' || open === 'notice' || open === 'activate' || open === 'move-out' ? (
            <Field label={open === 'reject' ? 'Reason' : 'Reason (optional)'} required={open === 'reject'}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={2}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
          ) : null}
        </div>
      </ConfirmDialog>
    </div>
  );
}

function UnitPicker({
  value,
  onChange,
  exclude,
}: {
  value: string;
  onChange: (id: string) => void;
  exclude: string;
}) {
  const list = useUnits({ limit: 100, status: ['Available'], sortBy: 'unitNumber', sortOrder: 'asc' });
  const units = list.data
    ? list.data.data
        .filter((unit) => unit._id !== exclude)
        .map((unit) => ({ _id: unit._id, label: `${unit.unitNumber} · ${unit.property.name}` }))
    : null;
  return (
    <Field label="Move to unit" required>
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
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
