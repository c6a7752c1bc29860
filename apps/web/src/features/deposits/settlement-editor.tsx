import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEDUCTION_REASON_LABELS,
  DEDUCTION_REASONS,
  type SettlementBody,
  type SettlementDto,
  type SettlementInput,
  settlementFigures,
  ZSettlementBody,
} from '@rentora/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Field, FormError, Input, Select } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { formErrorOf } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { DEPOSIT_MESSAGES, depositsApi, useDepositAction } from './deposits.api';

/**
 * The deductions editor of a move-out settlement, with the arithmetic as it is typed: the deposit held, the
 * deductions, and the refund due or the shortfall the tenant will be invoiced. Lines taken from open invoices are
 * added by the server when "include open invoices" is ticked.
 */
export function SettlementEditor({
  tenantId,
  held,
  currency,
  current,
  onDone,
}: {
  tenantId: string;
  held: number;
  currency: string;
  current: SettlementDto | null;
  onDone: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const save = useDepositAction(tenantId, (body: SettlementInput) =>
    current ? depositsApi.update(tenantId, body) : depositsApi.draft(tenantId, body),
  );
  const form = useForm<SettlementInput, unknown, SettlementBody>({
    resolver: zodResolver(ZSettlementBody),
    defaultValues: {
      // Open-invoice lines are made again by the server from the invoices still open.
      deductions: (current?.deductions ?? [])
        .filter((d) => !d.invoiceId)
        .map(({ reason, description, amount }) => ({ reason, description, amount })),
      includeOpenInvoices: current?.includeOpenInvoices ?? true,
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'deductions' });
  const typed = form.watch('deductions') ?? [];
  const figures = settlementFigures(
    held,
    typed.map((d) => ({ amount: Number.isFinite(d.amount) ? d.amount : 0 })),
  );
  const { errors } = form.formState;
  const money = (minor: number) => formatMoney(minor, currency);

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync(body);
      toast.success('Settlement saved');
      onDone();
    } catch (error) {
      setFormError(formErrorOf(error, form.setError, DEPOSIT_MESSAGES.draft));
    }
  });

  return (
    <Card className="space-y-4 p-5">
      <h2 className="font-semibold text-slate-900">Settle deposit</h2>
      <form onSubmit={submit} noValidate aria-label="Settle deposit" className="space-y-4">
        <FormError message={formError} />
        {lines.fields.map((line, index) => (
          <div key={line.id} className="grid items-end gap-2 sm:grid-cols-[10rem_minmax(0,1fr)_9rem_auto]">
            <Field label="Reason" error={errors.deductions?.[index]?.reason?.message}>
              {(control) => (
                <Select {...control} {...form.register(`deductions.${index}.reason`)}>
                  {DEDUCTION_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {DEDUCTION_REASON_LABELS[r]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Description" error={errors.deductions?.[index]?.description?.message}>
              {(control) => (
                <Input {...control} maxLength={300} {...form.register(`deductions.${index}.description`)} />
              )}
            </Field>
            <Field label="Amount" error={errors.deductions?.[index]?.amount?.message}>
              {(control) => (
                <Controller
                  control={form.control}
                  name={`deductions.${index}.amount`}
                  render={({ field }) => (
                    <MoneyInput {...control} value={field.value} onChange={(v) => field.onChange(v ?? 0)} />
                  )}
                />
              )}
            </Field>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove deduction ${index + 1}`}
              onClick={() => lines.remove(index)}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => lines.append({ reason: 'damage', description: '', amount: 0 })}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add deduction
        </Button>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4" {...form.register('includeOpenInvoices')} />
          Deduct the tenant's open invoices (added as unpaid dues)
        </label>
        <dl className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-3" aria-live="polite">
          <div>
            <dt className="text-xs text-slate-500">Deposit held</dt>
            <dd className="font-semibold">{money(held)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Deductions (before open invoices)</dt>
            <dd className="font-semibold" data-testid="settlement-deductions">
              {money(figures.totalDeductions)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">
              {figures.shortfall > 0 ? 'Owed beyond the deposit' : 'Refund due'}
            </dt>
            <dd
              className={`font-semibold ${figures.shortfall > 0 ? 'text-red-700' : 'text-emerald-700'}`}
              data-testid="settlement-result"
            >
              {money(figures.shortfall > 0 ? figures.shortfall : figures.refundDue)}
            </dd>
          </div>
        </dl>
        <div className="flex gap-2">
          <Button type="submit" loading={save.isPending}>
            Save draft
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
