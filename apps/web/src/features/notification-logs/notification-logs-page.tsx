import type { NotificationChannel, NotificationLogDto } from '@rentora/shared';
import { AlertTriangle, Bell, CheckCircle2, Clock, Mail, ScrollText } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import type { DataTableColumn } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Input, Select } from '../../components/field';
import { ListView, tableRows } from '../../components/list-view';
import { SearchInput } from '../../components/search-input';
import { StatCards } from '../../components/stat-card';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { formatDateTime, humanize } from '../../lib/format';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { usePermissions } from '../auth/use-permissions';
import { AccessDenied } from '../shell/access-denied';
import {
  NOTIFICATION_LOG_FALLBACK_MESSAGES,
  type NotificationLogFilters,
  useNotificationLogStats,
  useNotificationLogs,
} from './notification-logs.api';

const PAGE_SIZE = 20;

const formatWhen = (iso: string) => formatDateTime(iso);

export function ChannelBadge({ channel }: { channel: NotificationChannel }) {
  return channel === 'email' ? (
    <Badge tone="info" className="gap-1">
      <Mail className="h-3 w-3" aria-hidden /> Email
    </Badge>
  ) : (
    <Badge tone="brand" className="gap-1">
      <Bell className="h-3 w-3" aria-hidden /> In-app
    </Badge>
  );
}

const FILTER_KEYS = ['search', 'template', 'channel', 'status', 'from', 'to'] as const;
const isChannel = (value: string): value is NotificationChannel => value === 'email' || value === 'in_app';

/** /dashboard/notification-logs: every email and in-app notification the platform sent, with failures. */
export function NotificationLogsPage() {
  // The logs API answers super admins only (GET /api/notification-logs is access.superAdmin): other roles the route
  // gate lets in see the access message instead of a page whose requests all answer 403.
  const { isSuperAdmin } = usePermissions();
  if (!isSuperAdmin)
    return <AccessDenied message="Notification logs are kept for the platform's super admins." />;
  return <NotificationLogsContent />;
}

