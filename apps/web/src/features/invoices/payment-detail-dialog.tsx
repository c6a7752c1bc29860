import { LEDGER_KIND_LABELS, type LedgerPaymentDto } from '@rentora/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorState } from '../../components/empty-state';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { LedgerStatusBadge, methodLabel } from './invoice-display';
import { INVOICE_MESSAGES, ledgerApi, useLedgerPayment } from './invoices.api';

/** Downloads a receipt PDF (staff or the payer's own), telling the user when it fails. */
export function ReceiptButton({
  payment,
  own = false,
  size = 'sm',
}: {
  payment: Pick<LedgerPaymentDto, '_id' | 'receiptNumber' | 'status'>;
  own?: boolean;
  size?: 'sm' | 'md';
}) {
  const [busy, setBusy] = useState(false);
  if (payment.status === 'failed') return null;
  return (
    <Button
      variant="outline"
      size={size}
      loading={busy}
      icon={<Download className="h-4 w-4" aria-hidden />}
      onClick={async () => {
        setBusy(true);
        try {
          await (own ? ledgerApi.myReceipt(payment) : ledgerApi.receipt(payment));
        } catch (error) {
          toast.apiError(error, INVOICE_MESSAGES.receipt);
        } finally {
          setBusy(false);
        }
      }}
    >
      Download receipt
    </Button>
  );
}

/** One ledger row in full: what it paid, who paid, where, how, the gateway's ids and its refunds. */
export function PaymentDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const payment = useLedgerPayment(id);
  const p = payment.data;
  const rows: [string, React.ReactNode][] = p
    ? [
        ['Status', <LedgerStatusBadge key="s" status={p.status} />],
        ['Kind', LEDGER_KIND_LABELS[p.kind]],
        [
          'For',
          p.invoiceId ? (
            <Link
              key="i"
              to={`/dashboard/payments/invoices?invoice=${p.invoiceId}`}
              className="hover:underline"
            >
              Invoice {p.invoiceNumber}
            </Link>
          ) : p.bookingId ? (
            <Link key="b" to={`/dashboard/bookings?booking=${p.bookingId}`} className="hover:underline">
              {p.description || 'Booking'}
            </Link>
          ) : (
            p.description
          ),
        ],
        [
          'Payer',
          p.tenantId ? (
            <Link key="t" to={`/dashboard/tenants/${p.tenantId}`} className="hover:underline">
              {p.payerName}
            </Link>
          ) : (
            p.payerName
          ),
        ],
        ['Email', p.payerEmail],
        ['Property', p.propertyName],
        ['Unit', p.unitNumber],
        ['Method', methodLabel(p.method)],
        ['Reference', p.reference],
        ['Gateway payment id', p.gatewayPaymentId],
        ['Gateway order id', p.gatewayOrderId],
        ['Installment', p.installmentNumber ? `#${p.installmentNumber}` : null],
        ['Failure', p.failureReason],
        ['Recorded by', p.recordedByName ?? (p.source === 'offline' ? null : `Online (${p.source})`)],
        ['Receipt no.', p.receiptNumber],
      ]
    : [];
  return (
    <Dialog
      open={Boolean(id)}
      onClose={onClose}
      title={p ? `${formatMoney(p.amount, p.currency)} · ${formatDate(p.paidAt)}` : 'Payment'}
      description={p ? p.description : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          {p ? <ReceiptButton payment={p} size="md" /> : null}
        </>
      }
    >
      {payment.isError ? (
        <ErrorState
          title={INVOICE_MESSAGES.fetchPayment}
          message={apiErrorMessage(payment.error, INVOICE_MESSAGES.fetchPayment)}
          onRetry={() => void payment.refetch()}
        />
      ) : !p ? (
        <SkeletonList rows={5} />
      ) : (
        <div data-testid="payment-detail">
          <dl className="divide-y divide-slate-100 text-sm">
            {rows
              .filter(([, value]) => value !== null && value !== undefined && value !== '')
              .map(([label, value]) => (
                <div key={label} className="grid grid-cols-[10rem_minmax(0,1fr)] gap-3 py-2">
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
          </dl>
          {p.refunds.length > 0 ? (
            <div className="mt-4 rounded-xl bg-amber-50 p-3 text-sm">
              <p className="font-medium text-amber-900">
                Refunded {formatMoney(p.refundedAmount, p.currency)} of {formatMoney(p.amount, p.currency)}
              </p>
              <ul className="mt-1 text-amber-800">
                {p.refunds.map((r) => (
                  <li key={r._id}>
                    {formatMoney(r.amount, p.currency)} on {formatDate(r.paidAt)} · {r.reference}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
