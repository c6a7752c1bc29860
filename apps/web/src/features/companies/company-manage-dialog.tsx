import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CompanyDto,
  type Feature,
  PERMISSION_CATALOGUE,
  PERMISSION_CATEGORIES,
  UNLIMITED,
  ZLimitations,
  ZVerifyCompanyBody,
} from '@rentora/shared';
import { BadgeCheck, CalendarClock, RotateCcw, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { ErrorState } from '../../components/empty-state';
import { Field, FormError, Input, Select, Textarea } from '../../components/field';
import { numberOrUndefined } from '../../components/form-values';
import { SkeletonList } from '../../components/skeleton';
import { Switch } from '../../components/switch';
import { Tabs } from '../../components/tabs';
import { UsageMeter } from '../../components/usage-meter';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatLimit } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useAdminPlans } from '../plans/plans.api';
import {
  COMPANY_FALLBACK_MESSAGES,
  type FeaturesAndLimitations,
  type SubscriptionAction,
  useCompany,
  useCompanyFeature,
  useFeaturesAndLimitations,
  useResetLimitations,
  useSubscriptionAction,
  useUpdateLimitations,
  useVerifyCompany,
} from './companies.api';
import { SubscriptionBadge, VerificationBadge } from './company-badges';

type Section = 'verification' | 'subscription' | 'features' | 'limits';

const SECTIONS: { id: Section; label: string }[] = [
  { id: 'verification', label: 'Verification' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'features', label: 'Features' },
  { id: 'limits', label: 'Limits' },
];

/** Super admin: verify, change the subscription, add/remove features and edit limits of one company. */
export function CompanyManageDialog({
  company: initial,
  onClose,
}: {
  company: CompanyDto;
  onClose: () => void;
}) {
  const [section, setSection] = useState<Section>('verification');
  const detail = useCompany(initial._id);
  const company = detail.data ?? initial;
  const details = useFeaturesAndLimitations(initial._id);

  return (
    <Dialog
      open
      onClose={onClose}
      title={company.name}
      description="Manage verification, subscription, features and limits."
      size="lg"
    >
      <Tabs
        label="Company settings"
        tabs={SECTIONS}
        value={section}
        onChange={setSection}
        idPrefix="company-manage"
        className="mb-5"
      />
      <div
        id={`company-manage-panel-${section}`}
        role="tabpanel"
        aria-labelledby={`company-manage-tab-${section}`}
      >
        {section === 'verification' ? <VerificationSection company={company} /> : null}
        {section !== 'verification' && details.isPending ? <SkeletonList rows={3} /> : null}
        {section !== 'verification' && details.isError ? (
          <ErrorState
            title="The company's plan could not be loaded"
            message={apiErrorMessage(details.error, COMPANY_FALLBACK_MESSAGES.get)}
            onRetry={() => void details.refetch()}
          />
        ) : null}
        {details.data && section === 'subscription' ? (
          <SubscriptionSection company={company} details={details.data} />
        ) : null}
        {details.data && section === 'features' ? (
          <FeaturesSection company={company} details={details.data} />
        ) : null}
        {details.data && section === 'limits' ? (
          <LimitsSection company={company} details={details.data} />
        ) : null}
      </div>
    </Dialog>
  );
}

function VerificationSection({ company }: { company: CompanyDto }) {
  const verify = useVerifyCompany(company._id);
  const form = useForm({
    resolver: zodResolver(ZVerifyCompanyBody),
    defaultValues: { isVerified: !company.isVerified, notes: company.verificationNotes ?? '' },
  });
  const submit = (isVerified: boolean) =>
    form.handleSubmit((values) =>
      verify.mutate(
        { isVerified, notes: values.notes || undefined },
        {
          onSuccess: (answer) =>
            toast.success(
              answer.message ?? (isVerified ? 'Company verified' : 'Company marked as unverified'),
            ),
          onError: (error) => toast.error(apiErrorMessage(error, COMPANY_FALLBACK_MESSAGES.verify)),
        },
      ),
    )();
  return (
    <form className="space-y-4" noValidate onSubmit={(event) => event.preventDefault()}>
      <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-4">
        {company.isVerified ? (
          <BadgeCheck className="mt-0.5 h-5 w-5 text-emerald-600" aria-hidden />
        ) : (
          <ShieldAlert className="mt-0.5 h-5 w-5 text-amber-600" aria-hidden />
        )}
        <div className="text-sm">
          <VerificationBadge isVerified={company.isVerified} />
          <p className="mt-1 text-slate-600">
            {company.isVerified && company.verifiedAt
              ? `Verified on ${formatDate(company.verifiedAt)}.`
              : 'This company has not been verified yet.'}
          </p>
          {company.verificationNotes ? (
            <p className="mt-1 text-slate-500">Notes: {company.verificationNotes}</p>
          ) : null}
        </div>
      </div>
      <Field
        label="Notes"
        hint="Kept with the verification decision."
        error={form.formState.errors.notes?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...form.register('notes')} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {company.isVerified ? (
          <Button variant="outline" loading={verify.isPending} onClick={() => submit(false)}>
            Mark as unverified
          </Button>
        ) : (
          <Button
            loading={verify.isPending}
            onClick={() => submit(true)}
            icon={<BadgeCheck className="h-4 w-4" aria-hidden />}
          >
            Verify company
          </Button>
        )}
      </div>
    </form>
  );
}

