import { ApiError, apiErrorMessage } from './api-client';
import { type ToastInput, toasts } from './toast-store';

/** Plan restrictions open the upgrade dialog (the API client does it); no toast on top of it. */
export function isPlanRestriction(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'PLAN_LIMIT_REACHED' || error.code === 'FEATURE_NOT_IN_PLAN')
  );
}

/**
 * The app's one toast API, usable from components and plain code alike:
 * `toast.success('Saved')`, `toast.apiError(error, 'Failed to save')`.
 */
export const toast = {
  show: (input: ToastInput): string => toasts.show(input),
  dismiss: (id: string): void => toasts.dismiss(id),
  success: (title: string, message?: string): string => toasts.show({ type: 'success', title, message }),
  error: (title: string, message?: string): string => toasts.show({ type: 'error', title, message }),
  warning: (title: string, message?: string): string => toasts.show({ type: 'warning', title, message }),
  info: (title: string, message?: string): string => toasts.show({ type: 'info', title, message }),
  /**
   * The error toast of a failed action: the server's `error` under the fallback title when it differs, else the
   * fallback alone. Skipped for plan restrictions (upgrade dialog) and 5xx (the client already raised "Server Error").
   */
  apiError(error: unknown, fallback: string): void {
    if (isPlanRestriction(error)) return;
    if (error instanceof ApiError && error.status >= 500) return;
    const message = apiErrorMessage(error, fallback);
    toasts.show({ type: 'error', title: fallback, message: message === fallback ? undefined : message });
  },
};
