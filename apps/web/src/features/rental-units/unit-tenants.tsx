import { zodResolver } from '@hookform/resolvers/zod';
import {
  type RentalUnitDto,
  type RentalUnitUserDto,
  TENANT_ASSIGNMENT_ROLES,
  ZAssignTenantBody,
  ZDateOnly,
  ZNewTenantPerson,
} from '@rentora/shared';
import { LogOut, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Avatar } from '../../components/avatar';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, FormError, Input, Select, Textarea } from '../../components/field';
import { MoneyField } from '../../components/money-field';
import { SkeletonList } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { apiErrorMessage } from '../../lib/api-client';
import { refusalMessage } from '../../lib/form-errors';
import { formatDate, formatMoney, humanize } from '../../lib/format';
import { type TenantListType, useAssignTenant, useMoveOutTenant, useUnitTenants } from './rental-units.api';
import { fieldMessage } from './unit-settings-fields';

/**
 * The assignment form: the person (found by email, or created and invited) plus the lease fields of the
 * shared ZAssignTenantBody, flattened for the form and put back together on submit.
 */
const ZAssignTenantForm = ZNewTenantPerson.extend({
  role: ZAssignTenantBody.shape.role,
  startDate: ZDateOnly,
  endDate: ZAssignTenantBody.shape.endDate,
  rent: ZAssignTenantBody.shape.rent,
  notes: ZAssignTenantBody.shape.notes,
}).refine((values) => !values.endDate || values.endDate >= values.startDate, {
  message: 'The end date must not be before the start date',
  path: ['endDate'],
});
type AssignFormInput = z.input<typeof ZAssignTenantForm>;
type AssignFormOutput = z.output<typeof ZAssignTenantForm>;

