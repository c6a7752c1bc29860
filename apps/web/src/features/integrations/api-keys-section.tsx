import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ApiKeyCreateBody,
  type ApiKeyDto,
  holdsFeature,
  PERMISSION_CATALOGUE,
  ZApiKeyCreateBody,
} from '@rentora/shared';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
import { formatDate, timeAgo } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/use-permissions';
import {
  INTEGRATIONS_MESSAGES,
  integrationsApi,
  useApiKeys,
  useIntegrationsMutation,
} from './integrations.api';
import { SecretReveal } from './secret-reveal';

/** The form's shape: the expiry is a date (end of that day), sent as an instant. */
const ZKeyForm = ZApiKeyCreateBody.extend({ expiresOn: z.string().optional() }).omit({ expiresAt: true });
type KeyForm = z.infer<typeof ZKeyForm>;

export function ApiKeysSection({ canManage }: { canManage: boolean }) {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const revoke = useIntegrationsMutation(integrationsApi.revokeKey, 'API key revoked');

  return (
    <Card className="space-y-4 p-6" aria-labelledby="api-keys-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id="api-keys-heading"
            className="flex items-center gap-2 text-base font-semibold text-slate-900"
          >
            <KeyRound className="h-4 w-4 text-brand-600" aria-hidden /> API keys
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            Scripts and other systems call the API with <code>Authorization: Bearer rk_live_…</code> or{' '}
            <code>X-Api-Key</code>, for this company only and with the permissions you give the key.
          </p>
        </div>
        {canManage ? (
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden /> New API key
          </Button>
        ) : null}
      </div>
      {keys.isError ? (
        <ErrorState
          title={INTEGRATIONS_MESSAGES.fetchKeys}
          message={apiErrorMessage(keys.error, INTEGRATIONS_MESSAGES.fetchKeys)}
          onRetry={() => void keys.refetch()}
        />
      ) : !keys.data ? (
        <SkeletonList rows={2} />
      ) : keys.data.data.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No API keys yet"
          description="Create one for an integration or a script."
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="API keys">
          {keys.data.data.map((key) => (
            <li key={key._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{key.name}</p>
                <p className="text-xs text-slate-500">
                  <code>{key.prefix}…</code> · {key.permissions.length} permission
                  {key.permissions.length === 1 ? '' : 's'} · created {formatDate(key.createdAt)}
                  {key.createdBy ? ` by ${key.createdBy.name}` : ''} ·{' '}
                  {key.lastUsedAt ? `last used ${timeAgo(key.lastUsedAt)}` : 'never used'}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {key.expiresAt ? (
                  <Badge tone={new Date(key.expiresAt) < new Date() ? 'danger' : 'neutral'}>
                    Expires {formatDate(key.expiresAt)}
                  </Badge>
                ) : (
                  <Badge tone="neutral">No expiry</Badge>
                )}
                {canManage ? (
                  <Button variant="outline" size="sm" onClick={() => setRevoking(key)}>
                    Revoke
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setRevealed(key);
        }}
      />
      <SecretReveal
        title="Your new API key"
        label="API key"
        secret={revealed}
        onClose={() => setRevealed(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke "${revoking?.name ?? ''}"?`}
        description="Every request made with this key is refused from now on. This cannot be undone."
        confirmLabel="Revoke key"
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking._id, {
            onSuccess: () => setRevoking(null),
            onError: (error) => toast.apiError(error, INTEGRATIONS_MESSAGES.revokeKey),
          })
        }
      />
    </Card>
  );
}

function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: string) => void;
}) {
  const { context } = usePermissions();
  const grantable = PERMISSION_CATALOGUE.filter((info) => holdsFeature(context, info.feature));
  const create = useIntegrationsMutation(integrationsApi.createKey, 'API key created');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<KeyForm>({
    resolver: zodResolver(ZKeyForm),
    defaultValues: { name: '', permissions: [], expiresOn: '' },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = form.handleSubmit(async ({ expiresOn, ...rest }) => {
    setFormError(null);
    const body: ApiKeyCreateBody = {
      ...rest,
      expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59+05:30`).toISOString() : null,
    };
    try {
      const answer = await create.mutateAsync(body);
      form.reset();
      onCreated(answer.data.key);
    } catch (error) {
      setFormError(formErrorOf(error, form.setError, INTEGRATIONS_MESSAGES.createKey));
    }
  });
  return (
    <Dialog
      open={open}
      onClose={close}
      title="New API key"
      description="A key can only have permissions you hold yourself."
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="api-key-form" loading={create.isPending}>
            Create key
          </Button>
        </>
      }
    >
      <form id="api-key-form" onSubmit={submit} noValidate className="space-y-4" aria-label="New API key">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Name"
            required
            error={errors.name?.message}
            hint="e.g. Website leads, Accounting sync"
          >
            {(control) => <Input {...control} data-autofocus {...form.register('name')} />}
          </Field>
          <Field
            label="Expires on"
            hint="Optional; the key stops at the end of that day (IST)"
            error={errors.expiresOn?.message}
          >
            {(control) => <Input {...control} type="date" {...form.register('expiresOn')} />}
          </Field>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Permissions</legend>
          {errors.permissions?.message ? (
            <p className="mt-1 text-sm text-red-600" role="alert">
              {errors.permissions.message}
            </p>
          ) : null}
          <div className="mt-2 grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
            {grantable.map((info) => (
              <label key={info.feature} className="flex items-start gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  value={info.feature}
                  className="mt-0.5 h-4 w-4 rounded border-slate-300"
                  {...form.register('permissions')}
                />
                <span>
                  {info.name}
                  <span className="block text-xs text-slate-500">{info.feature}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
