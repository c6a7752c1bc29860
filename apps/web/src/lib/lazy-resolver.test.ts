// @vitest-environment node
import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginBody } from '@rentora/shared';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false };

describe('lazyResolver', () => {
  it('validates exactly like the zodResolver it loads, loading it once', async () => {
    const load = vi.fn(() =>
      import('../features/auth/auth-resolvers').then((module) => module.loginResolver),
    );
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    const values = { email: 'not-an-email', password: '' };
    const lazy = await resolver(values, undefined, options);
    const direct = await zodResolver(ZLoginBody)(values, undefined, options);
    expect(lazy).toEqual(direct);
    expect(Object.keys(lazy.errors)).toEqual(expect.arrayContaining(['email', 'password']));

    const valid = await resolver({ email: 'a@b.co', password: 'Password123!' }, undefined, options);
    expect(valid).toEqual({ values: { email: 'a@b.co', password: 'Password123!' }, errors: {} });
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries a failed load on the next validation', async () => {
    const loginResolver = zodResolver(ZLoginBody);
    const load = vi
      .fn<() => Promise<typeof loginResolver>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(loginResolver);
    const resolver = lazyResolver(load);
    resolver.preload();
    await expect(resolver({ email: '', password: '' }, undefined, options)).rejects.toThrow(TypeError);
    const result = await resolver({ email: '', password: '' }, undefined, options);
    expect(Object.keys(result.errors)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
