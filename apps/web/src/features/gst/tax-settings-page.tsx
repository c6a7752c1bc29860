import { zodResolver } from '@hookform/resolvers/zod';
import {
  businessDate,
  financialYearOf,
  formatDocumentNumber,
  GST_STATES,
  gstinProblem,
  SERIES_PREFIX_MAX_LENGTH,
  seriesPrefixProblem,
  type TaxSettingsBody,
  type TaxSettingsDto,
  type TaxSettingsInput,
  ZTaxSettingsBody,
} from '@rentora/shared';
import { ArrowLeft, Info } from 'lucide-react';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { ErrorState } from '../../components/empty-state';
import { Field, FormError, Input, Textarea } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formErrorOf } from '../../lib/form-errors';
import { usePermissions } from '../auth/use-permissions';
import { GST_MESSAGES, useSaveTaxSettings, useTaxSettings } from './gst.api';

/** /dashboard/companies/tax-settings: the company's GST registration, rate and document series. */
export function TaxSettingsPage() {
  useDocumentTitle('Tax settings', 'GST registration and document numbers');
  const settings = useTaxSettings();
  return (
    <div className="mx-auto max-w-4xl">
      <Link
        to="/dashboard/companies"
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Company
      </Link>
      <PageHeader
        title="Tax settings"
        description="GST registration printed on invoices, the rate on commercial rent and the numbering of documents."
      />
      {settings.isError ? (
        <ErrorState
          title={GST_MESSAGES.fetchSettings}
          message={apiErrorMessage(settings.error, GST_MESSAGES.fetchSettings)}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.data ? (
        <TaxSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
      ) : (
        <SkeletonList rows={5} />
      )}
    </div>
  );
}

const SERIES = [
  { field: 'invoicePrefix', label: 'Invoice prefix', next: 'nextInvoiceNumber' },
  { field: 'creditNotePrefix', label: 'Credit note prefix', next: 'nextCreditNoteNumber' },
  { field: 'receiptPrefix', label: 'Receipt prefix', next: 'nextReceiptNumber' },
] as const;

/** The serial a number carries (`INV/26-27/00042` → 42), 1 when it cannot be read. */
const serialOf = (number: string) => Number(number.split('/').pop()) || 1;

function TaxSettingsForm({ settings }: { settings: TaxSettingsDto }) {
  const { canUseAny } = usePermissions();
  const canEdit = canUseAny(['company_update', 'company_write']);
  const save = useSaveTaxSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TaxSettingsInput, unknown, TaxSettingsBody>({
    resolver: zodResolver(ZTaxSettingsBody),
    defaultValues: {
      gstin: settings.gstin ?? '',
      legalName: settings.legalName,
      address: settings.address,
      rate: settings.rate,
      invoicePrefix: settings.invoicePrefix,
      creditNotePrefix: settings.creditNotePrefix,
      receiptPrefix: settings.receiptPrefix,
      pan: settings.pan ?? '',
    },
  });
  const { errors } = form.formState;
  const typed = String(form.watch('gstin') ?? '')
    .trim()
    .toUpperCase();
  const liveProblem = typed ? gstinProblem(typed) : null;
  const stateName = typed && !liveProblem ? GST_STATES[typed.slice(0, 2)] : undefined;
  const fy = financialYearOf(businessDate());

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync(body);
    } catch (error) {
      setFormError(formErrorOf(error, form.setError, GST_MESSAGES.saveSettings));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Tax settings" className="space-y-6">
      <fieldset disabled={!canEdit || save.isPending} className="space-y-6">
        <Card className="space-y-4 p-6">
          <h2 className="text-base font-semibold text-slate-900">GST registration</h2>
          <p className="flex gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
            <Info className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
            Without a GSTIN your invoices are bills of supply: no GST is charged on them. With one, commercial
            rent is taxed (CGST + SGST in your state, IGST elsewhere) and homes let to registered tenants are
            on reverse charge.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="GSTIN"
              error={liveProblem ?? errors.gstin?.message}
              hint={
                stateName ? (
                  <span data-testid="gstin-state">
                    Valid · registered in {stateName} (state code {typed.slice(0, 2)})
                  </span>
                ) : (
                  '15 characters, e.g. 29AAACS1234F1ZO. Leave empty if not registered.'
                )
              }
            >
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={15}
                  className="font-mono uppercase"
                  {...form.register('gstin')}
                />
              )}
            </Field>
            <Field label="GST rate (%)" hint="On commercial rent" error={errors.rate?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  step="0.01"
                  min={0}
                  max={40}
                  {...form.register('rate', { valueAsNumber: true })}
                />
              )}
            </Field>
            <Field
              label="PAN"
              hint="Printed on tenants' rent receipts; required once a tenant's rent passes ₹1,00,000 a year."
              error={errors.pan?.message}
              className="sm:col-span-2"
            >
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={10}
                  placeholder="AAAAA9999A"
                  className="font-mono uppercase"
                  {...form.register('pan')}
                />
              )}
            </Field>
            <Field label="Legal name" error={errors.legalName?.message} className="sm:col-span-2">
              {(control) => (
                <Input {...control} autoComplete="organization" {...form.register('legalName')} />
              )}
            </Field>
            <Field label="Registered address" error={errors.address?.message} className="sm:col-span-2">
              {(control) => <Textarea {...control} rows={3} {...form.register('address')} />}
            </Field>
          </div>
        </Card>

        <Card className="space-y-4 p-6">
          <div>
            <h2 className="text-base font-semibold text-slate-900">Document numbers</h2>
            <p className="mt-1 text-sm text-slate-500">
              Each series restarts on 1 April. A number has at most 16 characters, so a prefix has at most{' '}
              {SERIES_PREFIX_MAX_LENGTH}. Financial year {settings.financialYear}.
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {SERIES.map((series) => {
              const prefix = String(form.watch(series.field) ?? '').trim();
              const problem = seriesPrefixProblem(prefix);
              return (
                <Field
                  key={series.field}
                  label={series.label}
                  error={problem ?? errors[series.field]?.message}
                  hint={
                    <span data-testid={`sample-${series.field}`}>
                      Next: {formatDocumentNumber(prefix, fy, serialOf(settings[series.next]))}
                    </span>
                  }
                >
                  {(control) => (
                    <Input
                      {...control}
                      autoComplete="off"
                      className="font-mono"
                      {...form.register(series.field as FieldPath<TaxSettingsInput>)}
                    />
                  )}
                </Field>
              );
            })}
          </div>
        </Card>
      </fieldset>
      <FormError message={formError} />
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
            Save tax settings
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-500">Only members who may update the company can change these.</p>
      )}
    </form>
  );
}
