import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormError } from './field';

export interface LightFormFrameProps
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onInput' | 'onPointerDown' | 'noValidate'> {
  /** Loads the form's lazily loaded resolver; called on the first input or press. */
  preload: () => void;
  /** The form-level error shown above the fields. */
  error?: string | null;
  children: ReactNode;
}

/** The frame of a public or sign-in form (lib/light-form.ts): no native validation, the resolver fetched early. */
export function LightFormFrame({ preload, error, children, ...rest }: LightFormFrameProps) {
  return (
    <form onInput={preload} onPointerDown={preload} noValidate {...rest}>
      <FormError message={error} />
      {children}
    </form>
  );
}