function NotificationLogsContent() {
  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const [search, setSearch] = useSearchBox(values.search, (next) => set({ search: next }));
  const [template, setTemplate] = useSearchBox(values.template, (next) => set({ template: next }));
  const channel = isChannel(values.channel) ? values.channel : '';
  const status = values.status === 'sent' || values.status === 'failed' ? values.status : '';
  const dateFrom = values.from;
  const dateTo = values.to;
  const filters: NotificationLogFilters = {
    page,
    limit: PAGE_SIZE,
    channel: channel || undefined,
    status: status || undefined,
    search: values.search || undefined,
    template: values.template || undefined,
    dateFrom: dateFrom || undefined,
    dateTo: dateTo || undefined,
  };
  const logs = useNotificationLogs(filters);
  const stats = useNotificationLogStats();
  const filtered = Boolean(
    filters.channel ||
      filters.status ||
      filters.search ||
      filters.template ||
      filters.dateFrom ||
      filters.dateTo,
  );

  const columns: DataTableColumn<NotificationLogDto>[] = [
    {
      id: 'when',
      header: 'When',
      cell: (log) => (
        <time dateTime={log.createdAt} className="whitespace-nowrap text-slate-600">
          {formatWhen(log.createdAt)}
        </time>
      ),
    },
    {
      id: 'recipient',
      header: 'Recipient',
      cell: (log) => (
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">
            {log.recipient.name ?? log.recipient.email ?? 'Unknown'}
          </p>
          {log.recipient.name && log.recipient.email ? (
            <p className="truncate text-xs text-slate-500">{log.recipient.email}</p>
          ) : null}
        </div>
      ),
    },
    { id: 'channel', header: 'Channel', cell: (log) => <ChannelBadge channel={log.channel} /> },
    {
      id: 'subject',
      header: 'Subject',
      className: 'max-w-xs',
      cell: (log) => (
        <div className="min-w-0">
          <p className="truncate text-slate-800">{log.subject}</p>
          <p className="truncate font-mono text-[11px] text-slate-400">{log.template}</p>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (log) =>
        log.status === 'sent' ? (
          <Badge tone="success">Sent</Badge>
        ) : (
          <div className="min-w-0">
            <Badge tone="danger">Failed</Badge>
            {log.error ? (
              <p className="mt-0.5 max-w-56 truncate text-xs text-red-600" title={log.error}>
                {log.error}
              </p>
            ) : null}
          </div>
        ),
    },
  ];

  const header = (
    <PageHeader
      title="Notification Logs"
      description="Every email and in-app notification sent, delivered or failed."
    />
  );
  if (logs.error instanceof ApiError && logs.error.status === 403) {
    // The route is open to notification readers (spec 01 §2); the log itself is kept for the platform team.
    return (
      <div>
        {header}
        <ErrorState
          title="Notification logs are kept for the platform team"
          message={apiErrorMessage(logs.error, NOTIFICATION_LOG_FALLBACK_MESSAGES.list)}
        />
      </div>
    );
  }

  return (
    <div>
      {header}
      <StatCards
        loading={stats.isPending}
        error={stats.isError ? apiErrorMessage(stats.error, NOTIFICATION_LOG_FALLBACK_MESSAGES.stats) : null}
        cards={[
          { label: 'Total', value: stats.data?.total ?? '—', icon: ScrollText },
          { label: 'Sent', value: stats.data?.sent ?? '—', icon: CheckCircle2, tone: 'success' },
          { label: 'Failed', value: stats.data?.failed ?? '—', icon: AlertTriangle, tone: 'danger' },
          { label: 'Last 24 hours', value: stats.data?.last24Hours ?? '—', icon: Clock, tone: 'neutral' },
        ]}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto_auto]">
        <SearchInput
          label="Search by recipient email"
          placeholder="Recipient email"
          value={search}
          onChange={setSearch}
        />
        <Input
          aria-label="Template"
          placeholder="Template, e.g. test"
          value={template}
          onChange={(event) => setTemplate(event.target.value)}
        />
        <Select
          aria-label="Channel"
          value={channel}
          onChange={(event) => set({ channel: event.target.value })}
        >
          <option value="">All channels</option>
          <option value="email">Email</option>
          <option value="in_app">In-app</option>
        </Select>
        <Select aria-label="Status" value={status} onChange={(event) => set({ status: event.target.value })}>
          <option value="">All statuses</option>
          <option value="sent">Sent</option>
          <option value="failed">Failed</option>
        </Select>
        <Input
          type="date"
          aria-label="From date"
          value={dateFrom}
          max={dateTo || undefined}
          onChange={(event) => set({ from: event.target.value })}
        />
        <Input
          type="date"
          aria-label="To date"
          value={dateTo}
          min={dateFrom || undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
      </div>
      <ListView
        list={logs}
        errorTitle="Notification logs could not be loaded"
        errorFallback={NOTIFICATION_LOG_FALLBACK_MESSAGES.list}
        empty={
          <EmptyState
            icon={ScrollText}
            title={filtered ? 'No deliveries match' : 'Nothing sent yet'}
            description={
              filtered
                ? 'Try other filters.'
                : 'Emails and in-app notifications are logged here as they go out.'
            }
            action={
              filtered ? (
                <Button variant="outline" onClick={clear}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="deliveries"
      >
        {tableRows({
          caption: 'Notification logs',
          columns,
          rowKey: (log) => log._id,
          mobileTitle: (log) => (
            <div className="flex items-center justify-between gap-2">
              <p className="truncate font-medium text-slate-900">{log.subject}</p>
              <span className="shrink-0 text-xs capitalize text-slate-400">{humanize(log.template)}</span>
            </div>
          ),
        })}
      </ListView>
    </div>
  );
}
