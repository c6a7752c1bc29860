import type { CompanyDto } from '@rentora/shared';
import { BadgeCheck, ShieldAlert } from 'lucide-react';
import { Badge } from '../../components/badge';
import { formatDate } from '../../lib/format';

export function VerificationBadge({ isVerified }: { isVerified: boolean }) {
  return isVerified ? (
    <Badge tone="success" className="gap-1">
      <BadgeCheck className="h-3 w-3" aria-hidden /> Verified
    </Badge>
  ) : (
    <Badge tone="warning" className="gap-1">
      <ShieldAlert className="h-3 w-3" aria-hidden /> Unverified
    </Badge>
  );
}

/** "Active", "Cancels 3 Mar 2026", "Cancelled", "Expired". */
export function SubscriptionBadge({ subscription }: { subscription: CompanyDto['subscription'] }) {
  if (subscription.status === 'active' && subscription.cancelAtPeriodEnd) {
    return <Badge tone="warning">Cancels {formatDate(subscription.currentPeriodEnd)}</Badge>;
  }
  if (subscription.status === 'active') return <Badge tone="success">Active</Badge>;
  return (
    <Badge tone="danger" className="capitalize">
      {subscription.status}
    </Badge>
  );
}
