import {
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_PRIORITY_LABELS,
  type MaintenancePriority,
} from '@rentora/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input, Select, Textarea } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { useProperties } from '../properties/properties.api';
import { usePropertyUnits } from '../rental-units/rental-units.api';
import {
  MAINTENANCE_FALLBACKS,
  maintenanceApi,
  useAssignableUsers,
  useMaintenanceTypes,
  useRequestMutation,
} from './maintenance.api';

/** "New request" on the staff dashboard: type, property, unit, priority, optional assignee. */
export function NewRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const types = useMaintenanceTypes();
  const propertiesList = useProperties({ limit: 100 }, { enabled: open });
  const people = useAssignableUsers(open);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState('');
  const [propertyId, setPropertyId] = useState('');
  const [rentalUnitId, setRentalUnitId] = useState('');
  const [priority, setPriority] = useState<MaintenancePriority | ''>('');
  const [assigneeId, setAssigneeId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const units = usePropertyUnits(propertyId || undefined, { limit: 100 });
  const create = useRequestMutation(
    maintenanceApi.create,
    MAINTENANCE_FALLBACKS.createRequest,
    'Request created',
  );

  function reset() {
    setTitle('');
    setDescription('');
    setType('');
    setPropertyId('');
    setRentalUnitId('');
    setPriority('');
    setAssigneeId('');
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = 'Required';
    if (!type) problems.type = 'Choose a maintenance type';
    if (!propertyId) problems.propertyId = 'Choose a property';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const answer = await create.mutateAsync({
        title: title.trim(),
        description: description.trim(),
        type,
        propertyId,
        rentalUnitId: rentalUnitId || null,
        priority: priority || undefined,
        assigneeId: assigneeId || undefined,
      });
      reset();
      onClose();
      navigate(`/dashboard/maintenance/requests?request=${answer.data._id}`);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(error.details.map((detail) => [detail.path, detail.message])));
      }
    }
  }

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
        <Field label="Title" required error={errors.title} className="sm:col-span-2">
          {(control) => (
            <Input
              {...control}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={200}
              data-autofocus
            />
          )}
        </Field>
        <Field label="Type" required error={errors.type}>
          {(control) => (
            <Select {...control} value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">Choose…</option>
              {activeTypes.map((t) => (
                <option key={t._id} value={t.key}>
                  {t.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Priority" hint="Empty: the type's default">
          {(control) => (
            <Select
              {...control}
              value={priority}
              onChange={(e) => setPriority(e.target.value as MaintenancePriority | '')}
            >
              <option value="">Type default</option>
              {MAINTENANCE_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {MAINTENANCE_PRIORITY_LABELS[p]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Property" required error={errors.propertyId}>
          {(control) => (
            <Select
              {...control}
              value={propertyId}
              onChange={(e) => {
                setPropertyId(e.target.value);
                setRentalUnitId('');
              }}
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
        <Field label="Unit" error={errors.rentalUnitId}>
          {(control) => (
            <Select
              {...control}
              value={rentalUnitId}
              onChange={(e) => setRentalUnitId(e.target.value)}
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
          error={errors.assigneeId}
          className="sm:col-span-2"
        >
          {(control) => (
            <Select {...control} value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)}>
              <option value="">Automatic</option>
              {(people.data ?? []).map((person) => (
                <option key={person._id} value={person._id}>
                  {person.name} ({person.role.replace(/_/g, ' ')})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Description" className="sm:col-span-2">
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={5000}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
