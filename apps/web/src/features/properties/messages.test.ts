import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { toasts } from '../../lib/toast-store';
import { INVENTORY_MESSAGES, toastError } from './messages';

afterEach(() => toasts.clear());

describe('toastError', () => {
  it("shows the server's error under the spec's fallback title", () => {
    toastError(
      new ApiError(409, 'CONFLICT', 'Unit A-101 already exists', {
        success: false,
        code: 'CONFLICT',
        error: 'Unit A-101 already exists',
      }),
      INVENTORY_MESSAGES.createProperty,
    );
    expect(toasts.list()).toMatchObject([
      { type: 'error', title: 'Failed to create property', message: 'Unit A-101 already exists' },
    ]);
  });

  it('falls back to the spec text when the server gives none', () => {
    toastError(
      new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server'),
      INVENTORY_MESSAGES.uploadImages,
    );
    toastError(new Error('boom'), INVENTORY_MESSAGES.deleteImage);
    expect(toasts.list().map((toast) => [toast.title, toast.message])).toEqual([
      ['Failed to upload images', undefined],
      ['Failed to delete image', undefined],
    ]);
  });

  it('leaves plan restrictions to the upgrade dialog and 5xx to the Server Error toast', () => {
    const body = {
      success: false as const,
      code: 'PLAN_LIMIT_REACHED' as const,
      error: 'Limit',
      limitType: 'properties' as const,
    };
    toastError(new ApiError(403, 'PLAN_LIMIT_REACHED', 'Limit', body), INVENTORY_MESSAGES.createProperty);
    toastError(new ApiError(500, 'INTERNAL_ERROR', 'Internal'), INVENTORY_MESSAGES.updateProperty);
    expect(toasts.list()).toEqual([]);
  });
});
