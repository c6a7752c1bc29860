import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TemplateCreateBody,
  type TemplateCreateInput,
  type TemplateDto,
  ZTemplateCreateBody,
} from '@rentora/shared';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, FormError, Input } from '../../components/field';
import { refusalMessage } from '../../lib/form-errors';
import { usePermissions } from '../auth/use-permissions';
import { EMPTY_UNIT_SETTINGS, fieldMessage, UnitSettingsFields } from '../rental-units/unit-settings-fields';
import { useCreateTemplate, useUpdateTemplate } from './templates.api';

type FormValues = TemplateCreateInput;

function valuesOf(template: TemplateDto): FormValues {
  return {
    name: template.name,
    isGlobal: template.isGlobal,
    unitType: template.unitType,
    sizeSqft: template.sizeSqft,
    bedrooms: template.bedrooms,
    bathrooms: template.bathrooms,
    furnishing: template.furnishing,
    description: template.description,
    amenities: [...template.amenities],
    pricing: {
      rent: template.pricing.rent,
      securityDeposit: template.pricing.securityDeposit,
      maintenanceCharges: { ...template.pricing.maintenanceCharges },
      currency: 'INR',
    },
  };
}

/** Create or edit a template (shared ZTemplateCreateBody). Global templates are the super admin's. */
export function TemplateFormDialog({
  open,
  template,
  onClose,
}: {
  open: boolean;
  template?: TemplateDto;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={template ? `Edit “${template.name}”` : 'New unit template'}
      description="Reusable unit settings: pick it when adding a unit and only type the unit number."
      size="lg"
    >
      {open ? <TemplateForm template={template} onClose={onClose} /> : null}
    </Dialog>
  );
}

function TemplateForm({ template, onClose }: { template?: TemplateDto; onClose: () => void }) {
  const { isSuperAdmin } = usePermissions();
  const create = useCreateTemplate();
  const update = useUpdateTemplate(template?._id ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, TemplateCreateBody>({
    resolver: zodResolver(ZTemplateCreateBody),
    defaultValues: template ? valuesOf(template) : { ...EMPTY_UNIT_SETTINGS, name: '', isGlobal: false },
  });
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      if (template) {
        const { isGlobal: _global, ...changes } = body;
        await update.mutateAsync(changes);
      } else {
        await create.mutateAsync(body);
      }
      onClose();
    } catch (error) {
      setFormError(refusalMessage(error, form.setError));
    }
  });
  const pending = create.isPending || update.isPending;
  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-5"
        aria-label={template ? 'Edit template' : 'Create template'}
      >
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field label="Template name" required error={fieldMessage(form.formState.errors.name?.message)}>
            {(ctl) => (
              <Input {...ctl} {...form.register('name')} placeholder="e.g. Standard 2 BHK" data-autofocus />
            )}
          </Field>
          {isSuperAdmin && !template ? (
            <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-brand-600"
                {...form.register('isGlobal')}
              />
              Global (all companies)
            </label>
          ) : null}
        </div>
        <UnitSettingsFields />
        <FormError message={formError} />
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {template ? 'Save template' : 'Create template'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
