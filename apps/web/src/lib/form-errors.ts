import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

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
