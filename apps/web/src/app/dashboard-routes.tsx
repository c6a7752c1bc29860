import { type RouteObject, useRoutes } from 'react-router';
import { NotFoundPage } from '../features/public/not-found-page';
import { DashboardLayout } from '../features/shell/dashboard-layout';
import { componentOf, DASHBOARD_PAGES } from './dashboard-pages';
import { lazyPage } from './lazy';
import { page } from './suspense';

const DomainPlaceholder = lazyPage(
  () => import('../features/placeholders/domain-placeholder-page'),
  'DomainPlaceholderPage',
);

const routes: RouteObject[] = [
  {
    element: <DashboardLayout />,
    children: [
      ...DASHBOARD_PAGES.map((def): RouteObject => {
        const Component = componentOf(def) ?? DomainPlaceholder;
        return def.path === ''
          ? { index: true, element: page(Component) }
          : { path: def.path, element: page(Component) };
      }),
      { path: '*', element: <NotFoundPage inShell /> },
    ],
  },
];

/** Everything under /dashboard: the shell and the pages of app/dashboard-pages.ts (one lazy chunk). */
export function DashboardRoutes() {
  return useRoutes(routes);
}
