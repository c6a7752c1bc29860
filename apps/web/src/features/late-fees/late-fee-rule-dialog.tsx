import { zodResolver } from '@hookform/resolvers/zod';
import {
  type LateFeeRuleBody,
  type LateFeeRuleDto,
  type LateFeeRuleInput,
  type LateFeeScope,
  type LateFeeType,
  ZLateFeeRuleBody,
} from '@rentora/shared';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input, Select } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { applyServerErrors } from '../../lib/form-errors';
import { useSetLateFeeRule } from './late-fees.api';

export const TYPE_LABELS: Record<LateFeeType, string> = {
  fixed: 'Fixed amount',
  percent: 'Percent of the balance',
  daily_interest: 'Daily interest (annual rate)',
};

/** The target of the rule being edited; a property rule without `scopeId` asks for the property. */
export interface RuleTarget {
  scope: LateFeeScope;
  scopeId?: string;
  /** What the dialog's title names ("Company default", a property, a tenant). */
  name: string;
  /** The rule in force, to start from. */
  current?: LateFeeRuleDto | null;
}

function initialValues(target: RuleTarget): LateFeeRuleInput {
  const c = target.current;
  return {
    scope: target.scope,
    scopeId: target.scopeId,
    type: c?.type ?? 'fixed',
    graceDays: c?.graceDays ?? 5,
    amount: c?.amount ?? undefined,
    percent: c?.percent ?? undefined,
    annualRatePercent: c?.annualRatePercent ?? undefined,
    cap: c?.cap ?? null,
  };
}

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * Sets a late-fee rule (company default, property or tenancy override) through the shared body schema; the fields
 * of the other types are cleared when the type changes, so the body names only what its type uses.
 */
export function LateFeeRuleDialog({
  target,
  onClose,
  properties,
}: {
  target: RuleTarget | null;
  onClose: () => void;
  /** The properties to choose from when adding a property override. */
  properties?: { _id: string; name: string }[];
}) {
  const save = useSetLateFeeRule();
  const form = useForm<LateFeeRuleInput, unknown, LateFeeRuleBody>({
    resolver: zodResolver(ZLateFeeRuleBody),
    defaultValues: target ? initialValues(target) : undefined,
  });
  useEffect(() => {
    if (target) form.reset(initialValues(target));
  }, [target, form]);
  const type = form.watch('type');
  const errors = form.formState.errors;

  function changeType(next: LateFeeType) {
    form.setValue('type', next);
    form.setValue('amount', undefined);
    form.setValue('percent', undefined);
    form.setValue('annualRatePercent', undefined);
  }

  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: onClose,
      onError: (error) => applyServerErrors(form.setError, error),
    }),
  );

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={target ? `Late fee: ${target.name}` : 'Late fee'}
      description="The rule applies to invoices issued from now on; invoices issued earlier keep the rule they were issued under."
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()} data-testid="save-late-fee-rule">
            Save rule
          </Button>
        </div>
      }
    >
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        {target?.scope === 'property' && !target.scopeId ? (
          <Field label="Property" required error={errors.scopeId?.message} className="sm:col-span-2">
            {(aria) => (
              <Select {...aria} {...form.register('scopeId', { setValueAs: (v: string) => v || undefined })}>
                <option value="">Choose a property</option>
                {(properties ?? []).map((p) => (
                  <option key={p._id} value={p._id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        <Field label="Type" required error={errors.type?.message}>
          {(aria) => (
            <Select {...aria} value={type} onChange={(e) => changeType(e.target.value as LateFeeType)}>
              {Object.entries(TYPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Grace days"
          hint="Days after the due date before it applies"
          error={errors.graceDays?.message}
        >
          {(aria) => (
            <Input
              {...aria}
              type="number"
              min={0}
              max={365}
              {...form.register('graceDays', { setValueAs: (v: string) => numberOrUndefined(v) })}
            />
          )}
        </Field>
        {type === 'fixed' ? (
          <Field label="Amount" required error={errors.amount?.message}>
            {(aria) => (
              <Controller
                control={form.control}
                name="amount"
                render={({ field }) => (
                  <MoneyInput
                    {...aria}
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? undefined)}
                  />
                )}
              />
            )}
          </Field>
        ) : type === 'percent' ? (
          <Field label="Percent of the balance (%)" required error={errors.percent?.message}>
            {(aria) => (
              <Input
                {...aria}
                type="number"
                min={0}
                max={100}
                step={0.01}
                {...form.register('percent', { setValueAs: (v: string) => numberOrUndefined(v) })}
              />
            )}
          </Field>
        ) : (
          <Field
            label="Interest a year (%)"
            hint="Balance × rate × days late / 365"
            required
            error={errors.annualRatePercent?.message}
          >
            {(aria) => (
              <Input
                {...aria}
                type="number"
                min={0}
                max={100}
                step={0.01}
                {...form.register('annualRatePercent', { setValueAs: (v: string) => numberOrUndefined(v) })}
              />
            )}
          </Field>
        )}
        <Field label="Cap per invoice" hint="Leave empty for no cap" error={errors.cap?.message}>
          {(aria) => (
            <Controller
              control={form.control}
              name="cap"
              render={({ field }) => (
                <MoneyInput {...aria} value={field.value} onChange={(v) => field.onChange(v ?? null)} />
              )}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
