import { zodResolver } from '@hookform/resolvers/zod';
import { type RentalUnitDto, ZTemplateCreateBody } from '@rentora/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input } from '../../components/field';
import { fieldMessage } from '../rental-units/unit-settings-fields';
import { useTemplateFromUnit } from './templates.api';

const ZSaveAsTemplateForm = ZTemplateCreateBody.pick({ name: true });

/** POST /rental-units/:id/template — the unit's settings under a name. */
export function SaveAsTemplateDialog({ unit, onClose }: { unit: RentalUnitDto | null; onClose: () => void }) {
  const fromUnit = useTemplateFromUnit();
  const form = useForm({ resolver: zodResolver(ZSaveAsTemplateForm), defaultValues: { name: '' } });
  useEffect(() => {
    if (unit) form.reset({ name: `${unit.unitNumber} template` });
  }, [unit, form]);
  const submit = form.handleSubmit(async ({ name }) => {
    if (!unit) return;
    await fromUnit.mutateAsync({ unitId: unit._id, name }).then(onClose, () => undefined);
  });
  return (
    <Dialog
      open={unit !== null}
      onClose={onClose}
      title="Save as template"
      description="Type, rooms, furnishing, amenities and pricing of this unit, ready to reuse for new units."
      size="sm"
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Save unit as template">
        <Field label="Template name" required error={fieldMessage(form.formState.errors.name?.message)}>
          {(ctl) => <Input {...ctl} {...form.register('name')} data-autofocus />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={fromUnit.isPending}>
            Save template
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
