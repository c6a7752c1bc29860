import type { PayLinkReceiptDto } from '@rentora/shared';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { formatDate, formatMoney } from '../../lib/format';

/** Receipts of money received, each with its PDF behind a short-lived signed link (no account needed). */
export function PayLinkReceipts({
  receipts,
  title = 'Receipts',
}: {
  receipts: PayLinkReceiptDto[];
  title?: string;
}) {
  const headingId = useId();
  return (
    <Card className="p-5" aria-labelledby={headingId} data-testid="pay-link-receipts">
      <h2 id={headingId} className="font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {receipts.map((receipt) => (
          <li key={receipt._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {formatMoney(receipt.amount, receipt.currency)}
                {receipt.invoiceNumber ? (
                  <span className="font-normal text-slate-500"> for {receipt.invoiceNumber}</span>
                ) : null}
              </p>
              <p className="text-slate-500">
                {receipt.receiptNumber} · {formatDate(receipt.paidAt)}
              </p>
            </div>
            <a
              href={receipt.url}
              download
              className={buttonClasses('outline', 'sm')}
              aria-label={`Download receipt ${receipt.receiptNumber} (PDF)`}
            >
              <Download className="h-4 w-4" aria-hidden /> Receipt PDF
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
