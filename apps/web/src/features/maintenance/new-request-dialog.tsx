import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_PRIORITY_LABELS,
  type MaintenanceRequestCreateBody,
  type MaintenanceRequestCreateInput,
  ZId,
  ZMaintenanceRequestCreateBody,
} from '@rentora/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input, Select, Textarea } from '../../components/field';
import { emptyToNull, emptyToUndefined } from '../../components/form-values';
import { applyServerErrors } from '../../lib/form-errors';
import { useProperties } from '../properties/properties.api';
import { usePropertyUnits } from '../rental-units/rental-units.api';
import {
  MAINTENANCE_FALLBACKS,
  maintenanceApi,
  useAssignableUsers,
  useMaintenanceTypes,
  useRequestMutation,
} from './maintenance.api';

/** The create body, with "Choose a property" while none is chosen. */
const ZNewRequestForm = ZMaintenanceRequestCreateBody.extend({
  propertyId: z.string().min(1, 'Choose a property').pipe(ZId),
});

const EMPTY: MaintenanceRequestCreateInput = { title: '', description: '', type: '', propertyId: '' };

/** "New request" on the staff dashboard: type, property, unit, priority, optional assignee. */
export function NewRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const types = useMaintenanceTypes();
  const propertiesList = useProperties({ limit: 100 }, { enabled: open });
  const people = useAssignableUsers(open);
  const form = useForm<MaintenanceRequestCreateInput, unknown, MaintenanceRequestCreateBody>({
    resolver: zodResolver(ZNewRequestForm),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const propertyId = form.watch('propertyId');
  const units = usePropertyUnits(propertyId || undefined, { limit: 100 });
  const create = useRequestMutation(
    maintenanceApi.create,
    MAINTENANCE_FALLBACKS.createRequest,
    'Request created',
  );

  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await create.mutateAsync(body);
      form.reset(EMPTY);
      onClose();
      navigate(`/dashboard/maintenance/requests?request=${answer.data._id}`);
    } catch (error) {
      applyServerErrors(form.setError, error);
    }
  });

  const activeTypes = (types.data ?? []).filter((t) => t.isActive);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New maintenance request"
      description="The type decides the due date and who it is assigned to automatically."
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="new-maintenance-request" loading={create.isPending}>
            Create request
          </Button>
        </>
      }
    >
      <form id="new-maintenance-request" onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <Field label="Title" required error={errors.title?.message} className="sm:col-span-2">
          {(control) => <Input {...control} {...form.register('title')} maxLength={200} data-autofocus />}
        </Field>
        <Field label="Type" required error={errors.type?.message}>
          {(control) => (
            <Select {...control} {...form.register('type')}>
              <option value="">Choose…</option>
              {activeTypes.map((t) => (
                <option key={t._id} value={t.key}>
                  {t.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Priority" hint="Empty: the type's default" error={errors.priority?.message}>
          {(control) => (
            <Select {...control} {...form.register('priority', { setValueAs: emptyToUndefined })}>
              <option value="">Type default</option>
              {MAINTENANCE_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {MAINTENANCE_PRIORITY_LABELS[p]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Property" required error={errors.propertyId?.message}>
          {(control) => (
            <Select
              {...control}
              {...form.register('propertyId', { onChange: () => form.setValue('rentalUnitId', null) })}
            >
              <option value="">Choose…</option>
              {(propertiesList.data?.data ?? []).map((p) => (
                <option key={p._id} value={p._id}>
                  {p.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Unit" error={errors.rentalUnitId?.message}>
          {(control) => (
            <Select
              {...control}
              {...form.register('rentalUnitId', { setValueAs: emptyToNull })}
              disabled={!propertyId}
            >
              <option value="">Common area / whole property</option>
              {(units.data?.data ?? []).map((u) => (
                <option key={u._id} value={u._id}>
                  {u.unitNumber}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Assignee"
          hint="Empty: auto-assignment decides"
          error={errors.assigneeId?.message}
          className="sm:col-span-2"
        >
          {(control) => (
            <Select {...control} {...form.register('assigneeId', { setValueAs: emptyToUndefined })}>
              <option value="">Automatic</option>
              {(people.data ?? []).map((person) => (
                <option key={person._id} value={person._id}>
                  {person.name} ({person.role.replace(/_/g, ' ')})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Description" className="sm:col-span-2" error={errors.description?.message}>
          {(control) => <Textarea {...control} rows={4} {...form.register('description')} maxLength={5000} />}
        </Field>
      </form>
    </Dialog>
  );
}
