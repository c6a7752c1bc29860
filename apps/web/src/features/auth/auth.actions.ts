// The auth forms' requests (sign-in, registration, password reset, verification mail), without TanStack Query: the
// auth pages are public and their first load must not carry it (lib/query-runtime.ts). Same results as
// useMutation (`mutate`, `isPending`, `isError`, `error`, `data`), see lib/light-query.ts.
import type { LoginResult, MfaChallenge, UserDto } from '@rentora/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useAction } from '../../lib/light-query';
import { loadedQueryClient, loadQueryClient } from '../../lib/query-runtime';
import { session } from '../../lib/session';
import { authApi, authKeys } from './auth.endpoints';

type SessionAnswer = { token: string; refreshToken: string; user: UserDto };

function seedSession(queryClient: QueryClient, answer: SessionAnswer) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  queryClient.removeQueries({ queryKey: authKeys.permissionContext });
  queryClient.removeQueries({ queryKey: authKeys.myCompanies });
  session.setTokens(answer.token, answer.refreshToken);
  queryClient.setQueryData(authKeys.me, answer.user);
}

/**
 * Stores the tokens of a session answer and seeds the current user (login, register, reset, invitation). The user
 * lives in the query cache, so the query client loads first when it has not yet (the result is then a promise: the
 * session exists once it settles); when it is there, this happens at once.
 */
export function startSession(answer: SessionAnswer): void | Promise<void> {
  const queryClient = loadedQueryClient();
  if (queryClient) return seedSession(queryClient, answer);
  return loadQueryClient().then((client) => seedSession(client, answer));
}

/** A sign-in answer: tokens start the session; a two-factor challenge waits for the code step. */
function startSessionUnlessChallenged(answer: LoginResult): void | Promise<void> {
  if (!isChallenge(answer)) return startSession(answer);
}

/** The answer asks for the code step (no runtime import of the shared package: the auth pages stay light). */
export function isChallenge(answer: LoginResult): answer is MfaChallenge {
  return 'mfaRequired' in answer && answer.mfaRequired === true;
}

/** `startSession` as a hook, for the callers written against the former hook. */
export function useStartSession() {
  return startSession;
}

/** Loads the query client ahead of a sign-in (e.g. on the form's first input), so the answer does not wait for it. */
export function preloadSession() {
  loadQueryClient().catch(() => {});
}

export function useLogin() {
  return useAction(authApi.login, { onSuccess: startSessionUnlessChallenged });
}

/** The code step of sign-in (two-factor sign-in on). */
export function useLoginWithCode() {
  return useAction(authApi.loginWithCode, { onSuccess: startSession });
}

export function useRegister() {
  return useAction(authApi.register, { onSuccess: startSession });
}

export function useRegisterCompany() {
  return useAction(authApi.registerCompany, {
    onSuccess: async (result) => {
      if (result.token && result.refreshToken) {
        await startSession({ token: result.token, refreshToken: result.refreshToken, user: result.user });
        session.setCompanyId(result.company._id);
      }
    },
  });
}

export function useForgotPassword() {
  return useAction((email: string) => authApi.forgotPassword(email));
}

export function useResetPassword(token: string) {
  return useAction((password: string) => authApi.resetPassword(token, password), {
    onSuccess: startSessionUnlessChallenged,
  });
}

export function useResendVerification() {
  return useAction((email?: string) => authApi.resendVerification(email));
}
