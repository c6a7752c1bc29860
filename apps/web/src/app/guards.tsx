import { type ReactNode, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '../components/empty-state';
import { FullScreenSpinner } from '../components/spinner';
import { useAuth } from '../features/auth/auth-provider';

export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where a sign-in should return to: the attempted location passed by the guard, if any. */
export function fromLocation(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname.startsWith('/auth')) return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Signed-in users only; others go to /auth/login with the attempted location (spec 01 §4). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.isLoading) return <FullScreenSpinner />;
  if (auth.loadError) {
    return (
      <div className="flex min-h-screen items-center justify-center p-6">
        <ErrorState
          title="We couldn't load your account"
          message="Check your connection and try again."
          onRetry={auth.retryLoad}
          className="w-full max-w-md"
        />
      </div>
    );
  }
  if (!auth.isAuthenticated) {
    // Sign out leaves for / (spec 01); clearing the session can render this guard before that navigation lands.
    if (auth.signedOut) return <Navigate to="/" replace />;
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/auth/login" replace state={{ from }} />;
  }
  return children;
}

/**
 * Auth pages: a user who is already signed in when arriving is sent on (to the attempted location
 * or /dashboard). A sign-in completed on the page itself navigates on its own.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const signedInOnArrival = useRef<boolean | null>(null);
  if (auth.isLoading && signedInOnArrival.current === null) return <FullScreenSpinner label="Loading…" />;
  if (signedInOnArrival.current === null) signedInOnArrival.current = auth.isAuthenticated;
  if (signedInOnArrival.current && auth.isAuthenticated) {
    return <Navigate to={fromLocation(location.state) ?? '/dashboard'} replace />;
  }
  return children;
}

/** /login and /register shortcuts keep the query and the attempted location. */
export function RedirectTo({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate to={{ pathname: to, search: location.search }} state={location.state} replace />;
}

/** /app: tenant → /tenant; super_admin or admin → /dashboard; anyone else → / (spec 01 §2). */
export function AppRedirect() {
  const auth = useAuth();
  if (auth.isLoading) return <FullScreenSpinner />;
  if (!auth.isAuthenticated)
    return <Navigate to="/auth/login" replace state={{ from: { pathname: '/app' } }} />;
  const role = auth.user?.role;
  if (role === 'tenant') return <Navigate to="/tenant" replace />;
  if (role === 'super_admin' || role === 'admin') return <Navigate to="/dashboard" replace />;
  return <Navigate to="/" replace />;
}
