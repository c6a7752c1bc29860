import type { TenantDto } from '@rentora/shared';
import { CalendarClock, Copy, IndianRupee, KeyRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Skeleton } from '../../../components/skeleton';
import { StatCard } from '../../../components/stat-card';
import { formatDate, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { usePermissions } from '../../auth/use-permissions';
import { capitalize, stayLabel } from '../tenant-display';
import { TENANT_MESSAGES, useGenerateTenantCode, useTenantCode } from '../tenants.api';
import { BillingDetails } from './billing-details';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function Overview({ tenant }: { tenant: TenantDto }) {
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
      <BillingDetails tenant={tenant} />
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
