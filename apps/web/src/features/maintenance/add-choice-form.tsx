import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, type ButtonVariant } from '../../components/button';
import { Select } from '../../components/field';

export interface AddChoiceFormProps {
  /** The select's accessible name. */
  label: string;
  /** The empty first option ("Add a watcher…"). */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  /** The chosen value's rule, a field of the request's shared schema (`ZUserIdBody.shape.userId`). */
  rule: z.ZodType<string, string>;
  onAdd: (value: string, done: () => void) => void;
  children: ReactNode;
  icon?: ReactNode;
  variant?: ButtonVariant;
  loading?: boolean;
  className?: string;
  selectClassName?: string;
}

/** A select and its "Add" button: adds the chosen option, then empties the choice. */
export function AddChoiceForm({
  label,
  placeholder,
  options,
  rule,
  onAdd,
  children,
  icon,
  variant,
  loading,
  className,
  selectClassName,
}: AddChoiceFormProps) {
  const form = useForm<{ choice: string }>({
    resolver: zodResolver(z.object({ choice: rule })),
    defaultValues: { choice: '' },
  });
  const choice = form.watch('choice');
  return (
    <form
      className={className}
      noValidate
      onSubmit={form.handleSubmit(({ choice: value }) => onAdd(value, () => form.reset()))}
    >
      <Select aria-label={label} className={selectClassName} {...form.register('choice')}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <Button type="submit" variant={variant} icon={icon} disabled={!choice} loading={loading}>
        {children}
      </Button>
    </form>
  );
}
