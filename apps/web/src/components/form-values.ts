/** `setValueAs` helpers for react-hook-form inputs whose schema field is optional or nullable. */

/** '' (or only spaces) → undefined: an optional text field left empty is not sent. */
export function emptyToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** '' → null: a nullable text field left empty clears the stored value. */
export function emptyToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/** A number input: '' → undefined, otherwise the number (NaN stays NaN so the schema reports it). */
export function numberOrUndefined(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  return typeof value === 'number' ? value : Number(value);
}

/** A number input of a nullable field: '' → null. */
export function numberOrNull(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Number(value);
}
