import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, apiErrorMessage } from './api-client';
import { isPlanRestriction } from './toast';

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
    for (const detail of error.details) {
      if (detail.path) setError(detail.path as Path<T>, { type: 'server', message: detail.message });
    }
    return error.details.some((detail) => !detail.path) ? apiErrorMessage(error, fallback) : null;
  }
  if (isPlanRestriction(error) || (error instanceof ApiError && error.status >= 500)) return null;
  return apiErrorMessage(error, fallback);
}
