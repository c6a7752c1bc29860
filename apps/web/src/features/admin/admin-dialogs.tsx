import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_ACCOUNT_ROLES,
  type AdminUserDto,
  PLATFORM_ROLES,
  ZAdminCreateBody,
  ZAdminUserRoleBody,
} from '@rentora/shared';
import { UserX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, FormError, Input, Select } from '../../components/field';
import { emptyToNull, emptyToUndefined } from '../../components/form-values';
import { apiErrorMessage } from '../../lib/api-client';
import { humanize } from '../../lib/format';
import { toast } from '../../lib/toast';
import { PasswordInput } from '../auth/password-input';
import { roleLabel } from '../company-users/role-badge';
import { ADMIN_FALLBACK_MESSAGES, useCreateAdmin, useSetAdminUserRole } from './admin.api';

export function fullName(user: Pick<AdminUserDto, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

export function CreateAdminDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateAdmin();
  const form = useForm({
    resolver: zodResolver(ZAdminCreateBody),
    defaultValues: { email: '', firstName: '', lastName: '', role: 'admin' as const },
  });
  const { errors } = form.formState;
  const optional = { setValueAs: emptyToUndefined };
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        toast.success(
          answer.message ?? 'Admin account created',
          values.password
            ? answer.data.email
            : `${answer.data.email} was mailed a link to choose a password.`,
        );
        onClose();
      },
    }),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Create admin account"
      description="Administrators manage the platform. Without a password, they get an email to choose one."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="create-admin-form" loading={create.isPending}>
            Create account
          </Button>
        </>
      }
    >
      <form
        id="create-admin-form"
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-label="Create admin account"
      >
        <FormError
          message={create.isError ? apiErrorMessage(create.error, ADMIN_FALLBACK_MESSAGES.create) : null}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" required error={errors.firstName?.message}>
            {(control) => <Input {...control} data-autofocus {...form.register('firstName')} />}
          </Field>
          <Field label="Last name" required error={errors.lastName?.message}>
            {(control) => <Input {...control} {...form.register('lastName')} />}
          </Field>
        </div>
        <Field label="Email" required error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Role" error={errors.role?.message}>
            {(control) => (
              <Select {...control} {...form.register('role')}>
                {ADMIN_ACCOUNT_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {roleLabel(value)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Sub role" error={errors.subRole?.message} hint="Optional, e.g. support or billing.">
            {(control) => <Input {...control} {...form.register('subRole', optional)} />}
          </Field>
        </div>
        <Field label="Phone" error={errors.phone?.message}>
          {(control) => <Input {...control} type="tel" {...form.register('phone', optional)} />}
        </Field>
        <Field
          label="Password"
          error={errors.password?.message}
          hint="Leave empty to send a set-password email."
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              {...form.register('password', optional)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}

export function RoleDialog({ user, onClose }: { user: AdminUserDto; onClose: () => void }) {
  const setRole = useSetAdminUserRole();
  const form = useForm({
    resolver: zodResolver(ZAdminUserRoleBody),
    defaultValues: { role: user.role, subRole: user.subRole },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    setRole.mutate(
      { id: user._id, role: values.role, subRole: values.subRole ?? null },
      {
        onSuccess: (answer) => {
          toast.success(
            answer.message ?? 'Role updated',
            `${fullName(user)} is now ${humanize(values.role)}`,
          );
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Change platform role"
      description={`${fullName(user)} (${user.email})`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="admin-role-form" loading={setRole.isPending}>
            Save role
          </Button>
        </>
      }
    >
      <form
        id="admin-role-form"
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-label="Change platform role"
      >
        <FormError
          message={setRole.isError ? apiErrorMessage(setRole.error, ADMIN_FALLBACK_MESSAGES.role) : null}
        />
        <Field label="Role" error={errors.role?.message}>
          {(control) => (
            <Select {...control} data-autofocus {...form.register('role')}>
              {PLATFORM_ROLES.map((value) => (
                <option key={value} value={value}>
                  {value === 'user' ? 'Staff (user)' : roleLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Sub role" error={errors.subRole?.message} hint="Empty clears it.">
          {(control) => <Input {...control} {...form.register('subRole', { setValueAs: emptyToNull })} />}
        </Field>
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-xs text-slate-500">
          <UserX className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Company roles are managed in each company’s users page; this is the account’s platform role.
        </p>
      </form>
    </Dialog>
  );
}
