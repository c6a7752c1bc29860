import { zodResolver } from '@hookform/resolvers/zod';
import {
  GST_STATES,
  gstinProblem,
  type TenantDto,
  type TenantUpdateBody,
  ZTenancyBillingBody,
} from '@rentora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Dialog } from '../../../components/dialog';
import { Field, FormError, Input, Textarea } from '../../../components/field';
import { formErrorOf } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { usePermissions } from '../../auth/use-permissions';
import { TENANT_MESSAGES, tenantKeys, tenantsApi } from '../tenants.api';

type TenancyBilling = Pick<TenantUpdateBody, 'gstin' | 'legalName' | 'billingAddress'>;

/** A tenancy's billing details (a GST-registered tenant's GSTIN, legal name, billing address), read-only or editable. */
export function BillingDetails({ tenant }: { tenant: TenantDto }) {
  const permissions = usePermissions();
  const canEdit = permissions.canUseAny(['tenants_write', 'tenants_update']);
  const [editing, setEditing] = useState(false);
  return (
    <Card className="p-5" data-testid="tenant-billing">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <Receipt className="mt-0.5 h-5 w-5 text-brand-600" aria-hidden />
          <div>
            <h2 className="font-semibold text-slate-900">Billing details</h2>
            <p className="text-sm text-slate-500">
              {tenant.gstin
                ? 'Registered for GST: invoices carry their GSTIN.'
                : 'Not registered for GST. Add a GSTIN if the tenant is a registered business.'}
            </p>
          </div>
        </div>
        {canEdit ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setEditing(true)}
            icon={<Pencil className="h-4 w-4" aria-hidden />}
          >
            Edit
          </Button>
        ) : null}
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">GSTIN</dt>
          <dd className="mt-1 font-mono text-sm text-slate-900">{tenant.gstin ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Legal name</dt>
          <dd className="mt-1 text-sm text-slate-900">{tenant.legalName || '—'}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Billing address</dt>
          <dd className="mt-1 whitespace-pre-line text-sm text-slate-900">{tenant.billingAddress || '—'}</dd>
        </div>
      </dl>
      <Dialog open={editing} onClose={() => setEditing(false)} title="Billing details" size="md">
        {editing ? <BillingForm tenant={tenant} onClose={() => setEditing(false)} /> : null}
      </Dialog>
    </Card>
  );
}

function BillingForm({ tenant, onClose }: { tenant: TenantDto; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZTenancyBillingBody),
    defaultValues: {
      gstin: tenant.gstin ?? '',
      legalName: tenant.legalName,
      billingAddress: tenant.billingAddress,
    },
  });
  const save = useMutation({
    // An empty GSTIN clears it.
    mutationFn: (body: TenancyBilling) =>
      tenantsApi.update(tenant._id, { ...body, gstin: body.gstin ?? null }),
    onSuccess: (answer) => {
      queryClient.setQueryData(tenantKeys.detail(tenant._id), answer.data);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists });
      toast.success('Billing details saved');
      onClose();
    },
    onError: (error) => setFormError(formErrorOf(error, form.setError, TENANT_MESSAGES.updateTenant)),
  });
  const { errors } = form.formState;
  const typed = String(form.watch('gstin') ?? '')
    .trim()
    .toUpperCase();
  const problem = typed ? gstinProblem(typed) : null;
  const state = typed && !problem ? GST_STATES[typed.slice(0, 2)] : undefined;
  return (
    <form
      noValidate
      aria-label="Billing details"
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
    >
      <Field
        label="GSTIN"
        error={problem ?? errors.gstin?.message}
        hint={state ? `Valid · registered in ${state}` : 'Leave empty for an unregistered tenant.'}
      >
        {(control) => (
          <Input
            {...control}
            maxLength={15}
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase"
            {...form.register('gstin')}
          />
        )}
      </Field>
      <Field label="Legal name" hint="As registered for GST" error={errors.legalName?.message}>
        {(control) => <Input {...control} maxLength={200} {...form.register('legalName')} />}
      </Field>
      <Field label="Billing address" error={errors.billingAddress?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={500} {...form.register('billingAddress')} />}
      </Field>
      <FormError message={formError} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save billing details
        </Button>
      </div>
    </form>
  );
}
