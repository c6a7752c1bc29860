import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyUserDetailDto, ZCompanyUserUpdateBody } from '@rentora/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Field, FormError, Input } from '../../../components/field';
import { emptyToNull } from '../../../components/form-values';
import { apiErrorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { COMPANY_USER_ACTION_MESSAGES, useUpdateCompanyUser } from '../company-users.api';

export function DetailsDialog({ member, onClose }: { member: CompanyUserDetailDto; onClose: () => void }) {
  const update = useUpdateCompanyUser(member._id);
  const form = useForm({
    resolver: zodResolver(ZCompanyUserUpdateBody),
    defaultValues: { designation: member.designation, department: member.department },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { designation: values.designation, department: values.department },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? 'Company user updated');
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Edit details"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="member-details-form" loading={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form
        id="member-details-form"
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-label="Edit details"
      >
        <FormError
          message={update.isError ? apiErrorMessage(update.error, COMPANY_USER_ACTION_MESSAGES.update) : null}
        />
        <Field label="Designation" error={errors.designation?.message}>
          {(control) => (
            <Input
              {...control}
              data-autofocus
              {...form.register('designation', { setValueAs: emptyToNull })}
            />
          )}
        </Field>
        <Field label="Department" error={errors.department?.message}>
          {(control) => <Input {...control} {...form.register('department', { setValueAs: emptyToNull })} />}
        </Field>
      </form>
    </Dialog>
  );
}
