import type { FormEvent } from 'react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FieldErrors, FieldName, FieldValues, Path, Resolver, ResolverResult } from 'react-hook-form';

// The public and auth forms (sign-in, registration, password reset, contact) with react-hook-form's behaviour that
// they use (register → uncontrolled inputs, validation by the resolver on submit, re-validation of a field on change
// once submitted, focus on the first invalid field) in ~1 KB instead of its ~14 KB gzip on the pages' first load.
// The resolver is still zodResolver over the shared schemas, loaded on the first input (lib/lazy-resolver.ts);
// react-hook-form comes with it, after the page has rendered. The forms of the signed-in areas use react-hook-form.

type Element = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface RegisterOptions {
  /** Maps the input's string value before validation (react-hook-form's `setValueAs`). */
  setValueAs?: (value: string) => unknown;
}

export interface LightFormOptions<T extends FieldValues, TOut> {
  resolver: Resolver<T, unknown, TOut>;
  defaultValues: T;
}

function getPath(source: unknown, path: string): unknown {
  let current = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `target` with `path` set to `value` (or removed when `value` is undefined). */
function withPath<O extends object>(target: O, path: string, value: unknown): O {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const copy = { ...target } as Record<string, unknown>;
  if (rest.length > 0) {
    const child = copy[key];
    copy[key] = withPath(child !== null && typeof child === 'object' ? child : {}, rest.join('.'), value);
  } else if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy as O;
}

export function useLightForm<T extends FieldValues, TOut = T>({
  resolver,
  defaultValues,
}: LightFormOptions<T, TOut>) {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const fields = useRef(new Map<string, { element: Element | null; options: RegisterOptions }>());
  const submitted = useRef(false);
  const defaults = useRef(defaultValues);

  const values = useCallback((): T => {
    let result = structuredClone(defaults.current);
    for (const [name, { element, options }] of fields.current) {
      if (!element) continue;
      result = withPath(result, name, options.setValueAs ? options.setValueAs(element.value) : element.value);
    }
    return result;
  }, []);

  const validate = useCallback(
    async (): Promise<ResolverResult<T, TOut>> =>
      resolver(values(), undefined, {
        fields: {},
        names: [...fields.current.keys()] as FieldName<T>[],
        shouldUseNativeValidation: false,
        criteriaMode: 'firstError',
      }),
    [resolver, values],
  );

  const register = useCallback(
    (name: Path<T>, options: RegisterOptions = {}) => ({
      name,
      defaultValue: getPath(defaults.current, name) as string | undefined,
      ref: (element: Element | null) => {
        fields.current.set(name, { element, options });
      },
      onChange: () => {
        if (!submitted.current) return;
        // Once submitted, a changed field is checked again (react-hook-form's reValidateMode 'onChange').
        void validate().then((result) =>
          setErrors((current) => withPath(current, name, getPath(result.errors, name))),
        );
      },
    }),
    [validate],
  );

  const handleSubmit = useCallback(
    (onValid: (values: TOut) => unknown) => async (event?: FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      const result = await validate();
      const invalid = [...fields.current].find(([name]) => getPath(result.errors, name) !== undefined);
      if (Object.keys(result.errors).length > 0) {
        setErrors(result.errors);
        invalid?.[1].element?.focus();
        return;
      }
      setErrors({});
      await onValid(result.values as TOut);
    },
    [validate],
  );

  return useMemo(() => ({ register, handleSubmit, formState: { errors } }), [register, handleSubmit, errors]);
}
