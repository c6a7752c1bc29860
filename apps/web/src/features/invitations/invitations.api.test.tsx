import type { InvitationDto } from '@rentora/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LocalApi, okList, startLocalApi } from '../../test/local-api';
import { useCompanyInvitations } from './invitations.api';

const A = { _id: '00000000-0000-7000-8000-00000000000a', name: 'Alpha Homes' };
const B = { _id: '00000000-0000-7000-8000-00000000000b', name: 'Beta Estates' };

function invitation(companyId: string, email: string): InvitationDto {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    _id: `${companyId.slice(0, -1)}9`,
    companyId,
    email,
    firstName: null,
    lastName: null,
    role: 'manager',
    designation: null,
    department: null,
    status: 'pending',
    expiresAt: at,
    invitedBy: null,
    respondedAt: null,
    sentCount: 1,
    lastSentAt: at,
    createdAt: at,
    updatedAt: at,
  };
}

let server: LocalApi | undefined;

afterEach(async () => {
  await server?.close();
  vi.restoreAllMocks();
});

describe('useCompanyInvitations (spec 02 §4)', () => {
  it('shows the invitations of the companies that loaded and only logs the one that failed', async () => {
    server = await startLocalApi(({ url }) =>
      url.includes(A._id)
        ? okList([invitation(A._id, 'ana@example.test')], 1, 100)
        : {
            status: 403,
            body: { success: false, error: 'Missing permissions: users_read', code: 'FORBIDDEN' },
          },
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const companies = [A, B];
    const { result } = renderHook(() => useCompanyInvitations(companies), { wrapper });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.invitations.map((entry) => [entry.email, entry.companyName])).toEqual([
      ['ana@example.test', 'Alpha Homes'],
    ]);
    expect(result.current.failedCompanies).toEqual(['Beta Estates']);
    expect(warn).toHaveBeenCalledWith('Missing permissions: users_read (Beta Estates)');
  });
});
