import {
  INVOICE_STATUS_LABELS,
  type InvoiceDto,
  type InvoiceListItemDto,
  type InvoiceStatus,
  LEDGER_STATUS_LABELS,
  type LedgerStatus,
  type TrackingStatus,
} from '@rentora/shared';
import { NavLink } from 'react-router';
import { Badge, type BadgeTone } from '../../components/badge';
import { cn } from '../../lib/cn';
import { csvField } from '../../lib/csv';
import { formatMonth } from '../../lib/format';

const STATUS_TONES: Record<InvoiceStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  partially_paid: 'warning',
  paid: 'success',
  overdue: 'danger',
  void: 'neutral',
  cancelled: 'neutral',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge
      tone={STATUS_TONES[status]}
      className={status === 'void' || status === 'cancelled' ? 'line-through' : undefined}
    >
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}

export const TRACKING_LABELS: Record<TrackingStatus, string> = {
  paid: 'Paid',
  partial: 'Partial',
  unpaid: 'Unpaid',
  overdue: 'Overdue',
  not_billed: 'Not billed',
};

const TRACKING_TONES: Record<TrackingStatus, BadgeTone> = {
  paid: 'success',
  partial: 'warning',
  unpaid: 'info',
  overdue: 'danger',
  not_billed: 'neutral',
};

export function TrackingStatusBadge({ status }: { status: TrackingStatus }) {
  return <Badge tone={TRACKING_TONES[status]}>{TRACKING_LABELS[status]}</Badge>;
}

export const METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  card: 'Card',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
  other: 'Other',
};
export const methodLabel = (method: string | null) =>
  method === null ? 'Online' : (METHOD_LABELS[method] ?? method.replace(/_/g, ' '));

const LEDGER_TONES: Record<LedgerStatus, BadgeTone> = {
  captured: 'success',
  failed: 'danger',
  refunded: 'warning',
};

export function LedgerStatusBadge({ status }: { status: LedgerStatus }) {
  return <Badge tone={LEDGER_TONES[status]}>{LEDGER_STATUS_LABELS[status]}</Badge>;
}

export const shortMonth = (month: string) => formatMonth(month, { year: false });

export const invoiceLabel = (invoice: Pick<InvoiceDto, 'number'>) => invoice.number ?? 'Draft';

export const currentMonth = () => new Date().toISOString().slice(0, 7);

export function monthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Shifts a `YYYY-MM` month by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** Rupees typed or shown as text, stored as paise. */
export const toRupees = (minor: number) => minor / 100;

const LINKS = [
  { to: '/dashboard/payments', label: 'Overview', end: true },
  { to: '/dashboard/payments/invoices', label: 'Invoices' },
  { to: '/dashboard/payments/create-invoice', label: 'Create invoice' },
  { to: '/dashboard/payments/payment-tracking', label: 'Tracking' },
  { to: '/dashboard/payments/invoice-templates', label: 'Templates' },
  { to: '/dashboard/payments/late-fees', label: 'Late fees' },
  { to: '/dashboard/payments/credit-notes', label: 'Credit notes' },
  { to: '/dashboard/payments/reminders', label: 'Reminders' },
  { to: '/dashboard/payments/collections', label: 'Collections' },
  { to: '/dashboard/payments/gst-returns', label: 'GST returns' },
  { to: '/dashboard/payments/exports', label: 'Exports' },
];

/** The sub-navigation shared by the payment pages. */
export function PaymentsNav() {
  return (
    <nav
      aria-label="Payments"
      className="mb-5 flex max-w-full gap-1 overflow-x-auto border-b border-slate-200"
    >
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            cn(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium transition-colors',
              isActive
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function invoicesCsv(rows: readonly InvoiceListItemDto[]): string {
  const head = [
    'Number',
    'Status',
    'Tenant',
    'Property',
    'Unit',
    'Issue date',
    'Due date',
    'Total',
    'Paid',
    'Balance',
  ];
  const money = (minor: number) => (minor / 100).toFixed(2);
  return [
    head.join(','),
    ...rows.map((r) =>
      [
        r.number ?? 'Draft',
        INVOICE_STATUS_LABELS[r.status],
        r.tenantName,
        r.propertyName,
        r.unitNumber,
        r.issueDate,
        r.dueDate,
        money(r.total),
        money(r.amountPaid),
        money(r.balance),
      ]
        .map(csvField)
        .join(','),
    ),
  ].join('\n');
}
