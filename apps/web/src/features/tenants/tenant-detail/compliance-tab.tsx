import type { TenantDto } from '@rentora/shared';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Field, Textarea } from '../../../components/field';
import { Switch } from '../../../components/switch';
import { tenantsApi, useTenantMutation } from '../tenants.api';

const COMPLIANCE_CHECKS = [
  ['backgroundCheck', 'Background check'],
  ['policeVerification', 'Police verification'],
  ['agreementSigned', 'Agreement signed'],
  ['depositPaid', 'Deposit paid'],
] as const;

export function Compliance({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
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
