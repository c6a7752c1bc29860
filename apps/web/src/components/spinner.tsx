import { Loader2 } from 'lucide-react';
import { cn } from '../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 className={cn('h-5 w-5 animate-spin text-brand-600', className)} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** While the user, companies and permission context load (spec 01 §4). */
export function FullScreenSpinner({ label = 'Loading your workspace…' }: { label?: string }) {
  return (
    <div
      className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-50"
      aria-busy="true"
    >
      <Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden />
      <p role="status" className="text-sm text-slate-500">
        {label}
      </p>
    </div>
  );
}

/** The loading message of a lazily loaded page. */
export function PageLoader({ message = 'Loading page…' }: { message?: string }) {
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3" aria-busy="true">
      <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-hidden />
      <p role="status" className="text-sm text-slate-500">
        {message}
      </p>
    </div>
  );
}
