import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLimitedCompanyUsers } from './company-users.api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useLimitedCompanyUsers (spec 02 §4, §9: active, at most 100, cached 5 minutes)', () => {
  it('reuses the answer for later pickers and asks again only when a refresh is forced', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () =>
        new Response(JSON.stringify({ success: true, data: [], cacheTtlMs: 300_000 }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );

    const first = renderHook(() => useLimitedCompanyUsers(), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^\/api\/company-users\/get-limited\?limit=100&_t=\d+$/);

    // Another picker opening within five minutes is served from the cache.
    const second = renderHook(() => useLimitedCompanyUsers(), { wrapper });
    expect(second.result.current.isSuccess).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(async () => {
      await second.result.current.refresh();
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
