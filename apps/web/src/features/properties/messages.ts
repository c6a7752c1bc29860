import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { toasts } from '../../lib/toast-store';

/** The fallback texts of spec 02 §8 for properties, units, templates and images. */
export const INVENTORY_MESSAGES = {
  fetchProperties: 'Failed to fetch properties',
  fetchProperty: 'Failed to fetch property',
  createProperty: 'Failed to create property',
  updateProperty: 'Failed to update property',
  deleteProperty: 'Failed to delete property',
  searchProperties: 'Failed to search properties',
  fetchUserProperties: 'Failed to fetch user properties',
  fetchTemplates: 'Failed to fetch templates',
  fetchUnits: 'Failed to fetch units',
  uploadImages: 'Failed to upload images',
  deleteImage: 'Failed to delete image',
} as const;

/** Plan restrictions open the upgrade dialog (the API client does it); no toast on top of it. */
export function isPlanRestriction(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'PLAN_LIMIT_REACHED' || error.code === 'FEATURE_NOT_IN_PLAN')
  );
}

/**
 * The error toast of a failed action: the server's `error` when present, else the fallback.
 * Skipped for plan restrictions (upgrade dialog) and 5xx (the client already raised "Server Error").
 */
export function toastError(error: unknown, fallback: string): void {
  if (isPlanRestriction(error)) return;
  if (error instanceof ApiError && error.status >= 500) return;
  const message = apiErrorMessage(error, fallback);
  toasts.show({ type: 'error', title: fallback, message: message === fallback ? undefined : message });
}

export function toastSuccess(title: string, message?: string): void {
  toasts.show({ type: 'success', title, message });
}
