import { zodResolver } from '@hookform/resolvers/zod';
import {
  businessDate,
  INVOICE_PAYMENT_METHODS,
  type InvoiceDetailDto,
  type InvoicePaymentBody,
  type InvoicePaymentInput,
  maxTdsOf,
  TDS_SECTION_LABELS,
  TDS_SECTIONS,
  type TdsSection,
  ZInvoicePaymentBody,
} from '@rentora/shared';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input, Select } from '../../components/field';
import { MoneyField } from '../../components/money-field';
import { MoneyInput } from '../../components/money-input';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { invoiceLabel, methodLabel } from './invoice-display';
import { INVOICE_MESSAGES, invoicesApi, useInvoiceMutation } from './invoices.api';

/** The payment body, with an amount typed in (empty until then); money and TDS together at most the balance. */
function paymentForm(balance: number) {
  return ZInvoicePaymentBody.extend({
    amount: z
      .number()
      .nullable()
      .transform((amount, ctx) => {
        if (amount !== null) return amount;
        ctx.addIssue({ code: 'custom', message: 'Enter the amount' });
        return z.NEVER;
      })
      .pipe(ZInvoicePaymentBody.shape.amount),
  }).superRefine((body, ctx) => {
    const tds = body.tds?.amount ?? 0;
    if (body.amount + tds > balance) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'More than the balance' });
    }
    if (body.tds && body.tds.amount > maxTdsOf(body.tds.rate, body.amount, body.tds.amount)) {
      ctx.addIssue({
        code: 'custom',
        path: ['tds', 'amount'],
        message: `At most ${body.tds.rate}% of the payment (${formatMoney(maxTdsOf(body.tds.rate, body.amount, body.tds.amount))})`,
      });
    }
  });
}

/** Usual rates: 194-IB (individuals paying more than ₹50,000 a month) 2 %, 194-I (businesses) 10 % on buildings. */
const DEFAULT_TDS_RATE: Record<TdsSection, number> = { '194IB': 2, '194I': 10 };

type PaymentFormInput = Omit<InvoicePaymentInput, 'amount'> & { amount: number | null };

const today = () => businessDate();

/** Record an offline payment: amount (at most the balance), method, date, reference. */
export function RecordPaymentDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: Pick<InvoiceDetailDto, '_id' | 'number' | 'balance' | 'currency'>;
  open: boolean;
  onClose: () => void;
}) {
  const schema = useMemo(() => paymentForm(invoice.balance), [invoice.balance]);
  const form = useForm<PaymentFormInput, unknown, InvoicePaymentBody>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { amount: invoice.balance, method: 'upi', paidAt: today(), reference: '' },
  });
  useEffect(() => {
    if (open) form.setValue('amount', invoice.balance, { shouldValidate: true });
  }, [open, invoice.balance, form]);
  const record = useInvoiceMutation(
    (body: InvoicePaymentBody) => invoicesApi.recordPayment(invoice._id, body),
    {
      success: 'Payment recorded',
      failure: INVOICE_MESSAGES.recordPayment,
    },
  );
  const amount = form.watch('amount');
  const tdsAmount = form.watch('tds.amount');
  const [withTds, setWithTds] = useState(false);
  const tdsToggleId = useId();
  function toggleTds(on: boolean) {
    setWithTds(on);
    form.setValue('tds', on ? { section: '194IB', rate: DEFAULT_TDS_RATE['194IB'], amount: 0 } : undefined, {
      shouldValidate: true,
    });
  }
  const { errors, isValid } = form.formState;
  const submit = form.handleSubmit((body) =>
    record.mutate(body, { onSuccess: onClose, onError: (error) => applyServerErrors(form.setError, error) }),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Record payment"
      description={`${invoiceLabel(invoice)} · balance ${formatMoney(invoice.balance, invoice.currency)}`}
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="record-payment"
            loading={record.isPending}
            disabled={!isValid}
            data-testid="record-payment-submit"
          >
            Record {amount ? formatMoney(amount, invoice.currency) : ''}
            {withTds && tdsAmount ? ` + TDS ${formatMoney(tdsAmount, invoice.currency)}` : ''}
          </Button>
        </>
      }
    >
      <form id="record-payment" className="space-y-4" noValidate onSubmit={submit}>
        <MoneyField control={form.control} name="amount" label="Amount" required empty={null} />
        <Field label="Method" required error={errors.method?.message}>
          {(control) => (
            <Select {...control} {...form.register('method')}>
              {INVOICE_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {methodLabel(m)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Paid on" required error={errors.paidAt?.message}>
          {(control) => <Input {...control} type="date" {...form.register('paidAt')} />}
        </Field>
        <Field
          label="Reference"
          hint="UTR, cheque number or receipt number (optional)"
          error={errors.reference?.message}
        >
          {(control) => <Input {...control} maxLength={100} {...form.register('reference')} />}
        </Field>
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" aria-label="TDS">
          <label htmlFor={tdsToggleId} className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              id={tdsToggleId}
              type="checkbox"
              checked={withTds}
              onChange={(event) => toggleTds(event.target.checked)}
              data-testid="record-payment-tds"
            />
            The tenant deducted TDS
          </label>
          {withTds ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Section" required error={errors.tds?.section?.message} className="sm:col-span-2">
                {(control) => (
                  <Select
                    {...control}
                    {...form.register('tds.section', {
                      onChange: (event: { target: { value: TdsSection } }) =>
                        form.setValue('tds.rate', DEFAULT_TDS_RATE[event.target.value], {
                          shouldValidate: true,
                        }),
                    })}
                  >
                    {TDS_SECTIONS.map((section) => (
                      <option key={section} value={section}>
                        {TDS_SECTION_LABELS[section]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Rate (%)" required error={errors.tds?.rate?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    step="0.01"
                    min={0}
                    max={30}
                    {...form.register('tds.rate', { valueAsNumber: true })}
                  />
                )}
              </Field>
              <Field label="TDS amount" required error={errors.tds?.amount?.message}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="tds.amount"
                    render={({ field }) => (
                      <MoneyInput
                        {...control}
                        ref={field.ref}
                        value={field.value ?? null}
                        onChange={(value) => field.onChange(value ?? 0)}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                )}
              </Field>
              <p className="text-xs text-slate-500 sm:col-span-2">
                The money and the TDS settle the invoice together; the TDS waits for the tenant's certificate
                (Form 16A / 16C) under Payments → TDS.
              </p>
            </div>
          ) : null}
        </fieldset>
      </form>
    </Dialog>
  );
}
