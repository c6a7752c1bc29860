import type { InvoiceStatus } from '@rentora/shared';
import { Badge, type BadgeTone } from '../../components/badge';

/**
 * The invoice's state as the tenant reads it on the pay page ("Unpaid" rather than the staff list's "Sent"). Kept here,
 * not imported from features/invoices: that module pulls the invoice schemas and zod (~35 kB gzip) into the public
 * pay page's first load. A link of a void or cancelled invoice never gets here (the API answers 410).
 */
const TENANT_STATUS: Partial<Record<InvoiceStatus, { label: string; tone: BadgeTone }>> = {
  sent: { label: 'Unpaid', tone: 'info' },
  partially_paid: { label: 'Part paid', tone: 'warning' },
  overdue: { label: 'Overdue', tone: 'danger' },
  paid: { label: 'Paid', tone: 'success' },
};

export function PayLinkStatusBadge({ status }: { status: InvoiceStatus }) {
  const shown = TENANT_STATUS[status];
  return shown ? <Badge tone={shown.tone}>{shown.label}</Badge> : null;
}
