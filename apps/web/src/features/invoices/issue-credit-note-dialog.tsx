import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreditNoteBody,
  type CreditNoteInput,
  computeInvoiceTotals,
  type GstParties,
  type InvoiceDetailDto,
  ZCreditNoteBody,
} from '@rentora/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, type Resolver, type ResolverResult, useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, FormError, Input, Textarea } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { formErrorOf } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { CREDIT_NOTE_MESSAGES, useIssueCreditNote } from './credit-notes.api';
import { invoiceLabel } from './invoice-display';

interface FormValues {
  reason: string;
  fullAmount: boolean;
  lines: { description: string; amount: number | null }[];
}

/** The form's values as the request body: either `fullAmount: true` or the lines (amounts in paise). */
const bodyOf = (v: FormValues): CreditNoteInput =>
  v.fullAmount
    ? { reason: v.reason, fullAmount: true }
    : {
        reason: v.reason,
        lines: v.lines.map((l) => ({ description: l.description, amount: l.amount ?? 0 })),
      };
const bodyResolver = zodResolver(ZCreditNoteBody);
/** The shared schema checks the body; its error paths (`reason`, `lines.0.amount`, `lines`) are the form's. */
const resolver: Resolver<FormValues, unknown, CreditNoteBody> = async (values, context, options) =>
  (await bodyResolver(bodyOf(values), context, {
    ...options,
    fields: {},
    names: undefined,
  })) as ResolverResult<FormValues, CreditNoteBody>;

/** The parties an issued invoice was taxed between, as the server credits it (same rate, same place of supply). */
export const partiesOfInvoice = (invoice: InvoiceDetailDto): GstParties => ({
  supplierGstin: invoice.supplierGstin,
  placeOfSupply: invoice.placeOfSupply?.code ?? '',
  recipientGstin: invoice.recipientGstin,
  gstUse: invoice.gstUse,
  rateBp: invoice.supplierGstin ? invoice.taxRate : 0,
});

/** Issue a credit note against an issued invoice: the full amount left, or lines of taxable value. */
export function IssueCreditNoteDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: InvoiceDetailDto;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Issue credit note"
      description={`Against ${invoiceLabel(invoice)} · ${invoice.tenantName}`}
    >
      {open ? <CreditNoteForm invoice={invoice} onClose={onClose} /> : null}
    </Dialog>
  );
}

function CreditNoteForm({ invoice, onClose }: { invoice: InvoiceDetailDto; onClose: () => void }) {
  const issue = useIssueCreditNote(invoice);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, CreditNoteBody>({
    resolver,
    defaultValues: { reason: '', fullAmount: true, lines: [{ description: '', amount: null }] },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const { errors } = form.formState;
  const fullAmount = form.watch('fullAmount');
  const typedLines = form.watch('lines');
  const left = invoice.total - invoice.creditedAmount;
  const preview = computeInvoiceTotals(
    typedLines.map((l) => ({
      description: l.description,
      quantity: 1,
      unitPrice: l.amount ?? 0,
      kind: 'rent',
    })),
    partiesOfInvoice(invoice),
  );

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await issue.mutateAsync(body);
      onClose();
    } catch (error) {
      setFormError(formErrorOf(error, form.setError, CREDIT_NOTE_MESSAGES.issue));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Issue credit note" className="space-y-4">
      <Field label="Reason" required error={errors.reason?.message}>
        {(control) => <Textarea {...control} rows={2} maxLength={500} {...form.register('reason')} />}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Amount</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            checked={fullAmount}
            onChange={() => form.setValue('fullAmount', true)}
            className="h-4 w-4 text-brand-600"
          />
          Full amount left ({formatMoney(left, invoice.currency)}): cancels the invoice
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            checked={!fullAmount}
            onChange={() => form.setValue('fullAmount', false)}
            className="h-4 w-4 text-brand-600"
            data-testid="credit-lines-mode"
          />
          Part of it, by lines (taxable value before tax)
        </label>
      </fieldset>
      {fullAmount ? null : (
        <div className="space-y-3">
          {lines.fields.map((line, index) => (
            <div key={line.id} className="grid grid-cols-[minmax(0,1fr)_9rem_auto] items-end gap-2">
              <Field label="Description" error={errors.lines?.[index]?.description?.message}>
                {(control) => (
                  <Input {...control} maxLength={200} {...form.register(`lines.${index}.description`)} />
                )}
              </Field>
              <Field label="Amount" error={errors.lines?.[index]?.amount?.message}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name={`lines.${index}.amount`}
                    render={({ field }) => (
                      <MoneyInput
                        {...control}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                )}
              </Field>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Remove line"
                disabled={lines.fields.length === 1}
                onClick={() => lines.remove(index)}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          ))}
          {errors.lines?.message ? (
            <p className="text-xs font-medium text-red-600" role="alert">
              {errors.lines.message}
            </p>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={() => lines.append({ description: '', amount: null })}
            icon={<Plus className="h-4 w-4" aria-hidden />}
          >
            Add line
          </Button>
          <dl className="space-y-1 rounded-xl bg-slate-50 p-3 text-sm" aria-label="Credit note preview">
            <div className="flex justify-between">
              <dt className="text-slate-500">Taxable value</dt>
              <dd className="tabular-nums">{formatMoney(preview.subtotal, invoice.currency)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-500">
                {preview.reverseCharge ? 'Tax reversed (reverse charge, not collected)' : 'Tax reversed'}
              </dt>
              <dd className="tabular-nums">
                {formatMoney(preview.cgst + preview.sgst + preview.igst, invoice.currency)}
              </dd>
            </div>
            <div className="flex justify-between font-semibold">
              <dt>Credit total</dt>
              <dd className="tabular-nums" data-testid="credit-preview-total">
                {formatMoney(preview.total, invoice.currency)}
              </dd>
            </div>
          </dl>
        </div>
      )}
      <p className="text-xs text-slate-500">
        At most the balance ({formatMoney(invoice.balance, invoice.currency)}) can be credited: what was paid
        stays paid.
      </p>
      <FormError message={formError} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" onClick={onClose} disabled={issue.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={issue.isPending} data-testid="issue-credit-note-submit">
          Issue credit note
        </Button>
      </div>
    </form>
  );
}
