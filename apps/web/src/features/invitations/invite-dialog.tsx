import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPANY_ROLES,
  type CompanyRole,
  PERMISSION_CATALOGUE,
  ROLE_DEFAULT_FEATURES,
  ZInvitationCreateBody,
} from '@rentora/shared';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, FormError, Input, Select } from '../../components/field';
import { emptyToUndefined } from '../../components/form-values';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import { roleLabel } from '../company-users/role-badge';
import { INVITATION_ACTION_MESSAGES, useInviteUser } from './invitations.api';

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  company: { _id: string; name: string };
  /** Seats left on the plan (null: unlimited; undefined: unknown). */
  seatsLeft?: number | null;
}

function roleSummary(role: CompanyRole): string {
  const names = ROLE_DEFAULT_FEATURES[role].map(
    (feature) => PERMISSION_CATALOGUE.find((entry) => entry.feature === feature)?.name ?? feature,
  );
  return names.length > 6 ? `${names.slice(0, 6).join(', ')} and ${names.length - 6} more` : names.join(', ');
}

/** Invite someone to the company by email; they get a link to accept (a new person also chooses a password). */
export function InviteDialog({ open, onClose, company, seatsLeft }: InviteDialogProps) {
  const auth = useAuth();
  const invite = useInviteUser();
  const mayGiveOwner =
    auth.user?.role === 'super_admin' ||
    auth.user?.role === 'admin' ||
    auth.currentCompanyUser?.role === 'owner';
  const form = useForm({
    resolver: zodResolver(ZInvitationCreateBody),
    defaultValues: { email: '', role: 'manager' as CompanyRole, companyId: company._id },
  });
  const { errors } = form.formState;
  const role = form.watch('role');

  const close = () => {
    form.reset({ email: '', role: 'manager', companyId: company._id });
    invite.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(
      { ...values, companyId: company._id },
      {
        onSuccess: (answer) => {
          toast.success('Invitation sent', answer.message ?? `Invitation sent to ${answer.data.email}`);
          close();
        },
      },
    ),
  );
  const planLimit = invite.error instanceof ApiError && invite.error.code === 'PLAN_LIMIT_REACHED';
  const optional = { setValueAs: emptyToUndefined };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Invite a team member"
      description={`They will get an email with a link to join ${company.name}.`}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="invite-form"
            loading={invite.isPending}
            icon={<Send className="h-4 w-4" aria-hidden />}
          >
            Send invitation
          </Button>
        </>
      }
    >
      <form
        id="invite-form"
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-label="Invite a team member"
      >
        <FormError
          message={
            invite.isError
              ? planLimit
                ? `${apiErrorMessage(invite.error, INVITATION_ACTION_MESSAGES.invite)}. Upgrade the plan to add more users.`
                : apiErrorMessage(invite.error, INVITATION_ACTION_MESSAGES.invite)
              : null
          }
        />
        {seatsLeft !== undefined ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
            {seatsLeft === null
              ? 'Your plan has no user limit.'
              : seatsLeft === 0
                ? 'No seats left on your plan: pending invitations hold seats too.'
                : `${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left on your plan.`}
          </p>
        ) : null}
        <Field label="Email" required error={errors.email?.message}>
          {(control) => (
            <Input {...control} type="email" autoComplete="off" data-autofocus {...form.register('email')} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.firstName?.message}>
            {(control) => <Input {...control} {...form.register('firstName', optional)} />}
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            {(control) => <Input {...control} {...form.register('lastName', optional)} />}
          </Field>
        </div>
        <Field
          label="Role"
          required
          error={errors.role?.message}
          hint={role ? `Gets: ${roleSummary(role)}` : undefined}
        >
          {(control) => (
            <Select {...control} {...form.register('role')}>
              {COMPANY_ROLES.map((value) => (
                <option
                  key={value}
                  value={value}
                  disabled={value === 'owner' && !mayGiveOwner}
                  className="capitalize"
                >
                  {roleLabel(value)}
                  {value === 'owner' && !mayGiveOwner ? ' (owners only)' : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Designation" error={errors.designation?.message}>
            {(control) => (
              <Input
                {...control}
                placeholder="e.g. Leasing manager"
                {...form.register('designation', optional)}
              />
            )}
          </Field>
          <Field label="Department" error={errors.department?.message}>
            {(control) => (
              <Input {...control} placeholder="e.g. Operations" {...form.register('department', optional)} />
            )}
          </Field>
        </div>
      </form>
    </Dialog>
  );
}
