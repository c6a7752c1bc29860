import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Feature,
  PERMISSION_CATALOGUE,
  PERMISSION_CATEGORIES,
  type PlanAdminDto,
  type PlanCreateBody,
  UNLIMITED,
  ZPlanCreateBody,
} from '@rentora/shared';
import { Building2, Layers, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, FormError, Input, Select, Textarea } from '../../components/field';
import { emptyToUndefined, numberOrUndefined } from '../../components/form-values';
import { MoneyInput } from '../../components/money-input';
import { Skeleton } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatLimit, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import {
  PLAN_FALLBACK_MESSAGES,
  type PlanListFilters,
  useAdminPlans,
  useCreatePlan,
  useDeletePlan,
  useUpdatePlan,
} from './plans.api';

type ActiveFilter = 'all' | 'true' | 'false';
type PlanFormInput = z.input<typeof ZPlanCreateBody>;

/** /dashboard/plans (super admin): the plans companies subscribe to: price, features and limits. */
export function PlansPage() {
  const [active, setActive] = useState<ActiveFilter>('all');
  const [editing, setEditing] = useState<PlanAdminDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlanAdminDto | null>(null);
  const filters: PlanListFilters = { page: 1, limit: 50, isActive: active === 'all' ? undefined : active };
  const plans = useAdminPlans(filters);
  const remove = useDeletePlan();

  return (
    <div>
      <PageHeader
        title="Plans Management"
        description="What each plan costs, which features it unlocks and how far it goes."
        actions={
          <Button icon={<Plus className="h-4 w-4" aria-hidden />} onClick={() => setEditing('new')}>
            New plan
          </Button>
        }
      />
      <Tabs
        variant="pills"
        label="Filter plans"
        className="mb-4"
        value={active}
        onChange={setActive}
        tabs={[
          { id: 'all', label: 'All' },
          { id: 'true', label: 'Active' },
          { id: 'false', label: 'Inactive' },
        ]}
      />
      {plans.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <Card key={index} className="space-y-3 p-6">
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-8 w-1/2" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </Card>
          ))}
        </div>
      ) : plans.isError ? (
        <ErrorState
          title="Plans could not be loaded"
          message={apiErrorMessage(plans.error, PLAN_FALLBACK_MESSAGES.list)}
          onRetry={() => void plans.refetch()}
        />
      ) : plans.data.data.length === 0 ? (
        <EmptyState
          icon={Layers}
          title={active === 'all' ? 'No plans yet' : `No ${active === 'true' ? 'active' : 'inactive'} plans`}
          description="Companies subscribe to plans; create one to offer it."
        />
      ) : (
        <ul className={cn('grid gap-4 md:grid-cols-2 xl:grid-cols-3', plans.isFetching && 'opacity-70')}>
          {plans.data.data.map((plan) => (
            <li key={plan._id}>
              <PlanCard plan={plan} onEdit={() => setEditing(plan)} onDelete={() => setDeleting(plan)} />
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the ${deleting?.name ?? ''} plan?`}
        description={
          deleting && deleting.companiesCount > 0
            ? `${deleting.companiesCount} companies are on this plan. Move them to another plan first, or make this one inactive instead.`
            : 'It disappears from the pricing page. This cannot be undone.'
        }
        confirmLabel="Delete plan"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: (answer) => {
              toast.success(answer.message ?? 'Plan deleted', deleting.name);
              setDeleting(null);
            },
            onError: (error) => toast.error(apiErrorMessage(error, PLAN_FALLBACK_MESSAGES.delete)),
          })
        }
      />
    </div>
  );
}

function PlanCard({
  plan,
  onEdit,
  onDelete,
}: {
  plan: PlanAdminDto;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const everything = plan.featuresList.length === 0;
  return (
    <Card className={cn('flex h-full flex-col p-6', !plan.isActive && 'bg-slate-50')}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900">{plan.name}</h2>
          <p className="truncate font-mono text-xs text-slate-400">{plan.slug}</p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          {plan.isDefault ? (
            <Badge tone="brand" className="gap-1">
              <Star className="h-3 w-3" aria-hidden /> Default
            </Badge>
          ) : null}
          <Badge tone={plan.isActive ? 'success' : 'neutral'}>{plan.isActive ? 'Active' : 'Inactive'}</Badge>
        </div>
      </div>
      <p className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        {plan.price === 0 ? 'Free' : formatMoney(plan.price, plan.currency)}
        {plan.price === 0 ? null : (
          <span className="text-sm font-medium text-slate-500">
            {' '}
            / {plan.billingCycle === 'yearly' ? 'year' : 'month'}
          </span>
        )}
      </p>
      {plan.description ? <p className="mt-2 text-sm text-slate-500">{plan.description}</p> : null}
      <dl className="mt-4 grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-center text-sm">
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-400">Properties</dt>
          <dd className="font-semibold text-slate-800">
            {formatLimit(plan.limitations.maxPropertiesPerCompany)}
          </dd>
        </div>
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-400">Users</dt>
          <dd className="font-semibold text-slate-800">{formatLimit(plan.limitations.maxUsersPerCompany)}</dd>
        </div>
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-400">Units/property</dt>
          <dd className="font-semibold text-slate-800">
            {formatLimit(plan.limitations.maxRentalUnitsPerProperty)}
          </dd>
        </div>
      </dl>
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
        <Layers className="h-4 w-4 text-slate-400" aria-hidden />
        {everything
          ? 'Every feature'
          : `${plan.featuresList.length} of ${PERMISSION_CATALOGUE.length} features`}
      </p>
      <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
        <Building2 className="h-4 w-4 text-slate-400" aria-hidden />
        {plan.companiesCount === 1 ? '1 company' : `${plan.companiesCount} companies`}
      </p>
      <div className="mt-auto flex justify-end gap-1 pt-5">
        <Button
          size="sm"
          variant="ghost"
          icon={<Pencil className="h-4 w-4" aria-hidden />}
          onClick={onEdit}
          aria-label={`Edit ${plan.name}`}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-600 hover:bg-red-50"
          icon={<Trash2 className="h-4 w-4" aria-hidden />}
          onClick={onDelete}
          aria-label={`Delete ${plan.name}`}
        >
          Delete
        </Button>
      </div>
    </Card>
  );
}

const LIMITS = [
  { key: 'maxPropertiesPerCompany', label: 'Properties per company' },
  { key: 'maxUsersPerCompany', label: 'Users per company' },
  { key: 'maxRentalUnitsPerProperty', label: 'Units per property' },
] as const;

function PlanDialog({ plan, onClose }: { plan: PlanAdminDto | null; onClose: () => void }) {
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const mutation = plan ? update : create;
  const [applyToCompanies, setApplyToCompanies] = useState(false);
  const form = useForm<PlanFormInput, unknown, PlanCreateBody>({
    resolver: zodResolver(ZPlanCreateBody),
    defaultValues: plan
      ? {
          name: plan.name,
          slug: plan.slug,
          description: plan.description,
          price: plan.price,
          currency: plan.currency,
          billingCycle: plan.billingCycle,
          featuresList: plan.featuresList,
          limitations: plan.limitations,
          isDefault: plan.isDefault,
          isActive: plan.isActive,
          sortOrder: plan.sortOrder,
        }
      : {
          name: '',
          description: '',
          price: 0,
          currency: 'INR',
          billingCycle: 'monthly',
          featuresList: [],
          limitations: { maxPropertiesPerCompany: 10, maxUsersPerCompany: 10, maxRentalUnitsPerProperty: 50 },
          isDefault: false,
          isActive: true,
          sortOrder: 0,
        },
  });
  const { errors } = form.formState;
  const features = form.watch('featuresList');
  const onSubmit = form.handleSubmit((values) => {
    const done = {
      onSuccess: (answer: { message?: string }) => {
        toast.success(answer.message ?? (plan ? 'Plan updated' : 'Plan created'), values.name);
        onClose();
      },
    };
    if (plan) update.mutate({ id: plan._id, body: { ...values, applyToCompanies } }, done);
    else create.mutate(values, done);
  });

  const toggleFeature = (feature: Feature, on: boolean) => {
    const current = form.getValues('featuresList');
    form.setValue('featuresList', on ? [...current, feature] : current.filter((value) => value !== feature), {
      shouldDirty: true,
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={plan ? `Edit ${plan.name}` : 'New plan'}
      description={
        plan
          ? 'Companies keep the features and limits they subscribed with unless you apply the changes to them.'
          : undefined
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="plan-form" loading={mutation.isPending}>
            {plan ? 'Save plan' : 'Create plan'}
          </Button>
        </>
      }
    >
      <form
        id="plan-form"
        onSubmit={onSubmit}
        noValidate
        className="space-y-5"
        aria-label={plan ? 'Edit plan' : 'New plan'}
      >
        <FormError
          message={
            mutation.isError
              ? apiErrorMessage(
                  mutation.error,
                  plan ? PLAN_FALLBACK_MESSAGES.update : PLAN_FALLBACK_MESSAGES.create,
                )
              : null
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" required error={errors.name?.message}>
            {(control) => <Input {...control} data-autofocus {...form.register('name')} />}
          </Field>
          <Field
            label="Slug"
            error={errors.slug?.message}
            hint={plan ? undefined : 'Made from the name when empty.'}
          >
            {(control) => <Input {...control} {...form.register('slug', { setValueAs: emptyToUndefined })} />}
          </Field>
          <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
            {(control) => <Textarea {...control} rows={2} {...form.register('description')} />}
          </Field>
          <Field label="Price" required error={errors.price?.message} hint="0 makes the plan free.">
            {(control) => (
              <Controller
                control={form.control}
                name="price"
                render={({ field }) => (
                  <MoneyInput
                    {...control}
                    value={field.value}
                    onChange={(minor) => field.onChange(minor ?? Number.NaN)}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field label="Currency" error={errors.currency?.message}>
              {(control) => (
                <Input {...control} maxLength={3} className="uppercase" {...form.register('currency')} />
              )}
            </Field>
            <Field label="Billing" error={errors.billingCycle?.message}>
              {(control) => (
                <Select {...control} {...form.register('billingCycle')}>
                  <option value="monthly">Monthly</option>
                  <option value="yearly">Yearly</option>
                </Select>
              )}
            </Field>
          </div>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Limits</legend>
          <p className="mb-3 text-xs text-slate-500">−1 means unlimited.</p>
          <div className="grid gap-4 sm:grid-cols-3">
            {LIMITS.map((limit) => (
              <Field key={limit.key} label={limit.label} error={errors.limitations?.[limit.key]?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    min={UNLIMITED}
                    {...form.register(`limitations.${limit.key}`, { setValueAs: numberOrUndefined })}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Features</legend>
          <label className="mb-3 flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={features.length === 0}
              onChange={(event) =>
                form.setValue(
                  'featuresList',
                  event.target.checked ? [] : PERMISSION_CATALOGUE.map((entry) => entry.feature),
                  {
                    shouldDirty: true,
                  },
                )
              }
              className="accent-brand-600"
            />
            Every feature (an empty list restricts nothing)
          </label>
          {errors.featuresList?.message ? (
            <p className="mb-2 text-xs text-red-600">{errors.featuresList.message}</p>
          ) : null}
          {features.length > 0 ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {PERMISSION_CATEGORIES.map((category) => (
                <div key={category}>
                  <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                    {category}
                  </p>
                  <ul className="space-y-0.5">
                    {PERMISSION_CATALOGUE.filter((entry) => entry.category === category).map((entry) => (
                      <li key={entry.feature}>
                        <label
                          className="flex items-center gap-2 text-sm text-slate-700"
                          title={entry.description}
                        >
                          <input
                            type="checkbox"
                            checked={features.includes(entry.feature)}
                            onChange={(event) => toggleFeature(entry.feature, event.target.checked)}
                            className="accent-brand-600"
                          />
                          {entry.name}
                        </label>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          ) : null}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="sr-only">Visibility</legend>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="accent-brand-600" {...form.register('isActive')} /> Active
            (offered on pricing)
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="accent-brand-600" {...form.register('isDefault')} /> Default for
            new companies
          </label>
          <Field label="Sort order" error={errors.sortOrder?.message}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                {...form.register('sortOrder', { setValueAs: numberOrUndefined })}
              />
            )}
          </Field>
        </fieldset>
        {plan && plan.companiesCount > 0 ? (
          <label className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <input
              type="checkbox"
              checked={applyToCompanies}
              onChange={(event) => setApplyToCompanies(event.target.checked)}
              className="mt-0.5 accent-amber-600"
            />
            <span>
              Apply the new features and limits to the {plan.companiesCount} companies on this plan now
              <span className="block text-xs text-amber-700">
                Their per-company feature and limit changes are replaced.
              </span>
            </span>
          </label>
        ) : null}
      </form>
    </Dialog>
  );
}
