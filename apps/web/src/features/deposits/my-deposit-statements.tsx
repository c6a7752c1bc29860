import { Download } from 'lucide-react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { DEPOSIT_MESSAGES, depositsApi, useMySettlements } from './deposits.api';

/** The tenant area's finalized deposit settlements, each with its statement; nothing while there are none. */
export function MyDepositStatements() {
  const mine = useMySettlements();
  if (mine.isPending) return <Skeleton className="mt-6 h-20 w-full" />;
  if (mine.isError || mine.data.length === 0) return null;
  return (
    <section className="mt-8 space-y-3" aria-labelledby="deposit-statements">
      <h2 id="deposit-statements" className="text-lg font-semibold text-slate-900">
        Security deposit
      </h2>
      <ul className="space-y-3">
        {mine.data.map(({ settlement: s }) => (
          <li key={s._id}>
            <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="text-sm">
                <p className="font-medium text-slate-900">
                  Settled {s.finalizedAt ? formatDate(s.finalizedAt) : ''}: deposit{' '}
                  {formatMoney(s.held, s.currency)}, deductions {formatMoney(s.totalDeductions, s.currency)}
                </p>
                <p className="text-slate-600">
                  {s.shortfall > 0
                    ? `Owed beyond the deposit: ${formatMoney(s.shortfall, s.currency)}`
                    : `Refund ${s.refundStatus === 'refunded' ? 'paid' : 'due'}: ${formatMoney(s.refundDue, s.currency)}`}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                icon={<Download className="h-4 w-4" aria-hidden />}
                onClick={() =>
                  void depositsApi
                    .myStatement(s.tenantId)
                    .catch((error: unknown) => toast.apiError(error, DEPOSIT_MESSAGES.pdf))
                }
              >
                Statement
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
