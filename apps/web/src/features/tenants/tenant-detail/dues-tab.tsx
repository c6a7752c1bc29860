import type { TenantDto } from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Field } from '../../../components/field';
import { MoneyInput } from '../../../components/money-input';
import { formatDate, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { capitalize } from '../tenant-display';
import { TENANT_MESSAGES, tenantKeys, tenantsApi } from '../tenants.api';

export function Dues({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
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
