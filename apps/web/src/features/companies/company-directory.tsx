import type { CompanyDto } from '@rentora/shared';
import { Building2, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import type { DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ListView, tableRows } from '../../components/list-view';
import { SearchInput } from '../../components/search-input';
import { Tabs } from '../../components/tabs';
import { UsageMeter } from '../../components/usage-meter';
import { formatDate, formatLimit } from '../../lib/format';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
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

const FILTER_KEYS = ['search', 'verified'] as const;

/** Every company on the platform (super admin and platform admins). */
export function CompanyDirectory({ canManage }: { canManage: boolean }) {
  const { values, page, set } = useUrlFilters(FILTER_KEYS);
  const [search, setSearch] = useSearchBox(values.search, (next) => set({ search: next }));
  const verification: VerificationFilter =
    values.verified === 'true' || values.verified === 'false' ? values.verified : 'all';
  const [managing, setManaging] = useState<CompanyDto | null>(null);
  const filters: CompanyListFilters = {
    page,
    limit: COMPANY_PAGE_SIZE,
    search: values.search || undefined,
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
          onChange={(value) => set({ verified: value === 'all' ? null : value })}
        />
        <SearchInput
          className="sm:w-72"
          label="Search companies"
          placeholder="Search by name or email"
          value={search}
          onChange={setSearch}
        />
      </div>
      <ListView
        list={list}
        errorTitle="Companies could not be loaded"
        errorFallback={COMPANY_FALLBACK_MESSAGES.list}
        empty={
          <EmptyState
            icon={Building2}
            title={filtered ? 'No companies match' : 'No companies yet'}
            description={
              filtered
                ? 'Try another search or filter.'
                : 'Companies appear here as soon as someone registers one.'
            }
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="companies"
      >
        {tableRows({
          caption: 'Companies',
          columns,
          rowKey: (company) => company._id,
          actions: canManage
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
            : undefined,
        })}
      </ListView>
      {managing ? <CompanyManageDialog company={managing} onClose={() => setManaging(null)} /> : null}
    </div>
  );
}
