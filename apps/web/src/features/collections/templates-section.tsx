import { zodResolver } from '@hookform/resolvers/zod';
import {
  COLLECTION_CHANNELS,
  type CollectionChannel,
  type CollectionTemplateBody,
  type CollectionTemplateDto,
  REMINDER_TEMPLATE_KEYS,
  type ReminderTemplateKey,
  renderTemplate,
  TEMPLATE_VARIABLES,
  type TemplateVariable,
  unknownTemplateVariables,
  ZCollectionTemplateBody,
} from '@rentora/shared';
import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/empty-state';
import { Field, FormError, Input, Select, Textarea } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formErrorOf } from '../../lib/form-errors';
import { COLLECTIONS_MESSAGES, useCollectionTemplates, useSaveCollectionTemplate } from './collections.api';
import { CHANNEL_LABELS } from './schedule-section';

const STEP_LABELS: Record<ReminderTemplateKey, string> = {
  before_due: 'Before the due date',
  due: 'On the due date',
  overdue: 'Overdue',
};

/** What the live preview fills in (the server preview uses a real invoice). */
const SAMPLE: Record<TemplateVariable, string> = {
  tenantName: 'Priya Sharma',
  amount: '₹78,450',
  dueDate: '05 Dec 2026',
  invoiceNumber: 'INV/26-27/00042',
  companyName: 'Your company',
  payLink: 'https://rentora.example/pay/Xk3…',
  daysOverdue: '3',
};

/** Company → Collections: the text of each reminder step on each channel, with a live preview. */
export function TemplatesSection({ canEdit }: { canEdit: boolean }) {
  const templates = useCollectionTemplates();
  const [key, setKey] = useState<ReminderTemplateKey>('before_due');
  const [channel, setChannel] = useState<CollectionChannel>('email');
  const current = templates.data?.find((t) => t.key === key && t.channel === channel);
  return (
    <Card className="space-y-4 p-6" aria-labelledby="templates-title">
      <h2 id="templates-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MessageSquareText className="h-4 w-4 text-brand-600" aria-hidden /> Reminder templates
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Step">
          {(control) => (
            <Select {...control} value={key} onChange={(e) => setKey(e.target.value as ReminderTemplateKey)}>
              {REMINDER_TEMPLATE_KEYS.map((k) => (
                <option key={k} value={k}>
                  {STEP_LABELS[k]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Channel">
          {(control) => (
            <Select
              {...control}
              value={channel}
              onChange={(e) => setChannel(e.target.value as CollectionChannel)}
            >
              {COLLECTION_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {CHANNEL_LABELS[c]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {templates.isError ? (
        <ErrorState
          title={COLLECTIONS_MESSAGES.fetchTemplates}
          message={apiErrorMessage(templates.error, COLLECTIONS_MESSAGES.fetchTemplates)}
          onRetry={() => void templates.refetch()}
        />
      ) : current ? (
        <TemplateForm key={`${key}.${channel}.${current.body}`} template={current} canEdit={canEdit} />
      ) : (
        <SkeletonList rows={3} />
      )}
    </Card>
  );
}

function TemplateForm({ template, canEdit }: { template: CollectionTemplateDto; canEdit: boolean }) {
  const save = useSaveCollectionTemplate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CollectionTemplateBody>({
    resolver: zodResolver(ZCollectionTemplateBody),
    defaultValues: {
      channel: template.channel,
      subject: template.subject ?? undefined,
      body: template.body,
      dltTemplateId: template.dltTemplateId ?? undefined,
      whatsappTemplateName: template.whatsappTemplateName ?? undefined,
    },
  });
  const { errors } = form.formState;
  const body = form.watch('body') ?? '';
  const unknown = unknownTemplateVariables(body);
  const preview = unknown.length === 0 ? renderTemplate(body, SAMPLE) : null;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ key: template.key, body: values });
    } catch (error) {
      setFormError(formErrorOf(error, form.setError, COLLECTIONS_MESSAGES.saveTemplate));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Reminder template" className="space-y-4">
      <fieldset disabled={!canEdit || save.isPending} className="space-y-4">
        <p className="text-sm text-slate-500">
          {template.isDefault ? (
            <Badge tone="neutral">Default text</Badge>
          ) : (
            <Badge tone="info">Edited</Badge>
          )}{' '}
          Variables:{' '}
          {TEMPLATE_VARIABLES.map((name) => (
            <code key={name} className="mr-1 rounded bg-slate-100 px-1 text-xs">{`{{${name}}}`}</code>
          ))}
        </p>
        {template.channel === 'email' ? (
          <Field label="Subject" error={errors.subject?.message}>
            {(control) => <Input {...control} {...form.register('subject')} />}
          </Field>
        ) : null}
        <Field
          label="Text"
          error={errors.body?.message}
          hint={template.channel === 'sms' ? 'Exactly the text registered on the DLT portal.' : undefined}
        >
          {(control) => <Textarea {...control} rows={4} {...form.register('body')} />}
        </Field>
        {template.channel === 'sms' ? (
          <Field label="DLT template id" required error={errors.dltTemplateId?.message}>
            {(control) => <Input {...control} inputMode="numeric" {...form.register('dltTemplateId')} />}
          </Field>
        ) : null}
        {template.channel === 'whatsapp' ? (
          <Field
            label="WhatsApp template name"
            required
            error={errors.whatsappTemplateName?.message}
            hint="The approved template; its body parameters follow the variables in order."
          >
            {(control) => <Input {...control} {...form.register('whatsappTemplateName')} />}
          </Field>
        ) : null}
        <div aria-live="polite" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Preview</p>
          {preview !== null ? (
            <p className="whitespace-pre-wrap text-sm text-slate-800" data-testid="template-preview">
              {preview}
            </p>
          ) : (
            <p className="text-sm text-red-600">
              Unknown variable: {unknown.map((n) => `{{${n}}}`).join(', ')}
            </p>
          )}
        </div>
        <FormError message={formError} />
        {canEdit ? (
          <Button type="submit" loading={save.isPending}>
            Save template
          </Button>
        ) : null}
      </fieldset>
    </form>
  );
}
