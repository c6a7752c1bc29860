import { ZInvoiceVoidBody } from '@rentora/shared';
import { FileText, Send, Wallet, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorState } from '../../components/empty-state';
import { ReasonDialog } from '../../components/reason-dialog';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { usePermissions } from '../auth/use-permissions';
import { InvoiceStatusBadge, invoiceLabel, methodLabel } from './invoice-display';
import {
  INVOICE_MESSAGES,
  invoicePdfLink,
  invoicesApi,
  useInvoice,
  useInvoiceMutation,
} from './invoices.api';
import { RecordPaymentDialog } from './record-payment-dialog';

/** The invoice with its lines, totals, payments, PDF preview and actions (send, record payment, void). */
export function InvoiceDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useInvoice(id);
  const permissions = usePermissions();
  const canUpdate = permissions.canUseAny(['invoices_update', 'invoices_write']);
  const canRecord = permissions.canUseAny(['payments_write', 'invoices_update']);
  const [paying, setPaying] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const send = useInvoiceMutation((invoiceId: string) => invoicesApi.send(invoiceId), {
    success: 'Invoice sent',
    failure: INVOICE_MESSAGES.sendInvoice,
  });
  const voidIt = useInvoiceMutation(
    ({ id: invoiceId, reason }: { id: string; reason: string }) => invoicesApi.void(invoiceId, reason),
    {
      success: 'Invoice voided',
      failure: INVOICE_MESSAGES.voidInvoice,
    },
  );
  const [shownFor, setShownFor] = useState(id);
  if (shownFor !== id) {
    // Another invoice: drop the previous one's preview.
    setShownFor(id);
    setPdfUrl(null);
    setPdfError(null);
  }
  const invoice = detail.data;
  const open =
    invoice && invoice.status !== 'void' && invoice.status !== 'paid' && invoice.status !== 'draft';

  async function preview() {
    if (!id) return;
    try {
      setPdfError(null);
      setPdfUrl((await invoicePdfLink(id)).url);
    } catch (error) {
      setPdfError(apiErrorMessage(error, INVOICE_MESSAGES.pdf));
    }
  }

  return (
    <Dialog
      open={Boolean(id)}
      onClose={onClose}
      size="lg"
      title={invoice ? `Invoice ${invoiceLabel(invoice)}` : 'Invoice'}
      description={
        invoice ? `${invoice.tenantName} · ${invoice.propertyName}, unit ${invoice.unitNumber}` : undefined
      }
      footer={
        invoice ? (
          <div className="flex w-full flex-wrap items-center justify-between gap-2">
            <Button
              variant="outline"
              onClick={() => void preview()}
              icon={<FileText className="h-4 w-4" aria-hidden />}
            >
              PDF preview
            </Button>
            <div className="flex flex-wrap gap-2">
              {canUpdate && open && invoice.amountPaid === 0 ? (
                <Button
                  variant="ghost"
                  onClick={() => setVoiding(true)}
                  icon={<XCircle className="h-4 w-4" aria-hidden />}
                >
                  Void
                </Button>
              ) : null}
              {canRecord && open ? (
                <Button
                  variant="outline"
                  onClick={() => setPaying(true)}
                  icon={<Wallet className="h-4 w-4" aria-hidden />}
                >
                  Record payment
                </Button>
              ) : null}
              {canUpdate && (invoice.status === 'draft' || open) ? (
                <Button
                  loading={send.isPending}
                  onClick={() => send.mutate(invoice._id)}
                  icon={<Send className="h-4 w-4" aria-hidden />}
                  data-testid="send-invoice"
                >
                  {invoice.status === 'draft' ? 'Send' : 'Send again'}
                </Button>
              ) : null}
            </div>
          </div>
        ) : undefined
      }
    >
      {detail.isError ? (
        <ErrorState
          title={INVOICE_MESSAGES.fetchInvoice}
          message={apiErrorMessage(detail.error, INVOICE_MESSAGES.fetchInvoice)}
          onRetry={() => void detail.refetch()}
        />
      ) : !invoice ? (
        <SkeletonList rows={4} />
      ) : (
        <div className="space-y-5" data-testid="invoice-detail">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <InvoiceStatusBadge status={invoice.status} />
            <span className="text-slate-500">
              Issued <span className="text-slate-900">{formatDate(invoice.issueDate)}</span>
            </span>
            <span className="text-slate-500">
              Due <span className="text-slate-900">{formatDate(invoice.dueDate)}</span>
            </span>
            {invoice.period ? <span className="text-slate-500">Period {invoice.period}</span> : null}
          </div>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                <th className="py-2 font-medium">Item</th>
                <th className="py-2 text-right font-medium">Qty</th>
                <th className="py-2 text-right font-medium">Price</th>
                <th className="py-2 text-right font-medium">Amount</th>
              </tr>
            </thead>
            <tbody>
              {invoice.lineItems.map((line) => (
                <tr
                  key={`${line.kind}-${line.description}-${line.quantity}-${line.unitPrice}`}
                  className="border-b border-slate-100"
                >
                  <td className="py-2">
                    <span className="block text-slate-900">{line.description}</span>
                    <span className="text-xs capitalize text-slate-500">{line.kind}</span>
                  </td>
                  <td className="py-2 text-right tabular-nums">{line.quantity}</td>
                  <td className="py-2 text-right tabular-nums">
                    {formatMoney(line.unitPrice, invoice.currency)}
                  </td>
                  <td className="py-2 text-right tabular-nums">
                    {formatMoney(line.amount, invoice.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="ml-auto w-full max-w-xs space-y-1 text-sm">
            {[
              ['Subtotal', invoice.subtotal],
              [`Tax${invoice.taxRate ? ` (${invoice.taxRate / 100}%)` : ''}`, invoice.tax],
              ['Total', invoice.total],
              ['Paid', invoice.amountPaid],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between">
                <dt className="text-slate-500">{label}</dt>
                <dd className="tabular-nums text-slate-900">
                  {formatMoney(value as number, invoice.currency)}
                </dd>
              </div>
            ))}
            <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold">
              <dt>Balance</dt>
              <dd className="tabular-nums" data-testid="invoice-balance">
                {formatMoney(invoice.balance, invoice.currency)}
              </dd>
            </div>
            {invoice.refundDueAmount > 0 ? (
              <div
                className="flex justify-between font-medium text-amber-700"
                data-testid="invoice-refund-due"
              >
                <dt>Refund due (paid beyond the total)</dt>
                <dd className="tabular-nums">{formatMoney(invoice.refundDueAmount, invoice.currency)}</dd>
              </div>
            ) : null}
          </dl>
          {invoice.payments.length > 0 ? (
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Payments</h3>
              <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
                {invoice.payments.map((p) => (
                  <li key={p._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span>
                      <span className="font-medium text-slate-900">{methodLabel(p.method)}</span>
                      <span className="ml-2 text-xs text-slate-500">
                        {p.source === 'online' ? 'Online' : 'Offline'} · {formatDate(p.paidAt)}
                        {p.reference ? ` · ${p.reference}` : ''}
                      </span>
                    </span>
                    <span className="tabular-nums text-emerald-700">
                      {formatMoney(p.amount, invoice.currency)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {invoice.notes ? (
            <p className="whitespace-pre-line text-sm text-slate-600">{invoice.notes}</p>
          ) : null}
          {invoice.voidReason ? <p className="text-sm text-red-600">Void: {invoice.voidReason}</p> : null}
          {pdfError ? <p className="text-sm text-red-600">{pdfError}</p> : null}
          {pdfUrl ? (
            <div className="space-y-2">
              <iframe
                title="Invoice PDF"
                src={pdfUrl}
                className="h-[28rem] w-full rounded-xl border border-slate-200"
              />
              <a
                href={pdfUrl}
                download={`${invoiceLabel(invoice)}.pdf`}
                className="text-sm text-brand-700 underline"
              >
                Download PDF
              </a>
            </div>
          ) : null}
        </div>
      )}
      {invoice ? (
        <RecordPaymentDialog invoice={invoice} open={paying} onClose={() => setPaying(false)} />
      ) : null}
      <ReasonDialog
        open={voiding}
        reason={ZInvoiceVoidBody.shape.reason}
        maxLength={500}
        title="Void this invoice?"
        description="A void invoice keeps its number but asks for nothing. This cannot be undone."
        confirmLabel="Void invoice"
        tone="danger"
        loading={voidIt.isPending}
        onConfirm={(reason) =>
          invoice && voidIt.mutate({ id: invoice._id, reason }, { onSuccess: () => setVoiding(false) })
        }
        onClose={() => setVoiding(false)}
      />
    </Dialog>
  );
}
