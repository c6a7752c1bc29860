import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { api } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { upgradeRequestFromError, upgradeStore } from '../lib/upgrade-store';
import { router } from './router';

// The API client's side effects that need the app: navigation to /login and the upgrade dialog.
api.hooks.onSessionExpired = () => {
  queryClient.clear();
  const { pathname, search } = router.state.location;
  if (pathname.startsWith('/auth')) return;
  void router.navigate('/login', { replace: true, state: { from: { pathname, search } } });
};
api.hooks.onPlanRestriction = (body) => upgradeStore.open(upgradeRequestFromError(body));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
