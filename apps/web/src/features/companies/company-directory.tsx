import type { CompanyDto } from '@rentora/shared';
import { Building2, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { SearchInput } from '../../components/search-input';
import { Tabs } from '../../components/tabs';
import { UsageMeter } from '../../components/usage-meter';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatLimit } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import {
  COMPANY_FALLBACK_MESSAGES,
  COMPANY_PAGE_SIZE,
  type CompanyListFilters,
  useCompanyList,
} from './companies.api';
import { SubscriptionBadge, VerificationBadge } from './company-badges';
import { CompanyManageDialog } from './company-manage/company-manage-dialog';

type VerificationFilter = 'all' | 'true' | 'false';

const FILTER_TABS: { id: VerificationFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'true', label: 'Verified' },
  { id: 'false', label: 'Unverified' },
];

/** Every company on the platform (super admin and platform admins). */
export function CompanyDirectory({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [verification, setVerification] = useState<VerificationFilter>('all');
  const [page, setPage] = useState(1);
  const [managing, setManaging] = useState<CompanyDto | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const filters: CompanyListFilters = {
    page,
    limit: COMPANY_PAGE_SIZE,
    search: debouncedSearch || undefined,
    isVerified: verification === 'all' ? undefined : verification,
  };
  const list = useCompanyList(filters);
  const filtered = Boolean(filters.search) || filters.isVerified !== undefined;

  const columns: DataTableColumn<CompanyDto>[] = [
    {
      id: 'company',
      header: 'Company',
      cell: (company) => (
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{company.name}</p>
          <p className="truncate text-xs text-slate-500">{company.email ?? company.slug}</p>
        </div>
      ),
    },
    {
      id: 'verification',
      header: 'Verification',
      cell: (company) => <VerificationBadge isVerified={company.isVerified} />,
    },
    {
      id: 'plan',
      header: 'Plan',
      cell: (company) => (
        <div className="space-y-1">
          <p className="font-medium text-slate-800">{company.plan?.name ?? 'No plan'}</p>
          <SubscriptionBadge subscription={company.subscription} />
        </div>
      ),
    },
    {
      id: 'usage',
      header: 'Usage',
      className: 'w-64',
      cell: (company) => (
        <div className="w-full min-w-40 space-y-1.5">
          <UsageMeter
            compact
            label="Properties"
            used={company.usage.properties}
            limit={company.limitations.maxPropertiesPerCompany}
          />
          <UsageMeter
            compact
            label="Users"
            used={company.usage.users}
            limit={company.limitations.maxUsersPerCompany}
          />
          <p className="text-xs text-slate-500">
            {company.usage.rentalUnits.toLocaleString('en-IN')} units · max{' '}
            {formatLimit(company.limitations.maxRentalUnitsPerProperty)} per property
          </p>
        </div>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      cell: (company) => (
        <span className="whitespace-nowrap text-slate-500">{formatDate(company.createdAt)}</span>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Companies"
        description="Every company on the platform: verification, plan and usage."
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Tabs
          variant="pills"
          label="Filter by verification"
          tabs={FILTER_TABS}
          value={verification}
          onChange={(value) => {
            setVerification(value);
            setPage(1);
          }}
        />
        <SearchInput
          className="sm:w-72"
          label="Search companies"
          placeholder="Search by name or email"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </div>
      {list.isError ? (
        <ErrorState
          title="Companies could not be loaded"
          message={apiErrorMessage(list.error, COMPANY_FALLBACK_MESSAGES.list)}
          onRetry={list.refetch}
        />
      ) : !list.isPending && list.data?.data.length === 0 ? (
        <EmptyState
          icon={Building2}
          title={filtered ? 'No companies match' : 'No companies yet'}
          description={
            filtered
              ? 'Try another search or filter.'
              : 'Companies appear here as soon as someone registers one.'
          }
        />
      ) : (
        <>
          <DataTable
            caption="Companies"
            columns={columns}
            rows={list.data?.data ?? []}
            rowKey={(company) => company._id}
            loading={list.isPending}
            fetching={list.isFetching && !list.isPending}
            actions={
              canManage
                ? (company) => (
                    <Button
                      size="sm"
                      variant="outline"
                      icon={<Settings2 className="h-4 w-4" aria-hidden />}
                      onClick={() => setManaging(company)}
                      aria-label={`Manage ${company.name}`}
                    >
                      Manage
                    </Button>
                  )
                : undefined
            }
          />
          {list.data ? (
            <Pagination
              className="mt-4"
              pagination={list.data.pagination}
              onPageChange={setPage}
              itemLabel="companies"
            />
          ) : null}
        </>
      )}
      {managing ? <CompanyManageDialog company={managing} onClose={() => setManaging(null)} /> : null}
    </div>
  );
}
