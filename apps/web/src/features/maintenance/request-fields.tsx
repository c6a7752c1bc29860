import { MAINTENANCE_PRIORITIES, MAINTENANCE_PRIORITY_LABELS } from '@rentora/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input, Select, Textarea } from '../../components/field';

type RequestFieldName = 'type' | 'title' | 'description';

export interface RequestFieldsProps {
  /** `form.register` of a form whose values hold `type`, `title` and `description`. */
  register: (name: RequestFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<RequestFieldName | 'priority', { message?: string }>>;
  types: readonly { _id: string; name: string; key: string }[];
  /** `form.register('priority')` to offer the urgency choice. */
  priority?: UseFormRegisterReturn;
  /** The public form's hints inside the title and details boxes. */
  placeholders?: boolean;
  detailsRows?: number;
  autoFocus?: boolean;
}

/** What a tenant or a visitor reports: the kind of problem, a short title, the urgency and the details. */
export function RequestFields({
  register,
  errors,
  types,
  priority,
  placeholders,
  detailsRows = 4,
  autoFocus,
}: RequestFieldsProps) {
  return (
    <>
      <Field label="What is it about?" required error={errors.type?.message}>
        {(control) => (
          <Select {...control} {...register('type')}>
            <option value="">Choose…</option>
            {types.map((t) => (
              <option key={t._id} value={t.key}>
                {t.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Short title" required error={errors.title?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('title')}
            maxLength={200}
            placeholder={placeholders ? 'e.g. Kitchen tap leaking' : undefined}
            data-autofocus={autoFocus || undefined}
          />
        )}
      </Field>
      {priority ? (
        <Field label="Urgency" error={errors.priority?.message}>
          {(control) => (
            <Select {...control} {...priority}>
              <option value="">Normal</option>
              {MAINTENANCE_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {MAINTENANCE_PRIORITY_LABELS[p]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <Field label="Details" error={errors.description?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={detailsRows}
            {...register('description')}
            maxLength={5000}
            placeholder={placeholders ? 'Where exactly, since when, anything we should know' : undefined}
          />
        )}
      </Field>
    </>
  );
}
