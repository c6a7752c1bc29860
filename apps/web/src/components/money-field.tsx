import type { ReactNode } from 'react';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { Field } from './field';
import { MoneyInput } from './money-input';

type Money = number | null | undefined;

export interface MoneyFieldProps<T extends FieldValues, N extends FieldPathByValue<T, Money>> {
  name: N;
  /** The form's control; left out inside a FormProvider. */
  control?: Control<T>;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
  /** What an emptied field holds (undefined by default: left out, so the schema's default or rule applies). */
  empty?: number | null;
  /** Maps the field's validation message before it is shown. */
  formatError?: (message: string | undefined) => string | undefined;
  /** Called after each change, with the value the field now holds. */
  onValueChange?: (value: Money) => void;
}

/** A labelled money field of a react-hook-form form: typed in rupees, held in paise. */
export function MoneyField<T extends FieldValues, N extends FieldPathByValue<T, Money>>({
  name,
  control,
  label,
  required,
  hint,
  className,
  disabled,
  empty,
  formatError,
  onValueChange,
}: MoneyFieldProps<T, N>) {
  const { field, fieldState } = useController<T, N>({ name, control });
  const message = fieldState.error?.message;
  return (
    <Field
      label={label}
      required={required}
      hint={hint}
      className={className}
      error={formatError ? formatError(message) : message}
    >
      {(ctl) => (
        <MoneyInput
          {...ctl}
          ref={field.ref}
          value={field.value as Money}
          disabled={disabled}
          onBlur={field.onBlur}
          onChange={(minor) => {
            const value = minor ?? empty;
            field.onChange(value);
            onValueChange?.(value);
          }}
        />
      )}
    </Field>
  );
}
