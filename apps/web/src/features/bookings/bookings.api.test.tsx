import { DEFAULT_AGREEMENT_TEMPLATE } from '@rentora/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalApi, okList, startLocalApi } from '../../test/local-api';
import { bookingKeys, useBookings, useSaveAgreementTemplate } from './bookings.api';

let server: LocalApi | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('useBookings', () => {
  it('sends the chosen status chips as status[] and the other filters as the list query', async () => {
    server = await startLocalApi(() => okList([]));
    const { wrapper } = setup();
    const propertyId = '01900000-0000-7000-8000-000000000001';
    const { result } = renderHook(
      () =>
        useBookings({
          page: 2,
          scope: 'company',
          status: ['cancelled', 'expired'],
          propertyId,
          search: 'meera',
          from: '2026-01-01',
          to: '',
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const url = new URL(server.requests[0]!.url, 'http://local');
    expect(url.pathname).toBe('/api/bookings');
    expect(url.searchParams.getAll('status[]')).toEqual(['cancelled', 'expired']);
    expect(url.searchParams.get('propertyId')).toBe(propertyId);
    expect(url.searchParams.get('search')).toBe('meera');
    expect(url.searchParams.get('from')).toBe('2026-01-01');
    expect(url.searchParams.has('to')).toBe(false);
    expect(url.searchParams.get('page')).toBe('2');
  });

  it('sends no status at all when no chip is chosen', async () => {
    server = await startLocalApi(() => okList([]));
    const { wrapper } = setup();
    const { result } = renderHook(() => useBookings({ page: 1, scope: 'own', status: [] }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(server.requests[0]!.url).not.toMatch(/status/);
  });
});

describe('useSaveAgreementTemplate', () => {
  it('PUTs the whole template and keeps the answer as the cached template', async () => {
    const saved = { ...DEFAULT_AGREEMENT_TEMPLATE, isDefault: false, updatedAt: '2026-11-23T10:00:00.000Z' };
    server = await startLocalApi(() => ({
      body: { success: true, data: saved, message: 'Agreement template saved' },
    }));
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useSaveAgreementTemplate(), { wrapper });
    await act(() => result.current.mutateAsync(DEFAULT_AGREEMENT_TEMPLATE));
    expect(server.requests[0]).toMatchObject({ method: 'PUT', url: '/api/bookings/agreement-template' });
    expect(JSON.parse(server.requests[0]!.body)).toEqual(DEFAULT_AGREEMENT_TEMPLATE);
    expect(client.getQueryData(bookingKeys.agreementTemplate)).toEqual(saved);
  });
});
