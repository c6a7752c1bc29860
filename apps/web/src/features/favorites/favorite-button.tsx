import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import { toggleFavorite, useFavoriteIds } from './favorites.api';

const FRAME =
  'inline-flex h-9 w-9 items-center justify-center rounded-full border border-slate-200 bg-white/95 shadow-sm transition-colors hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/**
 * The heart of a unit on public pages: saves it to the signed-in person's Favorites (aria-pressed tells its state);
 * a visitor is taken to sign in and brought back here.
 */
export function FavoriteButton({
  rentalUnitId,
  label,
  className,
}: {
  rentalUnitId: string;
  label: string;
  className?: string;
}) {
  const { isAuthenticated, user } = useAuth();
  const location = useLocation();
  const ids = useFavoriteIds(isAuthenticated ? (user?._id ?? null) : null);
  const [busy, setBusy] = useState(false);
  if (!isAuthenticated) {
    return (
      <Link
        to="/auth/login"
        state={{ from: location }}
        className={cn(FRAME, className)}
        aria-label={`Sign in to save ${label}`}
        title="Sign in to save"
      >
        <Heart className="h-5 w-5 text-slate-600" aria-hidden />
      </Link>
    );
  }
  const pressed = ids?.has(rentalUnitId) ?? false;
  async function toggle() {
    setBusy(true);
    try {
      await toggleFavorite(rentalUnitId, !pressed);
      toast.success(pressed ? 'Removed from favorites' : 'Saved to favorites');
    } catch (error) {
      toast.apiError(error, pressed ? 'Could not remove the favorite' : 'Could not save the favorite');
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={cn(FRAME, className)}
      aria-pressed={pressed}
      aria-label={`Save ${label} to favorites`}
      title={pressed ? 'Saved to favorites' : 'Save to favorites'}
      disabled={busy || ids === null}
      onClick={() => void toggle()}
      data-testid="favorite-toggle"
    >
      <Heart
        className={cn('h-5 w-5', pressed ? 'fill-rose-500 text-rose-600' : 'text-slate-600')}
        aria-hidden
      />
    </button>
  );
}
