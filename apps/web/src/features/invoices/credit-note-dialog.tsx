import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorState } from '../../components/empty-state';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { CREDIT_NOTE_MESSAGES, creditNotesApi, useCreditNote } from './credit-notes.api';
import { GstLinesTable, GstParties, GstTaxRows, TotalRow } from './gst-document';

/** A credit note: against which invoice, why, its lines and tax, and its PDF. */
export function CreditNoteDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const note = useCreditNote(id);
  const [downloading, setDownloading] = useState(false);
  const data = note.data;

  async function downloadPdf() {
    if (!data) return;
    setDownloading(true);
    try {
      await creditNotesApi.pdf(data);
    } catch (error) {
      toast.error(CREDIT_NOTE_MESSAGES.pdf, error instanceof Error ? error.message : undefined);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Dialog
      open={Boolean(id)}
      onClose={onClose}
      size="lg"
      title={data ? `Credit note ${data.number}` : 'Credit note'}
      description={data ? `${data.tenantName} · ${data.propertyName}, unit ${data.unitNumber}` : undefined}
      footer={
        data ? (
          <Button
            variant="outline"
            onClick={() => void downloadPdf()}
            loading={downloading}
            icon={<Download className="h-4 w-4" aria-hidden />}
            data-testid="credit-note-pdf"
          >
            Download PDF
          </Button>
        ) : undefined
      }
    >
      {note.isError ? (
        <ErrorState
          title={CREDIT_NOTE_MESSAGES.fetchOne}
          message={apiErrorMessage(note.error, CREDIT_NOTE_MESSAGES.fetchOne)}
          onRetry={() => void note.refetch()}
        />
      ) : !data ? (
        <SkeletonList rows={4} />
      ) : (
        <div className="space-y-5" data-testid="credit-note-detail">
          <GstParties doc={data}>
            <div className="flex gap-1">
              <dt className="text-slate-500">Issued</dt>
              <dd className="text-slate-900">{formatDate(data.issueDate)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-slate-500">Against invoice</dt>
              <dd className="text-slate-900">
                {data.invoiceNumber} of {formatDate(data.invoiceDate)}
              </dd>
            </div>
          </GstParties>
          <p className="text-sm text-slate-600">
            <span className="text-slate-500">Reason: </span>
            {data.reason}
          </p>
          <GstLinesTable lines={data.lines} doc={data} />
          <dl className="ml-auto w-full max-w-xs space-y-1 text-sm">
            <GstTaxRows doc={data} />
            <TotalRow label="Credit total" value={data.total} strong testId="credit-note-total" />
          </dl>
        </div>
      )}
    </Dialog>
  );
}
