import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, apiErrorMessage } from './api-client';
import { isPlanRestriction } from './toast';

/**
 * The server's validation details onto the form's fields (`VALIDATION_ERROR` with `details: [{path, message}]`).
 * Returns the paths it set, empty when the error carried none (the caller then shows a toast or a form message).
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
): string[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return [];
  const paths: string[] = [];
  for (const detail of error.details) {
    if (!detail.path) continue;
    setError(detail.path as FieldPath<T>, { type: 'server', message: detail.message });
    paths.push(detail.path);
  }
  return paths;
}

/**
 * A failed form submission: the server's validation details go onto their fields; anything else (a conflict, a
 * refusal) comes back as one message for the form, or null when there is nothing to show (plan restrictions open the
 * upgrade dialog, 5xx already raised the "Server Error" toast).
 */
export function formErrorOf<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fallback: string,
): string | null {
  if (error instanceof ApiError && error.code === 'VALIDATION_ERROR' && error.details.length > 0) {
    applyServerErrors(setError, error);
    return error.details.some((detail) => !detail.path) ? apiErrorMessage(error, fallback) : null;
  }
  if (isPlanRestriction(error) || (error instanceof ApiError && error.status >= 500)) return null;
  return apiErrorMessage(error, fallback);
}

/**
 * A failed save of the unit, tenancy and template forms: the server's validation details go onto their fields (each
 * path through `fieldPath`) and null comes back; any other refusal (4xx) comes back as its message for the form; plan
 * restrictions (the upgrade dialog), 5xx (the "Server Error" toast) and failures without an answer give null.
 */
export function refusalMessage<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldPath: (path: string) => string = (path) => path,
): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'VALIDATION_ERROR' && error.details.length > 0) {
    for (const detail of error.details)
      setError(fieldPath(detail.path) as FieldPath<T>, { type: 'server', message: detail.message });
    return null;
  }
  return !isPlanRestriction(error) && error.status < 500 ? error.message : null;
}
