import { zodResolver } from '@hookform/resolvers/zod';
import { type TenantPortalDto, ZTenantPortalCodeParams } from '@rentora/shared';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, KeyRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Badge } from '../../components/badge';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { Field, FormError, Input } from '../../components/field';
import { Logo } from '../../components/logo';
import { Spinner } from '../../components/spinner';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney, humanize } from '../../lib/format';
import { PortalInvoicesCard } from '../pay-links/portal-invoices-card';
import { RentReceiptsCard } from '../rent-tax/rent-receipts-card';
import { capitalize, documentLabel, TENANT_STATUS_LABELS } from '../tenants/tenant-display';
import { TENANT_MESSAGES, tenantsApi } from '../tenants/tenants.api';

type TenantPortalCodeInput = z.input<typeof ZTenantPortalCodeParams>;

/** /tenant-portal/:tenantcode — a tenant without a login sees their unit, dues and documents status. */
export function TenantPortalPage() {
  useDocumentTitle('Tenant portal');
  const { tenantcode = '' } = useParams();
  const [params] = useSearchParams();
  const companyId = params.get('companyId') ?? undefined;
  const form = useForm<TenantPortalCodeInput>({
    resolver: zodResolver(ZTenantPortalCodeParams),
    defaultValues: { tenantCode: tenantcode },
  });
  const validate = useMutation({
    mutationFn: (input: { tenantCode: string; companyId?: string }) =>
      tenantsApi.validateCode(input.tenantCode, input.companyId).then((answer) => answer.data),
  });
  const started = useRef(false);
  useEffect(() => {
    // A link that carries the company needs nothing more: check it at once.
    if (!started.current && tenantcode && companyId) {
      started.current = true;
      validate.mutate({ tenantCode: tenantcode, companyId });
    }
  }, [tenantcode, companyId, validate]);

  const failure =
    validate.error instanceof ApiError && validate.error.status === 404
      ? TENANT_MESSAGES.invalidTenantCode
      : validate.error
        ? apiErrorMessage(validate.error, TENANT_MESSAGES.invalidTenantCode)
        : null;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="flex h-16 items-center border-b border-slate-200 bg-white px-6">
        <Logo />
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 p-4 sm:p-8">
        {validate.data ? (
          <PortalView portal={validate.data} code={validate.variables.tenantCode} />
        ) : validate.isPending && companyId ? (
          <div className="flex justify-center p-16">
            <Spinner label="Checking your code" />
          </div>
        ) : (
          <Card className="mx-auto max-w-md p-6 sm:p-8">
            <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <KeyRound className="h-6 w-6" aria-hidden />
            </div>
            <h1 className="text-center text-xl font-semibold text-slate-900">Tenant portal</h1>
            <p className="mt-2 text-center text-sm text-slate-500">
              Enter the code your property manager gave you to see your unit and dues.
            </p>
            <form
              className="mt-6 space-y-4"
              noValidate
              onSubmit={form.handleSubmit(({ tenantCode }) => validate.mutate({ tenantCode, companyId }))}
            >
              <Field label="Tenant code" required error={form.formState.errors.tenantCode?.message}>
                {(control) => (
                  <Input
                    {...control}
                    {...form.register('tenantCode')}
                    autoComplete="off"
                    autoCapitalize="characters"
                    className="font-mono uppercase tracking-widest"
                  />
                )}
              </Field>
              <FormError message={failure} />
              <Button type="submit" className="w-full" loading={validate.isPending}>
                Open my portal
              </Button>
            </form>
          </Card>
        )}
      </main>
    </div>
  );
}

function PortalView({ portal, code }: { portal: TenantPortalDto; code: string }) {
  return (
    <div className="space-y-5">
      <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-violet-700 p-6 text-white">
        <p className="text-sm text-brand-100">{portal.companyName}</p>
        <h1 className="text-2xl font-bold">Hello {portal.firstName}</h1>
        <p className="mt-1 text-brand-100">
          Unit {portal.unit.unitNumber} ({humanize(portal.unit.unitType)}) at {portal.property.name},{' '}
          {portal.property.city}
        </p>
        <Badge tone="neutral" className="mt-3">
          {TENANT_STATUS_LABELS[portal.status]}
        </Badge>
      </section>
      <div className="grid gap-4 sm:grid-cols-3">
        <Card className="p-5">
          <p className="text-xs font-medium uppercase text-slate-500">Outstanding</p>
          <p
            className={
              portal.dues.total > 0
                ? 'mt-1 text-2xl font-bold text-red-600'
                : 'mt-1 text-2xl font-bold text-emerald-600'
            }
          >
            {formatMoney(portal.dues.total, portal.currency)}
          </p>
        </Card>
        <Card className="p-5">
          <p className="text-xs font-medium uppercase text-slate-500">Next rent due</p>
          <p className="mt-1 text-2xl font-bold text-slate-900">{formatDate(portal.nextRentDueDate)}</p>
          <p className="text-sm text-slate-500">
            {formatMoney(portal.monthlyTotal, portal.currency)} a month
          </p>
        </Card>
        <Card className="p-5">
          <p className="text-xs font-medium uppercase text-slate-500">Lease ends</p>
          <p className="mt-1 text-2xl font-bold text-slate-900">
            {portal.leaseEndDate ? formatDate(portal.leaseEndDate) : '—'}
          </p>
        </Card>
      </div>
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900">Dues</h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(['rent', 'maintenance', 'utilities', 'penalties'] as const).map((part) => (
            <div key={part}>
              <dt className="text-xs text-slate-500">{capitalize(part)}</dt>
              <dd className="font-medium text-slate-900">
                {formatMoney(portal.dues[part], portal.currency)}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className="p-5">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          {portal.documents.complete ? (
            <CheckCircle2 className="h-5 w-5 text-emerald-600" aria-hidden />
          ) : (
            <CircleAlert className="h-5 w-5 text-amber-500" aria-hidden />
          )}
          Documents {portal.documents.complete ? 'complete' : 'incomplete'}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {[
            ...new Map(
              portal.documents.uploaded.map((document) => [document.type, document.verified]),
            ).entries(),
          ].map(([type, verified]) => (
            <li key={type}>
              <Badge tone={verified ? 'success' : 'warning'}>
                {documentLabel(type)} · {verified ? 'verified' : 'under review'}
              </Badge>
            </li>
          ))}
          {portal.documents.missing.map((type) => (
            <li key={type}>
              <Badge tone="danger">{documentLabel(type)} · missing</Badge>
            </li>
          ))}
        </ul>
      </Card>
      <PortalInvoicesCard code={code} companyId={portal.companyId} />
      <RentReceiptsCard tenantId={code} scope="portal" />
      <p className="text-center text-sm text-slate-500">
        Have an account?{' '}
        <ButtonLink to="/auth/login" variant="link">
          Sign in to your tenant area
        </ButtonLink>
      </p>
    </div>
  );
}
