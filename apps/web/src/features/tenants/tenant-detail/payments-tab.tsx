import { IndianRupee } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/card';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { formatDate, formatMoney, humanize } from '../../../lib/format';
import { useTenantPayments } from '../tenants.api';

export function Payments({ id }: { id: string }) {
  const payments = useTenantPayments(id);
  if (payments.isPending) return <Skeleton className="h-32 w-full" />;
  if (payments.isError)
    return <ErrorState title="Failed to fetch payments" onRetry={() => void payments.refetch()} />;
  if (payments.data.data.length === 0) {
    return (
      <EmptyState
        icon={IndianRupee}
        title="No payments yet"
        description="Payments the tenant makes appear here."
      />
    );
  }
  return (
    <Card className="divide-y divide-slate-100">
      {payments.data.data.map((payment) => (
        <div key={payment._id} className="flex items-center justify-between p-4 text-sm">
          <span>
            <span className="font-medium text-slate-900">{payment.description || 'Payment'}</span>
            <span className="block text-xs text-slate-500">
              {formatDate(payment.paidAt ?? payment.createdAt)}
            </span>
          </span>
          <span className="text-right">
            <span className="block font-medium">{formatMoney(payment.amount, payment.currency)}</span>
            <Badge tone={payment.status === 'paid' || payment.status === 'captured' ? 'success' : 'neutral'}>
              {humanize(payment.status)}
            </Badge>
          </span>
        </div>
      ))}
      <p className="p-3 text-right text-xs">
        <Link to={`/dashboard/payments?tenant=${id}`} className="text-brand-700 hover:underline">
          Details and receipts in the payments ledger
        </Link>
      </p>
    </Card>
  );
}
