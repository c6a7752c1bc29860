import { zodResolver } from '@hookform/resolvers/zod';
import {
  computeInvoiceTotals,
  type InvoiceCreateBody,
  type InvoiceCreateInput,
  type TenantListItemDto,
  ZInvoiceCreateBody,
} from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, PageHeader } from '../../components/card';
import { Field, Input, Select, Textarea } from '../../components/field';
import { useDocumentTitle } from '../../lib/document-title';
import { formErrorOf } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useTaxSettings } from '../gst/gst.api';
import { useProperty } from '../properties/properties.api';
import { useRentalUnit } from '../rental-units/rental-units.api';
import { useTenant, useTenants } from '../tenants/tenants.api';
import { PaymentsNav } from './invoice-display';
import { InvoiceLineEditor } from './invoice-line-editor';
import { inDays, isoToday, newLine, prefilledLines, previewParties } from './invoice-lines';
import { InvoicePreview } from './invoice-preview';
import { INVOICE_MESSAGES, invoicesApi, useInvoiceTemplates } from './invoices.api';

/** /dashboard/payments/create-invoice: tenant picker, line items with live GST totals, template, save or send. */
export function CreateInvoicePage() {
  useDocumentTitle('Create Invoice', 'Bill a tenant');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const form = useForm<InvoiceCreateInput, unknown, InvoiceCreateBody>({
    resolver: zodResolver(ZInvoiceCreateBody),
    defaultValues: {
      tenantId: params.get('tenant') ?? '',
      issueDate: isoToday(),
      dueDate: inDays(7),
      period: null,
      templateId: null,
      notes: '',
      lineItems: [newLine({ description: 'Rent' })],
      send: false,
    },
  });
  const { errors } = form.formState;
  const [tenantId, templateId, watchedLines] = useWatch({
    control: form.control,
    name: ['tenantId', 'templateId', 'lineItems'],
  });
  const tenants = useTenants({ search: settled || undefined, limit: 20, isActive: true });
  const chosen = useTenant(tenantId || undefined);
  const templates = useInvoiceTemplates();
  const settings = useTaxSettings();
  const unit = useRentalUnit(chosen.data?.rentalUnitId);
  const property = useProperty(chosen.data?.propertyId);
  // Until the user edits a line, the lines follow the chosen template and the tenant's agreement.
  const [linesTouched, setLinesTouched] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const templateList = templates.data?.data ?? [];
  const template = templateList.find((t) => t._id === templateId) ?? templateList.find((t) => t.isDefault);
  useEffect(() => {
    if (!templateId && template) form.setValue('templateId', template._id);
  }, [template, templateId, form]);

  const agreement = chosen.data?.agreementDetails;
  const prefill = useMemo(() => prefilledLines(template, agreement), [template, agreement]);
  useEffect(() => {
    if (!linesTouched && prefill) form.setValue('lineItems', prefill);
  }, [prefill, linesTouched, form]);

  const parties = previewParties(settings.data, chosen.data, unit.data, property.data);
  const totals = computeInvoiceTotals(
    (watchedLines ?? []).map((l) => ({
      description: l.description,
      quantity: Number.isFinite(l.quantity) && l.quantity > 0 ? l.quantity : 0,
      unitPrice: l.unitPrice ?? 0,
      kind: l.kind,
    })),
    parties,
  );

  const save = (send: boolean) =>
    form.handleSubmit(async (body) => {
      setFormError(null);
      try {
        const answer = await invoicesApi.create({ ...body, send });
        void queryClient.invalidateQueries({ queryKey: ['invoices'] });
        toast.success(send ? 'Invoice sent' : 'Draft saved', answer.data.number ?? undefined);
        navigate(`/dashboard/payments/invoices?invoice=${answer.data._id}`);
      } catch (error) {
        setFormError(formErrorOf(error, form.setError, INVOICE_MESSAGES.createInvoice));
      }
    });

  const currency = chosen.data?.currency ?? 'INR';
  const options: TenantListItemDto[] = tenants.data?.data ?? [];
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Create invoice"
        description="Bill a tenant for rent, maintenance, utilities or anything else."
      />
      <PaymentsNav />
      <form
        noValidate
        aria-label="Create invoice"
        onSubmit={(event) => void save(true)(event)}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="space-y-5">
          <Card className="space-y-4 p-5">
            <h2 className="text-base font-semibold text-slate-900">Tenant</h2>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Find a tenant">
                {(control) => (
                  <Input
                    {...control}
                    type="search"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    placeholder="Name, email or phone…"
                  />
                )}
              </Field>
              <Field label="Tenant" required error={errors.tenantId ? 'Choose a tenant' : undefined}>
                {(control) => (
                  <Select
                    {...control}
                    aria-label="Tenant"
                    data-testid="tenant-picker"
                    {...form.register('tenantId')}
                  >
                    <option value="">Choose a tenant…</option>
                    {chosen.data && !options.some((o) => o._id === tenantId) ? (
                      <option value={chosen.data._id}>
                        {chosen.data.user.firstName} {chosen.data.user.lastName}
                      </option>
                    ) : null}
                    {options.map((t) => (
                      <option key={t._id} value={t._id}>
                        {t.user.firstName} {t.user.lastName} · {t.property.name} {t.unit.unitNumber}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
            <div className="grid gap-3 sm:grid-cols-4">
              <Field label="Issue date" required error={errors.issueDate?.message}>
                {(control) => <Input {...control} type="date" {...form.register('issueDate')} />}
              </Field>
              <Field label="Due date" required error={errors.dueDate?.message}>
                {(control) => <Input {...control} type="date" {...form.register('dueDate')} />}
              </Field>
              <Field label="Period" hint="Month billed (optional)" error={errors.period?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="month"
                    {...form.register('period', { setValueAs: (v) => (v ? v : null) })}
                  />
                )}
              </Field>
              <Field label="Template">
                {(control) => (
                  <Select
                    {...control}
                    {...form.register('templateId', {
                      setValueAs: (v) => (v ? v : null),
                      onChange: () => setLinesTouched(false),
                    })}
                  >
                    {templateList.length === 0 ? <option value="">No template</option> : null}
                    {templateList.map((t) => (
                      <option key={t._id} value={t._id}>
                        {t.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
          </Card>
          <InvoiceLineEditor
            form={form}
            computed={totals.lines}
            currency={currency}
            onEdit={() => setLinesTouched(true)}
          />
          <Card className="p-5">
            <Field label="Notes" hint="Shown on the invoice" error={errors.notes?.message}>
              {(control) => <Textarea {...control} rows={3} maxLength={2000} {...form.register('notes')} />}
            </Field>
          </Card>
        </div>
        <InvoicePreview
          tenant={chosen.data}
          totals={totals}
          parties={parties}
          settings={settings.data}
          currency={currency}
          formError={formError}
          submitting={form.formState.isSubmitting}
          onSaveDraft={() => void save(false)()}
        />
      </form>
    </div>
  );
}
