import {
  computeInvoiceTotals,
  INVOICE_LINE_KINDS,
  type InvoiceLineKind,
  type TenantListItemDto,
} from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { Field, FormError, Input, Select, Textarea } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useTenant, useTenants } from '../tenants/tenants.api';
import { PaymentsNav } from './invoice-display';
import { inDays, isoToday, type LineDraft, newLine, prefilledLines } from './invoice-lines';
import { invoicesApi, useInvoiceTemplates } from './invoices.api';

/** /dashboard/payments/create-invoice: tenant picker, line items with live totals, template, save or send. */
export function CreateInvoicePage() {
  useDocumentTitle('Create Invoice', 'Bill a tenant');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const [tenantId, setTenantId] = useState(params.get('tenant') ?? '');
  const tenants = useTenants({ search: settled || undefined, limit: 20, isActive: true });
  const chosen = useTenant(tenantId || undefined);
  const templates = useInvoiceTemplates();
  const [templateId, setTemplateId] = useState('');
  const [issueDate, setIssueDate] = useState(isoToday);
  const [dueDate, setDueDate] = useState(() => inDays(7));
  const [period, setPeriod] = useState('');
  const [notes, setNotes] = useState('');
  const [lines, setLinesState] = useState<LineDraft[]>(() => [newLine({ description: 'Rent' })]);
  // Until the user edits a line, the lines follow the chosen template and the tenant's agreement.
  const [linesTouched, setLinesTouched] = useState(false);
  const setLines = (update: (current: LineDraft[]) => LineDraft[]) => {
    setLinesTouched(true);
    setLinesState(update);
  };
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<'draft' | 'send' | null>(null);

  const templateList = templates.data?.data ?? [];
  const template = templateList.find((t) => t._id === templateId) ?? templateList.find((t) => t.isDefault);
  useEffect(() => {
    if (!templateId && template) setTemplateId(template._id);
  }, [template, templateId]);

  // The template's default line items (the default template at start), and the tenant's agreement for rent and
  // maintenance (also where a default rent or maintenance line has no price), while the lines are untouched.
  const agreement = chosen.data?.agreementDetails;
  const prefill = useMemo(() => prefilledLines(template, agreement), [template, agreement]);
  useEffect(() => {
    if (!linesTouched && prefill) setLinesState(prefill);
  }, [prefill, linesTouched]);

  const parsed = lines.map((l) => ({
    description: l.description.trim(),
    quantity: Number(l.quantity),
    unitPrice: l.unitPrice ?? 0,
    kind: l.kind,
  }));
  const totals = useMemo(
    () =>
      computeInvoiceTotals(
        parsed.map((l) => ({
          ...l,
          quantity: Number.isFinite(l.quantity) && l.quantity > 0 ? l.quantity : 0,
        })),
        template?.taxRate ?? 0,
      ),
    [parsed, template?.taxRate],
  );
  const linesValid = parsed.every((l) => l.description && Number.isFinite(l.quantity) && l.quantity > 0);
  const valid = Boolean(tenantId) && linesValid && totals.total > 0 && dueDate >= issueDate;

  function patch(key: number, change: Partial<LineDraft>) {
    setLines((current) => current.map((l) => (l.key === key ? { ...l, ...change } : l)));
  }

  async function save(send: boolean) {
    setError(null);
    setSaving(send ? 'send' : 'draft');
    try {
      const answer = await invoicesApi.create({
        tenantId,
        issueDate,
        dueDate,
        period: period || null,
        templateId: template?._id ?? null,
        notes,
        lineItems: parsed,
        send,
      });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      toast.success(send ? 'Invoice sent' : 'Draft saved', answer.data.number ?? undefined);
      navigate(`/dashboard/payments/invoices?invoice=${answer.data._id}`);
    } catch (caught) {
      setError(apiErrorMessage(caught, 'Failed to create invoice'));
    } finally {
      setSaving(null);
    }
  }

  const currency = chosen.data?.currency ?? 'INR';
  const options: TenantListItemDto[] = tenants.data?.data ?? [];
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Create invoice"
        description="Bill a tenant for rent, maintenance, utilities or anything else."
      />
      <PaymentsNav />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
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
              <Field label="Tenant" required>
                {(control) => (
                  <Select
                    {...control}
                    value={tenantId}
                    onChange={(e) => setTenantId(e.target.value)}
                    aria-label="Tenant"
                    data-testid="tenant-picker"
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
              <Field label="Issue date" required>
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    value={issueDate}
                    onChange={(e) => setIssueDate(e.target.value)}
                  />
                )}
              </Field>
              <Field
                label="Due date"
                required
                error={dueDate < issueDate ? 'Before the issue date' : undefined}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    value={dueDate}
                    onChange={(e) => setDueDate(e.target.value)}
                  />
                )}
              </Field>
              <Field label="Period" hint="Month billed (optional)">
                {(control) => (
                  <Input
                    {...control}
                    type="month"
                    value={period}
                    onChange={(e) => setPeriod(e.target.value)}
                  />
                )}
              </Field>
              <Field label="Template">
                {(control) => (
                  <Select
                    {...control}
                    value={template?._id ?? ''}
                    onChange={(e) => {
                      setTemplateId(e.target.value);
                      setLinesTouched(false);
                    }}
                  >
                    {templateList.length === 0 ? <option value="">No template (no tax)</option> : null}
                    {templateList.map((t) => (
                      <option key={t._id} value={t._id}>
                        {t.name}
                        {t.taxRate ? ` · GST ${t.taxRate / 100}%` : ''}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
          </Card>

          <Card className="p-5">
            <div className="mb-3 flex items-center justify-between">
              <h2 className="text-base font-semibold text-slate-900">Line items</h2>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setLines((c) => [...c, newLine({ kind: 'other' })])}
                icon={<Plus className="h-4 w-4" aria-hidden />}
              >
                Add line
              </Button>
            </div>
            <div className="space-y-3">
              {lines.map((line, index) => (
                <div
                  key={line.key}
                  className="grid grid-cols-2 items-end gap-2 rounded-xl border border-slate-100 p-3 sm:grid-cols-[minmax(0,1fr)_5rem_9rem_6.5rem_auto]"
                  data-testid="line-item"
                >
                  <Field label="Description" className="col-span-full">
                    {(control) => (
                      <Input
                        {...control}
                        aria-label="Description"
                        value={line.description}
                        onChange={(e) => patch(line.key, { description: e.target.value })}
                        maxLength={200}
                      />
                    )}
                  </Field>
                  <Field label="Type">
                    {(control) => (
                      <Select
                        {...control}
                        aria-label="Type"
                        value={line.kind}
                        onChange={(e) => patch(line.key, { kind: e.target.value as InvoiceLineKind })}
                      >
                        {INVOICE_LINE_KINDS.map((k) => (
                          <option key={k} value={k}>
                            {k.charAt(0).toUpperCase() + k.slice(1)}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Field label="Qty">
                    {(control) => (
                      <Input
                        {...control}
                        aria-label="Quantity"
                        inputMode="decimal"
                        value={line.quantity}
                        onChange={(e) => patch(line.key, { quantity: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Unit price">
                    {(control) => (
                      <MoneyInput
                        {...control}
                        value={line.unitPrice}
                        onChange={(v) => patch(line.key, { unitPrice: v })}
                      />
                    )}
                  </Field>
                  <p className="pb-2 text-right text-sm font-medium tabular-nums text-slate-900">
                    {formatMoney(totals.lines[index]?.amount ?? 0, currency)}
                  </p>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label="Remove line"
                    disabled={lines.length === 1}
                    onClick={() => setLines((c) => c.filter((l) => l.key !== line.key))}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              ))}
            </div>
          </Card>
          <Card className="p-5">
            <Field label="Notes" hint="Shown on the invoice">
              {(control) => (
                <Textarea
                  {...control}
                  value={notes}
                  onChange={(e) => setNotes(e.target.value)}
                  rows={3}
                  maxLength={2000}
                />
              )}
            </Field>
          </Card>
        </div>

        <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
          <Card className="p-5" aria-label="Preview">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Preview</p>
            <p className="mt-1 text-sm text-slate-900">
              {chosen.data
                ? `${chosen.data.user.firstName} ${chosen.data.user.lastName}`
                : 'No tenant chosen'}
            </p>
            {chosen.data ? (
              <p className="text-xs text-slate-500">
                {chosen.data.property.name} · unit {chosen.data.unit.unitNumber}
              </p>
            ) : null}
            <dl className="mt-4 space-y-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-500">Subtotal</dt>
                <dd className="tabular-nums">{formatMoney(totals.subtotal, currency)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-500">
                  Tax{template?.taxRate ? ` (GST ${template.taxRate / 100}%)` : ''}
                </dt>
                <dd className="tabular-nums">{formatMoney(totals.tax, currency)}</dd>
              </div>
              <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums" data-testid="live-total">
                  {formatMoney(totals.total, currency)}
                </dd>
              </div>
            </dl>
            <FormError message={error} />
            <div className="mt-4 grid gap-2">
              <Button
                onClick={() => void save(true)}
                loading={saving === 'send'}
                disabled={!valid || saving !== null}
                data-testid="save-send"
              >
                Save and send
              </Button>
              <Button
                variant="outline"
                onClick={() => void save(false)}
                loading={saving === 'draft'}
                disabled={!valid || saving !== null}
              >
                Save as draft
              </Button>
            </div>
            <p className="mt-3 text-xs text-slate-500">
              The number is given when the invoice is sent; totals are computed again by the server.
            </p>
          </Card>
        </aside>
      </div>
    </div>
  );
}
