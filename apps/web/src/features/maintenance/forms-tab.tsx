import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TicketFormBody,
  type TicketFormDto,
  type TicketFormInput,
  ZTicketFormBody,
} from '@rentora/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink, Link2, Pencil, Plus, QrCode, RefreshCw, Smartphone, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, Input, Textarea } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { Switch } from '../../components/switch';
import { apiErrorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useProperties } from '../properties/properties.api';
import {
  MAINTENANCE_FALLBACKS,
  maintenanceApi,
  maintenanceKeys,
  useConfigMutation,
  useMaintenanceTypes,
  useTicketForms,
} from './maintenance.api';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.apiError(null, `Could not copy the ${what.toLowerCase()}`);
  }
}

/** A QR code of `url`, drawn by the qrcode library into a data URL. */
export function QrImage({ url, label, size = 160 }: { url: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toDataURL(url, { width: size, margin: 1 }).then((data) => {
        if (live) setSrc(data);
      }),
    );
    return () => {
      live = false;
    };
  }, [url, size]);
  return src ? (
    <img src={src} alt={label} width={size} height={size} className="rounded-lg border border-slate-200" />
  ) : (
    <span className="block animate-pulse rounded-lg bg-slate-100" style={{ width: size, height: size }} />
  );
}

/** Public ticket forms (links and QR codes to print in lobbies) and the signed-in member's assignee-portal link. */
export function FormsTab() {
  const forms = useTicketForms();
  const [editing, setEditing] = useState<TicketFormDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TicketFormDto | null>(null);
  const [qr, setQr] = useState<TicketFormDto | null>(null);
  const toggle = useConfigMutation(
    (form: TicketFormDto) => maintenanceApi.updateForm(form._id, { enabled: !form.enabled }),
    'Failed to update form',
  );
  const remove = useConfigMutation((id: string) => maintenanceApi.deleteForm(id), 'Failed to delete form');

  return (
    <div className="space-y-6">
      <PortalLinkCard />
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Public ticket forms</h2>
        <Button icon={<Plus className="h-4 w-4" aria-hidden />} onClick={() => setEditing('new')}>
          New form
        </Button>
      </div>
      {forms.isError ? (
        <ErrorState
          message={apiErrorMessage(forms.error, 'Failed to fetch forms')}
          onRetry={() => void forms.refetch()}
        />
      ) : forms.isLoading ? (
        <SkeletonList rows={2} />
      ) : (forms.data ?? []).length === 0 ? (
        <EmptyState
          icon={Link2}
          title="No public forms yet"
          description="A form lets residents and visitors report a problem without an account. Share its link or print its QR code."
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {(forms.data ?? []).map((form) => (
            <Card key={form._id} className="p-5">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="truncate text-base font-semibold text-slate-900">{form.name}</h3>
                  <p className="text-xs text-slate-500">
                    {form.propertyIds.length} {form.propertyIds.length === 1 ? 'property' : 'properties'} ·{' '}
                    {form.typeIds.length ? `${form.typeIds.length} types` : 'all active types'} ·{' '}
                    {form.ticketCount} {form.ticketCount === 1 ? 'ticket' : 'tickets'}
                  </p>
                </div>
                {form.enabled ? <Badge tone="success">Enabled</Badge> : <Badge>Disabled</Badge>}
              </div>
              <div className="mt-3 flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2">
                <code className="min-w-0 flex-1 truncate text-xs text-slate-700">{form.publicUrl}</code>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Copy the link of ${form.name}`}
                  onClick={() => void copy(form.publicUrl, 'Link')}
                >
                  <Copy className="h-4 w-4" aria-hidden />
                </Button>
                <a
                  href={`/create-ticket/${form._id}`}
                  target="_blank"
                  rel="noreferrer"
                  className="rounded-lg p-2 text-slate-500 hover:bg-slate-100"
                  aria-label={`Open ${form.name}`}
                >
                  <ExternalLink className="h-4 w-4" aria-hidden />
                </a>
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Switch
                  checked={form.enabled}
                  onChange={() => toggle.mutate(form)}
                  label={`${form.enabled ? 'Disable' : 'Enable'} ${form.name}`}
                  text={form.enabled ? 'Accepting tickets' : 'Closed'}
                />
                <span className="flex-1" />
                <Button
                  size="sm"
                  variant="outline"
                  icon={<QrCode className="h-4 w-4" aria-hidden />}
                  onClick={() => setQr(form)}
                >
                  QR code
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Edit ${form.name}`}
                  onClick={() => setEditing(form)}
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Delete ${form.name}`}
                  onClick={() => setDeleting(form)}
                >
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                </Button>
              </div>
            </Card>
          ))}
        </div>
      )}
      {editing ? (
        <FormDialog form={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <Dialog
        open={Boolean(qr)}
        onClose={() => setQr(null)}
        title={qr?.name ?? 'QR code'}
        description="Print it where residents will see it."
        size="sm"
      >
        {qr ? (
          <div className="flex flex-col items-center gap-3">
            <QrImage url={qr.publicUrl} label={`QR code of ${qr.name}`} size={240} />
            <code className="break-all text-center text-xs text-slate-500">{qr.publicUrl}</code>
          </div>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete ${deleting?.name ?? 'form'}?`}
        description="Its link stops working at once. Tickets already filed stay."
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}

function PortalLinkCard() {
  const queryClient = useQueryClient();
  const code = useQuery({
    queryKey: maintenanceKeys.code,
    // 200 with null data while the member has no code.
    queryFn: ({ signal }) => maintenanceApi.myCode(signal),
  });
  const [busy, setBusy] = useState(false);
  async function generate() {
    setBusy(true);
    try {
      const answer = await maintenanceApi.generateCode();
      queryClient.setQueryData(maintenanceKeys.code, answer.data);
      toast.success('New portal link ready', 'The previous link no longer works.');
    } catch (error) {
      toast.apiError(error, 'Failed to generate the assignee code');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
      <div className="flex-1">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Smartphone className="h-5 w-5 text-brand-600" aria-hidden />
          Your field portal
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          Open the requests assigned to you on your phone without signing in. Anyone with the link can update
          your requests: keep it private, and make a new one if it leaks.
        </p>
        {code.data ? (
          <div className="mt-3 flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2">
            <code className="min-w-0 flex-1 truncate text-xs text-slate-700">{code.data.portalUrl}</code>
            <Button
              size="icon"
              variant="ghost"
              aria-label="Copy your portal link"
              onClick={() => void copy(code.data!.portalUrl, 'Portal link')}
            >
              <Copy className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        ) : null}
        <Button
          className="mt-3"
          size="sm"
          variant="outline"
          icon={<RefreshCw className="h-4 w-4" aria-hidden />}
          loading={busy}
          onClick={() => void generate()}
        >
          {code.data ? 'Make a new link' : 'Create my portal link'}
        </Button>
      </div>
      {code.data ? (
        <QrImage url={code.data.portalUrl} label="QR code of your portal link" size={120} />
      ) : null}
    </Card>
  );
}

function FormDialog({ form, onClose }: { form: TicketFormDto | null; onClose: () => void }) {
  const propertiesList = useProperties({ limit: 100 });
  const types = useMaintenanceTypes();
  const draft = useForm<TicketFormInput, unknown, TicketFormBody>({
    resolver: zodResolver(ZTicketFormBody),
    defaultValues: {
      name: form?.name ?? 'Report a problem',
      intro: form?.intro ?? '',
      propertyIds: form?.propertyIds ?? [],
      typeIds: form?.typeIds ?? [],
    },
  });
  const name = draft.watch('name');
  const propertyIds = draft.watch('propertyIds');
  const typeIds = draft.watch('typeIds') ?? [];
  const save = useConfigMutation(
    (body: { name: string; intro: string; propertyIds: string[]; typeIds: string[] }) =>
      form ? maintenanceApi.updateForm(form._id, body) : maintenanceApi.createForm(body),
    form ? 'Failed to update form' : 'Failed to create form',
  );
  const toggleIn = (list: string[], id: string) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
  const submit = draft.handleSubmit((values) =>
    save.mutate(
      { name: values.name, intro: values.intro, propertyIds: values.propertyIds, typeIds: values.typeIds },
      { onSuccess: onClose },
    ),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={form ? `Edit ${form.name}` : 'New public form'}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="ticket-form"
            loading={save.isPending}
            disabled={!name.trim() || propertyIds.length === 0}
          >
            Save
          </Button>
        </>
      }
    >
      <form id="ticket-form" onSubmit={submit} className="space-y-4">
        <Field label="Name" required>
          {(control) => <Input {...control} {...draft.register('name')} maxLength={100} data-autofocus />}
        </Field>
        <Field label="Intro text" hint="Shown at the top of the form">
          {(control) => <Textarea {...control} rows={2} {...draft.register('intro')} maxLength={1000} />}
        </Field>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Properties</legend>
          <div className="mt-2 grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
            {(propertiesList.data?.data ?? []).map((p) => (
              <label key={p._id} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300"
                  checked={propertyIds.includes(p._id)}
                  onChange={() => draft.setValue('propertyIds', toggleIn(propertyIds, p._id))}
                />
                {p.name}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">
            Request types (none checked: every active type)
          </legend>
          <div className="mt-2 grid max-h-40 gap-1 overflow-y-auto sm:grid-cols-3">
            {(types.data ?? [])
              .filter((t) => t.isActive)
              .map((t) => (
                <label key={t._id} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="h-4 w-4 rounded border-slate-300"
                    checked={typeIds.includes(t._id)}
                    onChange={() => draft.setValue('typeIds', toggleIn(typeIds, t._id))}
                  />
                  {t.name}
                </label>
              ))}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}

export { MAINTENANCE_FALLBACKS };
