import { type FieldPath, useFormContext } from 'react-hook-form';
import { Field, Input, Select } from '../../components/field';
import { MoneyField } from '../../components/money-field';
import type { TenantCreateFormInput } from './tenant-create-form';

/** The error message of a field of the add-tenant form. */
function useTenantFieldError() {
  const { getFieldState, formState } = useFormContext<TenantCreateFormInput>();
  return (path: FieldPath<TenantCreateFormInput>) => getFieldState(path, formState).error?.message;
}

/** The agreement step of the add-tenant page: move-in, status, rent and charges, the lease dates. */
export function AgreementStep() {
  const { register, control } = useFormContext<TenantCreateFormInput>();
  const error = useTenantFieldError();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Move-in date" required error={error('occupancyDetails.moveInDate')}>
        {(control) => <Input {...control} type="date" {...register('occupancyDetails.moveInDate')} />}
      </Field>
      <Field label="Status">
        {(control) => (
          <Select {...control} {...register('status')}>
            <option value="active">Active now</option>
            <option value="pending">Pending approval</option>
          </Select>
        )}
      </Field>
      <MoneyField control={control} name="agreementDetails.rentAmount" label="Monthly rent" required />
      <MoneyField control={control} name="agreementDetails.maintenanceCharges" label="Maintenance charges" />
      <MoneyField control={control} name="agreementDetails.securityDeposit" label="Security deposit" />
      <Field label="Rent due day (1–28)" error={error('agreementDetails.rentDueDate')}>
        {(control) => (
          <Input
            {...control}
            type="number"
            min={1}
            max={28}
            {...register('agreementDetails.rentDueDate', { setValueAs: (value) => Number(value) })}
          />
        )}
      </Field>
      <Field label="Lease start" required error={error('agreementDetails.leaseStartDate')}>
        {(control) => <Input {...control} type="date" {...register('agreementDetails.leaseStartDate')} />}
      </Field>
      <Field label="Lease end" required error={error('agreementDetails.leaseEndDate')}>
        {(control) => <Input {...control} type="date" {...register('agreementDetails.leaseEndDate')} />}
      </Field>
    </div>
  );
}
