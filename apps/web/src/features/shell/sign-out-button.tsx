import { LogOut } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Sign out at the foot of a sidebar (staff and tenant); icon only while the sidebar is collapsed. */
export function SignOutButton({ onSignOut, showLabel }: { onSignOut: () => void; showLabel: boolean }) {
  return (
    <button
      type="button"
      onClick={onSignOut}
      className={cn(
        'flex w-full items-center gap-3 rounded-lg px-2 py-2 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-600',
        !showLabel && 'justify-center',
      )}
      aria-label="Sign out"
    >
      <LogOut className="h-5 w-5 shrink-0" aria-hidden />
      {showLabel ? 'Sign out' : null}
    </button>
  );
}
