import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CompanyDto,
  type CompanyUpdateBody,
  PERMISSION_CATALOGUE,
  PERMISSION_CATEGORIES,
  ZCompanyUpdateBody,
} from '@rentora/shared';
import { Building2, Check, Crown, Lock, Users } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, Input, Select, Textarea } from '../../components/field';
import { emptyToNull, emptyToUndefined } from '../../components/form-values';
import { SkeletonList } from '../../components/skeleton';
import { useUpgradeDialog } from '../../components/upgrade-dialog-host';
import { UsageMeter } from '../../components/usage-meter';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDate, formatLimit } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import { usePermissions } from '../auth/use-permissions';
import { CompanySecurityCard } from '../two-factor/company-security-card';
import { COMPANY_FALLBACK_MESSAGES, useCompany, useCompanyStats, useUpdateCompany } from './companies.api';
import { SubscriptionBadge, VerificationBadge } from './company-badges';
import { CompanySettingLinks } from './company-setting-links';

/** A company member's view of the current company: profile (editable with company_write), plan, usage, features. */
export function CompanyProfile() {
  const auth = useAuth();
  const current = auth.currentCompany;
  const company = useCompany(current?._id);
  const { canUseAny } = usePermissions();
  if (!current) {
    return (
      <div>
        <PageHeader title="Company" />
        <EmptyState
          icon={Building2}
          title="No company selected"
          description="You are not a member of any company yet."
        />
      </div>
    );
  }
  if (company.isError) {
    return (
      <div>
        <PageHeader title={current.name} />
        <ErrorState
          title="The company could not be loaded"
          message={apiErrorMessage(company.error, COMPANY_FALLBACK_MESSAGES.get)}
          onRetry={() => void company.refetch()}
        />
      </div>
    );
  }
  const data = company.data ?? current;
  return (
    <div>
      <PageHeader
        title={data.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <VerificationBadge isVerified={data.isVerified} />
            <span>
              {data.plan?.name ?? 'No'} plan · member since {formatDate(data.createdAt)}
            </span>
          </span>
        }
      />
      <div className="grid gap-6 xl:grid-cols-3">
        <div className="space-y-6 xl:col-span-2">
          <ProfileForm key={data.updatedAt} company={data} />
          {canUseAny(['company_update']) ? <CompanySecurityCard companyId={data._id} /> : null}
          <PlanFeatures company={data} />
        </div>
        <div className="order-first space-y-6 xl:order-none">
          <PlanUsage company={data} />
          <CompanySettingLinks />
          <TeamSummary company={data} />
        </div>
      </div>
    </div>
  );
}

/** India first, then every zone this browser knows (the company's own kept even if the browser lacks it). */
function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['Asia/Kolkata', current, ...known])];
}

