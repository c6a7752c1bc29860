import { zodResolver } from '@hookform/resolvers/zod';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookCreateBody,
  type WebhookCreateInput,
  type WebhookDto,
  ZWebhookCreateBody,
} from '@rentora/shared';
import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, FormError, Input } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formErrorOf } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { DeliveryLog } from './delivery-log';
import {
  INTEGRATIONS_MESSAGES,
  integrationsApi,
  isDelivered,
  useIntegrationsMutation,
  useWebhooks,
} from './integrations.api';
import { SecretReveal } from './secret-reveal';

export function WebhooksSection({ canManage }: { canManage: boolean }) {
  const webhooks = useWebhooks();
  const [editing, setEditing] = useState<WebhookDto | 'new' | null>(null);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookDto | null>(null);
  const [logOf, setLogOf] = useState<WebhookDto | null>(null);
  const remove = useIntegrationsMutation(integrationsApi.deleteWebhook, 'Webhook deleted');
  const test = useIntegrationsMutation(integrationsApi.sendTest);
  const enable = useIntegrationsMutation(
    (id: string) => integrationsApi.updateWebhook(id, { isActive: true }),
    'Webhook enabled',
  );

  const sendTest = (hook: WebhookDto) =>
    test.mutate(hook._id, {
      onSuccess: ({ data }) =>
        isDelivered(data.statusCode)
          ? toast.success('Test event delivered', `${data.statusCode} in ${data.durationMs} ms`)
          : toast.error(
              'The receiver did not accept the test event',
              data.error ?? `HTTP ${data.statusCode}`,
            ),
      onError: (error) => toast.apiError(error, INTEGRATIONS_MESSAGES.sendTest),
    });

  return (
    <Card className="space-y-4 p-6" aria-labelledby="webhooks-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id="webhooks-heading"
            className="flex items-center gap-2 text-base font-semibold text-slate-900"
          >
            <Webhook className="h-4 w-4 text-brand-600" aria-hidden /> Webhooks
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            Rentora POSTs each event to your URL, signed in <code>X-Rentora-Signature</code> (
            <code>t=…,v1=</code>HMAC-SHA256 of <code>t.body</code>), and retries failures for 24 hours.
          </p>
        </div>
        {canManage ? (
          <Button onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden /> New webhook
          </Button>
        ) : null}
      </div>
      {webhooks.isError ? (
        <ErrorState
          title={INTEGRATIONS_MESSAGES.fetchWebhooks}
          message={apiErrorMessage(webhooks.error, INTEGRATIONS_MESSAGES.fetchWebhooks)}
          onRetry={() => void webhooks.refetch()}
        />
      ) : !webhooks.data ? (
        <SkeletonList rows={2} />
      ) : webhooks.data.data.length === 0 ? (
        <EmptyState
          icon={Webhook}
          title="No webhooks yet"
          description="Send payments, invoices and more to your systems as they happen."
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Webhooks">
          {webhooks.data.data.map((hook) => (
            <li key={hook._id} className="space-y-2 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-all font-medium text-slate-900">{hook.url}</p>
                  <p className="text-xs text-slate-500">
                    {hook.description || 'No description'} · {hook.events.length} event
                    {hook.events.length === 1 ? '' : 's'}
                  </p>
                </div>
                {hook.isActive ? (
                  <Badge tone={hook.failingSince ? 'warning' : 'success'}>
                    {hook.failingSince ? 'Failing' : 'Active'}
                  </Badge>
                ) : (
                  <Badge tone="danger">Disabled</Badge>
                )}
              </div>
              {hook.disabledReason && !hook.isActive ? (
                <p className="text-xs text-red-600">{hook.disabledReason}</p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => setLogOf(hook)}>
                  Deliveries
                </Button>
                {canManage ? (
                  <>
                    <Button
                      variant="outline"
                      size="sm"
                      loading={test.isPending && test.variables === hook._id}
                      onClick={() => sendTest(hook)}
                    >
                      Send test
                    </Button>
                    {!hook.isActive ? (
                      <Button variant="outline" size="sm" onClick={() => enable.mutate(hook._id)}>
                        Enable
                      </Button>
                    ) : null}
                    <Button variant="outline" size="sm" onClick={() => setEditing(hook)}>
                      Edit
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setDeleting(hook)}>
                      Delete
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <WebhookDialog
        webhook={editing}
        onClose={() => setEditing(null)}
        onCreated={(secret) => {
          setEditing(null);
          setRevealed(secret);
        }}
      />
      <SecretReveal
        title="Signing secret"
        label="Signing secret"
        secret={revealed}
        onClose={() => setRevealed(null)}
      />
      <DeliveryLog webhook={logOf} canManage={canManage} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        description={`Nothing more is sent to ${deleting?.url ?? ''}; its delivery log is deleted too.`}
        confirmLabel="Delete webhook"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => toast.apiError(error, INTEGRATIONS_MESSAGES.deleteWebhook),
          })
        }
      />
    </Card>
  );
}

function WebhookDialog({
  webhook,
  onClose,
  onCreated,
}: {
  webhook: WebhookDto | 'new' | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const existing = webhook && webhook !== 'new' ? webhook : null;
  return (
    <Dialog
      open={webhook !== null}
      onClose={onClose}
      title={existing ? 'Edit webhook' : 'New webhook'}
      description="An https URL of your system, and the events it should receive."
      size="lg"
    >
      {webhook !== null ? (
        <WebhookForm
          key={existing?._id ?? 'new'}
          existing={existing}
          onDone={onClose}
          onCreated={onCreated}
        />
      ) : null}
    </Dialog>
  );
}

function WebhookForm({
  existing,
  onDone,
  onCreated,
}: {
  existing: WebhookDto | null;
  onDone: () => void;
  onCreated: (secret: string) => void;
}) {
  const save = useIntegrationsMutation(async (body: WebhookCreateBody) =>
    existing
      ? { secret: null, answer: await integrationsApi.updateWebhook(existing._id, body) }
      : { secret: (await integrationsApi.createWebhook(body)).data.secret },
  );
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<WebhookCreateInput, unknown, WebhookCreateBody>({
    resolver: zodResolver(ZWebhookCreateBody),
    defaultValues: {
      url: existing?.url ?? '',
      description: existing?.description ?? '',
      events: (existing?.events ?? ['payment.captured']) as WebhookCreateBody['events'],
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const { secret } = await save.mutateAsync(body);
      if (secret) onCreated(secret);
      else {
        toast.success('Webhook saved');
        onDone();
      }
    } catch (error) {
      setFormError(formErrorOf(error, form.setError, INTEGRATIONS_MESSAGES.saveWebhook));
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={existing ? 'Edit webhook' : 'New webhook'}
    >
      <FormError message={formError} />
      <Field
        label="URL"
        required
        error={errors.url?.message}
        hint="https only; private and loopback addresses are refused"
      >
        {(control) => (
          <Input
            {...control}
            data-autofocus
            placeholder="https://example.com/rentora"
            {...form.register('url')}
          />
        )}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(control) => <Input {...control} {...form.register('description')} />}
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        {errors.events?.message ? (
          <p className="mt-1 text-sm text-red-600" role="alert">
            {errors.events.message}
          </p>
        ) : null}
        <div className="mt-2 grid gap-1 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                value={type}
                className="mt-0.5 h-4 w-4 rounded border-slate-300"
                {...form.register('events')}
              />
              <span>
                {WEBHOOK_EVENT_LABELS[type]}
                <span className="block text-xs text-slate-500">{type}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {existing ? 'Save webhook' : 'Create webhook'}
        </Button>
      </div>
    </form>
  );
}
