import type { AuditLogDto } from '@rentora/shared';
import { Download, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { Field, Input, Select } from '../../components/field';
import { ListView } from '../../components/list-view';
import { apiErrorMessage } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { formatDateTime, timeAgo } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useUrlFilters } from '../../lib/url-filters';
import { AUDIT_LOG_FALLBACK_MESSAGES, type AuditLogFilters, useAuditLogs } from './audit-log.api';

const ENTITY_TYPES = ['company_user', 'company', 'plan', 'property', 'rental_unit'];

function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-slate-400">—</span>;
  return (
    <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-3 text-xs text-slate-700">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

const FILTER_KEYS = ['action', 'entityType', 'from', 'to'] as const;

/** /dashboard/audit-log: the append-only trail of sensitive changes (owners; the super admin sees every company). */
export function AuditLogPage() {
  const { values, page, set } = useUrlFilters(FILTER_KEYS);
  const filters: AuditLogFilters = {
    page,
    limit: 25,
    action: values.action || undefined,
    entityType: values.entityType || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
  };
  const [open, setOpen] = useState<AuditLogDto | null>(null);
  const logs = useAuditLogs(filters);

  const columns: DataTableColumn<AuditLogDto>[] = [
    {
      id: 'when',
      header: 'When',
      cell: (row) => (
        <time dateTime={row.createdAt} title={formatDateTime(row.createdAt)}>
          {timeAgo(row.createdAt)}
        </time>
      ),
    },
    {
      id: 'actor',
      header: 'Who',
      cell: (row) =>
        row.actor ? `${row.actor.firstName} ${row.actor.lastName}`.trim() || row.actor.email : 'System',
    },
    { id: 'action', header: 'Action', cell: (row) => <Badge tone="brand">{row.action}</Badge> },
    {
      id: 'entity',
      header: 'Record',
      cell: (row) => (
        <span className="text-slate-600">
          {row.entityType}{' '}
          <span className="font-mono text-xs text-slate-400">{row.entityId.slice(0, 8)}</span>
        </span>
      ),
    },
    { id: 'summary', header: 'Summary', cell: (row) => row.summary ?? '—', hideOnMobile: true },
  ];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit Log"
        description="Every change to money, permissions, plans, statuses and deletions, with who, when and from where."
        actions={
          <Button
            variant="outline"
            onClick={() =>
              downloadFile(
                '/audit-logs/export',
                { ...filters, page: undefined, limit: undefined },
                'audit-log.csv',
                AUDIT_LOG_FALLBACK_MESSAGES.export,
              )
                .then(() => toast.success('Audit log exported'))
                .catch((error: unknown) =>
                  toast.error(error instanceof Error ? error.message : AUDIT_LOG_FALLBACK_MESSAGES.export),
                )
            }
          >
            <Download className="h-4 w-4" /> Export CSV
          </Button>
        }
      />
      <Card className="grid gap-4 p-4 sm:grid-cols-4">
        <Field label="Action">
          {(control) => (
            <Input
              {...control}
              placeholder="e.g. company_user.changed"
              value={values.action}
              onChange={(event) => set({ action: event.target.value })}
            />
          )}
        </Field>
        <Field label="Record type">
          {(control) => (
            <Select
              {...control}
              value={values.entityType}
              onChange={(event) => set({ entityType: event.target.value })}
            >
              <option value="">All records</option>
              {ENTITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="From">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.from}
              onChange={(event) => set({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label="To">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.to}
              onChange={(event) => set({ to: event.target.value })}
            />
          )}
        </Field>
      </Card>
      <ListView
        list={logs}
        errorTitle={apiErrorMessage(logs.error, AUDIT_LOG_FALLBACK_MESSAGES.list)}
        errorFallback={null}
        empty={
          <EmptyState
            icon={ScrollText}
            title="Nothing recorded yet"
            description="Changes appear here as they happen."
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="entries"
        paginationClassName=""
      >
        {(rows, state) => (
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row._id}
            caption="Audit log"
            loading={state.loading}
            fetching={logs.isFetching}
            actions={(row) => (
              <Button size="sm" variant="ghost" onClick={() => setOpen(row)}>
                Details
              </Button>
            )}
          />
        )}
      </ListView>
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open?.action ?? ''} size="lg">
        {open ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-slate-500">When</dt>
            <dd>{formatDateTime(open.createdAt)}</dd>
            <dt className="text-slate-500">Who</dt>
            <dd>
              {open.actor ? `${open.actor.firstName} ${open.actor.lastName} (${open.actor.email})` : 'System'}
            </dd>
            <dt className="text-slate-500">Record</dt>
            <dd className="font-mono text-xs">
              {open.entityType} {open.entityId}
            </dd>
            <dt className="text-slate-500">Request</dt>
            <dd className="font-mono text-xs">
              {open.requestId ?? '—'} · {open.ip ?? '—'}
            </dd>
            <dt className="text-slate-500">Before</dt>
            <dd>
              <Change value={open.before} />
            </dd>
            <dt className="text-slate-500">After</dt>
            <dd>
              <Change value={open.after} />
            </dd>
          </dl>
        ) : null}
      </Dialog>
    </div>
  );
}
