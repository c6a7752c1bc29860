import { Home } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { useDocumentTitle } from '../../lib/document-title';

/** Any unknown path (spec 01 §2): "Page not found" with Go Home. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  useDocumentTitle('Page not found');
  return (
    <section
      className={
        inShell
          ? 'flex min-h-[60vh] flex-col items-center justify-center px-6 text-center'
          : 'flex min-h-[70vh] flex-col items-center justify-center px-6 py-20 text-center'
      }
    >
      <p className="text-7xl font-black tracking-tight text-brand-600/90">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Page not found</h1>
      <p className="mt-2 max-w-md text-slate-500">
        The page you are looking for does not exist or has been moved.
      </p>
      <ButtonLink to="/" className="mt-8" icon={<Home className="h-4 w-4" aria-hidden />}>
        Go Home
      </ButtonLink>
    </section>
  );
}
