import { ShieldOff } from 'lucide-react';
import { ButtonLink } from '../../components/button';

/** In place of a page the user may not open: "You do not have access to X." (spec 01 §2). */
export function AccessDenied({ message }: { message: string }) {
  return (
    <div
      className="flex min-h-[50vh] flex-col items-center justify-center text-center"
      data-testid="access-denied"
    >
      <div className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-500">
        <ShieldOff className="h-7 w-7" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold text-slate-900">Access denied</h1>
      <p className="mt-2 max-w-md text-slate-500" role="alert">
        {message}
      </p>
      <ButtonLink to="/dashboard" variant="outline" className="mt-6">
        Back to dashboard
      </ButtonLink>
    </div>
  );
}