type PlanMode = 'scheduled' | 'instant' | 'force';

function SubscriptionSection({ company, details }: { company: CompanyDto; details: FeaturesAndLimitations }) {
  const plans = useAdminPlans({ page: 1, limit: 50, isActive: 'true' });
  const action = useSubscriptionAction(company._id);
  const [planId, setPlanId] = useState('');
  const [mode, setMode] = useState<PlanMode>('instant');
  const [resetCycle, setResetCycle] = useState(true);
  const [confirm, setConfirm] = useState<'cancel' | 'renew' | null>(null);
  const [immediate, setImmediate] = useState(false);
  const subscription = details.subscription;

  const run = (input: SubscriptionAction, done?: () => void) =>
    action.mutate(input, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? 'Subscription updated');
        done?.();
      },
      onError: (error) => toast.error(apiErrorMessage(error, COMPANY_FALLBACK_MESSAGES.subscription)),
    });

  const changePlan = () => {
    if (!planId) return;
    if (mode === 'force')
      run({ kind: 'force-update', subscriptionId: planId, updateCycle: resetCycle }, () => setPlanId(''));
    else
      run({ kind: 'update', subscriptionId: planId, instantChange: mode === 'instant' }, () => setPlanId(''));
  };

  return (
    <div className="space-y-5">
      <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Plan</dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{details.plan?.name ?? 'No plan'}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Status</dt>
          <dd className="mt-0.5">
            <SubscriptionBadge subscription={subscription} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Current period</dt>
          <dd className="mt-0.5 text-slate-700">
            {formatDate(subscription.currentPeriodStart)} – {formatDate(subscription.currentPeriodEnd)}{' '}
            <span className="capitalize text-slate-500">({subscription.billingCycle})</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Scheduled change</dt>
          <dd className="mt-0.5 text-slate-700">
            {details.pendingPlan ? (
              <span className="inline-flex items-center gap-1">
                <CalendarClock className="h-4 w-4 text-brand-600" aria-hidden />
                {details.pendingPlan.name} on {formatDate(details.pendingPlan.effectiveAt)}
              </span>
            ) : (
              'None'
            )}
          </dd>
        </div>
      </dl>

      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Change plan</legend>
        <Field label="New plan">
          {(control) => (
            <Select
              {...control}
              value={planId}
              onChange={(event) => setPlanId(event.target.value)}
              disabled={plans.isPending}
            >
              <option value="">{plans.isPending ? 'Loading plans…' : 'Choose a plan'}</option>
              {(plans.data?.data ?? []).map((plan) => (
                <option
                  key={plan._id}
                  value={plan._id}
                  disabled={plan._id === details.plan?._id && mode !== 'force'}
                >
                  {plan.name} — {formatLimit(plan.limitations.maxPropertiesPerCompany)} properties,{' '}
                  {formatLimit(plan.limitations.maxUsersPerCompany)} users
                  {plan._id === details.plan?._id ? ' (current)' : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {plans.isError ? <FormError message={apiErrorMessage(plans.error, 'Failed to fetch plans')} /> : null}
        <div className="space-y-2 text-sm" role="radiogroup" aria-label="When the change applies">
          {(
            [
              ['instant', 'Apply now', 'Features and limits change at once; the billing period stays.'],
              [
                'scheduled',
                'At the end of the period',
                'Stored as the scheduled plan and applied on renewal.',
              ],
              [
                'force',
                'Force update',
                'Applies now even to the same plan, copying its features and limits again.',
              ],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="flex cursor-pointer items-start gap-2">
              <input
                type="radio"
                name="plan-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="mt-1 accent-brand-600"
              />
              <span>
                <span className="font-medium text-slate-800">{label}</span>
                <span className="block text-xs text-slate-500">{hint}</span>
              </span>
            </label>
          ))}
          {mode === 'force' ? (
            <label className="ml-6 flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={resetCycle}
                onChange={(event) => setResetCycle(event.target.checked)}
                className="accent-brand-600"
              />
              Start a new billing period today
            </label>
          ) : null}
        </div>
        <div className="flex justify-end">
          <Button disabled={!planId} loading={action.isPending && confirm === null} onClick={changePlan}>
            {mode === 'scheduled' ? 'Schedule change' : 'Change plan'}
          </Button>
        </div>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          icon={<RotateCcw className="h-4 w-4" aria-hidden />}
          onClick={() => setConfirm('renew')}
        >
          Renew
        </Button>
        <Button
          variant="outline"
          className="text-red-600 hover:bg-red-50"
          disabled={subscription.status !== 'active'}
          onClick={() => {
            setImmediate(false);
            setConfirm('cancel');
          }}
        >
          Cancel subscription
        </Button>
      </div>

      <ConfirmDialog
        open={confirm === 'cancel'}
        title="Cancel the subscription?"
        description={`${company.name} keeps its plan until ${formatDate(subscription.currentPeriodEnd)} unless you end it now.`}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep it"
        loading={action.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => run({ kind: 'cancel', immediate }, () => setConfirm(null))}
      >
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={immediate}
            onChange={(event) => setImmediate(event.target.checked)}
            className="accent-red-600"
          />
          End it immediately
        </label>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'renew'}
        tone="primary"
        title="Renew the subscription?"
        description={
          details.pendingPlan
            ? `A new billing period starts and the scheduled plan (${details.pendingPlan.name}) takes effect.`
            : 'A new billing period starts on the current plan.'
        }
        confirmLabel="Renew"
        loading={action.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => run({ kind: 'renew' }, () => setConfirm(null))}
      />
    </div>
  );
}

function FeaturesSection({ company, details }: { company: CompanyDto; details: FeaturesAndLimitations }) {
  const mutation = useCompanyFeature(company._id);
  const everything = details.featuresList.length === 0;
  const enabled = (feature: Feature) => everything || details.featuresList.includes(feature);
  const planList = details.plan?.featuresList ?? [];
  const inPlan = (feature: Feature) => planList.length === 0 || planList.includes(feature);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-500">
        {everything
          ? 'This company has every feature (its list is empty, which restricts nothing). Turning one off keeps all the others.'
          : `${details.featuresList.length} features enabled. Changes apply to every member at once.`}
      </p>
      {PERMISSION_CATEGORIES.map((category) => (
        <section key={category} aria-labelledby={`features-${category}`}>
          <h3
            id={`features-${category}`}
            className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500"
          >
            {category}
          </h3>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {PERMISSION_CATALOGUE.filter((entry) => entry.category === category).map((entry) => {
              const on = enabled(entry.feature);
              const busy = mutation.isPending && mutation.variables?.featureId === entry.feature;
              return (
                <li key={entry.feature} className="flex items-center gap-3 px-3 py-2.5">
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-slate-800">
                      {entry.name}
                      {!inPlan(entry.feature) ? (
                        <Badge tone="info" className="ml-2">
                          Not in plan
                        </Badge>
                      ) : null}
                    </p>
                    <p className="text-xs text-slate-500">{entry.description}</p>
                  </div>
                  <Switch
                    checked={on}
                    busy={busy}
                    label={`${entry.name} for ${company.name}`}
                    onChange={(next) =>
                      mutation.mutate(
                        { featureId: entry.feature, enabled: next },
                        {
                          onSuccess: (answer) =>
                            toast.success(
                              answer.message ?? (next ? 'Feature added' : 'Feature removed'),
                              entry.name,
                            ),
                          onError: (error) =>
                            toast.error(apiErrorMessage(error, COMPANY_FALLBACK_MESSAGES.features)),
                        },
                      )
                    }
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

const LIMIT_FIELDS = [
  { key: 'maxPropertiesPerCompany', label: 'Properties per company', usage: 'properties' },
  { key: 'maxUsersPerCompany', label: 'Users per company', usage: 'users' },
  { key: 'maxRentalUnitsPerProperty', label: 'Rental units per property', usage: null },
] as const;

function LimitsSection({ company, details }: { company: CompanyDto; details: FeaturesAndLimitations }) {
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
