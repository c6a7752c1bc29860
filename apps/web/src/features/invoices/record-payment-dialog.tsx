import { zodResolver } from '@hookform/resolvers/zod';
import {
  businessDate,
  INVOICE_PAYMENT_METHODS,
  type InvoiceDetailDto,
  type InvoicePaymentBody,
  type InvoicePaymentInput,
  ZInvoicePaymentBody,
} from '@rentora/shared';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input, Select } from '../../components/field';
import { MoneyField } from '../../components/money-field';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { invoiceLabel, methodLabel } from './invoice-display';
import { INVOICE_MESSAGES, invoicesApi, useInvoiceMutation } from './invoices.api';

/** The payment body, with an amount typed in (empty until then) and at most the balance. */
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
      .pipe(ZInvoicePaymentBody.shape.amount)
      .refine((amount) => amount <= balance, 'More than the balance'),
  });
}

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
      </form>
    </Dialog>
  );
}
