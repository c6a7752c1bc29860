import { TENANT_STATUSES, type TenantListItemDto, type TenantStatus } from '@rentora/shared';
import { Download, Plus, Search, SearchX, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Input, Select } from '../../components/field';
import { Pagination } from '../../components/pagination';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/use-permissions';
import { useSearchBox, useUrlFilters } from '../properties/use-url-filters';
import {
  downloadText,
  TENANT_STATUS_LABELS,
  TenantStatusBadge,
  tenantName,
  tenantsCsv,
} from './tenant-display';
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
const EXPORT_PAGE = 100;
const EXPORT_MAX_PAGES = 50;

/** /dashboard/tenants (and /dashboard/tenant-management): the company's tenants. */
export function TenantListPage() {
  useDocumentTitle('Tenants', 'Tenant records, documents and leases');
  const navigate = useNavigate();
  const permissions = usePermissions();
  const canCreate = permissions.canUseFeature('tenants_write');
  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const [searchText, setSearchText] = useSearchBox(values.search, (search) => set({ search }));
  const [exporting, setExporting] = useState(false);
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

  async function exportCsv() {
    setExporting(true);
    try {
      const rows: TenantListItemDto[] = [];
      for (let exportPage = 1; exportPage <= EXPORT_MAX_PAGES; exportPage += 1) {
        const answer = await tenantsApi.list({ ...filters, page: exportPage, limit: EXPORT_PAGE });
        rows.push(...answer.data);
        if (!answer.pagination.hasNext) break;
      }
      downloadText(`tenants-${new Date().toISOString().slice(0, 10)}.csv`, tenantsCsv(rows));
      toast.success('Export ready', `${rows.length} ${rows.length === 1 ? 'tenant' : 'tenants'}`);
    } catch (error) {
      toast.apiError(error, TENANT_MESSAGES.fetchTenants);
    } finally {
      setExporting(false);
    }
  }

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
              onClick={() => void exportCsv()}
              loading={exporting}
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
      <Card className="mb-5 p-3 sm:p-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_repeat(4,minmax(0,1fr))]">
          <div className="relative sm:col-span-2 lg:col-span-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              aria-label="Search tenants"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Search name, email, phone…"
              className="pl-9"
            />
          </div>
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
          <Select
            aria-label="Sort"
            value={isSortKey(values.sort) ? values.sort : 'newest'}
            onChange={(event) => set({ sort: event.target.value })}
          >
            {Object.entries(SORTS).map(([key, option]) => (
              <option key={key} value={key}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
      </Card>

      {list.isError ? (
        <ErrorState
          title={TENANT_MESSAGES.fetchTenants}
          message={apiErrorMessage(list.error, TENANT_MESSAGES.fetchTenants)}
          onRetry={() => void list.refetch()}
        />
      ) : !list.isPending && list.data.data.length === 0 ? (
        hasFilters ? (
          <EmptyState
            icon={SearchX}
            title="No tenants match"
            description="Try another search or clear the filters."
            action={
              <Button variant="outline" onClick={clear}>
                Clear filters
              </Button>
            }
          />
        ) : (
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
        )
      ) : (
        <>
          <DataTable
            caption="Tenants"
            columns={columns}
            rows={list.data?.data ?? []}
            rowKey={(row) => row._id}
            loading={list.isPending}
            fetching={list.isFetching && !list.isPending}
          />
          {list.data ? (
            <Pagination
              className="mt-4"
              pagination={list.data.pagination}
              onPageChange={(next) => set({ page: next })}
              itemLabel="tenants"
            />
          ) : null}
        </>
      )}
    </div>
  );
}
