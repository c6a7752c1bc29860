import type { PropertyDto } from '@rentora/shared';
import { AlertTriangle, Clock3 } from 'lucide-react';
import { formatDate } from '../../../lib/format';

export function VerificationNotice({ property }: { property: PropertyDto }) {
  if (property.verificationStatus === 'verified') {
    return property.verifiedAt ? (
      <p className="mt-4 text-sm text-emerald-700">Verified on {formatDate(property.verifiedAt)}.</p>
    ) : null;
  }
  if (property.verificationStatus === 'pending') {
    return (
      <div className="mt-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
        <Clock3 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <p>
          Waiting for verification by the Rentora team.{' '}
          {property.isListed
            ? 'It appears on the public listing once verified.'
            : 'It is not listed publicly.'}
        </p>
      </div>
    );
  }
  return (
    <div
      className="mt-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      role="status"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">Verification rejected.</span>{' '}
        {property.verificationNotes ? `Reason: ${property.verificationNotes}. ` : ''}
        Fix the details and save: the property goes back to review.
      </p>
    </div>
  );
}
