import {
  TENANT_DOCUMENT_TYPES,
  type TenantCreateInput,
  type TenantDocumentType,
  ZTenantCreateBody,
} from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check, FileUp } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { Field, FormError, Input, Select } from '../../components/field';
import { ProgressBar } from '../../components/progress-bar';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMoney, humanize } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useUnits } from '../rental-units/rental-units.api';
import { type AgreementDraft, AgreementStep } from './tenant-agreement-step';
import { documentLabel } from './tenant-display';
import { TENANT_MESSAGES, tenantKeys, uploadTenantDocument, useCreateTenant } from './tenants.api';

const STEPS = ['Unit', 'Person', 'Agreement', 'Documents'] as const;
const today = () => new Date().toISOString().slice(0, 10);
const inAYear = () => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

interface PendingDocument {
  id: number;
  file: File;
  type: TenantDocumentType;
}

/** /dashboard/tenants/new: unit picker → person → agreement → documents. */
export function TenantCreatePage() {
  useDocumentTitle('Add tenant', 'Add a tenant to a unit');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState(0);
  const [unitId, setUnitId] = useState(params.get('unitId') ?? '');
  const [person, setPerson] = useState({ email: '', firstName: '', lastName: '', phone: '' });
  const [agreement, setAgreement] = useState<AgreementDraft>({
    moveInDate: today(),
    rentAmount: null,
    maintenanceCharges: 0,
    securityDeposit: 0,
    rentDueDate: 5,
    leaseStartDate: today(),
    leaseEndDate: inAYear(),
    status: 'active',
  });
  const [documents, setDocuments] = useState<PendingDocument[]>([]);
  const [docType, setDocType] = useState<TenantDocumentType>('aadhaar');
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const units = useUnits({ limit: 100, sortBy: 'unitNumber', sortOrder: 'asc' });
  const create = useCreateTenant();
  const queryClient = useQueryClient();
  const unit = units.data?.data.find((candidate) => candidate._id === unitId);

  function body(): TenantCreateInput {
    return {
      rentalUnitId: unitId,
      userId: {
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        ...(person.phone.trim() ? { phone: person.phone } : {}),
      },
      occupancyDetails: { moveInDate: agreement.moveInDate },
      agreementDetails: {
        rentAmount: agreement.rentAmount ?? Number.NaN,
        maintenanceCharges: agreement.maintenanceCharges ?? 0,
        securityDeposit: agreement.securityDeposit ?? 0,
        rentDueDate: agreement.rentDueDate,
        leaseStartDate: agreement.leaseStartDate,
        leaseEndDate: agreement.leaseEndDate,
      },
      status: agreement.status,
    };
  }

  /** Errors of the fields of the current step (the shared schema decides). */
  function validate(upTo: number): boolean {
    const parsed = ZTenantCreateBody.safeParse(body());
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        const stepOf = path.startsWith('rentalUnitId') ? 0 : path.startsWith('userId') ? 1 : 2;
        if (stepOf <= upTo && !found[path]) found[path] = issue.message;
      }
    }
    if (!unitId) found.rentalUnitId = 'Choose a unit';
    setErrors(found);
    return (
      Object.keys(found).filter(
        (key) => (key === 'rentalUnitId' ? 0 : key.startsWith('userId') ? 1 : 2) <= upTo,
      ).length === 0
    );
  }

  function next() {
    if (validate(step)) setStep((current) => Math.min(STEPS.length - 1, current + 1));
  }

  function pickUnit(id: string) {
    setUnitId(id);
    const picked = units.data?.data.find((candidate) => candidate._id === id);
    if (picked) {
      setAgreement((current) => ({
        ...current,
        rentAmount: current.rentAmount ?? picked.pricing.rent,
        maintenanceCharges: picked.pricing.maintenanceCharges.included
          ? 0
          : picked.pricing.maintenanceCharges.amount,
        securityDeposit: picked.pricing.securityDeposit,
      }));
    }
  }

  async function submit() {
    if (!validate(2)) {
      setStep(errors.rentalUnitId ? 0 : 1);
      return;
    }
    try {
      const answer = await create.mutateAsync(body());
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
    } catch {
      setProgress(null);
    }
  }

  const error = (path: string) => errors[path];
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
      <Card className="space-y-5 p-5 sm:p-6">
        {step === 0 ? (
          <Field label="Rental unit" required error={error('rentalUnitId')}>
            {(control) => (
              <Select
                {...control}
                value={unitId}
                onChange={(event) => pickUnit(event.target.value)}
                disabled={units.isPending}
              >
                <option value="">{units.isPending ? 'Loading units…' : 'Choose a unit'}</option>
                {units.data?.data.map((candidate) => (
                  <option key={candidate._id} value={candidate._id}>
                    {candidate.unitNumber} · {candidate.property?.name ?? ''} · {humanize(candidate.status)} ·{' '}
                    {formatMoney(candidate.pricing.rent, candidate.pricing.currency)}
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
                <Input
                  {...control}
                  type="email"
                  autoComplete="off"
                  value={person.email}
                  onChange={(event) => setPerson({ ...person, email: event.target.value })}
                />
              )}
            </Field>
            <Field label="First name" required error={error('userId.firstName')}>
              {(control) => (
                <Input
                  {...control}
                  value={person.firstName}
                  onChange={(event) => setPerson({ ...person, firstName: event.target.value })}
                />
              )}
            </Field>
            <Field label="Last name" required error={error('userId.lastName')}>
              {(control) => (
                <Input
                  {...control}
                  value={person.lastName}
                  onChange={(event) => setPerson({ ...person, lastName: event.target.value })}
                />
              )}
            </Field>
            <Field label="Phone" error={error('userId.phone')}>
              {(control) => (
                <Input
                  {...control}
                  type="tel"
                  value={person.phone}
                  onChange={(event) => setPerson({ ...person, phone: event.target.value })}
                />
              )}
            </Field>
          </div>
        ) : null}
        {step === 2 ? <AgreementStep agreement={agreement} onChange={setAgreement} error={error} /> : null}
        {step === 3 ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">
              Aadhaar, PAN and a salary slip complete the file. PDF, JPEG, PNG or WebP, up to 10 MB each.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <Field label="Document type" className="sm:w-56">
                {(control) => (
                  <Select
                    {...control}
                    value={docType}
                    onChange={(event) => setDocType(event.target.value as TenantDocumentType)}
                  >
                    {TENANT_DOCUMENT_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {documentLabel(type)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:border-brand-400">
                <FileUp className="h-4 w-4" aria-hidden />
                Choose file
                <input
                  type="file"
                  className="sr-only"
                  accept="application/pdf,image/jpeg,image/png,image/webp"
                  data-testid="tenant-document-input"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file)
                      setDocuments((current) => [
                        ...current,
                        { id: Date.now() + current.length, file, type: docType },
                      ]);
                    event.target.value = '';
                  }}
                />
              </label>
            </div>
            {documents.length ? (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {documents.map((document) => (
                  <li key={document.id} className="flex items-center justify-between px-3 py-2 text-sm">
                    <span>
                      <span className="font-medium text-slate-900">{documentLabel(document.type)}</span>{' '}
                      <span className="text-slate-500">{document.file.name}</span>
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        setDocuments((current) => current.filter((other) => other.id !== document.id))
                      }
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No documents chosen. You can add them later too.</p>
            )}
            {progress !== null ? <ProgressBar value={progress} label="Uploading documents" /> : null}
            {unit ? (
              <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
                {person.firstName} {person.lastName} → unit {unit.unitNumber},{' '}
                {formatMoney(agreement.rentAmount ?? 0)} a month
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
            <Button onClick={next} icon={<ArrowRight className="h-4 w-4" aria-hidden />}>
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
    </div>
  );
}
