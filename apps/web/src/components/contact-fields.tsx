import type { ReactNode } from 'react';
import { Field, Input, type InputProps } from './field';

interface ContactFieldProps {
  /** The input's registration (`form.register(name, …)`) and any other input props. */
  input: InputProps;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** A labelled email box ("Email" unless told), filled from the browser's saved email. */
export function EmailField({ input, label = 'Email', ...field }: ContactFieldProps & { label?: string }) {
  return (
    <Field label={label} {...field}>
      {(control) => <Input {...control} type="email" autoComplete="email" {...input} />}
    </Field>
  );
}

/** A labelled "Phone" box, filled from the browser's saved phone number. */
export function PhoneField({ input, ...field }: ContactFieldProps) {
  return (
    <Field label="Phone" {...field}>
      {(control) => <Input {...control} type="tel" autoComplete="tel" {...input} />}
    </Field>
  );
}
