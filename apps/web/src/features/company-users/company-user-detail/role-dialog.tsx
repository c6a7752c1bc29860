import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_ROLES, type CompanyUserDetailDto, ZCompanyUserRoleBody } from '@rentora/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Field, FormError, Select } from '../../../components/field';
import { apiErrorMessage } from '../../../lib/api-client';
import { humanize } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { COMPANY_USER_ACTION_MESSAGES, useSetRole } from '../company-users.api';
import { memberName } from '../company-users-page';
import { roleLabel } from '../role-badge';

export function RoleDialog({
  member,
  mayGiveOwner,
  onClose,
}: {
  member: CompanyUserDetailDto;
  mayGiveOwner: boolean;
  onClose: () => void;
}) {
  const setRole = useSetRole(member._id);
  const form = useForm<z.input<typeof ZCompanyUserRoleBody>, unknown, z.output<typeof ZCompanyUserRoleBody>>({
    resolver: zodResolver(ZCompanyUserRoleBody),
    defaultValues: { role: member.role, keepPermissions: false },
  });
  const role = form.watch('role');
  const submit = form.handleSubmit((body) =>
    setRole.mutate(body, {
      onSuccess: (answer) => {
        toast.success(
          answer.message ?? 'Role updated',
          `${memberName(member)} is now ${humanize(body.role)}`,
        );
        onClose();
      },
    }),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Change role"
      description={`${memberName(member)} is ${humanize(member.role)}.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="change-role"
            loading={setRole.isPending}
            disabled={role === member.role}
          >
            Change role
          </Button>
        </>
      }
    >
      <form id="change-role" className="space-y-4" noValidate onSubmit={submit}>
        <FormError
          message={setRole.isError ? apiErrorMessage(setRole.error, COMPANY_USER_ACTION_MESSAGES.role) : null}
        />
        <Field label="Role" error={form.formState.errors.role?.message}>
          {(control) => (
            <Select {...control} {...form.register('role')} data-autofocus>
              {COMPANY_ROLES.map((value) => (
                <option key={value} value={value} disabled={value === 'owner' && !mayGiveOwner}>
                  {roleLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" {...form.register('keepPermissions')} className="mt-0.5 accent-brand-600" />
          <span>
            Keep the current permissions
            <span className="block text-xs text-slate-500">
              Otherwise they are reset to the new role’s defaults.
            </span>
          </span>
        </label>
      </form>
    </Dialog>
  );
}
