import {
  REQUIRED_TENANT_DOCUMENTS,
  TENANT_DOCUMENT_TYPES,
  type TenantDocumentType,
  type TenantDto,
  type TenantEntryDto,
} from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarClock,
  Copy,
  FileText,
  IndianRupee,
  KeyRound,
  ShieldCheck,
  Star,
  Trash2,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, Input, Select, Textarea } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { ProgressBar } from '../../components/progress-bar';
import { Skeleton } from '../../components/skeleton';
import { StatCard } from '../../components/stat-card';
import { Switch } from '../../components/switch';
import { Tabs } from '../../components/tabs';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney, humanize, timeAgo } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/use-permissions';
import { useUnits } from '../rental-units/rental-units.api';
import {
  capitalize,
  documentLabel,
  stayLabel,
  TENANT_STATUS_LABELS,
  TenantStatusBadge,
  tenantName,
} from './tenant-display';
import {
  TENANT_MESSAGES,
  tenantKeys,
  tenantsApi,
  uploadTenantDocument,
  useGenerateTenantCode,
  useTenant,
  useTenantCode,
  useTenantMutation,
  useTenantPayments,
} from './tenants.api';

type TabId = 'overview' | 'documents' | 'dues' | 'payments' | 'notes' | 'behavior' | 'compliance' | 'history';
type ActionId = 'approve' | 'reject' | 'notice' | 'activate' | 'move-out' | 'extend' | 'transfer';

const today = () => new Date().toISOString().slice(0, 10);

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
        {tab === 'overview' ? <Overview tenant={data} /> : null}
        {tab === 'documents' ? <Documents tenant={data} canWrite={canWrite} /> : null}
        {tab === 'dues' ? <Dues tenant={data} canWrite={canWrite} /> : null}
        {tab === 'payments' ? <Payments id={data._id} /> : null}
        {tab === 'notes' ? <Notes tenant={data} canWrite={canWrite} /> : null}
        {tab === 'behavior' ? <Behavior tenant={data} canWrite={canWrite} /> : null}
        {tab === 'compliance' ? <Compliance tenant={data} canWrite={canWrite} /> : null}
        {tab === 'history' ? <History tenant={data} /> : null}
      </div>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Overview({ tenant }: { tenant: TenantDto }) {
  const agreement = tenant.agreementDetails;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Monthly total"
          value={formatMoney(tenant.monthlyTotal, tenant.currency)}
          icon={IndianRupee}
        />
        <StatCard
          label="Outstanding"
          value={formatMoney(tenant.financialDetails.outstandingDues.total, tenant.currency)}
          tone={tenant.financialDetails.outstandingDues.total > 0 ? 'danger' : 'success'}
          icon={IndianRupee}
        />
        <StatCard
          label="Next rent due"
          value={tenant.isActive ? formatDate(tenant.nextRentDueDate) : '—'}
          icon={CalendarClock}
        />
        <StatCard label="Stay" value={stayLabel(tenant.stayDurationDays)} icon={CalendarClock} />
      </div>
      <Card className="p-5">
        <dl className="grid gap-5 sm:grid-cols-3">
          <Detail label="Move-in">{formatDate(tenant.occupancyDetails.moveInDate)}</Detail>
          <Detail label="Move-out">
            {tenant.occupancyDetails.moveOutDate ? formatDate(tenant.occupancyDetails.moveOutDate) : '—'}
          </Detail>
          <Detail label="Lease">
            {agreement.leaseStartDate ? formatDate(agreement.leaseStartDate) : '—'} –{' '}
            {agreement.leaseEndDate ? formatDate(agreement.leaseEndDate) : '—'}
          </Detail>
          <Detail label="Rent">{formatMoney(agreement.rentAmount, tenant.currency)}</Detail>
          <Detail label="Maintenance">{formatMoney(agreement.maintenanceCharges, tenant.currency)}</Detail>
          <Detail label="Security deposit">{formatMoney(agreement.securityDeposit, tenant.currency)}</Detail>
          <Detail label="Rent due">Day {agreement.rentDueDate} of each month</Detail>
          <Detail label="Documents">{tenant.documentsComplete ? 'Complete' : 'Incomplete'}</Detail>
          <Detail label="Source">{capitalize(tenant.source)}</Detail>
        </dl>
      </Card>
      <TenantCode tenant={tenant} />
    </div>
  );
}

