import {
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type InvoiceListItemDto,
  type InvoiceStatus,
} from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Plus, Send } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import type { DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { DateFilter, ListFilters, ListView, NoMatchState, tableRows } from '../../components/list-view';
import { SearchInput } from '../../components/search-input';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { useCsvExport } from '../../lib/use-csv-export';
import { usePermissions } from '../auth/use-permissions';
import { InvoiceDetailDialog } from './invoice-detail-dialog';
import { InvoiceStatusBadge, invoiceLabel, invoicesCsv, PaymentsNav } from './invoice-display';
import { INVOICE_MESSAGES, type InvoiceFilters, invoicesApi, useInvoices } from './invoices.api';

const FILTER_KEYS = ['search', 'status', 'from', 'to', 'invoice'] as const;
const isStatus = (value: string): value is InvoiceStatus =>
  (INVOICE_STATUSES as readonly string[]).includes(value);

/** /dashboard/payments/invoices: the company's invoices with status chips, filters, search, bulk send and CSV. */
export function InvoicesPage() {
  useDocumentTitle('Invoices', 'Invoices sent to tenants');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const canCreate = permissions.canUseFeature('invoices_write');
  const canSend = permissions.canUseAny(['invoices_update', 'invoices_write']);
  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const [searchText, setSearchText] = useSearchBox(values.search, (search) => set({ search }));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const filters: InvoiceFilters = {
    page,
    search: values.search || undefined,
    status: isStatus(values.status) ? values.status : undefined,
    dueFrom: values.from || undefined,
    dueTo: values.to || undefined,
  };
  const list = useInvoices(filters);
  const hasFilters = Boolean(values.search || values.status || values.from || values.to);
  const rows = list.data?.data ?? [];
  const sendable = rows.filter((r) => selected.has(r._id) && r.status === 'draft');

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function bulkSend() {
    setBusy(true);
    let sent = 0;
    for (const invoice of sendable) {
      try {
        await invoicesApi.send(invoice._id);
        sent += 1;
      } catch (error) {
        toast.apiError(error, `${INVOICE_MESSAGES.sendInvoice} (${invoice.tenantName})`);
      }
    }
    setBusy(false);
    setSelected(new Set());
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    if (sent) toast.success(`${sent} ${sent === 1 ? 'invoice' : 'invoices'} sent`);
  }

  const csv = useCsvExport({
    fetchPage: (exportPage, limit) => invoicesApi.list({ ...filters, page: exportPage, limit }),
    toCsv: invoicesCsv,
    fileName: 'invoices',
    noun: ['invoice', 'invoices'],
    failureTitle: INVOICE_MESSAGES.fetchInvoices,
  });

  const columns: DataTableColumn<InvoiceListItemDto>[] = [
    ...(canSend
      ? [
          {
            id: 'select',
            header: <span className="sr-only">Select</span>,
            className: 'w-8',
            hideOnMobile: true,
            cell: (row: InvoiceListItemDto) => (
              <input
                type="checkbox"
                aria-label={`Select ${invoiceLabel(row)}`}
                disabled={row.status !== 'draft'}
                checked={selected.has(row._id)}
                onChange={() => toggle(row._id)}
                className="h-4 w-4 rounded border-slate-300 text-brand-600 disabled:opacity-30"
              />
            ),
          },
        ]
      : []),
    {
      id: 'number',
      header: 'Invoice',
      cell: (row) => (
        <button
          type="button"
          onClick={() => set({ invoice: row._id, page })}
          className="text-left hover:underline"
          data-testid="invoice-row"
        >
          <span className="block font-medium text-slate-900">{invoiceLabel(row)}</span>
          <span className="block text-xs text-slate-500">{formatDate(row.issueDate)}</span>
        </button>
      ),
    },
    {
      id: 'tenant',
      header: 'Tenant',
      cell: (row) => (
        <span>
          <span className="block text-slate-900">{row.tenantName}</span>
          <span className="block text-xs text-slate-500">
            {row.propertyName} · {row.unitNumber}
          </span>
        </span>
      ),
    },
    { id: 'status', header: 'Status', cell: (row) => <InvoiceStatusBadge status={row.status} /> },
    { id: 'due', header: 'Due', cell: (row) => formatDate(row.dueDate) },
    {
      id: 'total',
      header: 'Total',
      className: 'text-right',
      cell: (row) => <span className="tabular-nums">{formatMoney(row.total, row.currency)}</span>,
    },
    {
      id: 'balance',
      header: 'Balance',
      className: 'text-right',
      cell: (row) => (
        <span
          className={
            row.balance > 0 && row.status !== 'void'
              ? 'font-medium tabular-nums text-red-600'
              : 'tabular-nums text-slate-500'
          }
        >
          {formatMoney(row.status === 'void' ? 0 : row.balance, row.currency)}
        </span>
      ),
    },
  ];

  const total = list.data?.pagination.totalCount;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Invoices"
        description={
          total === undefined
            ? 'Rent, maintenance and other bills to your tenants.'
            : `${total.toLocaleString('en-IN')} ${total === 1 ? 'invoice' : 'invoices'}${hasFilters ? ' match your filters' : ''}`
        }
        actions={
          <>
            {canSend && sendable.length > 0 ? (
              <Button
                variant="secondary"
                onClick={() => void bulkSend()}
                loading={busy}
                icon={<Send className="h-4 w-4" aria-hidden />}
              >
                Send {sendable.length}
              </Button>
            ) : null}
            <Button
              variant="outline"
              onClick={() => void csv.run()}
              loading={csv.exporting}
              disabled={!total}
              icon={<Download className="h-4 w-4" aria-hidden />}
            >
              Export CSV
            </Button>
            {canCreate ? (
              <Button
                onClick={() => navigate('/dashboard/payments/create-invoice')}
                icon={<Plus className="h-4 w-4" aria-hidden />}
              >
                Create invoice
              </Button>
            ) : null}
          </>
        }
      />
      <PaymentsNav />
      <fieldset className="mb-3 flex flex-wrap gap-2">
        <legend className="sr-only">Status</legend>
        {(['', ...INVOICE_STATUSES] as const).map((status) => (
          <button
            key={status || 'all'}
            type="button"
            aria-pressed={values.status === status}
            onClick={() => set({ status })}
            className={
              values.status === status
                ? 'rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white'
                : 'rounded-full bg-white px-3 py-1 text-xs font-semibold text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50'
            }
          >
            {status ? INVOICE_STATUS_LABELS[status] : 'All'}
          </button>
        ))}
      </fieldset>
      <ListFilters className="sm:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]">
        <SearchInput
          label="Search invoices"
          placeholder="Invoice number or tenant name…"
          value={searchText}
          onChange={setSearchText}
          className="sm:col-span-3 lg:col-span-1"
        />
        <DateFilter
          id="invoices-due-from"
          label="Due from"
          value={values.from}
          onChange={(from) => set({ from })}
        />
        <DateFilter id="invoices-due-to" label="Due until" value={values.to} onChange={(to) => set({ to })} />
      </ListFilters>

      <ListView
        list={list}
        errorTitle={INVOICE_MESSAGES.fetchInvoices}
        hasFilters={hasFilters}
        noMatch={<NoMatchState title="No invoices match" onClear={clear} />}
        empty={
          <EmptyState
            icon={FileText}
            title="No invoices yet"
            description="Create an invoice or run this month's rent to bill your tenants."
            action={
              canCreate ? (
                <Button onClick={() => navigate('/dashboard/payments/create-invoice')}>Create invoice</Button>
              ) : undefined
            }
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="invoices"
      >
        {tableRows({ caption: 'Invoices', columns, rowKey: (row) => row._id })}
      </ListView>
      <InvoiceDetailDialog id={values.invoice || null} onClose={() => set({ invoice: null, page })} />
    </div>
  );
}
