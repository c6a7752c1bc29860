import type { PublicUnitDto } from '@rentora/shared';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../../components/button';
import { useAuth } from '../auth/auth-provider';

const BookingWizard = lazy(() => import('./booking-wizard').then((m) => ({ default: m.BookingWizard })));

/** "Book now" on a public unit: the wizard loads only when opened; visitors sign in first. */
export function BookNowButton({ unit, propertyName }: { unit: PublicUnitDto; propertyName: string }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (!isAuthenticated) {
    return (
      <ButtonLink to="/auth/login" state={{ from: location }} size="sm" className="w-full">
        Sign in to book
      </ButtonLink>
    );
  }
  return (
    <>
      <Button size="sm" className="w-full" onClick={() => setOpen(true)} data-testid="book-now">
        Book now
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <BookingWizard open={open} onClose={() => setOpen(false)} propertyName={propertyName} unit={unit} />
        </Suspense>
      ) : null}
    </>
  );
}
