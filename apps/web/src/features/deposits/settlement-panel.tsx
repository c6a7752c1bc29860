import {
  DEDUCTION_REASON_LABELS,
  REFUND_METHODS,
  type SettlementDto,
  type SettlementRefundBody,
  type TenantDto,
} from '@rentora/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/empty-state';
import { Field, Input, Select } from '../../components/field';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { DEPOSIT_MESSAGES, depositsApi, useDepositAction, useSettlement } from './deposits.api';
import { SettlementEditor } from './settlement-editor';

const REFUND_LABELS: Record<SettlementRefundBody['method'], string> = {
  gateway: 'Back through the payment gateway',
  bank_transfer: 'Bank transfer',
  upi: 'UPI',
  cash: 'Cash',
  cheque: 'Cheque',
};

/** The move-out settlement of the deposit: drafting, finalizing, the refund and the statement. */
export function SettlementPanel({
  tenant,
  held,
  canWrite,
}: {
  tenant: TenantDto;
  held: number;
  canWrite: boolean;
}) {
  const settlement = useSettlement(tenant._id);
  const [editing, setEditing] = useState(false);
  if (settlement.isPending) return <Skeleton className="h-40 w-full" />;
  if (settlement.isError) {
    return (
      <ErrorState
        title={DEPOSIT_MESSAGES.fetch}
        message={apiErrorMessage(settlement.error, DEPOSIT_MESSAGES.fetch)}
        onRetry={() => void settlement.refetch()}
      />
    );
  }
  const current = settlement.data;
  if (editing) {
    return (
      <SettlementEditor
        tenantId={tenant._id}
        held={held}
        currency={tenant.currency}
        current={current}
        onDone={() => setEditing(false)}
      />
    );
  }
  if (!current) {
    return (
      <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
        <div>
          <h2 className="font-semibold text-slate-900">Move-out settlement</h2>
          <p className="text-sm text-slate-500">
            Itemise deductions from the {formatMoney(held, tenant.currency)} held and refund the rest.
          </p>
        </div>
        {canWrite ? <Button onClick={() => setEditing(true)}>Settle deposit</Button> : null}
      </Card>
    );
  }
  return (
    <SettlementSummary
      tenantId={tenant._id}
      settlement={current}
      canWrite={canWrite}
      onEdit={() => setEditing(true)}
    />
  );
}

function SettlementSummary({
  tenantId,
  settlement,
  canWrite,
  onEdit,
}: {
  tenantId: string;
  settlement: SettlementDto;
  canWrite: boolean;
  onEdit: () => void;
}) {
  const money = (minor: number) => formatMoney(minor, settlement.currency);
  const [confirming, setConfirming] = useState(false);
  const finalize = useDepositAction(tenantId, () => depositsApi.finalize(tenantId));
  const draft = settlement.status === 'draft';
  async function doFinalize() {
    try {
      await finalize.mutateAsync(undefined);
      toast.success('Settlement finalized');
      setConfirming(false);
    } catch (error) {
      toast.apiError(error, DEPOSIT_MESSAGES.finalize);
    }
  }
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          Move-out settlement
          <Badge tone={draft ? 'warning' : 'success'}>{draft ? 'Draft' : 'Finalized'}</Badge>
        </h2>
        <div className="flex flex-wrap gap-2">
          {draft && canWrite ? (
            <>
              <Button variant="outline" size="sm" onClick={onEdit}>
                Edit deductions
              </Button>
              <Button size="sm" onClick={() => setConfirming(true)}>
                Finalize
              </Button>
            </>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            icon={<Download className="h-4 w-4" aria-hidden />}
            onClick={() =>
              void depositsApi
                .statement(tenantId)
                .catch((e: unknown) => toast.apiError(e, DEPOSIT_MESSAGES.pdf))
            }
          >
            Download statement
          </Button>
        </div>
      </div>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {settlement.deductions.length === 0 ? (
          <li className="p-3 text-sm text-slate-500">No deductions</li>
        ) : (
          settlement.deductions.map((d, i) => (
            <li
              key={`${d.reason}-${d.description}-${d.amount}-${d.invoiceId ?? i}`}
              className="flex justify-between gap-3 p-3 text-sm"
            >
              <span>
                <span className="font-medium">{DEDUCTION_REASON_LABELS[d.reason]}</span> · {d.description}
              </span>
              <span className="tabular-nums">{money(d.amount)}</span>
            </li>
          ))
        )}
      </ul>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label="Deposit held" value={money(settlement.held)} />
        <Figure label="Deductions" value={money(settlement.totalDeductions)} />
        {settlement.shortfall > 0 ? (
          <Figure label="Owed by the tenant" value={money(settlement.shortfall)} tone="danger" />
        ) : (
          <Figure label="Refund due" value={money(settlement.refundDue)} tone="success" />
        )}
      </dl>
      {settlement.shortfallInvoiceId ? (
        <p className="text-sm text-slate-600">The amount beyond the deposit was invoiced to the tenant.</p>
      ) : null}
      {!draft && settlement.refundStatus === 'refunded' ? (
        <p className="text-sm text-emerald-700" role="status">
          Refunded {settlement.refundedAt ? formatDate(settlement.refundedAt) : ''} by{' '}
          {settlement.refundMethod?.replace('_', ' ')} {settlement.refundReference}
        </p>
      ) : null}
      {!draft && canWrite && settlement.refundDue > 0 && settlement.refundStatus === 'none' ? (
        <RefundForm tenantId={tenantId} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Finalize the settlement?"
        description="The deductions are locked, open invoices covered by the deposit are paid from it, and anything beyond the deposit is invoiced to the tenant. This cannot be undone."
        confirmLabel="Finalize"
        tone="primary"
        loading={finalize.isPending}
        onConfirm={() => void doFinalize()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'success' | 'danger' }) {
  const color =
    tone === 'success' ? 'text-emerald-700' : tone === 'danger' ? 'text-red-700' : 'text-slate-900';
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`text-lg font-semibold ${color}`}>{value}</dd>
    </div>
  );
}

function RefundForm({ tenantId }: { tenantId: string }) {
  const [method, setMethod] = useState<SettlementRefundBody['method']>('bank_transfer');
  const [reference, setReference] = useState('');
  const refund = useDepositAction(tenantId, (body: SettlementRefundBody) =>
    depositsApi.refund(tenantId, body),
  );
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await refund.mutateAsync({ method, reference });
      toast.success('Refund recorded');
    } catch (error) {
      toast.apiError(error, DEPOSIT_MESSAGES.refund);
    }
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label="Record refund"
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <Field label="Refund method">
        {(control) => (
          <Select
            {...control}
            value={method}
            onChange={(e) => setMethod(e.target.value as SettlementRefundBody['method'])}
          >
            {REFUND_METHODS.map((m) => (
              <option key={m} value={m}>
                {REFUND_LABELS[m]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Reference" hint={method === 'gateway' ? 'The gateway gives the refund id' : undefined}>
        {(control) => (
          <Input
            {...control}
            value={reference}
            disabled={method === 'gateway'}
            onChange={(e) => setReference(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" loading={refund.isPending}>
        Record refund
      </Button>
    </form>
  );
}
