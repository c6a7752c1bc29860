import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useController, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { Field, FormError, Input, Select } from '../../components/field';
import { emptyToUndefined } from '../../components/form-values';
import { ProgressBar } from '../../components/progress-bar';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney, humanize } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/use-permissions';
import { useUnits } from '../rental-units/rental-units.api';
import { AccessDenied } from '../shell/access-denied';
import { AgreementStep } from './tenant-agreement-step';
import {
  TENANT_CREATE_STEPS as STEPS,
  stepOfFields,
  TENANT_CREATE_STEP_FIELDS,
  type TenantCreateFormInput,
  type TenantCreateFormOutput,
  tenantCreateDefaults,
  ZTenantCreateForm,
} from './tenant-create-form';
import { DocumentsStep, type PendingDocument } from './tenant-documents-step';
import { TENANT_MESSAGES, tenantKeys, uploadTenantDocument, useCreateTenant } from './tenants.api';

/**
 * /dashboard/tenants/new: unit picker → person → agreement → documents. One form over the shared create body;
 * Next validates the step's fields, the last step sends the body and then uploads the chosen documents.
 */
export function TenantCreatePage() {
  useDocumentTitle('Add tenant', 'Add a tenant to a unit');
  const permissions = usePermissions();
  // Readers of tenants may open the address but not add one (nor list the units to add one to).
  if (!permissions.canUseAll(['tenants_write', 'rentalunit_read'])) {
    return <AccessDenied message="You do not have access to Tenants." />;
  }
  return <TenantCreateWizard />;
}