function today(): string {
  const now = new Date();
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

const ROLE_LABELS: Record<(typeof TENANT_ASSIGNMENT_ROLES)[number], string> = {
  primary: 'Primary tenant',
  co_tenant: 'Co-tenant',
  occupant: 'Occupant',
};

const TENANCY_BADGES: Record<RentalUnitUserDto['tenancyStatus'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Current', tone: 'success' },
  notice_given: { label: 'Notice given', tone: 'warning' },
  pending: { label: 'Pending', tone: 'warning' },
  rejected: { label: 'Rejected', tone: 'danger' },
  moved_out: { label: 'Past', tone: 'neutral' },
};

/** Current and past tenants of a unit; assign a tenant and move one out. */
export function UnitTenants({
  unit,
  canAssign,
  canMoveOut,
}: {
  unit: RentalUnitDto;
  canAssign: boolean;
  canMoveOut: boolean;
}) {
  const [type, setType] = useState<TenantListType>('current');
  const tenants = useUnitTenants(unit._id, type);
  const moveOut = useMoveOutTenant(unit._id);
  const [assigning, setAssigning] = useState(false);
  const [leaving, setLeaving] = useState<RentalUnitUserDto | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Tabs
          variant="pills"
          label="Tenant list"
          value={type}
          onChange={setType}
          tabs={[
            { id: 'current', label: 'Current' },
            { id: 'past', label: 'Past' },
            { id: 'all', label: 'All' },
          ]}
        />
        {canAssign ? (
          <Button onClick={() => setAssigning(true)} icon={<UserPlus className="h-4 w-4" aria-hidden />}>
            Assign tenant
          </Button>
        ) : null}
      </div>
      {tenants.isPending ? (
        <SkeletonList rows={2} />
      ) : tenants.isError ? (
        <ErrorState
          title="Failed to fetch tenants"
          message={apiErrorMessage(tenants.error, 'Please try again.')}
          onRetry={() => void tenants.refetch()}
        />
      ) : tenants.data.data.length === 0 ? (
        <EmptyState
          icon={Users}
          title={
            type === 'current' ? 'No current tenant' : type === 'past' ? 'No past tenants' : 'No tenants yet'
          }
          description={type === 'current' && canAssign ? 'Assign the person who rents this unit.' : undefined}
        />
      ) : (
        <ul className="space-y-3" aria-label="Tenants">
          {tenants.data.data.map((tenant) => (
            <li key={tenant._id}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <Avatar
                  firstName={tenant.user.firstName}
                  lastName={tenant.user.lastName}
                  src={tenant.user.avatar}
                  size="md"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`/dashboard/tenants/${tenant._id}`}
                      className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                    >
                      {tenant.user.firstName} {tenant.user.lastName}
                    </Link>
                    <Badge tone={TENANCY_BADGES[tenant.tenancyStatus].tone}>
                      {TENANCY_BADGES[tenant.tenancyStatus].label}
                    </Badge>
                    <Badge tone="neutral">{ROLE_LABELS[tenant.role]}</Badge>
                  </div>
                  <p className="truncate text-sm text-slate-500">
                    {tenant.user.email}
                    {tenant.user.phone ? ` · ${tenant.user.phone}` : ''}
                  </p>
                  <p className="text-xs text-slate-500">
                    From {formatDate(tenant.startDate)}
                    {tenant.movedOutAt
                      ? ` · moved out ${formatDate(tenant.movedOutAt)}`
                      : tenant.endDate
                        ? ` · lease until ${formatDate(tenant.endDate)}`
                        : ''}{' '}
                    · {formatMoney(tenant.rent, tenant.currency)}/month
                  </p>
                </div>
                {tenant.status === 'current' && canMoveOut ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setLeaving(tenant)}
                    icon={<LogOut className="h-4 w-4" aria-hidden />}
                  >
                    Move out
                  </Button>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={assigning}
        onClose={() => setAssigning(false)}
        title="Assign a tenant"
        description={`Unit ${unit.unitNumber} · ${unit.property.name}`}
        size="lg"
      >
        {assigning ? <AssignTenantForm unit={unit} onDone={() => setAssigning(false)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={leaving !== null}
        tone="primary"
        title="Move the tenant out?"
        description={
          leaving
            ? `${leaving.user.firstName} ${leaving.user.lastName} moves to past tenants today. The unit's occupancy updates.`
            : null
        }
        confirmLabel="Move out"
        loading={moveOut.isPending}
        onClose={() => setLeaving(null)}
        onConfirm={() => {
          if (leaving) moveOut.mutate(leaving, { onSettled: () => setLeaving(null) });
        }}
      />
    </div>
  );
}

function AssignTenantForm({ unit, onDone }: { unit: RentalUnitDto; onDone: () => void }) {
  const assign = useAssignTenant(unit._id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AssignFormInput, unknown, AssignFormOutput>({
    resolver: zodResolver(ZAssignTenantForm),
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      phone: undefined,
      role: 'primary',
      startDate: today(),
      endDate: null,
      rent: unit.pricing.rent,
      notes: '',
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(
    async ({ email, firstName, lastName, phone, role, startDate, endDate, rent, notes }) => {
      setFormError(null);
      try {
        await assign.mutateAsync({
          userId: { email, firstName, lastName, phone },
          role,
          startDate,
          endDate,
          rent,
          notes,
        });
        onDone();
      } catch (error) {
        setFormError(refusalMessage(error, form.setError, (path) => path.replace(/^userId\./, '')));
      }
    },
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Assign tenant">
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
        An existing account is found by email; otherwise a tenant account is created and the person gets an
        email to set a password.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Email" required error={fieldMessage(errors.email?.message)} className="sm:col-span-2">
          {(ctl) => <Input {...ctl} type="email" autoComplete="off" {...register('email')} data-autofocus />}
        </Field>
        <Field label="First name" required error={fieldMessage(errors.firstName?.message)}>
          {(ctl) => <Input {...ctl} {...register('firstName')} />}
        </Field>
        <Field label="Last name" required error={fieldMessage(errors.lastName?.message)}>
          {(ctl) => <Input {...ctl} {...register('lastName')} />}
        </Field>
        <Field label="Phone" error={fieldMessage(errors.phone?.message)}>
          {(ctl) => (
            <Input
              {...ctl}
              type="tel"
              {...register('phone', { setValueAs: (value) => (value === '' ? undefined : value) })}
            />
          )}
        </Field>
        <Field label="Role" error={fieldMessage(errors.role?.message)}>
          {(ctl) => (
            <Select {...ctl} {...register('role')}>
              {TENANT_ASSIGNMENT_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role] ?? humanize(role)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Start date" required error={fieldMessage(errors.startDate?.message)}>
          {(ctl) => <Input {...ctl} type="date" {...register('startDate')} />}
        </Field>
        <Field label="Lease end" error={fieldMessage(errors.endDate?.message)}>
          {(ctl) => (
            <Input
              {...ctl}
              type="date"
              {...register('endDate', { setValueAs: (value) => (value ? value : null) })}
            />
          )}
        </Field>
        <MoneyField
          control={control}
          name="rent"
          label="Monthly rent"
          hint={`Unit rent: ${formatMoney(unit.pricing.rent)}`}
          formatError={fieldMessage}
        />
        <Field label="Notes" error={fieldMessage(errors.notes?.message)} className="sm:col-span-2">
          {(ctl) => <Textarea {...ctl} rows={2} {...register('notes')} />}
        </Field>
      </div>
      <FormError message={formError} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" onClick={onDone} disabled={assign.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={assign.isPending}>
          Assign tenant
        </Button>
      </div>
    </form>
  );
}
