import { INVOICE_PAYMENT_METHODS, type InvoiceDetailDto, type InvoicePaymentMethod } from '@rentora/shared';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input, Select } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { formatMoney } from '../../lib/format';
import { invoiceLabel, methodLabel } from './invoice-display';
import { INVOICE_MESSAGES, invoicesApi, useInvoiceMutation } from './invoices.api';

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
  const [amount, setAmount] = useState<number | null>(invoice.balance);
  const [method, setMethod] = useState<InvoicePaymentMethod>('upi');
  const [paidAt, setPaidAt] = useState(() => new Date().toISOString().slice(0, 10));
  const [reference, setReference] = useState('');
  useEffect(() => {
    if (open) setAmount(invoice.balance);
  }, [open, invoice.balance]);
  const record = useInvoiceMutation(
    () => invoicesApi.recordPayment(invoice._id, { amount: amount ?? 0, method, paidAt, reference }),
    { success: 'Payment recorded', failure: INVOICE_MESSAGES.recordPayment },
  );
  const tooMuch = amount !== null && amount > invoice.balance;
  const valid = amount !== null && amount > 0 && !tooMuch;
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
            loading={record.isPending}
            disabled={!valid}
            onClick={() => record.mutate(undefined, { onSuccess: onClose })}
            data-testid="record-payment-submit"
          >
            Record {amount ? formatMoney(amount, invoice.currency) : ''}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Field label="Amount" required error={tooMuch ? 'More than the balance' : undefined}>
          {(control) => (
            <MoneyInput {...control} value={amount} onChange={setAmount} aria-invalid={tooMuch} />
          )}
        </Field>
        <Field label="Method" required>
          {(control) => (
            <Select
              {...control}
              value={method}
              onChange={(e) => setMethod(e.target.value as InvoicePaymentMethod)}
            >
              {INVOICE_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {methodLabel(m)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Paid on" required>
          {(control) => (
            <Input {...control} type="date" value={paidAt} onChange={(e) => setPaidAt(e.target.value)} />
          )}
        </Field>
        <Field label="Reference" hint="UTR, cheque number or receipt number (optional)">
          {(control) => (
            <Input
              {...control}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              maxLength={100}
            />
          )}
        </Field>
      </div>
    </Dialog>
  );
}
