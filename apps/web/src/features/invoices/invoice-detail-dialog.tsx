import { ZInvoiceVoidBody } from '@rentora/shared';
import { FileMinus, FileText, Send, Wallet, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorState } from '../../components/empty-state';
import { ReasonDialog } from '../../components/reason-dialog';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { usePermissions } from '../auth/use-permissions';
import { WaiveLateFeeAction } from '../late-fees/waive-late-fee-action';
import { invoiceLabel } from './invoice-display';
import { InvoiceDocument } from './invoice-document';
import {
  INVOICE_MESSAGES,
  invoicePdfLink,
  invoicesApi,
  useInvoice,
  useInvoiceMutation,
} from './invoices.api';
import { IssueCreditNoteDialog } from './issue-credit-note-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';

/** The invoice as a tax invoice or bill of supply, its PDF preview and actions (send, credit note, record payment, void). */
export function InvoiceDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useInvoice(id);
  const permissions = usePermissions();
  const canUpdate = permissions.canUseAny(['invoices_update', 'invoices_write']);
  const canRecord = permissions.canUseAny(['payments_write', 'invoices_update']);
  const [paying, setPaying] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [crediting, setCrediting] = useState(false);
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
    invoice &&
    invoice.status !== 'void' &&
    invoice.status !== 'cancelled' &&
    invoice.status !== 'paid' &&
    invoice.status !== 'draft';
  // An issued invoice is reduced or cancelled by a credit note, never edited; what was paid cannot be credited.
  const creditable = open && invoice.number !== null && invoice.balance > 0;

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
              {permissions.canUseFeature('invoices_write') ? <WaiveLateFeeAction invoice={invoice} /> : null}
              {canUpdate && creditable ? (
                <Button
                  variant="outline"
                  onClick={() => setCrediting(true)}
                  icon={<FileMinus className="h-4 w-4" aria-hidden />}
                  data-testid="issue-credit-note"
                >
                  Issue credit note
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
        <div className="space-y-5">
          <InvoiceDocument invoice={invoice} />
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
        <>
          <RecordPaymentDialog invoice={invoice} open={paying} onClose={() => setPaying(false)} />
          <IssueCreditNoteDialog invoice={invoice} open={crediting} onClose={() => setCrediting(false)} />
        </>
      ) : null}
      <ReasonDialog
        open={voiding}
        reason={ZInvoiceVoidBody.shape.reason}
        maxLength={500}
        title="Void this invoice?"
        description="A void invoice keeps its number but asks for nothing: a credit note for the full amount is issued. This cannot be undone."
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