function TenantCreateWizard() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState(0);
  const form = useForm<TenantCreateFormInput, unknown, TenantCreateFormOutput>({
    resolver: zodResolver(ZTenantCreateForm),
    defaultValues: tenantCreateDefaults(params.get('unitId') ?? ''),
  });
  const { register, setValue, getValues, getFieldState, formState, control } = form;
  const { field: unitField } = useController({ control, name: 'rentalUnitId' });
  const [unitId, person, rentAmount] = useWatch({
    control,
    name: ['rentalUnitId', 'userId', 'agreementDetails.rentAmount'],
  });
  const [documents, setDocuments] = useState<PendingDocument[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const units = useUnits({ limit: 100, sortBy: 'unitNumber', sortOrder: 'asc' });
  const create = useCreateTenant();
  const queryClient = useQueryClient();
  const unit = units.data?.data.find((candidate) => candidate._id === unitId);

  async function next() {
    const fields = TENANT_CREATE_STEP_FIELDS[step];
    if (fields && (await form.trigger([...fields], { shouldFocus: true })))
      setStep((current) => Math.min(STEPS.length - 1, current + 1));
  }

  /** A picked unit fills the charges from its pricing, and the rent when none is typed yet. */
  function pickUnit(id: string) {
    const picked = units.data?.data.find((candidate) => candidate._id === id);
    if (!picked) return;
    const typedRent = getValues('agreementDetails.rentAmount');
    if (typedRent === undefined || Number.isNaN(typedRent))
      setValue('agreementDetails.rentAmount', picked.pricing.rent);
    setValue(
      'agreementDetails.maintenanceCharges',
      picked.pricing.maintenanceCharges.included ? 0 : picked.pricing.maintenanceCharges.amount,
    );
    setValue('agreementDetails.securityDeposit', picked.pricing.securityDeposit);
  }

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const answer = await create.mutateAsync(values);
        for (const [index, document] of documents.entries()) {
          setProgress((index / documents.length) * 100);
          await uploadTenantDocument(answer.data._id, document.file, document.type, (percent) =>
            setProgress(((index + percent / 100) / documents.length) * 100),
          ).catch((error: unknown) => toast.apiError(error, TENANT_MESSAGES.uploadDocument));
        }
        setProgress(null);
        if (documents.length)
          await queryClient.invalidateQueries({ queryKey: tenantKeys.detail(answer.data._id) });
        navigate(`/dashboard/tenants/${answer.data._id}`);
      } catch (error) {
        setProgress(null);
        const paths = applyServerErrors(form.setError, error);
        if (paths.length) setStep(stepOfFields(paths));
      }
    },
    (errors) => setStep(stepOfFields(Object.keys(errors))),
  );

  const error = (path: Parameters<typeof getFieldState>[0]) => getFieldState(path, formState).error?.message;
  const unitError = formState.errors.rentalUnitId
    ? unitId
      ? formState.errors.rentalUnitId.message
      : 'Choose a unit'
    : undefined;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Add tenant"
        description="Pick the unit, the person and the agreement; documents are optional."
        actions={
          <ButtonLink
            to="/dashboard/tenants"
            variant="outline"
            icon={<ArrowLeft className="h-4 w-4" aria-hidden />}
          >
            Back to tenants
          </ButtonLink>
        }
      />
      <ol className="mb-6 grid grid-cols-4 gap-2" aria-label="Steps">
        {STEPS.map((label, index) => (
          <li key={label} aria-current={index === step ? 'step' : undefined}>
            <div
              className={cn(
                'h-1.5 rounded-full',
                index < step ? 'bg-brand-600' : index === step ? 'bg-brand-400' : 'bg-slate-200',
              )}
            />
            <span
              className={cn(
                'mt-1 block text-xs font-medium',
                index === step ? 'text-brand-700' : 'text-slate-500',
              )}
            >
              {index + 1}. {label}
            </span>
          </li>
        ))}
      </ol>
      <FormProvider {...form}>
        <Card className="space-y-5 p-5 sm:p-6">
          {step === 0 ? (
            <Field label="Rental unit" required error={unitError}>
              {(control) => (
                <Select
                  {...control}
                  ref={unitField.ref}
                  name={unitField.name}
                  value={unitField.value}
                  onBlur={unitField.onBlur}
                  onChange={(event) => {
                    unitField.onChange(event.target.value);
                    pickUnit(event.target.value);
                  }}
                  disabled={units.isPending}
                >
                  <option value="">{units.isPending ? 'Loading units…' : 'Choose a unit'}</option>
                  {units.data?.data.map((candidate) => (
                    <option key={candidate._id} value={candidate._id}>
                      {candidate.unitNumber} · {candidate.property?.name ?? ''} · {humanize(candidate.status)}{' '}
                      · {formatMoney(candidate.pricing.rent, candidate.pricing.currency)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : null}
          {step === 1 ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Email"
                required
                error={error('userId.email') ?? error('userId')}
                className="sm:col-span-2"
                hint="An existing account is reused; a new person gets an email to set a password."
              >
                {(control) => (
                  <Input {...control} type="email" autoComplete="off" {...register('userId.email')} />
                )}
              </Field>
              <Field label="First name" required error={error('userId.firstName')}>
                {(control) => <Input {...control} {...register('userId.firstName')} />}
              </Field>
              <Field label="Last name" required error={error('userId.lastName')}>
                {(control) => <Input {...control} {...register('userId.lastName')} />}
              </Field>
              <Field label="Phone" error={error('userId.phone')}>
                {(control) => (
                  <Input
                    {...control}
                    type="tel"
                    {...register('userId.phone', { setValueAs: emptyToUndefined })}
                  />
                )}
              </Field>
            </div>
          ) : null}
          {step === 2 ? <AgreementStep /> : null}
          {step === 3 ? (
            <div className="space-y-4">
              <DocumentsStep documents={documents} onChange={setDocuments} />
              {progress !== null ? <ProgressBar value={progress} label="Uploading documents" /> : null}
              {unit ? (
                <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
                  {person.firstName} {person.lastName} → unit {unit.unitNumber},{' '}
                  {formatMoney(rentAmount ?? 0)} a month
                </p>
              ) : null}
            </div>
          ) : null}
          <FormError
            message={create.isError ? apiErrorMessage(create.error, TENANT_MESSAGES.createTenant) : null}
          />
          <div className="flex justify-between gap-3 border-t border-slate-100 pt-4">
            <Button
              variant="outline"
              onClick={() => setStep((current) => Math.max(0, current - 1))}
              disabled={step === 0}
            >
              Back
            </Button>
            {step < STEPS.length - 1 ? (
              <Button onClick={() => void next()} icon={<ArrowRight className="h-4 w-4" aria-hidden />}>
                Next
              </Button>
            ) : (
              <Button
                onClick={() => void submit()}
                loading={create.isPending || progress !== null}
                icon={<Check className="h-4 w-4" aria-hidden />}
              >
                Add tenant
              </Button>
            )}
          </div>
        </Card>
      </FormProvider>
    </div>
  );
}
