import { ROLE_DEFAULT_FEATURES } from '@rentora/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { upgradeStore } from '../../lib/upgrade-store';
import { type LocalApi, startLocalApi } from '../../test/local-api';
import { AuthContextProvider } from '../auth/auth-provider';
import type { AuthValue } from '../auth/auth-value';
import { PermissionEditor } from './permission-editor';

const MEMBER_ID = '00000000-0000-7000-8000-000000000001';
/** A plan without analytics export and platform administration (like Professional). */
const PLAN = ROLE_DEFAULT_FEATURES.owner.filter((feature) => feature !== 'analytics_export');

function auth(overrides: Partial<AuthValue['accessContext']> = {}): AuthValue {
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
      companyRole: 'owner',
      features: ROLE_DEFAULT_FEATURES.owner,
      planFeatures: PLAN,
      ...overrides,
    },
    loadError: null,
    retryLoad: () => undefined,
    switchCompany: () => undefined,
    logout: () => undefined,
  };
}

function renderEditor(value: AuthValue, featurePermissions: readonly string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContextProvider value={value}>
        <PermissionEditor
          memberId={MEMBER_ID}
          memberRole="manager"
          featurePermissions={featurePermissions}
          editable
        />
      </AuthContextProvider>
    </QueryClientProvider>,
  );
}

let server: LocalApi | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  act(() => upgradeStore.close());
});

// Rendering the whole catalogue is slow on a busy machine.
describe('PermissionEditor', { timeout: 20_000 }, () => {
  it('groups the catalogue in the eight categories with names and descriptions', () => {
    renderEditor(auth(), ROLE_DEFAULT_FEATURES.manager);
    for (const category of [
      'Property Management',
      'Tenant Management',
      'Financial Management',
      'Maintenance',
      'Company Management',
      'Analytics & Reports',
      'System Administration',
      'Notifications & Communications',
    ]) {
      expect(screen.getByText(category)).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: 'View Properties' })).toHaveProperty('checked', true);
    expect(screen.getByText('Assign maintenance requests to staff')).toBeTruthy();
  });

  it('offers only plan features; a locked one says "Upgrade required" and opens the upgrade dialog', async () => {
    renderEditor(auth(), ROLE_DEFAULT_FEATURES.manager);
    expect(screen.getByRole('checkbox', { name: 'Export Analytics' })).toHaveProperty('disabled', true);
    const hints = screen.getAllByRole('button', { name: 'Upgrade required' });
    // analytics_export and the four admin_* features are outside the plan.
    expect(hints).toHaveLength(5);
    await userEvent.click(hints[0]!);
    expect(upgradeStore.get()).toEqual({ limitType: 'feature', feature: 'analytics_export' });
  });

  it('does not let a member grant what they do not hold, but lets them take it away', () => {
    renderEditor(auth({ companyRole: 'manager', features: ROLE_DEFAULT_FEATURES.manager }), [
      'properties_read',
      'payments_write',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Delete Properties' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Create Payments' })).toHaveProperty('disabled', false);
  });

  it('saves the selection without features outside the plan', async () => {
    server = await startLocalApi(() => ({
      body: { success: true, data: { _id: MEMBER_ID }, message: 'Permissions updated' },
    }));
    const { requests } = server;
    renderEditor(auth(), ['properties_read', 'analytics_export']);
    expect(screen.getByRole('status').textContent).toContain('not in the company’s plan');
    await userEvent.click(screen.getByRole('checkbox', { name: 'View Tenants' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const [request] = requests;
    expect(request?.url).toBe(`/api/company-users/${MEMBER_ID}/permissions`);
    expect(request?.method).toBe('PUT');
    expect(JSON.parse(request?.body ?? '')).toEqual({ permissions: ['properties_read', 'tenants_read'] });
  });
});
