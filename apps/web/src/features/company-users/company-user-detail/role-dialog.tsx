import { COMPANY_ROLES, type CompanyRole, type CompanyUserDetailDto } from '@rentora/shared';
import { useState } from 'react';
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
  const [role, setRoleValue] = useState<CompanyRole>(member.role);
  const [keep, setKeep] = useState(false);
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
            loading={setRole.isPending}
            disabled={role === member.role}
            onClick={() =>
              setRole.mutate(
                { role, keepPermissions: keep },
                {
                  onSuccess: (answer) => {
                    toast.success(
                      answer.message ?? 'Role updated',
                      `${memberName(member)} is now ${humanize(role)}`,
                    );
                    onClose();
                  },
                },
              )
            }
          >
            Change role
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <FormError
          message={setRole.isError ? apiErrorMessage(setRole.error, COMPANY_USER_ACTION_MESSAGES.role) : null}
        />
        <Field label="Role">
          {(control) => (
            <Select
              {...control}
              value={role}
              onChange={(event) => setRoleValue(event.target.value as CompanyRole)}
              data-autofocus
            >
              {COMPANY_ROLES.map((value) => (
                <option key={value} value={value} disabled={value === 'owner' && !mayGiveOwner}>
                  {roleLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={keep}
            onChange={(event) => setKeep(event.target.checked)}
            className="mt-0.5 accent-brand-600"
          />
          <span>
            Keep the current permissions
            <span className="block text-xs text-slate-500">
              Otherwise they are reset to the new role’s defaults.
            </span>
          </span>
        </label>
      </div>
    </Dialog>
  );
}
