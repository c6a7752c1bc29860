import {
  INVOICE_LINE_KINDS,
  type InvoiceCreateBody,
  type InvoiceCreateInput,
  type InvoiceLine,
} from '@rentora/shared';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Field, Input, Select } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { formatMoney } from '../../lib/format';
import { newLine } from './invoice-lines';

export type InvoiceForm = UseFormReturn<InvoiceCreateInput, unknown, InvoiceCreateBody>;

/** The line items of the invoice editor: description, kind, quantity, unit price and the computed line (with tax). */
export function InvoiceLineEditor({
  form,
  computed,
  currency,
  onEdit,
}: {
  form: InvoiceForm;
  /** The preview's lines, index for index. */
  computed: readonly InvoiceLine[];
  currency: string;
  /** Called when the user changes the lines (they stop following the template and agreement). */
  onEdit: () => void;
}) {
  const lines = useFieldArray({ control: form.control, name: 'lineItems' });
  const errors = form.formState.errors.lineItems;
  const edited = { onChange: onEdit };
  return (
    <Card className="p-5">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-base font-semibold text-slate-900">Line items</h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            onEdit();
            lines.append(newLine({ kind: 'other' }));
          }}
          icon={<Plus className="h-4 w-4" aria-hidden />}
        >
          Add line
        </Button>
      </div>
      {errors?.message ? (
        <p className="mb-2 text-xs font-medium text-red-600" role="alert">
          {errors.message}
        </p>
      ) : null}
      <div className="space-y-3">
        {lines.fields.map((line, index) => {
          const row = computed[index];
          const tax = row ? row.cgst + row.sgst + row.igst : 0;
          return (
            <div
              key={line.id}
              className="grid grid-cols-2 items-end gap-2 rounded-xl border border-slate-100 p-3 sm:grid-cols-[minmax(0,1fr)_5rem_9rem_7.5rem_auto]"
              data-testid="line-item"
            >
              <Field
                label="Description"
                className="col-span-full"
                error={errors?.[index]?.description?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    aria-label="Description"
                    maxLength={200}
                    {...form.register(`lineItems.${index}.description`, edited)}
                  />
                )}
              </Field>
              <Field label="Type">
                {(control) => (
                  <Select
                    {...control}
                    aria-label="Type"
                    {...form.register(`lineItems.${index}.kind`, edited)}
                  >
                    {INVOICE_LINE_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {k.charAt(0).toUpperCase() + k.slice(1)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Qty" error={errors?.[index]?.quantity?.message}>
                {(control) => (
                  <Input
                    {...control}
                    aria-label="Quantity"
                    inputMode="decimal"
                    {...form.register(`lineItems.${index}.quantity`, { ...edited, valueAsNumber: true })}
                  />
                )}
              </Field>
              <Field label="Unit price" error={errors?.[index]?.unitPrice?.message}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name={`lineItems.${index}.unitPrice`}
                    render={({ field }) => (
                      <MoneyInput
                        {...control}
                        value={field.value}
                        onChange={(value) => {
                          onEdit();
                          field.onChange(value);
                        }}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                )}
              </Field>
              <p className="pb-2 text-right text-sm font-medium tabular-nums text-slate-900">
                {formatMoney(row?.amount ?? 0, currency)}
                {tax > 0 ? (
                  <span className="block text-xs font-normal text-slate-500">
                    + {formatMoney(tax, currency)} GST
                  </span>
                ) : null}
              </p>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Remove line"
                disabled={lines.fields.length === 1}
                onClick={() => {
                  onEdit();
                  lines.remove(index);
                }}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          );
        })}
      </div>
    </Card>
  );
}
