import { amountInWords, type InvoiceDetailDto } from '@rentora/shared';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { useCreditNotes } from './credit-notes.api';
import { DOCUMENT_TYPE_LABELS, GstLinesTable, GstParties, GstTaxRows, TotalRow } from './gst-document';
import { InvoiceStatusBadge, invoiceLabel, methodLabel } from './invoice-display';

/** An invoice laid out as a tax invoice or a bill of supply: parties, lines with SAC and tax, totals and payments. */
export function InvoiceDocument({ invoice }: { invoice: InvoiceDetailDto }) {
  const issued = invoice.number !== null;
  return (
    <div className="space-y-5" data-testid="invoice-detail">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <span className="font-semibold text-slate-900" data-testid="document-type">
          {DOCUMENT_TYPE_LABELS[invoice.documentType]}
        </span>
        <InvoiceStatusBadge status={invoice.status} />
        <span className="text-slate-500">
          No. <span className="font-mono text-slate-900">{invoiceLabel(invoice)}</span>
        </span>
        <span className="text-slate-500">
          Issued <span className="text-slate-900">{formatDate(invoice.issueDate)}</span>
        </span>
        <span className="text-slate-500">
          Due <span className="text-slate-900">{formatDate(invoice.dueDate)}</span>
        </span>
        {invoice.period ? <span className="text-slate-500">Period {invoice.period}</span> : null}
      </div>
      <GstParties doc={invoice} />
      {invoice.documentType === 'bill_of_supply' ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
          Bill of supply: the supplier is not registered for GST, so no tax is charged.
        </p>
      ) : null}
      <GstLinesTable lines={invoice.lineItems} doc={invoice} />
      <dl className="ml-auto w-full max-w-sm space-y-1 text-sm">
        <TotalRow label="Subtotal" value={invoice.subtotal} />
        {invoice.documentType === 'tax_invoice' ? (
          <GstTaxRows doc={invoice} subtotal={invoice.subtotal} />
        ) : null}
        <TotalRow label="Total" value={invoice.total} strong testId="invoice-total" />
        {invoice.creditedAmount > 0 ? (
          <TotalRow label="Credited" value={-invoice.creditedAmount} testId="invoice-credited" />
        ) : null}
        <TotalRow label="Paid" value={invoice.amountPaid} />
        <TotalRow label="Balance" value={invoice.balance} strong testId="invoice-balance" />
        {invoice.refundDueAmount > 0 ? (
          <div className="flex justify-between font-medium text-amber-700" data-testid="invoice-refund-due">
            <dt>Refund due (paid beyond the total)</dt>
            <dd className="tabular-nums">{formatMoney(invoice.refundDueAmount, invoice.currency)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-right text-xs italic text-slate-500">{amountInWords(invoice.total)}</p>
      {issued ? <InvoiceCreditNotes invoice={invoice} /> : null}
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
      {invoice.notes ? <p className="whitespace-pre-line text-sm text-slate-600">{invoice.notes}</p> : null}
      {invoice.voidReason ? (
        <p className="text-sm text-red-600">
          {invoice.status === 'cancelled' ? 'Cancelled' : 'Void'}: {invoice.voidReason}
        </p>
      ) : null}
    </div>
  );
}

/** The credit notes issued against the invoice, each linking to the credit notes page. */
function InvoiceCreditNotes({ invoice }: { invoice: InvoiceDetailDto }) {
  const notes = useCreditNotes({ invoiceId: invoice._id, limit: 50 }, invoice.creditedAmount > 0);
  const rows = notes.data?.data ?? [];
  if (invoice.creditedAmount === 0 || rows.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Credit notes</h3>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
        {rows.map((note) => (
          <li key={note._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <span>
              <Link
                to={`/dashboard/payments/credit-notes?note=${note._id}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {note.number}
              </Link>
              <span className="ml-2 text-xs text-slate-500">
                {formatDate(note.issueDate)} · {note.reason}
              </span>
            </span>
            <span className="tabular-nums text-slate-900">{formatMoney(-note.total, invoice.currency)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
