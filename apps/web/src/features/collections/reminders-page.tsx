import { COLLECTION_CHANNELS, REMINDER_STATUSES, type ReminderDto } from '@rentora/shared';
import { BellRing, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Select } from '../../components/field';
import { ListFilters, ListView, NoMatchState } from '../../components/list-view';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-filters';
import { usePermissions } from '../auth/use-permissions';
import { PaymentsNav } from '../invoices/invoice-display';
import {
  COLLECTIONS_MESSAGES,
  type ReminderFilters,
  useReminders,
  useResendReminder,
} from './collections.api';
import { CHANNEL_LABELS } from './schedule-section';

const FILTER_KEYS = ['status', 'channel', 'invoiceId'] as const;

const STATUS_TONES: Record<ReminderDto['status'], BadgeTone> = {
  sent: 'success',
  pending: 'info',
  deferred: 'warning',
  failed: 'danger',
  skipped: 'neutral',
};

const stepLabel = (step: number) =>
  step === 0 ? 'Due date' : step < 0 ? `${-step} days before` : `${step} days after`;

const isStatus = (v: string): v is ReminderDto['status'] =>
  (REMINDER_STATUSES as readonly string[]).includes(v);
const isChannel = (v: string): v is ReminderDto['channel'] =>
  (COLLECTION_CHANNELS as readonly string[]).includes(v);

/** /dashboard/payments/reminders: the reminders that went out (or did not), newest first, with resend. */
export function RemindersPage() {
  useDocumentTitle('Reminders', 'Dues reminders sent by email, SMS and WhatsApp');
  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const { canUseFeature } = usePermissions();
  const canResend = canUseFeature('payments_write');
  const resend = useResendReminder();
  const filters: ReminderFilters = {
    page,
    status: isStatus(values.status) ? values.status : undefined,
    channel: isChannel(values.channel) ? values.channel : undefined,
    invoiceId: values.invoiceId || undefined,
  };
  const list = useReminders(filters);
  const hasFilters = Boolean(filters.status || filters.channel || filters.invoiceId);

  const columns: DataTableColumn<ReminderDto>[] = [
    {
      id: 'invoice',
      header: 'Invoice',
      cell: (row) => (
        <span>
          <span className="block font-medium text-slate-900">{row.invoiceNumber ?? '—'}</span>
          <span className="block text-xs text-slate-500">{row.tenantName}</span>
        </span>
      ),
    },
    {
      id: 'step',
      header: 'Step',
      cell: (row) => (
        <span>
          <span className="block text-slate-900">{stepLabel(row.step)}</span>
          <span className="block text-xs text-slate-500">{formatDate(row.runDate)}</span>
        </span>
      ),
    },
    {
      id: 'channel',
      header: 'Channel',
      cell: (row) => (
        <span>
          <span className="block text-slate-900">{CHANNEL_LABELS[row.channel]}</span>
          <span className="block text-xs text-slate-500">{row.to ?? 'no address'}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <span>
          <Badge tone={STATUS_TONES[row.status]}>{row.status}</Badge>
          {row.error ? (
            <span className="mt-0.5 block max-w-xs text-xs text-slate-500">{row.error}</span>
          ) : null}
          {row.attempts > 1 ? (
            <span className="block text-xs text-slate-400">{row.attempts} attempts</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (row) =>
        canResend && (row.status === 'failed' || row.status === 'skipped') ? (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            loading={resend.isPending && resend.variables === row._id}
            onClick={() => resend.mutate(row._id)}
            aria-label={`Send the ${CHANNEL_LABELS[row.channel]} reminder of ${row.invoiceNumber ?? 'the invoice'} again`}
          >
            <RotateCw className="h-3.5 w-3.5" aria-hidden /> Resend
          </Button>
        ) : null,
    },
  ];

  const total = list.data?.pagination.totalCount;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Reminders"
        description={
          total === undefined
            ? 'Dues reminders by email, SMS and WhatsApp.'
            : `${total.toLocaleString('en-IN')} ${total === 1 ? 'reminder' : 'reminders'}${hasFilters ? ' match your filters' : ''}`
        }
      />
      <PaymentsNav />
      <ListFilters className="sm:grid-cols-3">
        <Select aria-label="Status" value={values.status} onChange={(e) => set({ status: e.target.value })}>
          <option value="">All statuses</option>
          {REMINDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Channel"
          value={values.channel}
          onChange={(e) => set({ channel: e.target.value })}
        >
          <option value="">All channels</option>
          {COLLECTION_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </Select>
        <Link
          to="/dashboard/payments/collections"
          className="self-center text-sm font-medium text-brand-700 hover:underline"
        >
          Schedule and templates
        </Link>
      </ListFilters>
      <ListView
        list={list}
        errorTitle={COLLECTIONS_MESSAGES.fetchReminders}
        hasFilters={hasFilters}
        noMatch={<NoMatchState title="No reminders match" onClear={clear} />}
        empty={
          <EmptyState
            icon={BellRing}
            title="No reminders yet"
            description="The daily collections run sends them on the days of your schedule."
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="reminders"
      >
        {(rows, state) => (
          <DataTable
            caption="Reminders"
            columns={columns}
            rows={rows}
            rowKey={(row) => row._id}
            loading={state.loading}
            fetching={state.fetching}
          />
        )}
      </ListView>
    </div>
  );
}
