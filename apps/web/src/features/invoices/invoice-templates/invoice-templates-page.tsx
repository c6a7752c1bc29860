import type { InvoiceTemplateDto, InvoiceTemplateInput } from '@rentora/shared';
import { FileText, Plus, Star, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card, PageHeader } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { Field, Input, Select, Textarea } from '../../../components/field';
import { MoneyInput } from '../../../components/money-input';
import { SkeletonList } from '../../../components/skeleton';
import { Switch } from '../../../components/switch';
import { apiErrorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePermissions } from '../../auth/use-permissions';
import { PaymentsNav } from '../invoice-display';
import { INVOICE_MESSAGES, invoicesApi, useInvoiceTemplates, useTemplateMutation } from '../invoices.api';
import { type Draft, EMPTY, fromTemplate } from './invoice-template-draft';
import { LogoField } from './logo-field';
import { TemplatePreview } from './template-preview';

/** /dashboard/payments/invoice-templates: the company's templates with an editor and a live preview. */
export function InvoiceTemplatesPage() {
  useDocumentTitle('Invoice Templates', 'Reusable invoice layouts');
  const permissions = usePermissions();
  const canWrite = permissions.canUseFeature('invoices_write');
  const canUpdate = permissions.canUseAny(['invoices_update', 'invoices_write']);
  const canDelete = permissions.canUseAny(['invoices_delete', 'invoices_write']);
  const templates = useInvoiceTemplates();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [deleting, setDeleting] = useState<InvoiceTemplateDto | null>(null);
  const list = templates.data?.data ?? [];

  useEffect(() => {
    if (editing === null && list.length > 0) {
      setEditing(list[0]!._id);
      setDraft(fromTemplate(list[0]!));
    }
  }, [editing, list]);

  // The logo is uploaded on its own (LogoField); the form never sends logoUrl, so saving keeps it.
  const body = (): InvoiceTemplateInput => {
    const { logoUrl: _logo, ...rest } = draft;
    return { ...rest, gstNumber: draft.gstNumber.trim().toUpperCase() || null };
  };
  const save = useTemplateMutation(
    () =>
      editing === 'new' || editing === null
        ? invoicesApi.createTemplate(body()).then((r) => {
            setEditing(r.data._id);
            return r;
          })
        : invoicesApi.updateTemplate(editing, body()),
    { success: 'Template saved', failure: INVOICE_MESSAGES.saveTemplate },
  );
  const remove = useTemplateMutation((id: string) => invoicesApi.removeTemplate(id), {
    success: 'Template deleted',
    failure: INVOICE_MESSAGES.saveTemplate,
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const editable = editing === 'new' ? canWrite : canUpdate;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Invoice templates"
        description="Colours, texts, payment instructions and GST used on your invoices and their PDFs."
        actions={
          canWrite ? (
            <Button
              onClick={() => {
                setEditing('new');
                setDraft({ ...EMPTY, isDefault: list.length === 0 });
              }}
              icon={<Plus className="h-4 w-4" aria-hidden />}
            >
              New template
            </Button>
          ) : null
        }
      />
      <PaymentsNav />
      {templates.isError ? (
        <ErrorState
          title={INVOICE_MESSAGES.fetchTemplates}
          message={apiErrorMessage(templates.error, INVOICE_MESSAGES.fetchTemplates)}
          onRetry={() => void templates.refetch()}
        />
      ) : templates.isPending ? (
        <SkeletonList rows={3} />
      ) : list.length === 0 && editing !== 'new' ? (
        <EmptyState
          icon={FileText}
          title="No templates yet"
          description="Invoices without a template carry no tax. Create one to set your GST, colours and payment instructions."
          action={
            canWrite ? (
              <Button
                onClick={() => {
                  setEditing('new');
                  setDraft({ ...EMPTY, isDefault: true });
                }}
              >
                Create template
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)_20rem]">
          <ul className="space-y-2" aria-label="Templates">
            {list.map((t) => (
              <li key={t._id}>
                <button
                  type="button"
                  onClick={() => {
                    setEditing(t._id);
                    setDraft(fromTemplate(t));
                  }}
                  className={
                    editing === t._id
                      ? 'w-full rounded-xl border border-brand-300 bg-brand-50 px-3 py-2 text-left'
                      : 'w-full rounded-xl border border-slate-200 bg-white px-3 py-2 text-left hover:bg-slate-50'
                  }
                >
                  <span className="flex items-center gap-2">
                    <span className="h-3 w-3 rounded-full" style={{ background: t.primaryColor }} />
                    <span className="truncate text-sm font-medium text-slate-900">{t.name}</span>
                  </span>
                  <span className="mt-1 flex gap-1">
                    {t.isDefault ? <Badge tone="brand">Default</Badge> : null}
                    {t.taxRate ? <Badge>GST {t.taxRate / 100}%</Badge> : null}
                  </span>
                </button>
              </li>
            ))}
            {editing === 'new' ? (
              <li className="rounded-xl border border-dashed border-brand-300 px-3 py-2 text-sm text-brand-700">
                New template
              </li>
            ) : null}
          </ul>
          <Card className="space-y-4 p-5">
            <fieldset disabled={!editable} className="space-y-4">
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Name" required>
                  {(control) => (
                    <Input
                      {...control}
                      value={draft.name}
                      onChange={(e) => set('name', e.target.value)}
                      maxLength={100}
                    />
                  )}
                </Field>
                <LogoField
                  templateId={editing === 'new' ? null : editing}
                  logoUrl={draft.logoUrl || null}
                  disabled={!canUpdate}
                  onChange={(logoUrl) => set('logoUrl', logoUrl ?? '')}
                />
                <Field label="Primary colour">
                  {(control) => (
                    <Input
                      {...control}
                      type="color"
                      value={draft.primaryColor}
                      onChange={(e) => set('primaryColor', e.target.value)}
                    />
                  )}
                </Field>
                <Field label="Accent colour">
                  {(control) => (
                    <Input
                      {...control}
                      type="color"
                      value={draft.accentColor}
                      onChange={(e) => set('accentColor', e.target.value)}
                    />
                  )}
                </Field>
                <Field label="GST number" hint="Optional">
                  {(control) => (
                    <Input
                      {...control}
                      value={draft.gstNumber}
                      onChange={(e) => set('gstNumber', e.target.value)}
                      maxLength={20}
                    />
                  )}
                </Field>
                <Field label="GST rate (%)" hint="0 for no tax">
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      min={0}
                      max={100}
                      step={0.01}
                      value={draft.taxRate / 100}
                      onChange={(e) =>
                        set(
                          'taxRate',
                          Math.max(0, Math.min(10_000, Math.round(Number(e.target.value) * 100) || 0)),
                        )
                      }
                    />
                  )}
                </Field>
              </div>
              <Field label="Header text">
                {(control) => (
                  <Textarea
                    {...control}
                    value={draft.headerText}
                    onChange={(e) => set('headerText', e.target.value)}
                    rows={2}
                    maxLength={500}
                  />
                )}
              </Field>
              <Field label="Payment instructions">
                {(control) => (
                  <Textarea
                    {...control}
                    value={draft.paymentInstructions}
                    onChange={(e) => set('paymentInstructions', e.target.value)}
                    rows={3}
                    maxLength={1000}
                  />
                )}
              </Field>
              <Field label="Footer text">
                {(control) => (
                  <Input
                    {...control}
                    value={draft.footerText}
                    onChange={(e) => set('footerText', e.target.value)}
                    maxLength={500}
                  />
                )}
              </Field>
              <Field label="Notes">
                {(control) => (
                  <Textarea
                    {...control}
                    value={draft.notes}
                    onChange={(e) => set('notes', e.target.value)}
                    rows={2}
                    maxLength={1000}
                  />
                )}
              </Field>
              <div className="grid gap-3 sm:grid-cols-3">
                <Field label="Late fee" hint="Used from the default template">
                  {(control) => (
                    <Select
                      {...control}
                      value={draft.lateFeeType}
                      onChange={(e) => set('lateFeeType', e.target.value as Draft['lateFeeType'])}
                    >
                      <option value="none">None</option>
                      <option value="fixed">Fixed amount</option>
                      <option value="percent">Percent of balance</option>
                    </Select>
                  )}
                </Field>
                {draft.lateFeeType === 'fixed' ? (
                  <Field label="Amount">
                    {(control) => (
                      <MoneyInput
                        {...control}
                        value={draft.lateFeeValue}
                        onChange={(v) => set('lateFeeValue', v ?? 0)}
                      />
                    )}
                  </Field>
                ) : draft.lateFeeType === 'percent' ? (
                  <Field label="Percent (%)">
                    {(control) => (
                      <Input
                        {...control}
                        type="number"
                        min={0}
                        max={100}
                        step={0.01}
                        value={draft.lateFeeValue / 100}
                        onChange={(e) =>
                          set(
                            'lateFeeValue',
                            Math.max(0, Math.min(10_000, Math.round(Number(e.target.value) * 100) || 0)),
                          )
                        }
                      />
                    )}
                  </Field>
                ) : (
                  <span />
                )}
                {draft.lateFeeType !== 'none' ? (
                  <Field label="After (days late)">
                    {(control) => (
                      <Input
                        {...control}
                        type="number"
                        min={0}
                        max={365}
                        value={draft.lateFeeAfterDays}
                        onChange={(e) =>
                          set(
                            'lateFeeAfterDays',
                            Math.max(0, Math.min(365, Math.round(Number(e.target.value)) || 0)),
                          )
                        }
                      />
                    )}
                  </Field>
                ) : null}
              </div>
              <Switch
                checked={draft.isDefault}
                onChange={(value) => set('isDefault', value)}
                label="Default template"
                text="Used for new invoices and the monthly rent run"
              />
            </fieldset>
            <div className="flex justify-between gap-2">
              {editing && editing !== 'new' && canDelete ? (
                <Button
                  variant="ghost"
                  icon={<Trash2 className="h-4 w-4" aria-hidden />}
                  onClick={() => setDeleting(list.find((t) => t._id === editing) ?? null)}
                >
                  Delete
                </Button>
              ) : (
                <span />
              )}
              {editable ? (
                <Button
                  loading={save.isPending}
                  disabled={!draft.name.trim()}
                  onClick={() => save.mutate(undefined)}
                  icon={<Star className="h-4 w-4" aria-hidden />}
                >
                  Save template
                </Button>
              ) : null}
            </div>
          </Card>
          <div className="lg:sticky lg:top-4 lg:self-start">
            <p className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">Live preview</p>
            <TemplatePreview draft={draft} />
          </div>
        </div>
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete this template?"
        description="Invoices made with it keep their totals; new invoices use the default template."
        confirmLabel="Delete"
        tone="danger"
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              setDeleting(null);
              setEditing(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
