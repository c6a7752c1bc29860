// The signed-in half of the auth state: the current user, companies and permission context through TanStack Query.
// Loaded with the query client (lib/query-runtime.ts), so that the public pages' first load carries neither.
import { type AccessContext, AUTH_FALLBACK_MESSAGES, TIMINGS } from '@rentora/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { setDisplayTimeZone } from '../../lib/format';
import { session, useSession } from '../../lib/session';
import { authApi, authKeys } from './auth.endpoints';
import type { AuthValue } from './auth-value';

function isSessionRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Auth state (spec 01 §3 "Auth state", §4 session and current company) from the session and TanStack Query. Rendered by
 * AuthProvider (inside the router) once the query client has loaded; reports every new value before the browser paints.
 */
export const AuthEngine = memo(function AuthEngine({ onValue }: { onValue: (value: AuthValue) => void }) {
  const { token, refreshToken, companyId } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const switchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const meQuery = useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => authApi.me(signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: TIMINGS.permissionCacheMs,
  });
  const user = token ? (meQuery.data ?? null) : null;

  // A failed current-user fetch clears the session (spec 01 §4); a network blip does not.
  useEffect(() => {
    if (token && meQuery.isError && isSessionRejection(meQuery.error)) {
      console.warn(AUTH_FALLBACK_MESSAGES.me, meQuery.error);
      session.clear();
      queryClient.removeQueries({ queryKey: authKeys.all });
    }
  }, [token, meQuery.isError, meQuery.error, queryClient]);

  const isStaff = Boolean(user && user.role !== 'tenant');
  const companiesQuery = useQuery({
    queryKey: authKeys.myCompanies,
    queryFn: ({ signal }) => authApi.myCompanies(signal),
    enabled: isStaff,
    staleTime: TIMINGS.permissionCacheMs,
  });
  const companies = useMemo(
    () => (isStaff ? (companiesQuery.data ?? []) : []),
    [isStaff, companiesQuery.data],
  );
  // The stored company when it is still ours; otherwise the first company, preferring one the user owns.
  const currentCompany =
    companies.find((company) => company._id === companyId) ??
    companies.find((company) => company.ownerId === user?._id) ??
    companies[0] ??
    null;

  // Dates and times are written in the current company's zone.
  useEffect(() => setDisplayTimeZone(currentCompany?.timeZone), [currentCompany?.timeZone]);

  // Restore the stored company when it is still one of ours, otherwise take the first (spec 01 §4).
  useEffect(() => {
    if (!isStaff || !companiesQuery.isSuccess) return;
    const resolved = currentCompany?._id ?? null;
    if (resolved !== companyId) session.setCompanyId(resolved);
  }, [isStaff, companiesQuery.isSuccess, currentCompany, companyId]);

  const companyResolved = companiesQuery.isSuccess && (currentCompany?._id ?? null) === companyId;
  const contextQuery = useQuery({
    queryKey: authKeys.permissionContext,
    queryFn: ({ signal }) => authApi.permissionContext(session.get().companyId, signal),
    enabled: isStaff && companyResolved,
    staleTime: TIMINGS.permissionCacheMs,
    retry: false,
  });
  useEffect(() => {
    if (contextQuery.isError) console.warn(AUTH_FALLBACK_MESSAGES.permissionContext, contextQuery.error);
  }, [contextQuery.isError, contextQuery.error]);
  useEffect(() => {
    if (companiesQuery.isError) console.warn('Failed to load companies', companiesQuery.error);
  }, [companiesQuery.isError, companiesQuery.error]);

  const permissionContext = isStaff ? (contextQuery.data ?? null) : null;
  const currentCompanyUser = permissionContext?.companyUser ?? null;

  const accessContext = useMemo<AccessContext>(
    () => ({
      role: user?.role ?? null,
      subRole: user?.subRole ?? null,
      companyRole: currentCompanyUser?.role ?? null,
      features: permissionContext
        ? (currentCompanyUser?.featurePermissions ?? permissionContext.permissions)
        : null,
      planFeatures: permissionContext?.featuresList ?? [],
    }),
    [user, currentCompanyUser, permissionContext],
  );

  const isLoading = Boolean(
    token &&
      ((!user && !meQuery.isError) ||
        (isStaff &&
          (companiesQuery.isPending ||
            (companiesQuery.isSuccess && !companyResolved) ||
            (companyResolved && contextQuery.isPending && contextQuery.fetchStatus !== 'idle')))),
  );

  const loadError = token && meQuery.isError && !isSessionRejection(meQuery.error) ? meQuery.error : null;
  const refetchMe = meQuery.refetch;
  const retryLoad = useCallback(() => void refetchMe(), [refetchMe]);

  const switchCompany = useCallback(
    (nextCompanyId: string) => {
      if (nextCompanyId === session.get().companyId) return;
      session.setCompanyId(nextCompanyId);
      // Company-scoped data of the previous company must not leak into the next one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      navigate('/dashboard');
      if (switchTimer.current) clearTimeout(switchTimer.current);
      switchTimer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: authKeys.permissionContext });
      }, TIMINGS.permissionReloadMs);
    },
    [navigate, queryClient],
  );

  const [signedOut, setSignedOut] = useState(false);
  useEffect(() => {
    if (token) setSignedOut(false);
  }, [token]);

  const logout = useCallback(() => {
    setSignedOut(true);
    // Fire and forget: the request is built (with the token) before the session is cleared.
    authApi.logout(session.get().refreshToken).catch((error: unknown) => {
      console.warn(AUTH_FALLBACK_MESSAGES.logout, error);
    });
    // Leave the protected area first: clearing the session while still on it would redirect to /auth/login.
    navigate('/', { replace: true });
    setTimeout(() => {
      session.clear();
      queryClient.clear();
    }, 0);
  }, [navigate, queryClient]);

  useEffect(
    () => () => {
      if (switchTimer.current) clearTimeout(switchTimer.current);
    },
    [],
  );

  const value = useMemo<AuthValue>(
    () => ({
      isAuthenticated: Boolean(token && user),
      isLoading,
      token,
      refreshToken,
      user,
      currentCompanyUser,
      companies,
      currentCompany,
      permissionContext,
      accessContext,
      loadError,
      retryLoad,
      switchCompany,
      logout,
      signedOut,
    }),
    [
      token,
      refreshToken,
      user,
      isLoading,
      currentCompanyUser,
      companies,
      currentCompany,
      permissionContext,
      accessContext,
      loadError,
      retryLoad,
      switchCompany,
      logout,
      signedOut,
    ],
  );

  useLayoutEffect(() => onValue(value), [onValue, value]);
  return null;
});
