import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyDto, ZSubscriptionForceUpdateBody, ZSubscriptionUpdateBody } from '@rentora/shared';
import { CalendarClock, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field, FormError, Select } from '../../../components/field';
import { apiErrorMessage } from '../../../lib/api-client';
import { formatDate, formatLimit } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAdminPlans } from '../../plans/plans.api';
import {
  COMPANY_FALLBACK_MESSAGES,
  type FeaturesAndLimitations,
  type SubscriptionAction,
  useSubscriptionAction,
} from '../companies.api';
import { SubscriptionBadge } from '../company-badges';

export function SubscriptionSection({
  company,
  details,
}: {
  company: CompanyDto;
  details: FeaturesAndLimitations;
}) {
  const action = useSubscriptionAction(company._id);
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

      <PlanPicker currentPlanId={details.plan?._id} run={run} busy={action.isPending && confirm === null} />

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

/** The plan change: the new plan, when it applies, and for a forced update whether a new period starts. */
const ZPlanChangeForm = z
  .object({
    planId: z.string().min(1, 'Choose a plan').pipe(ZSubscriptionUpdateBody.shape.subscriptionId),
    mode: z.enum(['scheduled', 'instant', 'force']),
    resetCycle: ZSubscriptionForceUpdateBody.shape.updateCycle,
  })
  .transform(
    ({ planId, mode, resetCycle }): SubscriptionAction =>
      mode === 'force'
        ? { kind: 'force-update', subscriptionId: planId, updateCycle: resetCycle }
        : { kind: 'update', subscriptionId: planId, instantChange: mode === 'instant' },
  );
type PlanChangeInput = z.input<typeof ZPlanChangeForm>;

function PlanPicker({
  currentPlanId,
  run,
  busy,
}: {
  currentPlanId: string | undefined;
  run: (input: SubscriptionAction, done?: () => void) => void;
  busy: boolean;
}) {
  const plans = useAdminPlans({ page: 1, limit: 50, isActive: 'true' });
  const form = useForm<PlanChangeInput, unknown, SubscriptionAction>({
    resolver: zodResolver(ZPlanChangeForm),
    defaultValues: { planId: '', mode: 'instant', resetCycle: true },
  });
  const { errors } = form.formState;
  const [planId, mode] = form.watch(['planId', 'mode']);
  const submit = form.handleSubmit((input) => run(input, () => form.resetField('planId')));
  return (
    <form noValidate onSubmit={submit}>
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Change plan</legend>
        <Field label="New plan" error={errors.planId?.message}>
          {(control) => (
            <Select {...control} {...form.register('planId')} disabled={plans.isPending}>
              <option value="">{plans.isPending ? 'Loading plans…' : 'Choose a plan'}</option>
              {(plans.data?.data ?? []).map((plan) => (
                <option
                  key={plan._id}
                  value={plan._id}
                  disabled={plan._id === currentPlanId && mode !== 'force'}
                >
                  {plan.name} — {formatLimit(plan.limitations.maxPropertiesPerCompany)} properties,{' '}
                  {formatLimit(plan.limitations.maxUsersPerCompany)} users
                  {plan._id === currentPlanId ? ' (current)' : ''}
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
                value={value}
                {...form.register('mode')}
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
              <input type="checkbox" {...form.register('resetCycle')} className="accent-brand-600" />
              Start a new billing period today
            </label>
          ) : null}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={!planId} loading={busy}>
            {mode === 'scheduled' ? 'Schedule change' : 'Change plan'}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
