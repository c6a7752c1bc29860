import { type InvoiceDetailDto, ZWaiveLateFeeBody } from '@rentora/shared';
import { BadgePercent } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { ReasonDialog } from '../../components/reason-dialog';
import { formatMoney } from '../../lib/format';
import { useWaiveLateFee } from './late-fees.api';

/**
 * "Waive late fee" on an open invoice with a late-fee line: asks for the reason (kept in the audit log). A tax
 * invoice gets a credit note for the fee; on a bill of supply the line is taken off.
 */
export function WaiveLateFeeAction({ invoice }: { invoice: InvoiceDetailDto }) {
  const [open, setOpen] = useState(false);
  const waive = useWaiveLateFee();
  const fee = invoice.lineItems.find((l) => l.lateFee);
  const isOpen =
    invoice.status === 'sent' || invoice.status === 'partially_paid' || invoice.status === 'overdue';
  if (!fee || !isOpen) return null;
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        icon={<BadgePercent className="h-4 w-4" aria-hidden />}
        data-testid="waive-late-fee"
      >
        Waive late fee
      </Button>
      <ReasonDialog
        open={open}
        reason={ZWaiveLateFeeBody.shape.reason}
        maxLength={500}
        title={`Waive the late fee of ${formatMoney(fee.amount)}?`}
        description={
          invoice.documentType === 'tax_invoice'
            ? 'This tax invoice was issued: a credit note for the fee and its GST is issued, and the balance drops by it.'
            : 'The late-fee line is taken off the invoice and the balance drops by it.'
        }
        confirmLabel="Waive late fee"
        loading={waive.isPending}
        onConfirm={(reason) =>
          waive.mutate({ invoiceId: invoice._id, reason }, { onSuccess: () => setOpen(false) })
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
