import { zodResolver } from '@hookform/resolvers/zod';
import { type InvoiceTemplateInput, ZInvoiceTemplateBody } from '@rentora/shared';
import { Star, Trash2 } from 'lucide-react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Field, Input, Textarea } from '../../../components/field';
import { Switch } from '../../../components/switch';
import type { Draft } from './invoice-template-draft';
import { LogoField } from './logo-field';
import { TemplatePreview } from './template-preview';

/**
 * The create body without the default lines and the logo (uploaded on its own by LogoField, so saving keeps it);
 * the GST number is sent in capitals, an empty one as null.
 */
const ZTemplateForm = ZInvoiceTemplateBody.omit({ defaultLineItems: true, logoUrl: true }).extend({
  gstNumber: z
    .string()
    .transform((value) => value.trim().toUpperCase() || null)
    .pipe(ZInvoiceTemplateBody.shape.gstNumber.unwrap()),
  logoUrl: z.string().transform(() => undefined),
});

type TemplateFormInput = z.input<typeof ZTemplateForm>;

/** A percent typed by the user → basis points, kept within 0 – 100 %. */
const toBasisPoints = (text: string) => Math.max(0, Math.min(10_000, Math.round(Number(text) * 100) || 0));

/** A percent input over a basis-points value. */
function PercentField({
  control,
  name,
  label,
  hint,
}: {
  control: Control<TemplateFormInput, unknown, InvoiceTemplateInput>;
  name: 'taxRate';
  label: string;
  hint?: string;
}) {
  return (
    <Field label={label} hint={hint}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Input
              {...aria}
              type="number"
              min={0}
              max={100}
              step={0.01}
              name={field.name}
              value={(field.value ?? 0) / 100}
              onChange={(e) => field.onChange(toBasisPoints(e.target.value))}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );
}

export interface TemplateEditorProps {
  initial: Draft;
  /** null while the template is new (no logo upload before the first save). */
  templateId: string | null;
  editable: boolean;
  canUpload: boolean;
  saving: boolean;
  onSave: (body: InvoiceTemplateInput) => void;
  onDelete?: () => void;
}

/** The template's fields with a live preview beside them. */
export function TemplateEditor({
  initial,
  templateId,
  editable,
  canUpload,
  saving,
  onSave,
  onDelete,
}: TemplateEditorProps) {
  const form = useForm<TemplateFormInput, unknown, InvoiceTemplateInput>({
    resolver: zodResolver(ZTemplateForm),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const draft: Draft = { ...initial, ...form.watch() };
  const text = (
    name: 'headerText' | 'paymentInstructions' | 'notes',
    label: string,
    rows: number,
    max: number,
  ) => (
    <Field label={label} error={errors[name]?.message}>
      {(control) => <Textarea {...control} {...form.register(name)} rows={rows} maxLength={max} />}
    </Field>
  );
  return (
    <>
      <Card className="space-y-4 p-5">
        <form id="invoice-template-form" noValidate onSubmit={form.handleSubmit(onSave)}>
          <fieldset disabled={!editable} className="space-y-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Name" required error={errors.name?.message}>
                {(control) => <Input {...control} {...form.register('name')} maxLength={100} />}
              </Field>
              <LogoField
                templateId={templateId}
                logoUrl={draft.logoUrl || null}
                disabled={!canUpload}
                onChange={(logoUrl) => form.setValue('logoUrl', logoUrl ?? '')}
              />
              <Field label="Primary colour" error={errors.primaryColor?.message}>
                {(control) => <Input {...control} type="color" {...form.register('primaryColor')} />}
              </Field>
              <Field label="Accent colour" error={errors.accentColor?.message}>
                {(control) => <Input {...control} type="color" {...form.register('accentColor')} />}
              </Field>
              <Field label="GST number" hint="Optional" error={errors.gstNumber?.message}>
                {(control) => <Input {...control} {...form.register('gstNumber')} maxLength={20} />}
              </Field>
              <PercentField control={form.control} name="taxRate" label="GST rate (%)" hint="0 for no tax" />
            </div>
            {text('headerText', 'Header text', 2, 500)}
            {text('paymentInstructions', 'Payment instructions', 3, 1000)}
            <Field label="Footer text" error={errors.footerText?.message}>
              {(control) => <Input {...control} {...form.register('footerText')} maxLength={500} />}
            </Field>
            {text('notes', 'Notes', 2, 1000)}
            <p className="text-sm text-slate-500 dark:text-slate-400">
              Late fees are set by company, property and tenancy in{' '}
              <Link
                className="font-medium text-indigo-600 hover:underline"
                to="/dashboard/payments/late-fees"
              >
                Late-fee rules
              </Link>
              .
            </p>
            <Controller
              control={form.control}
              name="isDefault"
              render={({ field }) => (
                <Switch
                  checked={field.value ?? false}
                  onChange={field.onChange}
                  label="Default template"
                  text="Used for new invoices and the monthly rent run"
                />
              )}
            />
          </fieldset>
        </form>
        <div className="flex justify-between gap-2">
          {onDelete ? (
            <Button variant="ghost" icon={<Trash2 className="h-4 w-4" aria-hidden />} onClick={onDelete}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          {editable ? (
            <Button
              type="submit"
              form="invoice-template-form"
              loading={saving}
              disabled={!draft.name.trim()}
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
    </>
  );
}
