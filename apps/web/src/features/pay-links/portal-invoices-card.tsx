import { Receipt } from 'lucide-react';
import { useId } from 'react';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/empty-state';
import { SkeletonList } from '../../components/skeleton';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { InvoiceStatusBadge } from '../invoices/invoice-display';
import { PayLinkButton } from './pay-link-button';
import { PayLinkReceipts } from './pay-link-receipts';
import { PAY_LINK_MESSAGES, usePortalInvoices } from './pay-links.api';

/**
 * The tenant portal's invoices (by code, no account): each open invoice with the pay link's Pay button, and the
 * receipts of the tenancy.
 */
export function PortalInvoicesCard({ code, companyId }: { code: string; companyId?: string }) {
  const list = usePortalInvoices(code, companyId);
  const headingId = useId();
  return (
    <>
      <Card className="p-5" aria-labelledby={headingId} data-testid="portal-invoices">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
          <Receipt className="h-4 w-4 text-brand-600" aria-hidden /> Invoices to pay
        </h2>
        {list.isPending ? (
          <div className="mt-3">
            <SkeletonList rows={2} />
          </div>
        ) : list.isError ? (
          <ErrorState title={PAY_LINK_MESSAGES.portal} onRetry={list.refetch} />
        ) : list.data.invoices.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">Nothing to pay right now.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {list.data.invoices.map((invoice) => (
              <li key={invoice._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 text-sm">
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    {invoice.number} <InvoiceStatusBadge status={invoice.status} />
                  </p>
                  <p className="text-slate-500">
                    Due {formatDate(invoice.dueDate)} · balance{' '}
                    {formatMoney(invoice.balance, invoice.currency)}
                  </p>
                </div>
                <PayLinkButton
                  token={invoice.payToken}
                  amount={invoice.balance}
                  currency={invoice.currency}
                  description={`Invoice ${invoice.number}`}
                  size="sm"
                  onPaid={() => {
                    toast.success('Payment received', `Invoice ${invoice.number} is paid. Thank you!`);
                    list.refetch();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
      {list.data && list.data.receipts.length > 0 ? (
        <PayLinkReceipts receipts={list.data.receipts} title="Payment receipts" />
      ) : null}
    </>
  );
}
