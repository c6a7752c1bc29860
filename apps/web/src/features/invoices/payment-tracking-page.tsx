import type { PaymentTrackingRow } from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Bell, ChevronLeft, ChevronRight, Receipt, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Input } from '../../components/field';
import { ListView, listState } from '../../components/list-view';
import { StatCard } from '../../components/stat-card';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useUrlFilters } from '../../lib/url-filters';
import { usePermissions } from '../auth/use-permissions';
import { currentMonth, monthLabel, PaymentsNav, shiftMonth, TrackingStatusBadge } from './invoice-display';
import { INVOICE_MESSAGES, invoicesApi, useInvoice, usePaymentTracking } from './invoices.api';
import { RecordPaymentDialog } from './record-payment-dialog';

/** Opens the record-payment dialog for the first unpaid invoice of a tracking row. */
function QuickPay({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const invoice = useInvoice(invoiceId);
  if (!invoice.data) return null;
  return <RecordPaymentDialog invoice={invoice.data} open onClose={onClose} />;
}

/** /dashboard/payments/payment-tracking: month picker and the tenant × status grid. */
export function PaymentTrackingPage() {
  useDocumentTitle('Payment Tracking', 'Dues, receipts and overdue payments');
  const permissions = usePermissions();
  const canRecord = permissions.canUseAny(['payments_write', 'invoices_update']);
  const canBill = permissions.canUseFeature('invoices_write');
  const canSend = permissions.canUseAny(['invoices_update', 'invoices_write']);
  const queryClient = useQueryClient();
  const { values, set } = useUrlFilters(['month'] as const);
  const month = /^\d{4}-\d{2}$/.test(values.month) ? values.month : currentMonth();
  const tracking = usePaymentTracking(month);
  const [paying, setPaying] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const data = tracking.data?.data;

  async function runRent() {
    setBusy('rent');
    try {
      const answer = await invoicesApi.generateRent(month);
      toast.success(
        `${answer.data.created} rent ${answer.data.created === 1 ? 'invoice' : 'invoices'} created`,
        answer.data.skipped ? `${answer.data.skipped} already billed` : undefined,
      );
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    } catch (error) {
      toast.apiError(error, 'Failed to run the rent');
    } finally {
      setBusy(null);
    }
  }

  async function remind(row: PaymentTrackingRow) {
    setBusy(row.tenantId);
    try {
      for (const id of row.invoiceIds) await invoicesApi.send(id).catch(() => undefined);
      toast.success('Reminder sent', row.tenantName);
    } catch (error) {
      toast.apiError(error, INVOICE_MESSAGES.sendInvoice);
    } finally {
      setBusy(null);
    }
  }

  const columns: DataTableColumn<PaymentTrackingRow>[] = [
    {
      id: 'tenant',
      header: 'Tenant',
      cell: (row) => (
        <span>
          <span className="block font-medium text-slate-900">{row.tenantName}</span>
          <span className="block text-xs text-slate-500">
            {row.propertyName} · {row.unitNumber}
          </span>
        </span>
      ),
    },
    { id: 'status', header: 'Status', cell: (row) => <TrackingStatusBadge status={row.status} /> },
    { id: 'due', header: 'Due', cell: (row) => (row.dueDate ? formatDate(row.dueDate) : '—') },
    {
      id: 'expected',
      header: 'Expected',
      className: 'text-right',
      cell: (row) => <span className="tabular-nums">{formatMoney(row.expected)}</span>,
    },
    {
      id: 'paid',
      header: 'Paid',
      className: 'text-right',
      cell: (row) => <span className="tabular-nums text-emerald-700">{formatMoney(row.paid)}</span>,
    },
    {
      id: 'balance',
      header: 'Balance',
      className: 'text-right',
      cell: (row) => (
        <span
          className={
            row.balance > 0 ? 'font-medium tabular-nums text-red-600' : 'tabular-nums text-slate-500'
          }
        >
          {formatMoney(row.balance)}
        </span>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Payment tracking"
        description="Who has paid this month, who is late, and what is still due."
        actions={
          canBill ? (
            <Button
              variant="outline"
              loading={busy === 'rent'}
              onClick={() => void runRent()}
              icon={<Receipt className="h-4 w-4" aria-hidden />}
            >
              Generate rent for {monthLabel(month)}
            </Button>
          ) : null
        }
      />
      <PaymentsNav />
      <Card className="mb-5 flex flex-wrap items-center gap-2 p-3">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          onClick={() => set({ month: shiftMonth(month, -1) })}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <div className="w-44">
          <Input
            type="month"
            aria-label="Month"
            value={month}
            onChange={(e) => set({ month: e.target.value })}
          />
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next month"
          onClick={() => set({ month: shiftMonth(month, 1) })}
        >
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
        <span className="ml-2 text-sm font-medium text-slate-700">{monthLabel(month)}</span>
      </Card>
      <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Expected"
          value={formatMoney(data?.totals.expected ?? 0)}
          loading={tracking.isPending}
        />
        <StatCard
          label="Collected"
          tone="success"
          value={formatMoney(data?.totals.paid ?? 0)}
          loading={tracking.isPending}
        />
        <StatCard
          label="Outstanding"
          tone="danger"
          value={formatMoney(data?.totals.balance ?? 0)}
          loading={tracking.isPending}
        />
        <StatCard
          label="Tenants paid"
          tone="neutral"
          value={data ? `${data.totals.paidCount} / ${data.totals.tenants}` : '—'}
          loading={tracking.isPending}
        />
      </div>
      <ListView
        list={listState(tracking, (answer) => ({ data: answer.data.rows }))}
        errorTitle={INVOICE_MESSAGES.fetchTracking}
        empty={
          <EmptyState
            icon={Wallet}
            title="No active tenants"
            description="Tenants with an active lease appear here month by month."
          />
        }
        onPageChange={() => undefined}
      >
        {(rows, state) => (
          <DataTable
            caption={`Payment tracking for ${monthLabel(month)}`}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.tenantId}
            loading={state.loading}
            fetching={state.fetching}
            actions={(row) =>
              row.balance > 0 ? (
                <div className="flex gap-1">
                  {canRecord && row.invoiceIds.length > 0 ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setPaying(row.invoiceIds.find(Boolean) ?? null)}
                    >
                      Record payment
                    </Button>
                  ) : null}
                  {canSend ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={busy === row.tenantId}
                      onClick={() => void remind(row)}
                      icon={<Bell className="h-4 w-4" aria-hidden />}
                    >
                      Remind
                    </Button>
                  ) : null}
                </div>
              ) : null
            }
          />
        )}
      </ListView>
      {paying ? <QuickPay invoiceId={paying} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}
