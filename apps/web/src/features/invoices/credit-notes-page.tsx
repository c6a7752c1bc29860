import type { CreditNoteListItemDto } from '@rentora/shared';
import { FileMinus } from 'lucide-react';
import { PageHeader } from '../../components/card';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Input } from '../../components/field';
import { ListFilters, ListView, NoMatchState } from '../../components/list-view';
import { SearchInput } from '../../components/search-input';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { CreditNoteDialog } from './credit-note-dialog';
import { CREDIT_NOTE_MESSAGES, type CreditNoteFilters, useCreditNotes } from './credit-notes.api';
import { PaymentsNav } from './invoice-display';

const FILTER_KEYS = ['search', 'from', 'to', 'note'] as const;

/** /dashboard/payments/credit-notes: credit notes issued against invoices, newest first, with search and dates. */
export function CreditNotesPage() {
  useDocumentTitle('Credit notes', 'Credit notes issued against invoices');
  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const [searchText, setSearchText] = useSearchBox(values.search, (search) => set({ search }));
  const filters: CreditNoteFilters = {
    page,
    search: values.search || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
  };
  const list = useCreditNotes(filters);
  const hasFilters = Boolean(values.search || values.from || values.to);

  const columns: DataTableColumn<CreditNoteListItemDto>[] = [
    {
      id: 'number',
      header: 'Credit note',
      cell: (row) => (
        <button
          type="button"
          onClick={() => set({ note: row._id, page })}
          className="text-left hover:underline"
          data-testid="credit-note-row"
        >
          <span className="block font-medium text-slate-900">{row.number}</span>
          <span className="block text-xs text-slate-500">{formatDate(row.issueDate)}</span>
        </button>
      ),
    },
    {
      id: 'invoice',
      header: 'Invoice',
      cell: (row) => (
        <span>
          <span className="block text-slate-900">{row.invoiceNumber}</span>
          <span className="block text-xs text-slate-500">{formatDate(row.invoiceDate)}</span>
        </span>
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
    {
      id: 'taxable',
      header: 'Taxable',
      className: 'text-right',
      cell: (row) => <span className="tabular-nums">{formatMoney(row.taxableValue)}</span>,
    },
    {
      id: 'tax',
      header: 'Tax',
      className: 'text-right',
      cell: (row) => <span className="tabular-nums">{formatMoney(row.tax)}</span>,
    },
    {
      id: 'total',
      header: 'Total',
      className: 'text-right',
      cell: (row) => <span className="font-medium tabular-nums">{formatMoney(row.total)}</span>,
    },
  ];

  const total = list.data?.pagination.totalCount;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Credit notes"
        description={
          total === undefined
            ? 'Reductions and cancellations of issued invoices.'
            : `${total.toLocaleString('en-IN')} ${total === 1 ? 'credit note' : 'credit notes'}${hasFilters ? ' match your filters' : ''}`
        }
      />
      <PaymentsNav />
      <ListFilters className="sm:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]">
        <SearchInput
          label="Search credit notes"
          placeholder="Credit note or invoice number, tenant name…"
          value={searchText}
          onChange={setSearchText}
          className="sm:col-span-3 lg:col-span-1"
        />
        <div className="flex items-center gap-2">
          <label htmlFor="credit-notes-from" className="shrink-0 text-xs font-medium text-slate-500">
            From
          </label>
          <Input
            id="credit-notes-from"
            type="date"
            value={values.from}
            onChange={(e) => set({ from: e.target.value })}
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="credit-notes-to" className="shrink-0 text-xs font-medium text-slate-500">
            Until
          </label>
          <Input
            id="credit-notes-to"
            type="date"
            value={values.to}
            onChange={(e) => set({ to: e.target.value })}
          />
        </div>
      </ListFilters>
      <ListView
        list={list}
        errorTitle={CREDIT_NOTE_MESSAGES.fetchList}
        hasFilters={hasFilters}
        noMatch={<NoMatchState title="No credit notes match" onClear={clear} />}
        empty={
          <EmptyState
            icon={FileMinus}
            title="No credit notes yet"
            description="Issue one from an invoice to reduce or cancel what it asks for."
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="credit notes"
      >
        {(rows, state) => (
          <DataTable
            caption="Credit notes"
            columns={columns}
            rows={rows}
            rowKey={(row) => row._id}
            loading={state.loading}
            fetching={state.fetching}
          />
        )}
      </ListView>
      <CreditNoteDialog id={values.note || null} onClose={() => set({ note: null, page })} />
    </div>
  );
}
