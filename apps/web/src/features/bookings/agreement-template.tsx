import { zodResolver } from '@hookform/resolvers/zod';
import {
  AGREEMENT_TEMPLATE_LIMITS,
  type AgreementTemplate,
  type AgreementTemplateBody,
  type AgreementTemplateDto,
  DEFAULT_AGREEMENT_TEMPLATE,
  ZAgreementTemplateBody,
} from '@rentora/shared';
import { ArrowDown, ArrowUp, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/empty-state';
import { Field, Input, Textarea } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/use-permissions';
import { BOOKING_FALLBACK_MESSAGES, useAgreementTemplate, useSaveAgreementTemplate } from './bookings.api';

/** The company's rental agreement template: title, ordered clauses and extra terms, with a live preview. */
export function AgreementTemplatePanel() {
  const template = useAgreementTemplate();
  if (template.isPending) return <SkeletonList rows={3} />;
  if (template.isError) {
    return (
      <ErrorState
        title={apiErrorMessage(template.error, BOOKING_FALLBACK_MESSAGES.agreementTemplate)}
        onRetry={() => template.refetch()}
      />
    );
  }
  // Keyed by the save time, so that a save (or another tab's) resets the form to what the server holds.
  return <TemplateEditor key={template.data.updatedAt ?? 'default'} template={template.data} />;
}

function TemplateEditor({ template }: { template: AgreementTemplateDto }) {
  const canEdit = usePermissions().canUseFeature('bookings_write');
  const save = useSaveAgreementTemplate();
  const form = useForm<AgreementTemplateBody, unknown, AgreementTemplate>({
    resolver: zodResolver(ZAgreementTemplateBody),
    defaultValues: { title: template.title, clauses: template.clauses, extraTerms: template.extraTerms },
  });
  const clauses = useFieldArray({ control: form.control, name: 'clauses' });
  const { errors, isDirty } = form.formState;
  const preview = form.watch();
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (answer) => toast.success(answer.message ?? 'Agreement template saved'),
      onError: (error) =>
        toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.saveAgreementTemplate)),
    }),
  );
  const full = clauses.fields.length >= AGREEMENT_TEMPLATE_LIMITS.clauses;

  return (
    <div
      className="grid gap-5 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]"
      data-testid="agreement-template"
    >
      <Card className="p-4 sm:p-5">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <h2 className="text-base font-semibold text-slate-900">Agreement template</h2>
              <p className="text-sm text-slate-500">
                Printed on every rental agreement generated from now on; signed agreements keep their text.
              </p>
            </div>
            {template.isDefault ? (
              <Badge tone="neutral">Default template</Badge>
            ) : template.updatedAt ? (
              <Badge tone="info">Saved {formatDate(template.updatedAt)}</Badge>
            ) : null}
          </div>
          <fieldset disabled={!canEdit || save.isPending} className="space-y-4">
            <Field label="Title" required error={errors.title?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('title')}
                  maxLength={AGREEMENT_TEMPLATE_LIMITS.title}
                  invalid={Boolean(errors.title)}
                />
              )}
            </Field>
            <div>
              <div className="mb-2 flex items-center justify-between">
                <h3 className="text-sm font-medium text-slate-700">
                  Clauses{' '}
                  <span className="text-slate-400">
                    ({clauses.fields.length} of at most {AGREEMENT_TEMPLATE_LIMITS.clauses})
                  </span>
                </h3>
                {errors.clauses?.message || errors.clauses?.root?.message ? (
                  <p className="text-sm text-red-600" role="alert">
                    {errors.clauses?.message ?? errors.clauses?.root?.message}
                  </p>
                ) : null}
              </div>
              <ol className="space-y-3">
                {clauses.fields.map((field, index) => {
                  const error = errors.clauses?.[index];
                  return (
                    <li
                      key={field.id}
                      className="rounded-xl border border-slate-200 bg-slate-50/60 p-3"
                      data-testid="template-clause"
                    >
                      <div className="mb-2 flex items-center gap-2">
                        <span className="w-6 text-sm font-semibold text-slate-500">{index + 1}.</span>
                        <Input
                          aria-label={`Clause ${index + 1} title`}
                          placeholder="Clause title"
                          maxLength={AGREEMENT_TEMPLATE_LIMITS.clauseTitle}
                          invalid={Boolean(error?.title)}
                          className="flex-1"
                          {...form.register(`clauses.${index}.title`)}
                        />
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={`Move clause ${index + 1} up`}
                          disabled={index === 0}
                          onClick={() => clauses.move(index, index - 1)}
                        >
                          <ArrowUp className="h-4 w-4" aria-hidden />
                        </Button>
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={`Move clause ${index + 1} down`}
                          disabled={index === clauses.fields.length - 1}
                          onClick={() => clauses.move(index, index + 1)}
                        >
                          <ArrowDown className="h-4 w-4" aria-hidden />
                        </Button>
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove clause ${index + 1}`}
                          disabled={clauses.fields.length === 1}
                          onClick={() => clauses.remove(index)}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </Button>
                      </div>
                      <Textarea
                        aria-label={`Clause ${index + 1} text`}
                        rows={3}
                        maxLength={AGREEMENT_TEMPLATE_LIMITS.clauseText}
                        invalid={Boolean(error?.text)}
                        {...form.register(`clauses.${index}.text`)}
                      />
                      {error?.title?.message || error?.text?.message ? (
                        <p className="mt-1 text-sm text-red-600" role="alert">
                          {error?.title?.message ?? error?.text?.message}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ol>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-3"
                disabled={full}
                icon={<Plus className="h-4 w-4" aria-hidden />}
                onClick={() => clauses.append({ title: '', text: '' })}
              >
                Add clause
              </Button>
            </div>
            <Field
              label="Additional terms (optional)"
              hint="Printed after the clauses, e.g. parking or pet rules of this company."
              error={errors.extraTerms?.message}
            >
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  maxLength={AGREEMENT_TEMPLATE_LIMITS.extraTerms}
                  {...form.register('extraTerms')}
                />
              )}
            </Field>
          </fieldset>
          {canEdit ? (
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                type="button"
                variant="ghost"
                icon={<RotateCcw className="h-4 w-4" aria-hidden />}
                onClick={() => form.reset(DEFAULT_AGREEMENT_TEMPLATE, { keepDefaultValues: true })}
                disabled={save.isPending}
              >
                Use the default clauses
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!isDirty && !template.isDefault}>
                Save template
              </Button>
            </div>
          ) : (
            <p className="text-sm text-slate-500">
              You can read the template; editing it needs bookings write access.
            </p>
          )}
        </form>
      </Card>
      <TemplatePreview template={preview} />
    </div>
  );
}

/** What the Terms section of the generated PDF will say, as the form stands. */
function TemplatePreview({ template }: { template: AgreementTemplateBody }) {
  const clauses = template.clauses ?? [];
  return (
    <Card
      className="h-fit p-5 lg:sticky lg:top-4"
      aria-label="Agreement preview"
      data-testid="template-preview"
    >
      <p className="text-xs font-medium uppercase tracking-wide text-slate-400">Preview</p>
      <h3 className="mt-2 text-lg font-bold uppercase tracking-tight text-indigo-700">
        {template.title?.trim() || 'Untitled agreement'}
      </h3>
      <p className="mt-1 text-xs text-slate-500">
        Parties, premises, money and the installment schedule come first.
      </p>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Terms</h4>
      <ol className="mt-2 space-y-2 text-sm">
        {clauses.map((clause, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the preview follows the form's order; clauses have no ids.
          <li key={index}>
            <p className="font-semibold text-slate-800">
              {index + 1}. {clause.title?.trim() || <span className="text-slate-400">Untitled clause</span>}
            </p>
            <p className="whitespace-pre-line pl-4 text-slate-600">{clause.text}</p>
          </li>
        ))}
      </ol>
      {template.extraTerms?.trim() ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-slate-900">Additional terms</h4>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{template.extraTerms}</p>
        </>
      ) : null}
    </Card>
  );
}
