import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNTING_LEDGER_KEYS,
  ACCOUNTING_LEDGER_LABELS,
  type AccountingExportSettingsBody,
  type AccountingExportSettingsDto,
  DEFAULT_ACCOUNTING_LEDGERS,
  ZAccountingExportSettingsBody,
} from '@rentora/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/empty-state';
import { Field, FormError, Input } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formErrorOf } from '../../lib/form-errors';
import { usePermissions } from '../auth/use-permissions';
import {
  EXPORT_MESSAGES,
  useAccountingExportSettings,
  useSaveAccountingExportSettings,
} from './accounting-exports.api';

/** The ledger (account) names the exports post to, so they land on the accounts the books already have. */
export function LedgerNamesCard() {
  const settings = useAccountingExportSettings();
  return (
    <Card className="space-y-4 p-6">
      <div>
        <h2 className="text-base font-semibold text-slate-900">Ledger names</h2>
        <p className="mt-1 text-sm text-slate-600">
          Use the names of the ledgers in your books. Tenants become party ledgers under the group you name.
        </p>
      </div>
      {settings.isError ? (
        <ErrorState
          title={EXPORT_MESSAGES.fetchSettings}
          message={apiErrorMessage(settings.error, EXPORT_MESSAGES.fetchSettings)}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.data ? (
        <LedgerNamesForm key={JSON.stringify(settings.data)} settings={settings.data} />
      ) : (
        <SkeletonList rows={6} />
      )}
    </Card>
  );
}

function LedgerNamesForm({ settings }: { settings: AccountingExportSettingsDto }) {
  const { canUseFeature } = usePermissions();
  const canEdit = canUseFeature('payments_update');
  const save = useSaveAccountingExportSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AccountingExportSettingsBody>({
    resolver: zodResolver(ZAccountingExportSettingsBody),
    defaultValues: { ledgers: settings.ledgers },
  });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync(body);
    } catch (error) {
      setFormError(formErrorOf(error, form.setError, EXPORT_MESSAGES.saveSettings));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Ledger names" className="space-y-4">
      <fieldset disabled={!canEdit || save.isPending} className="grid gap-3">
        {ACCOUNTING_LEDGER_KEYS.map((key) => (
          <Field key={key} label={ACCOUNTING_LEDGER_LABELS[key]} error={errors.ledgers?.[key]?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register(`ledgers.${key}`)} />}
          </Field>
        ))}
      </fieldset>
      <FormError message={formError} />
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending} disabled={!isDirty || save.isPending}>
            Save names
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              form.reset({ ledgers: { ...DEFAULT_ACCOUNTING_LEDGERS } }, { keepDefaultValues: true })
            }
          >
            Use the defaults
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Only members who can update payments rename ledgers.</p>
      )}
    </form>
  );
}
