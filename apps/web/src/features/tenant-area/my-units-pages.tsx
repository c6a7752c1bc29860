import type { TenantDto } from '@rentora/shared';
import { ArrowLeft, CalendarClock, FileText, Home, IndianRupee } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { StatCard } from '../../components/stat-card';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { RentReceiptsCard } from '../rent-tax/rent-receipts-card';
import { capitalize, documentLabel, stayLabel, TenantStatusBadge } from '../tenants/tenant-display';
import { TENANT_MESSAGES, useMyTenancies } from '../tenants/tenants.api';

/** Current tenancies first (active, notice given), then pending, then past ones. */
function ordered(rows: readonly TenantDto[]): TenantDto[] {
  const rank = { active: 0, notice_given: 0, pending: 1, moved_out: 2, rejected: 3 } as const;
  return [...rows].sort((a, b) => rank[a.status] - rank[b.status]);
}

/** The tenant dashboard's block: each current unit with dues, next due date and stay. */
export function MyTenanciesSummary() {
  const mine = useMyTenancies();
  if (mine.isPending) return <Skeleton className="h-32 w-full" />;
  if (mine.isError) {
    return (
      <ErrorState
        title="Your units could not be loaded"
        message={apiErrorMessage(mine.error, TENANT_MESSAGES.fetchTenants)}
        onRetry={() => void mine.refetch()}
      />
    );
  }
  const current = ordered(mine.data).filter((row) => row.isActive || row.status === 'pending');
  if (current.length === 0) {
    return (
      <EmptyState
        icon={Home}
        title="You are not renting a unit yet"
        description="When a landlord adds you as a tenant, your unit shows here."
        action={<ButtonLink to="/tenant/properties">Explore homes</ButtonLink>}
      />
    );
  }
  return (
    <section aria-labelledby="my-units" className="space-y-3">
      <h2 id="my-units" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Your {current.length === 1 ? 'home' : 'homes'}
      </h2>
      {current.map((tenancy) => (
        <Card key={tenancy._id} className="p-5">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <Link
                to={`/tenant/units/${tenancy._id}`}
                className="text-lg font-semibold text-slate-900 hover:underline"
                data-testid="my-unit-link"
              >
                Unit {tenancy.unit.unitNumber} · {tenancy.property.name}
              </Link>
              <p className="text-sm text-slate-500">
                Since {formatDate(tenancy.occupancyDetails.moveInDate)}
              </p>
            </div>
            <TenantStatusBadge status={tenancy.status} />
          </div>
          <div className="mt-4 grid gap-3 sm:grid-cols-4">
            <StatCard
              label="Outstanding"
              value={formatMoney(tenancy.financialDetails.outstandingDues.total, tenancy.currency)}
              icon={IndianRupee}
              tone={tenancy.financialDetails.outstandingDues.total > 0 ? 'danger' : 'success'}
            />
            <StatCard
              label="Monthly"
              value={formatMoney(tenancy.monthlyTotal, tenancy.currency)}
              icon={IndianRupee}
            />
            <StatCard
              label="Next rent due"
              value={tenancy.isActive ? formatDate(tenancy.nextRentDueDate) : '—'}
              icon={CalendarClock}
            />
            <StatCard label="Stay" value={stayLabel(tenancy.stayDurationDays)} icon={Home} />
          </div>
        </Card>
      ))}
    </section>
  );
}

