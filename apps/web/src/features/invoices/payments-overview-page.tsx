import { AlertTriangle, CircleDollarSign, Clock, FileText, Landmark, Plus, Wallet } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { SkeletonList } from '../../components/skeleton';
import { StatCard } from '../../components/stat-card';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { usePermissions } from '../auth/use-permissions';
import { TdsCard } from '../rent-tax/tds-card';
import { methodLabel, monthLabel, PaymentsNav, shortMonth } from './invoice-display';
import { INVOICE_MESSAGES, usePaymentStats } from './invoices.api';
import { PaymentsLedger } from './payments-ledger';

/**
 * /dashboard/payments: collected, outstanding and overdue, collections by month, recent payments, and the payments
 * ledger (every money movement, with details and receipts).
 */
export function PaymentsOverviewPage() {
  useDocumentTitle('Payments', 'Payments, invoices and tracking');
  const navigate = useNavigate();
  const permissions = usePermissions();
  const stats = usePaymentStats();
  const data = stats.data;
  const max = Math.max(1, ...(data?.byMonth.map((m) => m.collected) ?? [0]));
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Payments"
        description="Money collected from tenants, what is still due and what is late."
        actions={
          permissions.canUseFeature('invoices_write') ? (
            <Button
              onClick={() => navigate('/dashboard/payments/create-invoice')}
              icon={<Plus className="h-4 w-4" aria-hidden />}
            >
              Create invoice
            </Button>
          ) : null
        }
      />
      <PaymentsNav />
      {stats.isError ? (
        <ErrorState
          title={INVOICE_MESSAGES.fetchStats}
          message={apiErrorMessage(stats.error, INVOICE_MESSAGES.fetchStats)}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <>
          <div className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            <StatCard
              label="Collected"
              icon={CircleDollarSign}
              tone="success"
              value={formatMoney(data?.collectedThisMonth ?? 0)}
              hint="This month, deposits apart"
              loading={stats.isPending}
            />
            <StatCard
              label="Deposits held"
              icon={Landmark}
              tone="neutral"
              value={formatMoney(data?.depositsHeld ?? 0)}
              hint="Owed back to tenants"
              loading={stats.isPending}
            />
            <StatCard
              label="Outstanding"
              icon={Wallet}
              tone="brand"
              value={formatMoney(data?.outstanding ?? 0)}
              hint={
                data
                  ? `${(data.invoiceCounts.sent ?? 0) + (data.invoiceCounts.partially_paid ?? 0) + (data.invoiceCounts.overdue ?? 0)} open invoices`
                  : undefined
              }
              loading={stats.isPending}
            />
            <StatCard
              label="Overdue"
              icon={AlertTriangle}
              tone="danger"
              value={formatMoney(data?.overdue ?? 0)}
              hint={data ? `${data.invoiceCounts.overdue ?? 0} invoices` : undefined}
              loading={stats.isPending}
            />
            <StatCard
              label="Drafts"
              icon={FileText}
              tone="neutral"
              value={data?.invoiceCounts.draft ?? 0}
              hint="Not sent yet"
              loading={stats.isPending}
            />
          </div>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Card className="p-5">
              <h2 className="text-base font-semibold text-slate-900">Collections by month</h2>
              {stats.isPending ? (
                <SkeletonList rows={3} />
              ) : (
                <div
                  className="mt-4 flex h-48 items-end gap-2"
                  role="img"
                  aria-label="Collections over the last 12 months"
                >
                  {data?.byMonth.map((m) => (
                    <div
                      key={m.month}
                      className="flex flex-1 flex-col items-center gap-1"
                      title={`${monthLabel(m.month)}: ${formatMoney(m.collected)}`}
                    >
                      <div
                        className="w-full rounded-t-md bg-brand-500"
                        style={{
                          height: `${Math.max(m.collected > 0 ? 4 : 1, (m.collected / max) * 160)}px`,
                        }}
                      />
                      <span className="text-[10px] text-slate-500">{shortMonth(m.month)}</span>
                    </div>
                  ))}
                </div>
              )}
              {data ? (
                <div className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {Object.entries(data.overdueBuckets).map(([bucket, amount]) => (
                    <div key={bucket} className="rounded-xl bg-slate-50 p-3">
                      <p className="text-xs text-slate-500">Overdue {bucket} days</p>
                      <p className="font-semibold tabular-nums text-slate-900">{formatMoney(amount)}</p>
                    </div>
                  ))}
                </div>
              ) : null}
            </Card>
            <Card className="p-5">
              <div className="mb-3 flex items-center justify-between">
                <h2 className="text-base font-semibold text-slate-900">Recent payments</h2>
                <Link to="/dashboard/payments/invoices" className="text-sm text-brand-700 hover:underline">
                  All invoices
                </Link>
              </div>
              {stats.isPending ? (
                <SkeletonList rows={4} />
              ) : !data || data.recent.length === 0 ? (
                <EmptyState
                  icon={Clock}
                  title="No payments yet"
                  description="Payments recorded or paid online show up here."
                />
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="recent-payments">
                  {data.recent.map((p) => (
                    <li key={p._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <span className="min-w-0">
                        <Link
                          to={`/dashboard/payments/invoices?invoice=${p.invoiceId}`}
                          className="block truncate font-medium text-slate-900 hover:underline"
                        >
                          {p.tenantName}
                        </Link>
                        <span className="block text-xs text-slate-500">
                          {p.invoiceNumber} · {methodLabel(p.method)} · {p.source} · {formatDate(p.paidAt)}
                        </span>
                      </span>
                      <span className="shrink-0 tabular-nums text-emerald-700">{formatMoney(p.amount)}</span>
                    </li>
                  ))}
                </ul>
              )}
              {data && data.byMethod.length > 0 ? (
                <div className="mt-4 border-t border-slate-100 pt-3">
                  <p className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">By method</p>
                  <ul className="space-y-1 text-sm">
                    {data.byMethod.map((m) => (
                      <li key={m.method} className="flex justify-between">
                        <span className="text-slate-600">
                          {methodLabel(m.method)} ({m.count})
                        </span>
                        <span className="tabular-nums">{formatMoney(m.amount)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </Card>
          </div>
        </>
      )}
      {permissions.canUseFeature('payments_read') ? <PaymentsLedger /> : null}
      {permissions.canUseFeature('payments_read') ? <TdsCard /> : null}
    </div>
  );
}
