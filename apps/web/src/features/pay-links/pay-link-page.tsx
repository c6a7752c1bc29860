import type { PayLinkDto } from '@rentora/shared';
import { CheckCircle2, CircleAlert, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Card } from '../../components/card';
import { LogoMark } from '../../components/logo';
import { Skeleton } from '../../components/skeleton';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { PayLinkButton } from './pay-link-button';
import { PayLinkReceipts } from './pay-link-receipts';
import { PayLinkStatusBadge } from './pay-link-status';
import { PAY_LINK_MESSAGES, usePayLink } from './pay-links.api';

const monthOf = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * /pay/:token — a tenant opens the link of a reminder on their phone: the company, the invoice and its balance, one
 * Pay button, then the receipt. No account; the link is the permission.
 */
export function PayLinkPage() {
  const { token = '' } = useParams();
  const link = usePayLink(token);
  // After paying, the answer of the verify is shown at once (the page's query is not refetched).
  const [paid, setPaid] = useState<PayLinkDto | null>(null);
  const view = paid ?? link.data;
  useDocumentTitle(view ? `Pay ${view.company.name}` : 'Pay your invoice');

  return (
    <div className="min-h-screen bg-slate-50">
      <main className="mx-auto w-full max-w-lg px-4 py-6 sm:py-10">
        {view ? (
          <PayLinkView token={token} view={view} onPaid={setPaid} />
        ) : link.isError ? (
          <DeadLink error={link.error} />
        ) : (
          <div role="status" aria-busy="true" aria-label="Loading the invoice" className="space-y-4">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-64 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        )}
        <p className="mt-8 flex items-center justify-center gap-2 text-xs text-slate-500">
          <LogoMark className="h-5 w-5" /> Payments by Rentora
        </p>
      </main>
    </div>
  );
}

function DeadLink({ error }: { error: Error }) {
  const gone = error instanceof ApiError && error.status === 410;
  const message =
    error instanceof ApiError && error.status === 404
      ? PAY_LINK_MESSAGES.invalid
      : apiErrorMessage(error, PAY_LINK_MESSAGES.fetch);
  return (
    <Card className="p-6 text-center" role="alert" data-testid="pay-link-dead">
      <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Link2Off className="h-6 w-6" aria-hidden />
      </div>
      <h1 className="text-lg font-semibold text-slate-900">
        {gone ? 'This pay link no longer works' : 'Pay link not found'}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
    </Card>
  );
}

function PayLinkView({
  token,
  view,
  onPaid,
}: {
  token: string;
  view: PayLinkDto;
  onPaid: (paid: PayLinkDto) => void;
}) {
  const { company, invoice } = view;
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const open = view.state === 'open';
  return (
    <div className="space-y-4">
      <header className="flex items-center gap-3">
        {company.logoUrl ? (
          <img
            src={company.logoUrl}
            alt=""
            width={48}
            height={48}
            className="h-12 w-12 rounded-lg border border-slate-200 bg-white object-contain"
          />
        ) : (
          <div
            aria-hidden
            className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-600 text-lg font-bold text-white"
          >
            {company.name.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{company.name}</p>
          {company.gstin ? <p className="text-xs text-slate-500">GSTIN {company.gstin}</p> : null}
        </div>
      </header>

      {open ? null : (
        // Not a Card: its bg-white would win over the green (class names are joined, not merged).
        <div
          className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 shadow-sm"
          role="status"
          data-testid="pay-link-paid"
        >
          <CheckCircle2 className="mt-0.5 h-6 w-6 shrink-0 text-emerald-600" aria-hidden />
          <div>
            <h1 className="font-semibold text-emerald-900">
              Paid. Thank you{view.tenantFirstName ? `, ${view.tenantFirstName}` : ''}!
            </h1>
            <p className="text-sm text-emerald-800">
              Nothing is left to pay on invoice <span className="whitespace-nowrap">{invoice.number}</span>.
            </p>
          </div>
        </div>
      )}

      <Card className="p-5">
        {open ? (
          <h1 className="text-lg font-semibold text-slate-900">
            {view.tenantFirstName ? `Hello ${view.tenantFirstName}, ` : ''}your invoice is ready
          </h1>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className="font-medium text-slate-900">{invoice.number}</span>
          <PayLinkStatusBadge status={invoice.status} />
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          {invoice.period ? (
            <div>
              <dt className="text-slate-500">For</dt>
              <dd className="font-medium text-slate-900">{monthOf(invoice.period)}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-slate-500">Due</dt>
            <dd className="font-medium text-slate-900">{formatDate(invoice.dueDate)}</dd>
          </div>
        </dl>

        <table className="mt-4 w-full text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
              <th scope="col" className="py-2 font-medium">
                Item
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never reorder
              <tr key={index} className="border-b border-slate-100">
                <td className="py-2 pr-3 text-slate-700">
                  {line.description}
                  {line.quantity !== 1 ? (
                    <span className="block text-xs text-slate-500">
                      {line.quantity} × {money(line.unitPrice)}
                    </span>
                  ) : null}
                </td>
                <td className="py-2 text-right tabular-nums text-slate-900">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-3 space-y-1 text-sm">
          <Row label="Subtotal" value={money(invoice.subtotal)} />
          {invoice.tax > 0 ? <Row label="GST" value={money(invoice.tax)} /> : null}
          <Row label="Total" value={money(invoice.total)} strong />
          {invoice.creditedAmount > 0 ? (
            <Row label="Credited" value={`− ${money(invoice.creditedAmount)}`} />
          ) : null}
          {invoice.amountPaid > 0 ? <Row label="Paid" value={`− ${money(invoice.amountPaid)}`} /> : null}
        </dl>
        <div className="mt-4 flex items-baseline justify-between rounded-xl bg-slate-50 px-4 py-3">
          <span className="text-sm font-medium text-slate-700">Balance due</span>
          <span
            className={open ? 'text-2xl font-bold text-slate-900' : 'text-2xl font-bold text-emerald-700'}
            data-testid="pay-link-balance"
          >
            {money(invoice.balance)}
          </span>
        </div>
      </Card>

      {open ? (
        <div className="space-y-2">
          <PayLinkButton
            token={token}
            amount={invoice.balance}
            currency={invoice.currency}
            description={`Invoice ${invoice.number} · ${company.name}`}
            prefillName={view.tenantFirstName}
            className="w-full"
            onPaid={onPaid}
          />
          <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
            <CircleAlert className="h-3.5 w-3.5" aria-hidden /> Link valid until {formatDate(view.expiresAt)}
          </p>
        </div>
      ) : null}

      {view.receipts.length > 0 ? <PayLinkReceipts receipts={view.receipts} /> : null}
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd className={strong ? 'font-semibold tabular-nums text-slate-900' : 'tabular-nums text-slate-700'}>
        {value}
      </dd>
    </div>
  );
}
