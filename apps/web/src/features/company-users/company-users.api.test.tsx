import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalApi, startLocalApi } from '../../test/local-api';
import { useLimitedCompanyUsers } from './company-users.api';

let server: LocalApi | undefined;

afterEach(async () => {
  await server?.close();
});

describe('useLimitedCompanyUsers (spec 02 §4, §9: active, at most 100, cached 5 minutes)', () => {
  it('reuses the answer for later pickers and asks again only when a refresh is forced', async () => {
    server = await startLocalApi(() => ({ body: { success: true, data: [], cacheTtlMs: 300_000 } }));
    const { requests } = server;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );

    const first = renderHook(() => useLimitedCompanyUsers(), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toMatch(/^\/api\/company-users\/get-limited\?limit=100&_t=\d+$/);

    // Another picker opening within five minutes is served from the cache.
    const second = renderHook(() => useLimitedCompanyUsers(), { wrapper });
    expect(second.result.current.isSuccess).toBe(true);
    expect(requests).toHaveLength(1);

    await act(async () => {
      await second.result.current.refresh();
    });
    expect(requests).toHaveLength(2);
  });
});
