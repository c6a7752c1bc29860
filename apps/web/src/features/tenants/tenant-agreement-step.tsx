import { type FieldPath, useController, useFormContext } from 'react-hook-form';
import { Field, Input, Select } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import type { TenantCreateFormInput } from './tenant-create-form';

type MoneyPath = `agreementDetails.${'rentAmount' | 'maintenanceCharges' | 'securityDeposit'}`;

/** The error message of a field of the add-tenant form. */
function useTenantFieldError() {
  const { getFieldState, formState } = useFormContext<TenantCreateFormInput>();
  return (path: FieldPath<TenantCreateFormInput>) => getFieldState(path, formState).error?.message;
}

/** A money field of the agreement (paise); an emptied field is left out, so the schema's default or rule applies. */
function MoneyField({ name, label, required }: { name: MoneyPath; label: string; required?: boolean }) {
  const { field, fieldState } = useController<TenantCreateFormInput, MoneyPath>({ name });
  return (
    <Field label={label} required={required} error={fieldState.error?.message}>
      {(control) => (
        <MoneyInput
          {...control}
          ref={field.ref}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(minor) => field.onChange(minor ?? undefined)}
        />
      )}
    </Field>
  );
}

/** The agreement step of the add-tenant page: move-in, status, rent and charges, the lease dates. */
export function AgreementStep() {
  const { register } = useFormContext<TenantCreateFormInput>();
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
      <MoneyField name="agreementDetails.rentAmount" label="Monthly rent" required />
      <MoneyField name="agreementDetails.maintenanceCharges" label="Maintenance charges" />
      <MoneyField name="agreementDetails.securityDeposit" label="Security deposit" />
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