function TenantCode({ tenant }: { tenant: TenantDto }) {
  const permissions = usePermissions();
  const canWrite = permissions.canUseAny(['tenants_write', 'tenants_update']);
  const code = useTenantCode(tenant._id, true);
  const generate = useGenerateTenantCode(tenant._id);
  const [confirm, setConfirm] = useState(false);
  const usable = tenant.status !== 'moved_out' && tenant.status !== 'rejected';
  async function copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(`${what} copied`);
    } catch {
      toast.apiError(null, `Could not copy the ${what.toLowerCase()}`);
    }
  }
  return (
    <Card className="p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <KeyRound className="mt-0.5 h-5 w-5 text-brand-600" aria-hidden />
          <div>
            <h2 className="font-semibold text-slate-900">Tenant portal code</h2>
            {code.isPending ? (
              <Skeleton className="mt-1 h-5 w-40" />
            ) : code.isError ? (
              <p className="text-sm text-red-600">{TENANT_MESSAGES.fetchTenantCode}</p>
            ) : code.data ? (
              <p className="mt-1 font-mono text-lg tracking-widest text-slate-900" data-testid="tenant-code">
                {code.data.tenantCode}
              </p>
            ) : (
              <p className="text-sm text-slate-500">
                No code yet. A code lets the tenant see their dues without signing in.
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {code.data ? (
            <>
              <Button
                variant="outline"
                size="sm"
                icon={<Copy className="h-4 w-4" aria-hidden />}
                onClick={() => void copy(code.data!.tenantCode, 'Code')}
              >
                Copy code
              </Button>
              <Button
                variant="outline"
                size="sm"
                icon={<Copy className="h-4 w-4" aria-hidden />}
                onClick={() => void copy(code.data!.portalUrl, 'Portal link')}
              >
                Copy portal link
              </Button>
            </>
          ) : null}
          {canWrite && usable ? (
            <Button
              size="sm"
              onClick={() => (code.data ? setConfirm(true) : generate.mutate())}
              loading={generate.isPending}
            >
              {code.data ? 'New code' : 'Generate code'}
            </Button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={confirm}
        title="Replace the tenant code?"
        description="The current code stops working at once."
        confirmLabel="Replace code"
        tone="primary"
        loading={generate.isPending}
        onConfirm={() => generate.mutate(undefined, { onSettled: () => setConfirm(false) })}
        onClose={() => setConfirm(false)}
      />
    </Card>
  );
}

function TenantActions({ tenant }: { tenant: TenantDto }) {
  const [open, setOpen] = useState<ActionId | null>(null);
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(today());
  const [rent, setRent] = useState<number | null>(null);
  const [unitId, setUnitId] = useState('');
  const id = tenant._id;
  const action = useTenantMutation(
    id,
    (run: { path: string; body?: unknown; success: string }) => tenantsApi.action(id, run.path, run.body),
    { success: 'Tenant updated' },
  );
  const actions: { id: ActionId; label: string; show: boolean; tone?: 'danger' }[] = [
    { id: 'approve', label: 'Approve', show: tenant.status === 'pending' },
    { id: 'reject', label: 'Reject', show: tenant.status === 'pending', tone: 'danger' },
    { id: 'notice', label: 'Give notice', show: tenant.status === 'active' },
    { id: 'activate', label: 'Withdraw notice', show: tenant.status === 'notice_given' },
    { id: 'extend', label: 'Extend lease', show: tenant.isActive || tenant.status === 'pending' },
    { id: 'transfer', label: 'Transfer', show: tenant.isActive },
    { id: 'move-out', label: 'Move out', show: tenant.isActive, tone: 'danger' },
  ];
  function start(next: ActionId) {
    setReason('');
    setDate(next === 'extend' ? (tenant.agreementDetails.leaseEndDate ?? today()) : today());
    setRent(null);
    setUnitId('');
    setOpen(next);
  }
  function confirm() {
    const run =
      open === 'approve'
        ? { path: 'approve' }
        : open === 'reject'
          ? { path: 'reject', body: { rejectionReason: reason } }
          : open === 'notice'
            ? { path: 'status', body: { status: 'notice_given', reason: reason || undefined } }
            : open === 'activate'
              ? { path: 'status', body: { status: 'active', reason: reason || undefined } }
              : open === 'move-out'
                ? { path: 'move-out', body: { moveOutDate: date, reason: reason || undefined } }
                : open === 'extend'
                  ? { path: 'extend-lease', body: { newEndDate: date, rentAmount: rent ?? undefined } }
                  : {
                      path: 'transfer',
                      body: { toRentalUnitId: unitId, transferDate: date, rentAmount: rent ?? undefined },
                    };
    action.mutate({ ...run, success: '' }, { onSuccess: () => setOpen(null) });
  }
  const current = actions.find((candidate) => candidate.id === open);
  return (
    <div className="flex flex-wrap gap-2">
      {actions
        .filter((candidate) => candidate.show)
        .map((candidate) => (
          <Button
            key={candidate.id}
            size="sm"
            variant={candidate.tone === 'danger' ? 'danger' : 'outline'}
            onClick={() => start(candidate.id)}
          >
            {candidate.label}
          </Button>
        ))}
      <ConfirmDialog
        open={open !== null}
        title={`${current?.label ?? ''}: ${tenantName(tenant)}`}
        description={
          open === 'move-out'
            ? 'The stay ends on the date below; the unit becomes available when nobody else lives there.'
            : open === 'transfer'
              ? 'The stay in this unit ends and a new one starts in the chosen unit (history is kept).'
              : open === 'approve'
                ? 'The tenant becomes active and the unit occupied.'
                : undefined
        }
        confirmLabel={current?.label ?? 'Confirm'}
        tone={current?.tone === 'danger' ? 'danger' : 'primary'}
        loading={action.isPending}
        confirmDisabled={(open === 'reject' && !reason.trim()) || (open === 'transfer' && !unitId)}
        onConfirm={confirm}
        onClose={() => setOpen(null)}
      >
        <div className="space-y-3">
          {open === 'move-out' || open === 'transfer' || open === 'extend' ? (
            <Field
              label={
                open === 'extend' ? 'New lease end' : open === 'transfer' ? 'Transfer date' : 'Move-out date'
              }
            >
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={date}
                  onChange={(event) => setDate(event.target.value)}
                />
              )}
            </Field>
          ) : null}
          {open === 'transfer' ? (
            <UnitPicker value={unitId} onChange={setUnitId} exclude={tenant.unit._id} />
          ) : null}
          {open === 'extend' || open === 'transfer' ? (
            <Field label="New rent (optional)">
              {(control) => <MoneyInput {...control} value={rent} onChange={setRent} />}
            </Field>
          ) : null}
          {open === 'reject' || open === 'notice' || open === 'activate' || open === 'move-out' ? (
            <Field label={open === 'reject' ? 'Reason' : 'Reason (optional)'} required={open === 'reject'}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={2}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
          ) : null}
        </div>
      </ConfirmDialog>
    </div>
  );
}

function UnitPicker({
  value,
  onChange,
  exclude,
}: {
  value: string;
  onChange: (id: string) => void;
  exclude: string;
}) {
  const list = useUnits({ limit: 100, status: ['Available'], sortBy: 'unitNumber', sortOrder: 'asc' });
  const units = list.data
    ? list.data.data
        .filter((unit) => unit._id !== exclude)
        .map((unit) => ({ _id: unit._id, label: `${unit.unitNumber} · ${unit.property.name}` }))
    : null;
  return (
    <Field label="Move to unit" required>
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">
            {units === null ? 'Loading free units…' : units.length ? 'Choose a free unit' : 'No free units'}
          </option>
          {units?.map((unit) => (
            <option key={unit._id} value={unit._id}>
              {unit.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

function Documents({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<TenantDocumentType>('aadhaar');
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: tenantKeys.detail(tenant._id) });
  const present = new Set(tenant.documents.map((document) => document.type));
  async function upload(file: File) {
    setProgress(0);
    try {
      await uploadTenantDocument(tenant._id, file, type, setProgress);
      toast.success('Document uploaded', file.name);
      refresh();
    } catch (error) {
      toast.apiError(error, TENANT_MESSAGES.uploadDocument);
    } finally {
      setProgress(null);
    }
  }
  async function verify(docId: string, verified: boolean) {
    try {
      await tenantsApi.verifyDocument(tenant._id, docId, verified);
      toast.success(verified ? 'Document verified' : 'Verification removed');
      refresh();
    } catch (error) {
      toast.apiError(error, TENANT_MESSAGES.updateTenant);
    }
  }
  async function remove() {
    if (!deleting) return;
    try {
      await tenantsApi.deleteDocument(tenant._id, deleting);
      toast.success('Document deleted');
      refresh();
    } catch (error) {
      toast.apiError(error, TENANT_MESSAGES.updateTenant);
    } finally {
      setDeleting(null);
    }
  }
  return (
    <div className="space-y-4">
      <Card className="p-4">
        <p className="text-sm text-slate-700">
          {tenant.documentsComplete ? (
            <span className="font-medium text-emerald-700">All required documents are on file.</span>
          ) : (
            <>
              Missing:{' '}
              {REQUIRED_TENANT_DOCUMENTS.filter((required) => !present.has(required))
                .map((required) => documentLabel(required))
                .join(', ')}
            </>
          )}
        </p>
        {canWrite ? (
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label="Type" className="sm:w-56">
              {(control) => (
                <Select
                  {...control}
                  value={type}
                  onChange={(event) => setType(event.target.value as TenantDocumentType)}
                >
                  {TENANT_DOCUMENT_TYPES.map((option) => (
                    <option key={option} value={option}>
                      {documentLabel(option)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:border-brand-400">
              <FileText className="h-4 w-4" aria-hidden /> Upload document
              <input
                type="file"
                className="sr-only"
                accept="application/pdf,image/jpeg,image/png,image/webp"
                disabled={progress !== null}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void upload(file);
                  event.target.value = '';
                }}
              />
            </label>
          </div>
        ) : null}
        {progress !== null ? (
          <ProgressBar className="mt-3" value={progress} label="Uploading document" />
        ) : null}
      </Card>
      {tenant.documents.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No documents"
          description="Upload Aadhaar, PAN and a salary slip to complete the file."
        />
      ) : (
        <Card className="divide-y divide-slate-100">
          {tenant.documents.map((document) => (
            <div
              key={document._id}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <a
                  href={document.url}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium text-brand-700 hover:underline"
                >
                  {documentLabel(document.type)}
                </a>{' '}
                {document.verified ? (
                  <Badge tone="success">Verified</Badge>
                ) : (
                  <Badge tone="warning">Unverified</Badge>
                )}
                <p className="text-xs text-slate-500">
                  {document.fileName} · {Math.ceil(document.size / 1024)} KB · {timeAgo(document.uploadedAt)}
                </p>
              </div>
              {canWrite ? (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void verify(document._id, !document.verified)}
                  >
                    {document.verified ? 'Unverify' : 'Verify'}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${documentLabel(document.type)}`}
                    onClick={() => setDeleting(document._id)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              ) : null}
            </div>
          ))}
        </Card>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this document?"
        description="The file is removed for good."
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function Dues({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const dues = tenant.financialDetails.outstandingDues;
  const [values, setValues] = useState<
    Record<'rent' | 'maintenance' | 'utilities' | 'penalties', number | null>
  >({
    rent: dues.rent,
    maintenance: dues.maintenance,
    utilities: dues.utilities,
    penalties: dues.penalties,
  });
  const [saving, setSaving] = useState(false);
  async function save() {
    setSaving(true);
    try {
      await tenantsApi.financials(tenant._id, {
        rent: values.rent ?? 0,
        maintenance: values.maintenance ?? 0,
        utilities: values.utilities ?? 0,
        penalties: values.penalties ?? 0,
      });
      toast.success('Dues updated');
      void queryClient.invalidateQueries({ queryKey: tenantKeys.detail(tenant._id) });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists });
    } catch (error) {
      toast.apiError(error, TENANT_MESSAGES.updateTenant);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card className="space-y-4 p-5">
      <div className="flex items-baseline justify-between">
        <h2 className="font-semibold text-slate-900">Outstanding dues</h2>
        <p className="text-lg font-semibold text-slate-900">
          Total {formatMoney(dues.total, tenant.currency)}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        {(['rent', 'maintenance', 'utilities', 'penalties'] as const).map((part) => (
          <Field key={part} label={capitalize(part)}>
            {(control) => (
              <MoneyInput
                {...control}
                value={values[part]}
                disabled={!canWrite}
                onChange={(value) => setValues({ ...values, [part]: value })}
              />
            )}
          </Field>
        ))}
      </div>
      <p className="text-sm text-slate-500">
        Monthly total {formatMoney(tenant.monthlyTotal, tenant.currency)}; next rent due{' '}
        {tenant.isActive ? formatDate(tenant.nextRentDueDate) : '—'}.
      </p>
      {canWrite ? (
        <Button onClick={() => void save()} loading={saving}>
          Save dues
        </Button>
      ) : null}
    </Card>
  );
}

function Payments({ id }: { id: string }) {
  const payments = useTenantPayments(id);
  if (payments.isPending) return <Skeleton className="h-32 w-full" />;
  if (payments.isError)
    return <ErrorState title="Failed to fetch payments" onRetry={() => void payments.refetch()} />;
  if (payments.data.data.length === 0) {
    return (
      <EmptyState
        icon={IndianRupee}
        title="No payments yet"
        description="Payments the tenant makes appear here."
      />
    );
  }
  return (
    <Card className="divide-y divide-slate-100">
      {payments.data.data.map((payment) => (
        <div key={payment._id} className="flex items-center justify-between p-4 text-sm">
          <span>
            <span className="font-medium text-slate-900">{payment.description || 'Payment'}</span>
            <span className="block text-xs text-slate-500">
              {formatDate(payment.paidAt ?? payment.createdAt)}
            </span>
          </span>
          <span className="text-right">
            <span className="block font-medium">{formatMoney(payment.amount, payment.currency)}</span>
            <Badge tone={payment.status === 'paid' || payment.status === 'captured' ? 'success' : 'neutral'}>
              {humanize(payment.status)}
            </Badge>
          </span>
        </div>
      ))}
      <p className="p-3 text-right text-xs">
        <Link to={`/dashboard/payments?tenant=${id}`} className="text-brand-700 hover:underline">
          Details and receipts in the payments ledger
        </Link>
      </p>
    </Card>
  );
}

function EntryList({ entries, empty }: { entries: TenantEntryDto[]; empty: string }) {
  if (entries.length === 0) return <p className="p-4 text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {entries.map((entry) => (
        <li key={entry._id} className="p-4 text-sm">
          <p className="text-slate-900">{entry.content}</p>
          <p className="mt-1 text-xs text-slate-500">
            {humanize(entry.type)} · {entry.author ?? 'Someone'} · {timeAgo(entry.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function EntryForm({
  id,
  path,
  types,
  label,
  success,
}: {
  id: string;
  path: 'notes' | 'complaints' | 'warnings';
  types: readonly string[];
  label: string;
  success: string;
}) {
  const [content, setContent] = useState('');
  const [type, setType] = useState(types[0] ?? 'general');
  const add = useTenantMutation(id, () => tenantsApi.post(id, path, { content, type }), { success });
  return (
    <form
      className="flex flex-col gap-2 p-4 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (content.trim()) add.mutate(undefined, { onSuccess: () => setContent('') });
      }}
    >
      <Field label={label} className="flex-1">
        {(control) => (
          <Input
            {...control}
            value={content}
            maxLength={2000}
            onChange={(event) => setContent(event.target.value)}
          />
        )}
      </Field>
      <Select
        aria-label={`${label} type`}
        value={type}
        onChange={(event) => setType(event.target.value)}
        className="sm:w-40"
      >
        {types.map((option) => (
          <option key={option} value={option}>
            {humanize(option)}
          </option>
        ))}
      </Select>
      <Button type="submit" loading={add.isPending} disabled={!content.trim()}>
        Add
      </Button>
    </form>
  );
}

function Notes({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
  return (
    <Card className="divide-y divide-slate-100">
      {canWrite ? (
        <EntryForm
          id={tenant._id}
          path="notes"
          types={['general', 'payment', 'maintenance', 'behavior', 'other']}
          label="Note"
          success="Note added"
        />
      ) : null}
      <EntryList entries={tenant.notes} empty="No notes yet." />
    </Card>
  );
}

const RATING_ASPECTS = ['payment', 'behavior', 'maintenance', 'communication'] as const;

function Behavior({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
  const rate = useTenantMutation(
    tenant._id,
    (ratings: Record<string, number>) => tenantsApi.action(tenant._id, 'rating', { ratings }),
    { success: 'Rating saved' },
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="p-5 lg:col-span-2">
        <h2 className="mb-3 font-semibold text-slate-900">Ratings</h2>
        <div className="grid gap-3 sm:grid-cols-4">
          {RATING_ASPECTS.map((aspect) => (
            <div key={aspect}>
              <p className="text-xs font-medium uppercase text-slate-500">{capitalize(aspect)}</p>
              <fieldset className="mt-1 flex gap-0.5">
                <legend className="sr-only">{`${capitalize(aspect)} rating`}</legend>
                {[1, 2, 3, 4, 5].map((value) => (
                  <button
                    key={value}
                    type="button"
                    disabled={!canWrite || rate.isPending}
                    aria-label={`${value} of 5`}
                    aria-pressed={(tenant.ratings[aspect] ?? 0) >= value}
                    onClick={() => rate.mutate({ [aspect]: value })}
                    className="rounded p-0.5 disabled:cursor-default"
                  >
                    <Star
                      className={
                        (tenant.ratings[aspect] ?? 0) >= value
                          ? 'h-5 w-5 fill-amber-400 text-amber-400'
                          : 'h-5 w-5 text-slate-300'
                      }
                      aria-hidden
                    />
                  </button>
                ))}
              </fieldset>
            </div>
          ))}
        </div>
      </Card>
      <Card className="divide-y divide-slate-100">
        <h2 className="p-4 font-semibold text-slate-900">Complaints</h2>
        {canWrite ? (
          <EntryForm
            id={tenant._id}
            path="complaints"
            types={['low', 'medium', 'high']}
            label="Complaint"
            success="Complaint recorded"
          />
        ) : null}
        <EntryList entries={tenant.complaints} empty="No complaints." />
      </Card>
      <Card className="divide-y divide-slate-100">
        <h2 className="p-4 font-semibold text-slate-900">Warnings</h2>
        {canWrite ? (
          <EntryForm
            id={tenant._id}
            path="warnings"
            types={['low', 'medium', 'high']}
            label="Warning"
            success="Warning recorded"
          />
        ) : null}
        <EntryList entries={tenant.warnings} empty="No warnings." />
      </Card>
    </div>
  );
}

const COMPLIANCE_CHECKS = [
  ['backgroundCheck', 'Background check'],
  ['policeVerification', 'Police verification'],
  ['agreementSigned', 'Agreement signed'],
  ['depositPaid', 'Deposit paid'],
] as const;

function Compliance({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
  const [notes, setNotes] = useState(tenant.compliance.notes ?? '');
  const save = useTenantMutation(
    tenant._id,
    (body: Record<string, boolean | string>) => tenantsApi.action(tenant._id, 'compliance', body),
    { success: 'Compliance updated' },
  );
  return (
    <Card className="space-y-4 p-5">
      <div className="flex items-center gap-2">
        <ShieldCheck className="h-5 w-5 text-brand-600" aria-hidden />
        <h2 className="font-semibold text-slate-900">Compliance</h2>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {COMPLIANCE_CHECKS.map(([key, label]) => (
          <li key={key} className="flex items-center justify-between rounded-lg border border-slate-200 p-3">
            <span className="text-sm text-slate-700">{label}</span>
            <Switch
              checked={tenant.compliance[key] === true}
              disabled={!canWrite || save.isPending}
              onChange={(checked) => save.mutate({ [key]: checked })}
              label={label}
            />
          </li>
        ))}
      </ul>
      <Field label="Notes">
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={notes}
            disabled={!canWrite}
            onChange={(event) => setNotes(event.target.value)}
          />
        )}
      </Field>
      {canWrite ? (
        <Button onClick={() => save.mutate({ notes })} loading={save.isPending}>
          Save notes
        </Button>
      ) : null}
    </Card>
  );
}

function History({ tenant }: { tenant: TenantDto }) {
  return (
    <Card>
      <ol className="divide-y divide-slate-100">
        {tenant.history.map((entry) => (
          <li key={entry._id} className="p-4 text-sm">
            <p className="text-slate-900">
              {entry.fromStatus ? `${labelOf(entry.fromStatus)} → ` : ''}
              <span className="font-medium">{labelOf(entry.toStatus)}</span>
              {entry.reason ? <span className="text-slate-600"> — {entry.reason}</span> : null}
            </p>
            <p className="mt-1 text-xs text-slate-500">
              {entry.actor ?? 'System'} · {new Date(entry.createdAt).toLocaleString('en-IN')}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function labelOf(status: string): string {
  return status in TENANT_STATUS_LABELS
    ? TENANT_STATUS_LABELS[status as keyof typeof TENANT_STATUS_LABELS]
    : humanize(status);
}
