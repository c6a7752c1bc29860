import type { CompanyDto } from '@rentora/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalApi, okList, startLocalApi } from '../../test/local-api';
import { authKeys } from '../auth/auth.api';
import { hasCompanyFilter, pageOfLoaded, useCompanyList } from './companies.api';

function company(index: number): CompanyDto {
  const at = new Date(Date.UTC(2026, 0, index + 1)).toISOString();
  return {
    _id: `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`,
    name: `Company ${index}`,
    slug: `company-${index}`,
    email: null,
    phone: null,
    website: null,
    description: null,
    logo: null,
    address: { line1: '', line2: '', city: '', state: '', postalCode: '', country: 'India' },
    timeZone: 'Asia/Kolkata',
    ownerId: null,
    plan: null,
    subscription: {
      status: 'active',
      billingCycle: 'monthly',
      currentPeriodStart: at,
      currentPeriodEnd: at,
      cancelAtPeriodEnd: false,
    },
    featuresList: [],
    limitations: { maxPropertiesPerCompany: 3, maxUsersPerCompany: 5, maxRentalUnitsPerProperty: 20 },
    usage: { properties: 0, users: 1, rentalUnits: 0 },
    isVerified: index % 2 === 0,
    verificationNotes: null,
    verifiedAt: null,
    isActive: true,
    createdAt: at,
    updatedAt: at,
  };
}

function setup(loaded?: CompanyDto[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (loaded) client.setQueryData(authKeys.myCompanies, loaded);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

let server: LocalApi | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('company list helpers', () => {
  it('pages an already loaded list with the shared pagination shape', () => {
    const list = Array.from({ length: 25 }, (_, index) => company(index));
    const page = pageOfLoaded(list, 3, 10);
    expect(page.data.map((entry) => entry.name)).toEqual(list.slice(20).map((entry) => entry.name));
    expect(page.pagination).toEqual({
      page: 3,
      limit: 10,
      totalCount: 25,
      totalPages: 3,
      hasNext: false,
      hasPrev: true,
    });
  });

  it('treats a blank search as no filter', () => {
    expect(hasCompanyFilter({ page: 1, limit: 10, search: '   ' })).toBe(false);
    expect(hasCompanyFilter({ page: 2, limit: 10 })).toBe(false);
    expect(hasCompanyFilter({ page: 1, limit: 10, search: 'sun' })).toBe(true);
    expect(hasCompanyFilter({ page: 1, limit: 10, isVerified: 'false' })).toBe(true);
  });
});

describe('useCompanyList (spec 02 §4: served from the loaded list when no filter is given)', () => {
  it('answers from the list the shell loaded without a request', async () => {
    server = await startLocalApi(() => okList([]));
    const { wrapper } = setup(Array.from({ length: 12 }, (_, index) => company(index)));
    const { result } = renderHook(() => useCompanyList({ page: 2, limit: 10 }), { wrapper });
    expect(result.current.isPending).toBe(false);
    expect(result.current.data?.data).toHaveLength(2);
    expect(result.current.data?.pagination.totalCount).toBe(12);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toEqual([]);
  });

  it('asks the server when a filter is given', async () => {
    server = await startLocalApi(() => okList([company(1)]));
    const { wrapper } = setup([company(0), company(1)]);
    const { result } = renderHook(() => useCompanyList({ page: 1, limit: 10, search: 'Company 1' }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.data?.data).toHaveLength(1));
    expect(server.requests).toHaveLength(1);
    const url = server.requests[0]?.url;
    expect(url).toMatch(/^\/api\/companies\?page=1&limit=10&search=Company%201&_t=\d+$/);
  });

  it('fetches nothing more while the shell’s list is still loading, then uses it', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server = await startLocalApi(async () => {
      await released;
      return okList([company(0), company(1), company(2)], 1, 100);
    });
    const api = server;
    const { wrapper } = setup();
    const { result } = renderHook(() => useCompanyList({ page: 1, limit: 10 }), { wrapper });
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.url).toMatch(/^\/api\/companies\?limit=100&_t=/);
    expect(result.current.isPending).toBe(true);
    release();
    await waitFor(() => expect(result.current.data?.data).toHaveLength(3));
    expect(api.requests).toHaveLength(1);
  });
});
