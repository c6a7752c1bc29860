import { QueryClientContext } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { api } from '../lib/api-client';
import { appNavigation } from '../lib/navigation';
import { loadedQueryClient, useLoadedQueryClient } from '../lib/query-runtime';
import { upgradeRequestFromError, upgradeStore } from '../lib/upgrade-store';
import { AppRoutes } from './router';

// The API client's side effects that need the app: navigation to /login and the upgrade dialog.
api.hooks.onSessionExpired = () => {
  loadedQueryClient()?.clear();
  const location = appNavigation.location;
  if (!location || location.pathname.startsWith('/auth')) return;
  appNavigation.navigate?.('/login', {
    replace: true,
    state: { from: { pathname: location.pathname, search: location.search } },
  });
};
api.hooks.onPlanRestriction = (body) => upgradeStore.open(upgradeRequestFromError(body));
// The company requires two-factor sign-in of this member: only its set-up (profile → Security) is open to them.
api.hooks.onMfaSetupRequired = () => {
  const location = appNavigation.location;
  if (!location || location.pathname === '/dashboard/profile') return;
  appNavigation.navigate?.('/dashboard/profile?setup=2fa', { replace: true });
};

export function App() {
  // The query client loads on demand (lib/query-runtime.ts); the context is always there so that its arrival
  // re-renders the tree instead of remounting it.
  const queryClient = useLoadedQueryClient();
  return (
    <QueryClientContext.Provider value={queryClient ?? undefined}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientContext.Provider>
  );
}
