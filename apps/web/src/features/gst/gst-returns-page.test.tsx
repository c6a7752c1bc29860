import { ROLE_DEFAULT_FEATURES } from '@rentora/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalApi, type LocalHandler, startLocalApi } from '../../test/local-api';
import { AuthContextProvider } from '../auth/auth-provider';
import type { AuthValue } from '../auth/auth-value';
import { GstReturnsPage } from './gst-returns-page';

const accountant: AuthValue = {
  isAuthenticated: true,
  isLoading: false,
  token: 't',
  refreshToken: 'r',
  user: null,
  currentCompanyUser: null,
  companies: [],
  currentCompany: null,
  permissionContext: null,
  accessContext: {
    role: 'user',
    companyRole: 'accountant',
    features: ROLE_DEFAULT_FEATURES.accountant,
    planFeatures: [],
  },
  loadError: null,
  retryLoad: () => undefined,
  switchCompany: () => undefined,
  logout: () => undefined,
};

let server: LocalApi | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function renderPage(handler: LocalHandler): Promise<LocalApi> {
  server = await startLocalApi(handler);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContextProvider value={accountant}>
        <MemoryRouter initialEntries={['/dashboard/payments/gst-returns?period=2026-11']}>
          <GstReturnsPage />
        </MemoryRouter>
      </AuthContextProvider>
    </QueryClientProvider>,
  );
  return server;
}

const paths = (api: LocalApi) => api.requests.map((request) => request.url.split('?')[0]);

describe('GstReturnsPage', { timeout: 20_000 }, () => {
  it('says a company without a GSTIN files no GSTR-1, without asking for one (the API answers 409)', async () => {
    const api = await renderPage(() => ({ body: { success: true, data: { gstin: null } } }));
    expect(
      await screen.findByRole('heading', { name: 'Not registered for GST' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(paths(api)).toEqual(['/api/tax-settings']);
    // Editing tax settings needs company_update, which the accountant lacks: no link to a page they cannot open.
    expect(screen.queryByRole('link', { name: 'Tax settings' })).toBeNull();
  });

  it("asks for the month's GSTR-1 once the company has a GSTIN", async () => {
    const api = await renderPage((request) =>
      request.url.startsWith('/api/tax-settings')
        ? { body: { success: true, data: { gstin: '29ABCDE1234F1Z5' } } }
        : {
            body: {
              success: true,
              data: {
                gstin: '29ABCDE1234F1Z5',
                financialYear: '2026-27',
                totals: { invoices: 0, creditNotes: 0 },
              },
            },
          },
    );
    expect(
      await screen.findByRole('heading', { name: 'Nothing issued this month' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(paths(api)).toEqual(['/api/tax-settings', '/api/gst/gstr1']);
    expect(api.requests[1]?.url).toContain('period=2026-11');
  });
});
