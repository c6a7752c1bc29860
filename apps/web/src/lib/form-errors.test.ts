import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { refusalMessage } from './form-errors';

const body = (details: { path: string; message: string }[]) => ({
  success: false as const,
  error: 'Invalid input',
  code: 'VALIDATION_ERROR' as const,
  details,
});

describe('refusalMessage', () => {
  it('puts validation details onto their fields (through the path map) and leaves the form message empty', () => {
    const setError = vi.fn();
    const error = new ApiError(
      400,
      'VALIDATION_ERROR',
      'Invalid input',
      body([{ path: 'userId.email', message: 'Bad' }]),
    );
    expect(refusalMessage(error, setError, (path) => path.replace(/^userId\./, ''))).toBeNull();
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Bad' });
  });

  it('gives a 4xx refusal its message, and nothing for plan restrictions, 5xx or other failures', () => {
    const setError = vi.fn();
    expect(refusalMessage(new ApiError(409, 'CONFLICT', 'Unit number taken'), setError)).toBe(
      'Unit number taken',
    );
    expect(refusalMessage(new ApiError(403, 'PLAN_LIMIT_REACHED', 'Limit'), setError)).toBeNull();
    expect(refusalMessage(new ApiError(500, 'INTERNAL', 'Boom'), setError)).toBeNull();
    expect(refusalMessage(new Error('offline'), setError)).toBeNull();
    expect(setError).not.toHaveBeenCalled();
  });
});
