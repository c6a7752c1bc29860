import { Field, Input, Select } from '../../components/field';
import { MoneyInput } from '../../components/money-input';

/** The agreement of a new tenancy as the create page edits it (money in paise). */
export interface AgreementDraft {
  moveInDate: string;
  rentAmount: number | null;
  maintenanceCharges: number | null;
  securityDeposit: number | null;
  rentDueDate: number;
  leaseStartDate: string;
  leaseEndDate: string;
  status: 'active' | 'pending';
}

/** The agreement step of the add-tenant page: move-in, status, rent and charges, the lease dates. */
export function AgreementStep({
  agreement,
  onChange,
  error,
}: {
  agreement: AgreementDraft;
  onChange: (next: AgreementDraft) => void;
  error: (path: string) => string | undefined;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Move-in date" required error={error('occupancyDetails.moveInDate')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={agreement.moveInDate}
            onChange={(event) => onChange({ ...agreement, moveInDate: event.target.value })}
          />
        )}
      </Field>
      <Field label="Status">
        {(control) => (
          <Select
            {...control}
            value={agreement.status}
            onChange={(event) =>
              onChange({
                ...agreement,
                status: event.target.value === 'pending' ? 'pending' : 'active',
              })
            }
          >
            <option value="active">Active now</option>
            <option value="pending">Pending approval</option>
          </Select>
        )}
      </Field>
      <Field label="Monthly rent" required error={error('agreementDetails.rentAmount')}>
        {(control) => (
          <MoneyInput
            {...control}
            value={agreement.rentAmount}
            onChange={(rentAmount) => onChange({ ...agreement, rentAmount })}
          />
        )}
      </Field>
      <Field label="Maintenance charges" error={error('agreementDetails.maintenanceCharges')}>
        {(control) => (
          <MoneyInput
            {...control}
            value={agreement.maintenanceCharges}
            onChange={(maintenanceCharges) => onChange({ ...agreement, maintenanceCharges })}
          />
        )}
      </Field>
      <Field label="Security deposit" error={error('agreementDetails.securityDeposit')}>
        {(control) => (
          <MoneyInput
            {...control}
            value={agreement.securityDeposit}
            onChange={(securityDeposit) => onChange({ ...agreement, securityDeposit })}
          />
        )}
      </Field>
      <Field label="Rent due day (1–28)" error={error('agreementDetails.rentDueDate')}>
        {(control) => (
          <Input
            {...control}
            type="number"
            min={1}
            max={28}
            value={agreement.rentDueDate}
            onChange={(event) => onChange({ ...agreement, rentDueDate: Number(event.target.value) })}
          />
        )}
      </Field>
      <Field label="Lease start" required error={error('agreementDetails.leaseStartDate')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={agreement.leaseStartDate}
            onChange={(event) => onChange({ ...agreement, leaseStartDate: event.target.value })}
          />
        )}
      </Field>
      <Field label="Lease end" required error={error('agreementDetails.leaseEndDate')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={agreement.leaseEndDate}
            onChange={(event) => onChange({ ...agreement, leaseEndDate: event.target.value })}
          />
        )}
      </Field>
    </div>
  );
}