function ProfileForm({ company }: { company: CompanyDto }) {
  const { canUseAny } = usePermissions();
  const canEdit = canUseAny(['company_write', 'company_update']);
  const update = useUpdateCompany(company._id);
  const form = useForm<CompanyUpdateBody>({
    resolver: zodResolver(ZCompanyUpdateBody),
    defaultValues: {
      name: company.name,
      email: company.email ?? undefined,
      phone: company.phone ?? undefined,
      website: company.website ?? undefined,
      description: company.description ?? undefined,
      logo: company.logo,
      timeZone: company.timeZone,
      address: company.address,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (answer) => toast.success(answer.message ?? 'Company updated'),
      onError: (error) => toast.error(apiErrorMessage(error, COMPANY_FALLBACK_MESSAGES.update)),
    }),
  );
  const optional = { setValueAs: emptyToUndefined };
  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-slate-900">Company profile</h2>
      <p className="mt-1 text-sm text-slate-500">
        {canEdit
          ? 'Shown on invoices, listings and emails to tenants.'
          : 'Only members with company write access can edit it.'}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4" aria-label="Company profile">
        <fieldset disabled={!canEdit || update.isPending} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" required error={errors.name?.message} className="sm:col-span-2">
              {(control) => <Input {...control} autoComplete="organization" {...form.register('name')} />}
            </Field>
            <Field label="Email" error={errors.email?.message}>
              {(control) => <Input {...control} type="email" {...form.register('email', optional)} />}
            </Field>
            <Field label="Phone" error={errors.phone?.message}>
              {(control) => <Input {...control} type="tel" {...form.register('phone', optional)} />}
            </Field>
            <Field label="Website" error={errors.website?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  placeholder="https://"
                  {...form.register('website', optional)}
                />
              )}
            </Field>
            <Field label="Logo URL" error={errors.logo?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  placeholder="https://"
                  {...form.register('logo', { setValueAs: emptyToNull })}
                />
              )}
            </Field>
            <Field
              label="Time zone"
              error={errors.timeZone?.message}
              hint="Dates and times on pages, invoices, emails and messages are written in it."
              className="sm:col-span-2"
            >
              {(control) => (
                <Select {...control} {...form.register('timeZone')}>
                  {timeZoneOptions(company.timeZone).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone === 'Asia/Kolkata' ? 'Asia/Kolkata (India, IST)' : zone}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
              {(control) => <Textarea {...control} rows={3} {...form.register('description', optional)} />}
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Address line 1" error={errors.address?.line1?.message}>
              {(control) => (
                <Input {...control} autoComplete="address-line1" {...form.register('address.line1')} />
              )}
            </Field>
            <Field label="Address line 2" error={errors.address?.line2?.message}>
              {(control) => (
                <Input {...control} autoComplete="address-line2" {...form.register('address.line2')} />
              )}
            </Field>
            <Field label="City" error={errors.address?.city?.message}>
              {(control) => (
                <Input {...control} autoComplete="address-level2" {...form.register('address.city')} />
              )}
            </Field>
            <Field label="State" error={errors.address?.state?.message}>
              {(control) => (
                <Input {...control} autoComplete="address-level1" {...form.register('address.state')} />
              )}
            </Field>
            <Field label="Postal code" error={errors.address?.postalCode?.message}>
              {(control) => (
                <Input {...control} autoComplete="postal-code" {...form.register('address.postalCode')} />
              )}
            </Field>
            <Field label="Country" error={errors.address?.country?.message}>
              {(control) => (
                <Input {...control} autoComplete="country-name" {...form.register('address.country')} />
              )}
            </Field>
          </div>
        </fieldset>
        {canEdit ? (
          <div className="flex justify-end">
            <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
              Save changes
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

function PlanUsage({ company }: { company: CompanyDto }) {
  const upgrade = useUpgradeDialog();
  const { limitations, usage } = company;
  return (
    <Card className="p-6">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{company.plan?.name ?? 'No'} plan</h2>
          <p className="mt-1 text-sm text-slate-500">
            Renews {formatDate(company.subscription.currentPeriodEnd)} ·{' '}
            <span className="capitalize">{company.subscription.billingCycle}</span>
          </p>
        </div>
        <SubscriptionBadge subscription={company.subscription} />
      </div>
      <div className="mt-5 space-y-4">
        <UsageMeter label="Properties" used={usage.properties} limit={limitations.maxPropertiesPerCompany} />
        <UsageMeter label="Users" used={usage.users} limit={limitations.maxUsersPerCompany} />
        <p className="text-sm text-slate-500">
          {usage.rentalUnits.toLocaleString('en-IN')} rental units · up to{' '}
          {formatLimit(limitations.maxRentalUnitsPerProperty)} per property
        </p>
      </div>
      <Button
        variant="secondary"
        className="mt-5 w-full"
        icon={<Crown className="h-4 w-4" aria-hidden />}
        onClick={() => upgrade.open({})}
      >
        Upgrade plan
      </Button>
    </Card>
  );
}

function PlanFeatures({ company }: { company: CompanyDto }) {
  const upgrade = useUpgradeDialog();
  const everything = company.featuresList.length === 0;
  const has = (feature: string) => everything || company.featuresList.includes(feature);
  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-slate-900">Features in your plan</h2>
      <p className="mt-1 text-sm text-slate-500">
        {everything ? 'Your plan includes every feature.' : 'Locked features need an upgraded plan.'}
      </p>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        {PERMISSION_CATEGORIES.map((category) => (
          <section key={category}>
            <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{category}</h3>
            <ul className="space-y-1">
              {PERMISSION_CATALOGUE.filter((entry) => entry.category === category).map((entry) => {
                const included = has(entry.feature);
                return (
                  <li key={entry.feature}>
                    <button
                      type="button"
                      disabled={included}
                      onClick={() => upgrade.open({ limitType: 'feature', feature: entry.feature })}
                      className={cn(
                        'flex w-full items-center gap-2 rounded-md px-1 py-0.5 text-left text-sm',
                        included ? 'text-slate-700' : 'text-slate-400 hover:bg-slate-50 hover:text-slate-600',
                      )}
                      title={included ? entry.description : `${entry.description} — Upgrade required`}
                    >
                      {included ? (
                        <Check className="h-4 w-4 shrink-0 text-emerald-500" aria-hidden />
                      ) : (
                        <Lock className="h-4 w-4 shrink-0" aria-hidden />
                      )}
                      <span className="truncate">{entry.name}</span>
                      {included ? null : <span className="sr-only">(Upgrade required)</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </Card>
  );
}

function TeamSummary({ company }: { company: CompanyDto }) {
  const { canUseFeature } = usePermissions();
  const stats = useCompanyStats(company._id);
  return (
    <Card className="p-6">
      <div className="flex items-center gap-2">
        <Users className="h-5 w-5 text-brand-600" aria-hidden />
        <h2 className="text-base font-semibold text-slate-900">Team</h2>
      </div>
      {stats.isPending ? (
        <div className="mt-4">
          <SkeletonList rows={1} />
        </div>
      ) : stats.isError ? (
        <p className="mt-3 text-sm text-slate-500">
          {apiErrorMessage(stats.error, 'Failed to fetch company stats')}
        </p>
      ) : (
        <>
          <p className="mt-3 text-2xl font-bold text-slate-900">
            {stats.data.members.active}
            <span className="text-base font-medium text-slate-400">
              {' '}
              active of {stats.data.members.total}
            </span>
          </p>
          <ul className="mt-3 space-y-1 text-sm text-slate-600">
            {Object.entries(stats.data.members.byRole).map(([role, count]) => (
              <li key={role} className="flex justify-between capitalize">
                <span>{role.replace(/_/g, ' ')}</span>
                <span className="font-medium tabular-nums">{count}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {canUseFeature('users_read') ? (
        <Link
          to="/dashboard/company-users"
          className="mt-4 inline-block text-sm font-medium text-brand-600 hover:underline"
        >
          Manage team →
        </Link>
      ) : null}
    </Card>
  );
}
