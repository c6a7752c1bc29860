import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { Card } from '../../../components/card';
import { ErrorState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { Tabs } from '../../../components/tabs';
import { apiErrorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePermissions } from '../../auth/use-permissions';
import { ContactPreferencesSection } from '../../collections/contact-preferences-section';
import { DepositTab } from '../../deposits/deposit-tab';
import { RentReceiptsCard } from '../../rent-tax/rent-receipts-card';
import { TenantStatusBadge, tenantName } from '../tenant-display';
import { TENANT_MESSAGES, useTenant } from '../tenants.api';
import { Behavior } from './behavior-tab';
import { Compliance } from './compliance-tab';
import { Documents } from './documents-tab';
import { Dues } from './dues-tab';
import { History } from './history-tab';
import { Notes } from './notes-tab';
import { Overview } from './overview-tab';
import { Payments } from './payments-tab';
import { TenantActions } from './tenant-actions';

type TabId =
  | 'overview'
  | 'documents'
  | 'dues'
  | 'deposit'
  | 'payments'
  | 'notes'
  | 'behavior'
  | 'compliance'
  | 'history';

/** /dashboard/tenants/:id: everything about one tenancy, with its actions. */
export function TenantDetailPage() {
  const { id = '' } = useParams();
  const tenant = useTenant(id);
  useDocumentTitle(tenant.data ? tenantName(tenant.data) : 'Tenant', 'Tenant record');
  const [tab, setTab] = useState<TabId>('overview');
  const permissions = usePermissions();
  const canWrite = permissions.canUseAny(['tenants_write', 'tenants_update']);

  if (tenant.isPending) {
    return (
      <div className="mx-auto max-w-6xl space-y-4" aria-busy>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (tenant.isError) {
    return (
      <ErrorState
        title={TENANT_MESSAGES.fetchTenant}
        message={apiErrorMessage(tenant.error, TENANT_MESSAGES.fetchTenant)}
        onRetry={() => void tenant.refetch()}
      />
    );
  }
  const data = tenant.data;
  const tabs = [
    { id: 'overview' as const, label: 'Overview' },
    { id: 'documents' as const, label: 'Documents', count: data.documents.length },
    { id: 'dues' as const, label: 'Dues' },
    { id: 'deposit' as const, label: 'Deposit' },
    { id: 'payments' as const, label: 'Payments' },
    { id: 'notes' as const, label: 'Notes', count: data.notes.length },
    { id: 'behavior' as const, label: 'Behaviour' },
    { id: 'compliance' as const, label: 'Compliance' },
    { id: 'history' as const, label: 'History', count: data.history.length },
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link
        to="/dashboard/tenants"
        className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Tenants
      </Link>
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <Avatar firstName={data.user.firstName} lastName={data.user.lastName} size="lg" />
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold text-slate-900">{tenantName(data)}</h1>
              <TenantStatusBadge status={data.status} />
            </div>
            <p className="text-sm text-slate-500">
              {data.user.email}
              {data.user.phone ? ` · ${data.user.phone}` : ''}
            </p>
            <p className="text-sm text-slate-600">
              Unit{' '}
              <Link
                className="font-medium text-brand-700 hover:underline"
                to={`/dashboard/properties/${data.property._id}/units/${data.unit._id}`}
              >
                {data.unit.unitNumber}
              </Link>{' '}
              at{' '}
              <Link
                className="font-medium text-brand-700 hover:underline"
                to={`/dashboard/properties/${data.property._id}`}
              >
                {data.property.name}
              </Link>
            </p>
          </div>
        </div>
        {canWrite ? <TenantActions tenant={data} /> : null}
      </Card>
      {data.rejectionReason ? (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-700">Rejected: {data.rejectionReason}</p>
      ) : null}
      <Tabs tabs={tabs} value={tab} onChange={setTab} label="Tenant sections" idPrefix="tenant" />
      <div role="tabpanel" id={`tenant-panel-${tab}`}>
        {tab === 'overview' ? (
          <div className="space-y-4">
            <Overview tenant={data} />
            <ContactPreferencesSection
              owner={{ tenantId: data._id }}
              canEdit={permissions.canUseFeature('tenants_write')}
            />
          </div>
        ) : null}
        {tab === 'documents' ? <Documents tenant={data} canWrite={canWrite} /> : null}
        {tab === 'dues' ? <Dues tenant={data} canWrite={canWrite} /> : null}
        {tab === 'deposit' ? <DepositTab tenant={data} canWrite={canWrite} /> : null}
        {tab === 'payments' ? (
          <div className="space-y-4">
            <Payments id={data._id} />
            <RentReceiptsCard tenantId={data._id} scope="staff" />
          </div>
        ) : null}
        {tab === 'notes' ? <Notes tenant={data} canWrite={canWrite} /> : null}
        {tab === 'behavior' ? <Behavior tenant={data} canWrite={canWrite} /> : null}
        {tab === 'compliance' ? <Compliance tenant={data} canWrite={canWrite} /> : null}
        {tab === 'history' ? <History tenant={data} /> : null}
      </div>
    </div>
  );
}
