import { TENANT_STATUSES, type TenantListItemDto, type TenantStatus } from '@rentora/shared';
import { Download, Plus, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import type { DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Input, Select } from '../../components/field';
import { SortSelect } from '../../components/filter-selects';
import { ListFilters, ListView, NoMatchState, tableRows } from '../../components/list-view';
import { SearchInput } from '../../components/search-input';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { useCsvExport } from '../../lib/use-csv-export';
import { usePermissions } from '../auth/use-permissions';
import { TENANT_STATUS_LABELS, TenantStatusBadge, tenantName, tenantsCsv } from './tenant-display';
import { TENANT_MESSAGES, type TenantFilters, tenantsApi, useTenants } from './tenants.api';

const FILTER_KEYS = ['search', 'status', 'from', 'to', 'sort'] as const;
const SORTS = {
  newest: { label: 'Newest first', sortBy: 'createdAt', sortOrder: 'desc' },
  'move-in': { label: 'Latest move-in', sortBy: 'moveInDate', sortOrder: 'desc' },
  'rent-desc': { label: 'Highest rent', sortBy: 'rentAmount', sortOrder: 'desc' },
  'rent-asc': { label: 'Lowest rent', sortBy: 'rentAmount', sortOrder: 'asc' },
} as const;
type SortKey = keyof typeof SORTS;
const isSortKey = (value: string): value is SortKey => value in SORTS;
const isStatus = (value: string): value is TenantStatus =>
  (TENANT_STATUSES as readonly string[]).includes(value);

/** /dashboard/tenants (and /dashboard/tenant-management): the company's tenants. */
export function TenantListPage() {
  useDocumentTitle('Tenants', 'Tenant records, documents and leases');
  const navigate = useNavigate();
  const permissions = usePermissions();
  const canCreate = permissions.canUseFeature('tenants_write');
  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const [searchText, setSearchText] = useSearchBox(values.search, (search) => set({ search }));
  const sort = SORTS[isSortKey(values.sort) ? values.sort : 'newest'];
  const filters: TenantFilters = {
    page,
    search: values.search || undefined,
    status: isStatus(values.status) ? [values.status] : undefined,
    moveInFrom: values.from || undefined,
    moveInTo: values.to || undefined,
    sortBy: sort.sortBy,
    sortOrder: sort.sortOrder,
  };
  const list = useTenants(filters);
  const hasFilters = Boolean(values.search || values.status || values.from || values.to);

  const csv = useCsvExport({
    fetchPage: (exportPage, limit) => tenantsApi.list({ ...filters, page: exportPage, limit }),
    toCsv: tenantsCsv,
    fileName: 'tenants',
    noun: ['tenant', 'tenants'],
    failureTitle: TENANT_MESSAGES.fetchTenants,
  });

  const columns: DataTableColumn<TenantListItemDto>[] = [
    {
      id: 'name',
      header: 'Tenant',
      cell: (row) => (
        <Link to={`/dashboard/tenants/${row._id}`} className="flex items-center gap-3 hover:underline">
          <Avatar firstName={row.user.firstName} lastName={row.user.lastName} size="sm" />
          <span>
            <span className="block font-medium text-slate-900">{tenantName(row)}</span>
            <span className="block text-xs text-slate-500">{row.user.email}</span>
          </span>
        </Link>
      ),
    },
    { id: 'status', header: 'Status', cell: (row) => <TenantStatusBadge status={row.status} /> },
    {
      id: 'unit',
      header: 'Unit',
      cell: (row) => (
        <span>
          <span className="block text-slate-900">{row.unit.unitNumber}</span>
          <span className="block text-xs text-slate-500">{row.property.name}</span>
        </span>
      ),
    },
    { id: 'moveIn', header: 'Move-in', cell: (row) => formatDate(row.occupancyDetails.moveInDate) },
    { id: 'monthly', header: 'Monthly', cell: (row) => formatMoney(row.monthlyTotal, row.currency) },
    {
      id: 'dues',
      header: 'Outstanding',
      cell: (row) => {
        const total = row.financialDetails.outstandingDues.total;
        return (
          <span className={total > 0 ? 'font-medium text-red-600' : 'text-slate-500'}>
            {formatMoney(total, row.currency)}
          </span>
        );
      },
    },
  ];

  const total = list.data?.pagination.totalCount;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Tenants"
        description={
          total === undefined
            ? 'Everyone renting from your company, their leases, documents and dues.'
            : `${total.toLocaleString('en-IN')} ${total === 1 ? 'tenant' : 'tenants'}${hasFilters ? ' match your filters' : ''}`
        }
        actions={
          <>
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
                onClick={() => navigate('/dashboard/tenants/new')}
                icon={<Plus className="h-4 w-4" aria-hidden />}
                data-testid="add-tenant"
              >
                Add tenant
              </Button>
            ) : null}
          </>
        }
      />
      <ListFilters className="sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_repeat(4,minmax(0,1fr))]">
        <SearchInput
          label="Search tenants"
          placeholder="Search name, email, phone…"
          value={searchText}
          onChange={setSearchText}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Select
          aria-label="Status"
          value={values.status}
          onChange={(event) => set({ status: event.target.value })}
        >
          <option value="">All statuses</option>
          {TENANT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {TENANT_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
        <Input
          aria-label="Moved in from"
          type="date"
          value={values.from}
          onChange={(event) => set({ from: event.target.value })}
        />
        <Input
          aria-label="Moved in until"
          type="date"
          value={values.to}
          onChange={(event) => set({ to: event.target.value })}
        />
        <SortSelect
          label="Sort"
          value={isSortKey(values.sort) ? values.sort : 'newest'}
          sorts={SORTS}
          onChange={(sort) => set({ sort })}
        />
      </ListFilters>

      <ListView
        list={list}
        errorTitle={TENANT_MESSAGES.fetchTenants}
        hasFilters={hasFilters}
        noMatch={<NoMatchState title="No tenants match" onClear={clear} />}
        empty={
          <EmptyState
            icon={Users}
            title="No tenants yet"
            description="Add your first tenant to track their lease, documents and dues."
            action={
              canCreate ? (
                <Button onClick={() => navigate('/dashboard/tenants/new')}>Add tenant</Button>
              ) : undefined
            }
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="tenants"
      >
        {tableRows({ caption: 'Tenants', columns, rowKey: (row) => row._id })}
      </ListView>
    </div>
  );
}
