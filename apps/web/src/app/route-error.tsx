import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../components/button';
import { ChunkLoadError } from './lazy';

/** What a failed page shows: chunk failures offer a reload; anything else a way home. */
export function RouteError({ error }: { error: unknown }) {
  const isChunk = error instanceof ChunkLoadError;
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
        role="alert"
      >
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-600">
          <AlertTriangle className="h-6 w-6" aria-hidden />
        </div>
        <h1 className="text-lg font-semibold text-slate-900">
          {isChunk ? 'This page failed to load' : 'Something went wrong'}
        </h1>
        <p className="mt-2 text-sm text-slate-500">
          {isChunk
            ? error.kind === 'timeout'
              ? 'Loading took too long. Check your connection and reload.'
              : 'A new version may have been released. Reload to get it.'
            : 'An unexpected error occurred. Reload the page or go back home.'}
        </p>
        <div className="mt-6 flex justify-center gap-2">
          <Button
            icon={<RefreshCw className="h-4 w-4" aria-hidden />}
            onClick={() => window.location.reload()}
          >
            Reload
          </Button>
          <Link to="/" className={buttonClasses('outline')}>
            Go Home
          </Link>
        </div>
      </div>
    </div>
  );
}
