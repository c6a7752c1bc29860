import { IMPORT_KIND_LABELS, type ImportJobDto } from '@rentora/shared';
import { FileSpreadsheet } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDateTime, timeAgo } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-filters';
import { downloadImportErrors, IMPORT_STATUS_LABELS, IMPORT_STATUS_TONES } from './import-errors';
import { ImportJobPanel } from './import-job';
import { ImportUpload } from './import-upload';
import { IMPORT_FALLBACK_MESSAGES, useImportHistory } from './imports.api';

const FILTER_KEYS = ['job'] as const;

const COLUMNS: DataTableColumn<ImportJobDto>[] = [
  {
    id: 'when',
    header: 'When',
    cell: (job) => (
      <time dateTime={job.createdAt} title={formatDateTime(job.createdAt)}>
        {timeAgo(job.createdAt)}
      </time>
    ),
  },
  { id: 'kind', header: 'Kind', cell: (job) => IMPORT_KIND_LABELS[job.kind] },
  { id: 'file', header: 'File', cell: (job) => job.fileName, hideOnMobile: true },
  {
    id: 'status',
    header: 'Status',
    cell: (job) => (
      <Badge tone={IMPORT_STATUS_TONES[job.status]}>
        {job.dryRun && job.status === 'ready' ? 'Dry run ready' : IMPORT_STATUS_LABELS[job.status]}
      </Badge>
    ),
  },
  {
    id: 'summary',
    header: 'Rows',
    cell: (job) =>
      `${job.summary.created} created · ${job.summary.updated} updated · ${job.summary.skipped} unchanged · ${job.summary.invalid} with errors`,
    hideOnMobile: true,
  },
];

/** /dashboard/imports: bring properties, units and tenancies in from a spreadsheet (dry run first), and the history. */
export function ImportsPage() {
  const { values, page, set } = useUrlFilters(FILTER_KEYS);
  const history = useImportHistory({ page, limit: 10 });
  const open = (id: string | null) => set({ job: id ?? '' });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Import"
        description="Bring properties, then their units, then tenancies in from a CSV or XLSX file. Every row is checked first; importing the same file again changes nothing."
      />
      <ImportUpload onUploaded={(job) => open(job._id)} />
      {values.job ? <ImportJobPanel id={values.job} onClose={() => open(null)} /> : null}
      <section aria-labelledby="import-history" className="space-y-3">
        <h2 id="import-history" className="text-base font-semibold text-slate-900">
          History
        </h2>
        <ListView
          list={history}
          errorTitle={apiErrorMessage(history.error, IMPORT_FALLBACK_MESSAGES.list)}
          errorFallback={null}
          empty={
            <EmptyState
              icon={FileSpreadsheet}
              title="No imports yet"
              description="Download a template above, fill it in and check it."
            />
          }
          onPageChange={(next) => set({ page: next })}
          itemLabel="imports"
        >
          {(rows, state) => (
            <DataTable
              columns={COLUMNS}
              rows={rows}
              rowKey={(job) => job._id}
              caption="Import history"
              loading={state.loading}
              fetching={history.isFetching}
              actions={(job) => (
                <div className="flex gap-1">
                  <Button size="sm" variant="ghost" onClick={() => open(job._id)}>
                    View
                  </Button>
                  {job.errors.length ? (
                    <Button size="sm" variant="ghost" onClick={() => downloadImportErrors(job)}>
                      Errors CSV
                    </Button>
                  ) : null}
                </div>
              )}
            />
          )}
        </ListView>
      </section>
    </div>
  );
}
