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
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, FormError, Input, Select, Textarea } from '../../components/field';
import { emptyToUndefined, numberOrUndefined } from '../../components/form-values';
import { MoneyInput } from '../../components/money-input';
import { apiErrorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { PLAN_FALLBACK_MESSAGES, useCreatePlan, useUpdatePlan } from './plans.api';

type PlanFormInput = z.input<typeof ZPlanCreateBody>;

const LIMITS = [
  { key: 'maxPropertiesPerCompany', label: 'Properties per company' },
  { key: 'maxUsersPerCompany', label: 'Users per company' },
  { key: 'maxRentalUnitsPerProperty', label: 'Units per property' },
] as const;

export function PlanDialog({ plan, onClose }: { plan: PlanAdminDto | null; onClose: () => void }) {
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
