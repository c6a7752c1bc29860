import { PROPERTY_TYPE_LABELS, PROPERTY_TYPES } from '@rentora/shared';
import { useFormContext } from 'react-hook-form';
import { Field, Input, Select, Textarea } from '../../../components/field';
import type { FormValues } from './property-form-values';

export function BasicsStep() {
  const {
    register,
    formState: { errors },
  } = useFormContext<FormValues>();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Property name" required error={errors.name?.message} className="sm:col-span-2">
        {(control) => (
          <Input {...control} {...register('name')} placeholder="e.g. Sunrise Residency" autoFocus />
        )}
      </Field>
      <Field label="Property type" required error={errors.propertyType?.message}>
        {(control) => (
          <Select {...control} {...register('propertyType')}>
            {PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {PROPERTY_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex items-end">
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600"
            {...register('isListed')}
          />
          <span>
            <span className="block text-sm font-medium text-slate-800">Show on the public listing</span>
            <span className="block text-xs text-slate-500">Once verified, with its available units.</span>
          </span>
        </label>
      </div>
      <Field
        label="Description"
        error={errors.description?.message}
        hint="What makes it a good place to live or work."
        className="sm:col-span-2"
      >
        {(control) => <Textarea {...control} {...register('description')} rows={4} />}
      </Field>
    </div>
  );
}
