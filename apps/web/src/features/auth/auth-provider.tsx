import type { AccessContext, UserDto } from '@rentora/shared';
import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useState,
} from 'react';
import { loadQueryClient, useLoadedQueryClient } from '../../lib/query-runtime';
import { session, useSession } from '../../lib/session';
import type { AuthValue } from './auth-value';

const AuthContext = createContext<AuthValue | null>(null);

export function roleHome(user: Pick<UserDto, 'role'> | null | undefined): string {
  return user?.role === 'tenant' ? '/tenant' : '/dashboard';
}

const NO_ACCESS: AccessContext = {
  role: null,
  subRole: null,
  companyRole: null,
  features: null,
  planFeatures: [],
};
const noop = () => {};

/** Before the auth engine reports: `token` null is a visitor, otherwise the session is loading. */
function pendingValue(token: string | null, refreshToken: string | null): AuthValue {
  return {
    isAuthenticated: false,
    isLoading: token !== null,
    token,
    refreshToken,
    user: null,
    currentCompanyUser: null,
    companies: [],
    currentCompany: null,
    permissionContext: null,
    accessContext: NO_ACCESS,
    loadError: null,
    retryLoad: noop,
    switchCompany: noop,
    logout: noop,
  };
}

type EngineProps = { onValue: (value: AuthValue) => void };

const AuthEngine = lazy<ComponentType<EngineProps>>(() =>
  import('./auth-engine').then(
    (module) => ({ default: module.AuthEngine }),
    // Offline or a new deploy: the session cannot load; RequireAuth offers a retry (a reload).
    (error: unknown) => ({
      default: ({ onValue }: EngineProps) => {
        useEffect(() => onValue(failedValue(error, () => window.location.reload())), [onValue]);
        return null;
      },
    }),
  ),
);

function failedValue(error: unknown, retry: () => void): AuthValue {
  const { token, refreshToken } = session.get();
  return {
    ...pendingValue(token, refreshToken),
    isLoading: false,
    loadError: error instanceof Error ? error : new Error(String(error)),
    retryLoad: retry,
  };
}

/**
 * Auth state (spec 01 §3 "Auth state", §4 session and current company). Lives inside the router. A visitor without a
 * session is answered here at once; with a session (or once anything loaded the query client) the auth engine
 * (auth-engine.tsx, TanStack Query) computes the value. A reported value is used only while it agrees with the session
 * on being signed in or not, so a sign-in or sign-out never shows the previous state for a render.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { token, refreshToken } = useSession();
  const queryClient = useLoadedQueryClient();
  const [reported, setReported] = useState<AuthValue | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the retry of a failed load) loads again
  useEffect(() => {
    if (!token) return;
    loadQueryClient().catch((error: unknown) => {
      console.warn('Failed to load the session', error);
      setReported(failedValue(error, () => setAttempt((count) => count + 1)));
    });
  }, [token, attempt]);
  const value =
    reported && (reported.token === null) === (token === null) ? reported : pendingValue(token, refreshToken);
  return (
    <AuthContext.Provider value={value}>
      {queryClient ? (
        <Suspense fallback={null}>
          <AuthEngine onValue={setReported} />
        </Suspense>
      ) : null}
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For tests and storybook-like previews: provide a fixed auth value. */
export const AuthContextProvider = AuthContext.Provider;