/** /tenant/units: every tenancy of the signed-in tenant. */
export function MyUnitsPage() {
  useDocumentTitle('My Unit', 'The unit you rent, your lease and documents');
  const mine = useMyTenancies();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="My Unit" description="The unit you rent, your lease and documents." />
      {mine.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : mine.isError ? (
        <ErrorState
          title={TENANT_MESSAGES.fetchTenants}
          message={apiErrorMessage(mine.error, TENANT_MESSAGES.fetchTenants)}
          onRetry={() => void mine.refetch()}
        />
      ) : mine.data.length === 0 ? (
        <EmptyState
          icon={Home}
          title="No unit yet"
          description="When a landlord adds you as a tenant, your unit shows here."
          action={<ButtonLink to="/tenant/properties">Explore homes</ButtonLink>}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {ordered(mine.data).map((tenancy) => (
            <li key={tenancy._id}>
              <Link
                to={`/tenant/units/${tenancy._id}`}
                className="block rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md"
              >
                <div className="flex items-start justify-between gap-2">
                  <span className="font-semibold text-slate-900">
                    Unit {tenancy.unit.unitNumber}
                    <span className="block text-sm font-normal text-slate-500">{tenancy.property.name}</span>
                  </span>
                  <TenantStatusBadge status={tenancy.status} />
                </div>
                <p className="mt-3 text-sm text-slate-600">
                  {formatDate(tenancy.occupancyDetails.moveInDate)} –{' '}
                  {tenancy.occupancyDetails.moveOutDate
                    ? formatDate(tenancy.occupancyDetails.moveOutDate)
                    : 'now'}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /tenant/units/:id: one tenancy with its lease, dues and documents. */
export function MyUnitPage() {
  const { id = '' } = useParams();
  const mine = useMyTenancies();
  const tenancy = mine.data?.find((row) => row._id === id);
  useDocumentTitle(tenancy ? `Unit ${tenancy.unit.unitNumber}` : 'My Unit');
  if (mine.isPending) return <Skeleton className="mx-auto h-64 max-w-5xl" />;
  if (mine.isError) {
    return (
      <ErrorState
        title={TENANT_MESSAGES.fetchTenants}
        message={apiErrorMessage(mine.error, TENANT_MESSAGES.fetchTenants)}
        onRetry={() => void mine.refetch()}
      />
    );
  }
  if (!tenancy) {
    return (
      <EmptyState
        icon={Home}
        title="Unit not found"
        description="This is not one of your units."
        action={<ButtonLink to="/tenant/units">My units</ButtonLink>}
      />
    );
  }
  const dues = tenancy.financialDetails.outstandingDues;
  const agreement = tenancy.agreementDetails;
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <Link
        to="/tenant/units"
        className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> My units
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          Unit {tenancy.unit.unitNumber} · {tenancy.property.name}
        </h1>
        <TenantStatusBadge status={tenancy.status} />
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <StatCard
          label="Outstanding"
          value={formatMoney(dues.total, tenancy.currency)}
          icon={IndianRupee}
          tone={dues.total > 0 ? 'danger' : 'success'}
        />
        <StatCard
          label="Monthly total"
          value={formatMoney(tenancy.monthlyTotal, tenancy.currency)}
          icon={IndianRupee}
        />
        <StatCard
          label="Next rent due"
          value={tenancy.isActive ? formatDate(tenancy.nextRentDueDate) : '—'}
          icon={CalendarClock}
        />
        <StatCard label="Stay" value={stayLabel(tenancy.stayDurationDays)} icon={Home} />
      </div>
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900">Lease</h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-3">
          <Item label="Lease">
            {agreement.leaseStartDate ? formatDate(agreement.leaseStartDate) : '—'} –{' '}
            {agreement.leaseEndDate ? formatDate(agreement.leaseEndDate) : '—'}
          </Item>
          <Item label="Rent">{formatMoney(agreement.rentAmount, tenancy.currency)}</Item>
          <Item label="Maintenance">{formatMoney(agreement.maintenanceCharges, tenancy.currency)}</Item>
          <Item label="Security deposit">{formatMoney(agreement.securityDeposit, tenancy.currency)}</Item>
          <Item label="Rent due">Day {agreement.rentDueDate} of each month</Item>
          <Item label="Moved in">{formatDate(tenancy.occupancyDetails.moveInDate)}</Item>
        </dl>
      </Card>
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900">Dues</h2>
        <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {(['rent', 'maintenance', 'utilities', 'penalties'] as const).map((part) => (
            <Item key={part} label={capitalize(part)}>
              {formatMoney(dues[part], tenancy.currency)}
            </Item>
          ))}
        </dl>
      </Card>
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900">
          Documents {tenancy.documentsComplete ? '(complete)' : '(incomplete)'}
        </h2>
        {tenancy.documents.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No documents on file yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {tenancy.documents.map((document) => (
              <li key={document._id} className="flex items-center justify-between py-2 text-sm">
                <a
                  href={document.url}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline"
                >
                  <FileText className="h-4 w-4" aria-hidden /> {documentLabel(document.type)}
                </a>
                <Badge tone={document.verified ? 'success' : 'warning'}>
                  {document.verified ? 'Verified' : 'Under review'}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <RentReceiptsCard tenantId={tenancy._id} scope="tenant" />
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}
