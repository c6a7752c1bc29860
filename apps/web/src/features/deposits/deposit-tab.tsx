import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DepositEntryDto,
  type DepositReceiptBody,
  type DepositReceiptInput,
  INVOICE_PAYMENT_METHODS,
  type TenantDto,
  ZDepositReceiptBody,
} from '@rentora/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, FormError, Input, Select } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formErrorOf } from '../../lib/form-errors';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { DEPOSIT_MESSAGES, depositsApi, useDeposit, useDepositAction } from './deposits.api';
import { SettlementPanel } from './settlement-panel';

const KIND_LABELS: Record<DepositEntryDto['kind'], string> = {
  received: 'Received',
  top_up: 'Top-up',
  deduction: 'Deduction',
  refund: 'Refund',
};

/** The tenant detail's Deposit tab: the ledger of the security deposit and, after notice, its settlement. */
export function DepositTab({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
  const deposit = useDeposit(tenant._id);
  const [recording, setRecording] = useState(false);
  if (deposit.isPending) {
    return (
      <div className="space-y-4" aria-busy>
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (deposit.isError) {
    return (
      <ErrorState
        title={DEPOSIT_MESSAGES.fetch}
        message={apiErrorMessage(deposit.error, DEPOSIT_MESSAGES.fetch)}
        onRetry={() => void deposit.refetch()}
      />
    );
  }
  const d = deposit.data;
  const money = (minor: number) => formatMoney(minor, d.currency);
  const settleable = tenant.status === 'notice_given' || tenant.status === 'moved_out';
  return (
    <div className="space-y-6">
      <Card className="space-y-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold text-slate-900">Security deposit</h2>
          {canWrite && !recording ? (
            <Button variant="outline" size="sm" onClick={() => setRecording(true)}>
              Record deposit received
            </Button>
          ) : null}
        </div>
        <dl className="grid gap-3 sm:grid-cols-5">
          {(
            [
              ['Agreed', d.agreed],
              ['Received', d.received],
              ['Deducted', d.deducted],
              ['Refunded', d.refunded],
              ['Held', d.held],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd
                className="text-lg font-semibold text-slate-900"
                data-testid={`deposit-${label.toLowerCase()}`}
              >
                {money(value)}
              </dd>
            </div>
          ))}
        </dl>
        {recording ? <ReceiptForm tenantId={tenant._id} onDone={() => setRecording(false)} /> : null}
        {d.rows.length === 0 ? (
          <EmptyState title="No deposit recorded" description="Money received as a deposit shows here." />
        ) : (
          <DataTable
            caption="Deposit ledger"
            rows={d.rows}
            rowKey={(row) => row._id}
            columns={[
              { id: 'date', header: 'Date', cell: (row) => formatDate(row.occurredAt) },
              {
                id: 'kind',
                header: 'Movement',
                cell: (row) => (
                  <Badge tone={row.kind === 'received' || row.kind === 'top_up' ? 'success' : 'warning'}>
                    {KIND_LABELS[row.kind]}
                  </Badge>
                ),
              },
              { id: 'description', header: 'Description', cell: (row) => row.description },
              {
                id: 'reference',
                header: 'Reference',
                cell: (row) => [row.method, row.reference].filter(Boolean).join(' · ') || '—',
              },
              {
                id: 'amount',
                header: 'Amount',
                cell: (row) => (
                  <span className="tabular-nums">
                    {row.kind === 'deduction' || row.kind === 'refund' ? '−' : ''}
                    {money(row.amount)}
                  </span>
                ),
              },
            ]}
          />
        )}
      </Card>
      {settleable ? (
        <SettlementPanel tenant={tenant} held={d.held} canWrite={canWrite} />
      ) : (
        <p className="text-sm text-slate-500">
          The deposit is settled once the tenant gives notice or moves out.
        </p>
      )}
    </div>
  );
}

function ReceiptForm({ tenantId, onDone }: { tenantId: string; onDone: () => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const record = useDepositAction(tenantId, (body: DepositReceiptInput) =>
    depositsApi.recordReceipt(tenantId, body),
  );
  const form = useForm<DepositReceiptInput, unknown, DepositReceiptBody>({
    resolver: zodResolver(ZDepositReceiptBody),
    defaultValues: { method: 'bank_transfer', reference: '', kind: 'received' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await record.mutateAsync(body);
      toast.success('Deposit recorded');
      onDone();
    } catch (error) {
      setFormError(formErrorOf(error, form.setError, DEPOSIT_MESSAGES.receipt));
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Record deposit received"
      className="space-y-3 rounded-lg border border-slate-200 p-4"
    >
      <FormError message={formError} />
      <div className="grid gap-3 sm:grid-cols-4">
        <Field label="Amount" required error={errors.amount?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="amount"
              render={({ field }) => (
                <MoneyInput
                  {...control}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? undefined)}
                />
              )}
            />
          )}
        </Field>
        <Field label="Method" error={errors.method?.message}>
          {(control) => (
            <Select {...control} {...form.register('method')}>
              {INVOICE_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {m.replace('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Reference" required error={errors.reference?.message}>
          {(control) => <Input {...control} {...form.register('reference')} />}
        </Field>
        <Field label="Kind" error={errors.kind?.message}>
          {(control) => (
            <Select {...control} {...form.register('kind')}>
              <option value="received">Deposit received</option>
              <option value="top_up">Top-up</option>
            </Select>
          )}
        </Field>
      </div>
      <div className="flex gap-2">
        <Button type="submit" loading={record.isPending}>
          Record
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
