import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { DASHBOARD_PAGES, findDashboardPage } from '../../app/dashboard-pages';

/** Dashboard > current page; hidden on the dashboard home (spec 01 §2). */
export function Breadcrumbs({ pathname }: { pathname: string }) {
  const relative = pathname.replace(/^\/dashboard\/?/, '').replace(/\/+$/, '');
  if (relative === '') return null;
  const def = findDashboardPage(pathname);
  const parent =
    def?.parent !== undefined ? DASHBOARD_PAGES.find((page) => page.path === def.parent) : undefined;
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex items-center gap-1.5 text-sm">
        <li>
          <Link to="/dashboard" className="text-slate-500 hover:text-slate-900">
            Dashboard
          </Link>
        </li>
        {parent ? (
          <li className="flex items-center gap-1.5">
            <ChevronRight className="h-4 w-4 text-slate-300" aria-hidden />
            <Link to={`/dashboard/${parent.path}`} className="text-slate-500 hover:text-slate-900">
              {parent.title}
            </Link>
          </li>
        ) : null}
        <li className="flex items-center gap-1.5">
          <ChevronRight className="h-4 w-4 text-slate-300" aria-hidden />
          <span className="font-medium text-slate-900" aria-current="page">
            {def?.title ?? 'Page not found'}
          </span>
        </li>
      </ol>
    </nav>
  );
}
