import type {
  AcceptInvitationResult,
  CompanyDto,
  InvitationCreateBody,
  InvitationDto,
  PublicInvitationDto,
  RegisterBody,
} from '@rentora/shared';
import { COMPANY_USER_FALLBACK_MESSAGES, PAGE_SIZES } from '@rentora/shared';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type ApiList, type ApiOk, api, apiErrorMessage } from '../../lib/api-client';
import { session } from '../../lib/session';
import { authKeys, useStartSession } from '../auth/auth.api';
import { companyUserKeys } from '../company-users/company-users.api';

export const INVITATION_ACTION_MESSAGES = {
  invite: 'Failed to send invitation',
  resend: 'Failed to resend invitation',
  cancel: 'Failed to cancel invitation',
  get: 'Failed to load the invitation',
  accept: 'Failed to accept the invitation',
  decline: 'Failed to decline the invitation',
} as const;

export const invitationKeys = {
  all: ['invitations'] as const,
  company: (companyId: string) => ['invitations', 'company', companyId, 'pending'] as const,
  token: (token: string) => ['invitations', 'token', token] as const,
};

export interface CompanyInvitation extends InvitationDto {
  companyName: string;
}

export interface CompanyInvitationsResult {
  invitations: CompanyInvitation[];
  isPending: boolean;
  isFetching: boolean;
  /** Companies whose invitations could not be loaded (already logged; the rest are shown). */
  failedCompanies: string[];
  refetch: () => void;
}

/**
 * Pending invitations of several companies, one request each (GET /invitations/companies/:id/invitations).
 * A company whose invitations fail to load is only logged; the others are still shown (spec 02 §4).
 */
export function useCompanyInvitations(
  companies: readonly Pick<CompanyDto, '_id' | 'name'>[],
  enabled = true,
): CompanyInvitationsResult {
  const results = useQueries({
    queries: companies.map((company) => ({
      queryKey: invitationKeys.company(company._id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api
          .get<ApiList<InvitationDto>>(`/invitations/companies/${company._id}/invitations`, {
            query: { status: 'pending', limit: PAGE_SIZES.max },
            signal,
          })
          .then((answer) => answer.data),
      enabled,
    })),
  });

  const failures = results
    .map((result, index) => (result.isError ? { company: companies[index], error: result.error } : null))
    .filter((entry) => entry !== null);
  const failureKey = failures.map((entry) => entry.company?._id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: log each new set of failures once
  useEffect(() => {
    for (const failure of failures) {
      console.warn(
        `${apiErrorMessage(failure.error, COMPANY_USER_FALLBACK_MESSAGES.invitations)} (${failure.company?.name ?? 'company'})`,
      );
    }
  }, [failureKey]);

  const dataKey = results.map((result) => result.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recombine only when some company's data changed
  const invitations = useMemo(
    () =>
      results
        .flatMap((result, index) =>
          (result.data ?? []).map((invitation) => ({
            ...invitation,
            companyName: companies[index]?.name ?? '',
          })),
        )
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [dataKey, companies],
  );

  return {
    invitations,
    isPending: enabled && results.some((result) => result.isPending),
    isFetching: results.some((result) => result.isFetching),
    failedCompanies: failures.map((entry) => entry.company?.name ?? ''),
    refetch: () => {
      for (const result of results) void result.refetch();
    },
  };
}

function useInvitationMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invitationKeys.all });
      // Pending invitations hold seats: the stats change too.
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all });
    },
  });
}

/** POST /invitations/invite (companyId defaults to the current company). */
export function useInviteUser() {
  return useInvitationMutation((body: InvitationCreateBody) =>
    api.post<ApiOk<InvitationDto>>('/invitations/invite', body),
  );
}

/** POST /invitations/:id/resend — acts in the current company. */
export function useResendInvitation() {
  return useInvitationMutation((id: string) => api.post<ApiOk<InvitationDto>>(`/invitations/${id}/resend`));
}

/** POST /invitations/:id/cancel — acts in the current company. */
export function useCancelInvitation() {
  return useInvitationMutation((id: string) => api.post<ApiOk<InvitationDto>>(`/invitations/${id}/cancel`));
}

/** GET /invitations/:token — public. */
export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: invitationKeys.token(token),
    queryFn: ({ signal }) =>
      api.getData<PublicInvitationDto>(`/invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    enabled: token.length > 0,
  });
}

export type AcceptInvitationInput = Omit<RegisterBody, 'email'> | undefined;

/**
 * POST /invitations/:token/accept. A new account comes back signed in (tokens); either way the invited
 * company becomes the current one and the shell reloads the companies and the permission context.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: AcceptInvitationInput) =>
      api.post<ApiOk<AcceptInvitationResult>>(`/invitations/${encodeURIComponent(token)}/accept`, body ?? {}),
    onSuccess: (answer) => {
      const result = answer.data;
      if (result.token && result.refreshToken) {
        startSession({ token: result.token, refreshToken: result.refreshToken, user: result.user });
      } else {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
        void queryClient.invalidateQueries({ queryKey: authKeys.all });
      }
      session.setCompanyId(result.company._id);
    },
  });
}

/** POST /invitations/:token/decline — public. */
export function useDeclineInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ApiOk<null>>(`/invitations/${encodeURIComponent(token)}/decline`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.token(token) }),
  });
}
