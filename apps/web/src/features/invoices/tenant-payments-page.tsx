import type { CheckoutFields, InvoiceCheckoutDto, InvoiceDto } from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { SkeletonList } from '../../components/skeleton';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { MyDepositStatements } from '../deposits/my-deposit-statements';
import { GatewayCheckout } from '../payments-checkout/gateway-checkout';
import { InvoiceStatusBadge, invoiceLabel, LedgerStatusBadge, methodLabel } from './invoice-display';
import { ledgerKeys, useMyPayments } from './invoices.api';
import { ReceiptButton } from './payment-detail-dialog';

const MESSAGES = {
  fetch: 'Failed to fetch your invoices',
  pay: 'Failed to start the payment',
  verify: 'Payment verification failed',
  pdf: 'Failed to open the invoice PDF',
  history: 'Failed to fetch your payments',
};

/**
 * /tenant/payments: the signed-in tenant's invoices, paid online through the gateway, with their PDFs, and the
 * payments they made (of every landlord) with their receipts.
 */
export function TenantPaymentsPage() {
  useDocumentTitle('Payments', 'Rent and deposits');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [checkout, setCheckout] = useState<InvoiceCheckoutDto | null>(null);
  const mine = useQuery({
    queryKey: ['invoices', 'mine', page],
    queryFn: ({ signal }) => api.get<ApiList<InvoiceDto>>('/invoices/mine', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
  const open = useMutation({
    mutationFn: (id: string) =>
      api.post<ApiOk<InvoiceCheckoutDto>>(`/invoices/${id}/pay`).then((r) => r.data),
    onSuccess: setCheckout,
    onError: (error) => toast.apiError(error, MESSAGES.pay),
  });
  const verify = useMutation({
    mutationFn: (input: { invoiceId: string; fields: CheckoutFields }) =>
      api.post<ApiOk<InvoiceDto>>('/invoices/verify-payment', {
        invoiceId: input.invoiceId,
        ...input.fields,
      }),
    onSuccess: (answer) => {
      toast.success('Payment received', answer.data.number ?? undefined);
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'mine'] });
      void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    },
    onError: (error) => toast.apiError(error, MESSAGES.verify),
  });

  async function openPdf(id: string) {
    try {
      const link = await api.getData<{ url: string }>(`/invoices/mine/${id}/pdf-link`);
      window.open(link.url, '_blank', 'noopener');
    } catch (error) {
      toast.apiError(error, MESSAGES.pdf);
    }
  }

  const rows = mine.data?.data ?? [];
  const due = rows.filter((r) => r.status !== 'void' && r.balance > 0).reduce((sum, r) => sum + r.balance, 0);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Payments"
        description={
          mine.data ? `Outstanding on this page: ${formatMoney(due)}` : 'Your rent and other invoices.'
        }
      />
      <ListView
        list={mine}
        errorTitle={MESSAGES.fetch}
        empty={
          <EmptyState
            icon={Receipt}
            title="No invoices yet"
            description="Invoices from your landlord appear here."
          />
        }
        onPageChange={setPage}
        itemLabel="invoices"
      >
        {(rows, state) =>
          state.loading ? (
            <SkeletonList rows={3} />
          ) : (
            <ul className="space-y-3" data-testid="my-invoices">
              {rows.map((invoice) => (
                <li key={invoice._id}>
                  <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <div className="min-w-0">
                      <p className="flex items-center gap-2 font-medium text-slate-900">
                        {invoiceLabel(invoice)} <InvoiceStatusBadge status={invoice.status} />
                      </p>
                      <p className="text-sm text-slate-500">
                        {invoice.propertyName} · unit {invoice.unitNumber} · due {formatDate(invoice.dueDate)}
                      </p>
                      <p className="text-sm text-slate-700">
                        Total {formatMoney(invoice.total, invoice.currency)}
                        {invoice.amountPaid > 0
                          ? ` · paid ${formatMoney(invoice.amountPaid, invoice.currency)}`
                          : ''}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => void openPdf(invoice._id)}
                        icon={<FileText className="h-4 w-4" aria-hidden />}
                      >
                        PDF
                      </Button>
                      {invoice.status !== 'void' && invoice.balance > 0 ? (
                        <Button
                          size="sm"
                          loading={open.isPending && open.variables === invoice._id}
                          onClick={() => open.mutate(invoice._id)}
                        >
                          Pay {formatMoney(invoice.balance, invoice.currency)}
                        </Button>
                      ) : null}
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </ListView>
      <PaymentHistory />
      <MyDepositStatements />
      {checkout ? (
        <GatewayCheckout
          gateway={checkout.gateway}
          keyId={checkout.keyId}
          order={checkout.order}
          description={`Invoice ${invoiceLabel(checkout.invoice)}`}
          prefill={{ name: checkout.invoice.tenantName, email: checkout.invoice.tenantEmail }}
          onPaid={(fields) => {
            const invoiceId = checkout.invoice._id;
            setCheckout(null);
            verify.mutate({ invoiceId, fields });
          }}
          onFailed={(message) => toast.apiError(new Error(message), MESSAGES.pay)}
          onClose={() => setCheckout(null)}
        />
      ) : null}
    </div>
  );
}

/** The signed-in person's own payments (GET /payments/mine), newest first, each with its receipt. */
function PaymentHistory() {
  const [page, setPage] = useState(1);
  const mine = useMyPayments(page);
  return (
    <section aria-labelledby="history-title" className="mt-8" data-testid="my-payments">
      <h2 id="history-title" className="mb-3 text-lg font-semibold text-slate-900">
        Payment history
      </h2>
      <ListView
        list={mine}
        errorTitle={MESSAGES.history}
        empty={
          <EmptyState
            icon={Receipt}
            title="No payments yet"
            description="Your payments and their receipts appear here."
          />
        }
        onPageChange={setPage}
        itemLabel="payments"
        hidePagination={(mine.data?.pagination.totalPages ?? 0) <= 1}
      >
        {(rows, state) =>
          state.loading ? (
            <SkeletonList rows={3} />
          ) : (
            <Card className="divide-y divide-slate-100">
              {rows.map((p) => (
                <div key={p._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-medium text-slate-900">
                      {formatMoney(p.amount, p.currency)} <LedgerStatusBadge status={p.status} />
                    </p>
                    <p className="text-sm text-slate-500">
                      {p.description} · {methodLabel(p.method)} · {formatDate(p.paidAt)}
                      {p.propertyName ? ` · ${p.propertyName}` : ''}
                    </p>
                  </div>
                  <ReceiptButton payment={p} own />
                </div>
              ))}
            </Card>
          )
        }
      </ListView>
    </section>
  );
}
