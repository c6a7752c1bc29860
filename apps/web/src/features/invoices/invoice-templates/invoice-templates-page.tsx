import type { InvoiceTemplateDto, InvoiceTemplateInput } from '@rentora/shared';
import { FileText, Plus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { SkeletonList } from '../../../components/skeleton';
import { apiErrorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePermissions } from '../../auth/use-permissions';
import { PaymentsNav } from '../invoice-display';
import { INVOICE_MESSAGES, invoicesApi, useInvoiceTemplates, useTemplateMutation } from '../invoices.api';
import { type Draft, EMPTY, fromTemplate } from './invoice-template-draft';
import { TemplateEditor } from './template-editor';

/** /dashboard/payments/invoice-templates: the company's templates with an editor and a live preview. */
export function InvoiceTemplatesPage() {
  useDocumentTitle('Invoice Templates', 'Reusable invoice layouts');
  const permissions = usePermissions();
  const canWrite = permissions.canUseFeature('invoices_write');
  const canUpdate = permissions.canUseAny(['invoices_update', 'invoices_write']);
  const canDelete = permissions.canUseAny(['invoices_delete', 'invoices_write']);
  const templates = useInvoiceTemplates();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [draft, setDraftState] = useState<Draft>(EMPTY);
  // Each template opened (or a new one started) mounts a fresh editor with its values.
  const [editorKey, setEditorKey] = useState(0);
  const setDraft = useCallback((next: Draft) => {
    setDraftState(next);
    setEditorKey((key) => key + 1);
  }, []);
  const [deleting, setDeleting] = useState<InvoiceTemplateDto | null>(null);
  const list = templates.data?.data ?? [];

  useEffect(() => {
    if (editing === null && list.length > 0) {
      setEditing(list[0]!._id);
      setDraft(fromTemplate(list[0]!));
    }
  }, [editing, list, setDraft]);

  // A new template, once saved, stays in the editor under its id (same values, so the form is not reset).
  const save = useTemplateMutation(
    (body: InvoiceTemplateInput) =>
      editing === 'new' || editing === null
        ? invoicesApi.createTemplate(body).then((r) => {
            setEditing(r.data._id);
            return r;
          })
        : invoicesApi.updateTemplate(editing, body),
    { success: 'Template saved', failure: INVOICE_MESSAGES.saveTemplate },
  );
  const remove = useTemplateMutation((id: string) => invoicesApi.removeTemplate(id), {
    success: 'Template deleted',
    failure: INVOICE_MESSAGES.saveTemplate,
  });
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
          <TemplateEditor
            key={editorKey}
            initial={draft}
            templateId={editing === 'new' ? null : editing}
            editable={editable}
            canUpload={canUpdate}
            saving={save.isPending}
            onSave={(body) => save.mutate(body)}
            onDelete={
              editing && editing !== 'new' && canDelete
                ? () => setDeleting(list.find((t) => t._id === editing) ?? null)
                : undefined
            }
          />
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
