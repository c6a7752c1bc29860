import { type CompanyRole, ROLE_DEFAULT_FEATURES, type TenantCreateBody } from '@rentora/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '../auth/auth-provider';
import type { AuthValue } from '../auth/auth-value';
import { TenantCreatePage } from './tenant-create-page';

const UNIT_ID = '01900000-0000-7000-8000-000000000001';
const TENANT_ID = '01900000-0000-7000-8000-000000000002';
const create = vi.fn(async (_body: TenantCreateBody) => ({ data: { _id: TENANT_ID } }));

const useUnits = vi.fn(() => ({
  isPending: false,
  data: {
    data: [
      {
        _id: UNIT_ID,
        unitNumber: 'A-101',
        status: 'available',
        property: { name: 'Lakeview' },
        pricing: {
          rent: 2_500_000,
          currency: 'INR',
          securityDeposit: 5_000_000,
          maintenanceCharges: { included: false, amount: 150_000 },
        },
      },
    ],
  },
}));
vi.mock('../rental-units/rental-units.api', () => ({ useUnits: () => useUnits() }));
vi.mock('./tenants.api', () => ({
  TENANT_MESSAGES: { createTenant: 'Failed to add tenant', uploadDocument: 'Failed to upload document' },
  tenantKeys: { detail: (id: string) => ['tenants', 'detail', id] },
  uploadTenantDocument: vi.fn(),
  useCreateTenant: () => ({ mutateAsync: create, isPending: false, isError: false, error: null }),
}));

/** A signed-in member of a company with the role's default features. */
function memberOf(companyRole: CompanyRole): AuthValue {
  return {
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
      companyRole,
      features: ROLE_DEFAULT_FEATURES[companyRole],
      planFeatures: [],
    },
    loadError: null,
    retryLoad: () => undefined,
    switchCompany: () => undefined,
    logout: () => undefined,
  };
}

function renderPage(companyRole: CompanyRole) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContextProvider value={memberOf(companyRole)}>
        <MemoryRouter initialEntries={['/dashboard/tenants/new']}>
          <Routes>
            <Route path="/dashboard/tenants/new" element={<TenantCreatePage />} />
            <Route path="/dashboard/tenants/:id" element={<p>Tenant page</p>} />
          </Routes>
        </MemoryRouter>
      </AuthContextProvider>
    </QueryClientProvider>,
  );
}

describe('TenantCreatePage (shared ZTenantCreateBody)', () => {
  it('tells a reader of tenants who may not add one that they have no access, without listing units', () => {
    useUnits.mockClear();
    renderPage('accountant');
    expect(screen.getByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText('You do not have access to Tenants.')).toBeTruthy();
    expect(useUnits).not.toHaveBeenCalled();
  });

  it('checks each step before Next and sends the parsed body from the last step', async () => {
    const user = userEvent.setup();
    renderPage('manager');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Choose a unit');
    await user.selectOptions(screen.getByLabelText(/Rental unit/), UNIT_ID);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('Required')).length).toBe(2);
    await user.type(screen.getByLabelText(/Email/), ' Meera@Example.com ');
    await user.type(screen.getByLabelText(/First name/), 'Meera');
    await user.type(screen.getByLabelText(/Last name/), 'Iyer');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const dueDay = await screen.findByLabelText('Rent due day (1–28)');
    expect((screen.getByLabelText(/Monthly rent/) as HTMLInputElement).value).toBe('25000');
    await user.clear(dueDay);
    await user.type(dueDay, '40');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Use a day from 1 to 28')).toBeTruthy();
    await user.clear(dueDay);
    await user.type(dueDay, '7');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(/Meera Iyer → unit A-101/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add tenant' }));
    expect(await screen.findByText('Tenant page')).toBeTruthy();
    expect(create).toHaveBeenCalledTimes(1);
    const body = create.mock.calls[0]?.[0];
    expect(body).toMatchObject({
      rentalUnitId: UNIT_ID,
      userId: { email: 'meera@example.com', firstName: 'Meera', lastName: 'Iyer' },
      agreementDetails: {
        rentAmount: 2_500_000,
        maintenanceCharges: 150_000,
        securityDeposit: 5_000_000,
        rentDueDate: 7,
      },
      status: 'active',
    });
    expect(JSON.parse(JSON.stringify(body)).userId).not.toHaveProperty('phone');
  });
});
