import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { api } from '../lib/api-client';
import { appNavigation } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { upgradeRequestFromError, upgradeStore } from '../lib/upgrade-store';
import { AppRoutes } from './router';

// The API client's side effects that need the app: navigation to /login and the upgrade dialog.
api.hooks.onSessionExpired = () => {
  queryClient.clear();
  const location = appNavigation.location;
  if (!location || location.pathname.startsWith('/auth')) return;
  appNavigation.navigate?.('/login', {
    replace: true,
    state: { from: { pathname: location.pathname, search: location.search } },
  });
};
api.hooks.onPlanRestriction = (body) => upgradeStore.open(upgradeRequestFromError(body));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
