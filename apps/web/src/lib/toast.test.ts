import { afterEach, describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES } from '../features/properties/messages';
import { ApiError } from './api-client';
import { toast } from './toast';
import { toasts } from './toast-store';

afterEach(() => toasts.clear());

describe('toast.apiError', () => {
  it("shows the server's error under the spec's fallback title", () => {
    toast.apiError(
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
    toast.apiError(
      new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server'),
      INVENTORY_MESSAGES.uploadImages,
    );
    toast.apiError(new Error('boom'), INVENTORY_MESSAGES.deleteImage);
    expect(toasts.list().map((item) => [item.title, item.message])).toEqual([
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
    toast.apiError(new ApiError(403, 'PLAN_LIMIT_REACHED', 'Limit', body), INVENTORY_MESSAGES.createProperty);
    toast.apiError(new ApiError(500, 'INTERNAL_ERROR', 'Internal'), INVENTORY_MESSAGES.updateProperty);
    expect(toasts.list()).toEqual([]);
  });
});
