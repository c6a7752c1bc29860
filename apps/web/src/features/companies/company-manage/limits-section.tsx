import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyDto, UNLIMITED, ZLimitations } from '@rentora/shared';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field, Input } from '../../../components/field';
import { numberOrUndefined } from '../../../components/form-values';
import { UsageMeter } from '../../../components/usage-meter';
import { apiErrorMessage } from '../../../lib/api-client';
import { formatLimit } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  COMPANY_FALLBACK_MESSAGES,
  type FeaturesAndLimitations,
  useResetLimitations,
  useUpdateLimitations,
} from '../companies.api';

const LIMIT_FIELDS = [
  { key: 'maxPropertiesPerCompany', label: 'Properties per company', usage: 'properties' },
  { key: 'maxUsersPerCompany', label: 'Users per company', usage: 'users' },
  { key: 'maxRentalUnitsPerProperty', label: 'Rental units per property', usage: null },
] as const;

export function LimitsSection({
  company,
  details,
}: {
  company: CompanyDto;
  details: FeaturesAndLimitations;
}) {
  const update = useUpdateLimitations(company._id);
  const reset = useResetLimitations(company._id);
  const [confirmReset, setConfirmReset] = useState(false);
  const form = useForm({ resolver: zodResolver(ZLimitations), values: details.limitations });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (answer) => toast.success(answer.message ?? 'Limitations updated'),
      onError: (error) => toast.error(apiErrorMessage(error, COMPANY_FALLBACK_MESSAGES.limitations)),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-3 rounded-xl bg-slate-50 p-4 sm:grid-cols-2">
        <UsageMeter
          label="Properties"
          used={details.usage.properties}
          limit={details.limitations.maxPropertiesPerCompany}
        />
        <UsageMeter label="Users" used={details.usage.users} limit={details.limitations.maxUsersPerCompany} />
      </div>
      <p className="text-sm text-slate-500">
        Use −1 for unlimited. Lowering a limit below the current usage blocks new records, nothing is deleted.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        {LIMIT_FIELDS.map((field) => (
          <Field
            key={field.key}
            label={field.label}
            error={errors[field.key]?.message}
            hint={`Plan: ${formatLimit(details.plan?.limitations[field.key] ?? null)}`}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={UNLIMITED}
                {...form.register(field.key, { setValueAs: numberOrUndefined })}
              />
            )}
          </Field>
        ))}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          onClick={() => setConfirmReset(true)}
          icon={<RotateCcw className="h-4 w-4" aria-hidden />}
        >
          Reset to plan
        </Button>
        <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
          Save limits
        </Button>
      </div>
      <ConfirmDialog
        open={confirmReset}
        tone="primary"
        title="Reset the limits to the plan?"
        description={`${company.name} gets the limits of ${details.plan?.name ?? 'its plan'} again.`}
        confirmLabel="Reset limits"
        loading={reset.isPending}
        onClose={() => setConfirmReset(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: (answer) => {
              toast.success(answer.message ?? 'Limitations reset to the plan');
              setConfirmReset(false);
            },
            onError: (error) => toast.error(apiErrorMessage(error, COMPANY_FALLBACK_MESSAGES.limitations)),
          })
        }
      />
    </form>
  );
}
