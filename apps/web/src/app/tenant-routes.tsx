import { type RouteObject, useRoutes } from 'react-router';
import { NotFoundPage } from '../features/public/not-found-page';
import { TenantLayout } from '../features/tenant-area/tenant-layout';
import { page } from './suspense';
import { TENANT_PAGES } from './tenant-pages';

const routes: RouteObject[] = [
  {
    element: <TenantLayout />,
    children: [
      ...TENANT_PAGES.map((def): RouteObject => {
        const Component = def.component;
        return def.path === ''
          ? { index: true, element: page(Component) }
          : { path: def.path, element: page(Component) };
      }),
      { path: '*', element: <NotFoundPage inShell /> },
    ],
  },
];

/** Everything under /tenant: the tenant layout and the pages of app/tenant-pages.ts (one lazy chunk). */
export function TenantRoutes() {
  return useRoutes(routes);
}
