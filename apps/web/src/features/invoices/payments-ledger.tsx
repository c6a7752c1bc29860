import {
  LEDGER_KIND_LABELS,
  LEDGER_METHODS,
  LEDGER_STATUS_LABELS,
  LEDGER_STATUSES,
  type LedgerPaymentDto,
  type LedgerStatus,
} from '@rentora/shared';
import { Receipt, Search, SearchX } from 'lucide-react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import type { DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Input, Select } from '../../components/field';
import { DateFilter, ListView, tableRows } from '../../components/list-view';
import { formatDate, formatMoney } from '../../lib/format';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { LedgerStatusBadge, methodLabel } from './invoice-display';
import { INVOICE_MESSAGES, type LedgerFilters, useLedger } from './invoices.api';
import { PaymentDetailDialog } from './payment-detail-dialog';

const FILTER_KEYS = ['q', 'pstatus', 'method', 'pfrom', 'pto', 'tenant', 'property', 'payment'] as const;

const isLedgerStatus = (value: string): value is LedgerStatus =>
  (LEDGER_STATUSES as readonly string[]).includes(value);

/**
 * The payments ledger of /dashboard/payments: every money movement (booking payments, installments, invoice
 * payments online and offline, refunds, failed attempts) with status chips, filters in the URL, 10 a page.
 */
export function PaymentsLedger() {
  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const [searchText, setSearchText] = useSearchBox(values.q, (q) => set({ q }));
  const status = values.pstatus.split(',').filter(isLedgerStatus);
  const filters: LedgerFilters = {
    page,
    search: values.q || undefined,
    status: status.length > 0 ? status : undefined,
    method: values.method || undefined,
    from: values.pfrom || undefined,
    to: values.pto || undefined,
    tenantId: values.tenant || undefined,
    propertyId: values.property || undefined,
  };
  const list = useLedger(filters);
  const hasFilters = Boolean(
    values.q ||
      values.pstatus ||
      values.method ||
      values.pfrom ||
      values.pto ||
      values.tenant ||
      values.property,
  );
  const toggleStatus = (value: LedgerStatus) => {
    const next = status.includes(value) ? status.filter((s) => s !== value) : [...status, value];
    set({ pstatus: next.join(',') });
  };
  const columns: DataTableColumn<LedgerPaymentDto>[] = [
    {
      id: 'date',
      header: 'Date',
      cell: (row) => (
        <button
          type="button"
          onClick={() => set({ payment: row._id, page })}
          className="text-left hover:underline"
          data-testid="ledger-row"
        >
          <span className="block font-medium text-slate-900">{formatDate(row.paidAt)}</span>
          <span className="block text-xs text-slate-500">{row.receiptNumber}</span>
        </button>
      ),
    },
    {
      id: 'payer',
      header: 'Payer',
      cell: (row) => (
        <span>
          <span className="block text-slate-900">{row.payerName || '—'}</span>
          <span className="block text-xs text-slate-500">
            {[row.propertyName, row.unitNumber].filter(Boolean).join(' · ')}
          </span>
        </span>
      ),
    },
    {
      id: 'for',
      header: 'For',
      cell: (row) => (
        <span>
          <span className="block text-slate-900">{row.description || LEDGER_KIND_LABELS[row.kind]}</span>
          <span className="block text-xs text-slate-500">{row.reference}</span>
        </span>
      ),
    },
    { id: 'method', header: 'Method', hideOnMobile: true, cell: (row) => methodLabel(row.method) },
    { id: 'status', header: 'Status', cell: (row) => <LedgerStatusBadge status={row.status} /> },
    {
      id: 'amount',
      header: 'Amount',
      className: 'text-right',
      cell: (row) => (
        <span
          className={
            row.status === 'captured'
              ? 'tabular-nums text-emerald-700'
              : row.status === 'refunded'
                ? 'tabular-nums text-amber-700'
                : 'tabular-nums text-slate-400 line-through'
          }
        >
          {row.status === 'refunded' ? '−' : ''}
          {formatMoney(row.amount, row.currency)}
        </span>
      ),
    },
  ];
  return (
    <section aria-labelledby="ledger-title" className="mt-8" data-testid="payments-ledger">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="ledger-title" className="text-lg font-semibold text-slate-900">
            Payments ledger
          </h2>
          <p className="text-sm text-slate-500">
            Every payment, installment, refund and failed attempt
            {list.data
              ? ` · ${list.data.pagination.totalCount.toLocaleString('en-IN')}${hasFilters ? ' match' : ''}`
              : ''}
          </p>
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Status</legend>
          <button
            type="button"
            aria-pressed={status.length === 0}
            onClick={() => set({ pstatus: '' })}
            className={chip(status.length === 0)}
          >
            All
          </button>
          {LEDGER_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={status.includes(s)}
              onClick={() => toggleStatus(s)}
              className={chip(status.includes(s))}
            >
              {LEDGER_STATUS_LABELS[s]}
            </button>
          ))}
        </fieldset>
      </div>
      <Card className="mb-4 p-3 sm:p-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
          <div className="relative sm:col-span-2 lg:col-span-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              aria-label="Search payments"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Reference, invoice number or payer…"
              className="pl-9"
            />
          </div>
          <Select aria-label="Method" value={values.method} onChange={(e) => set({ method: e.target.value })}>
            <option value="">All methods</option>
            {LEDGER_METHODS.map((m) => (
              <option key={m} value={m}>
                {methodLabel(m)}
              </option>
            ))}
          </Select>
          <DateFilter
            id="ledger-from"
            label="From"
            value={values.pfrom}
            onChange={(pfrom) => set({ pfrom })}
          />
          <DateFilter id="ledger-to" label="Until" value={values.pto} onChange={(pto) => set({ pto })} />
        </div>
        {values.tenant || values.property ? (
          <p className="mt-2 text-xs text-slate-500">
            Showing one {values.tenant ? 'tenant' : 'property'} only ·{' '}
            <button
              type="button"
              className="text-brand-700 hover:underline"
              onClick={() => set({ tenant: '', property: '' })}
            >
              show all
            </button>
          </p>
        ) : null}
      </Card>
      <ListView
        list={list}
        errorTitle={INVOICE_MESSAGES.fetchPayments}
        errorFallback={INVOICE_MESSAGES.fetchPayments}
        empty={
          hasFilters ? (
            <EmptyState
              icon={SearchX}
              title="No payments match"
              description="Try another search or clear the filters."
              action={
                <Button variant="outline" onClick={clear}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Receipt}
              title="No payments yet"
              description="Booking payments, invoice payments and refunds appear here as they happen."
            />
          )
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="payments"
      >
        {tableRows({ caption: 'Payments ledger', columns, rowKey: (row) => row._id, loadingRows: 10 })}
      </ListView>
      <PaymentDetailDialog id={values.payment || null} onClose={() => set({ payment: null, page })} />
    </section>
  );
}

function chip(active: boolean): string {
  return active
    ? 'rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white'
    : 'rounded-full bg-white px-3 py-1 text-xs font-semibold text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50';
}
