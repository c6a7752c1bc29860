import { IMPORT_KIND_LABELS, type ImportJobDto, type ImportRowError } from '@rentora/shared';
import { Download, X } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ProgressBar } from '../../components/progress-bar';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { downloadImportErrors, IMPORT_STATUS_LABELS, IMPORT_STATUS_TONES } from './import-errors';
import { IMPORT_FALLBACK_MESSAGES, isRunning, useCommitImport, useImportJob } from './imports.api';

const ERROR_COLUMNS: DataTableColumn<ImportRowError>[] = [
  { id: 'row', header: 'Row', cell: (error) => (error.row === 0 ? 'File' : error.row) },
  { id: 'field', header: 'Column', cell: (error) => error.field },
  { id: 'message', header: 'Problem', cell: (error) => error.message },
];

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value.toLocaleString('en-IN')}</dd>
    </div>
  );
}

/** A job as it runs: status, progress, the counts, the row errors; a ready dry run can be committed. */
export function ImportJobPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useImportJob(id);
  const commit = useCommitImport();
  const job: ImportJobDto | undefined = query.data;

  if (query.isError) {
    return (
      <Card className="p-5 text-sm text-red-700" role="alert">
        {apiErrorMessage(query.error, IMPORT_FALLBACK_MESSAGES.job)}
      </Card>
    );
  }
  if (!job) {
    return (
      <Card className="space-y-3 p-5" aria-busy="true">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-16 w-full" />
      </Card>
    );
  }
  const { summary, progress } = job;
  const percent = progress.total ? (progress.done / progress.total) * 100 : 0;
  const counts = job.dryRun
    ? [
        ['Valid rows', summary.valid],
        ['Rows with errors', summary.invalid],
        ['Would create', summary.created],
        ['Would update', summary.updated],
        ['Unchanged', summary.skipped],
      ]
    : [
        ['Valid rows', summary.valid],
        ['Rows with errors', summary.invalid],
        ['Created', summary.created],
        ['Updated', summary.updated],
        ['Skipped (unchanged)', summary.skipped],
      ];

  return (
    <Card className="space-y-4 p-5" role="region" aria-label="Import job" aria-live="polite">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">
            {IMPORT_KIND_LABELS[job.kind]} from {job.fileName}
          </h2>
          <p className="text-sm text-slate-500">
            {job.dryRun ? 'Dry run: nothing has been written yet.' : 'Import'}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={IMPORT_STATUS_TONES[job.status]}>{IMPORT_STATUS_LABELS[job.status]}</Badge>
          <Button size="icon" variant="ghost" aria-label="Close" onClick={onClose}>
            <X className="h-4 w-4" />
          </Button>
        </div>
      </div>
      {isRunning(job) ? (
        <div className="space-y-1">
          <ProgressBar value={percent} label="Import progress" />
          <p className="text-xs text-slate-500">
            {progress.done.toLocaleString('en-IN')} of{' '}
            {progress.total ? progress.total.toLocaleString('en-IN') : '…'} rows
          </p>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {counts.map(([label, value]) => (
          <Figure key={label as string} label={label as string} value={value as number} />
        ))}
      </dl>
      {job.planLimit ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
          Over the plan: this file adds {job.planLimit.adding}{' '}
          {job.planLimit.limitType === 'properties' ? 'properties' : 'units to one property'}; the plan allows{' '}
          {job.planLimit.limit} and {job.planLimit.current} are in use. Nothing was imported.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {job.status === 'ready' ? (
          <Button
            disabled={commit.isPending || summary.valid === 0}
            onClick={() =>
              commit
                .mutateAsync(job._id)
                .then(() =>
                  toast.success('Import started', `${summary.valid} valid rows are being imported.`),
                )
                .catch((error: unknown) => toast.apiError(error, IMPORT_FALLBACK_MESSAGES.commit))
            }
          >
            Import {summary.valid.toLocaleString('en-IN')} valid rows
          </Button>
        ) : null}
        {job.errors.length ? (
          <Button variant="outline" onClick={() => downloadImportErrors(job)}>
            <Download className="h-4 w-4" /> Errors as CSV
          </Button>
        ) : null}
      </div>
      {job.errors.length ? (
        <DataTable
          columns={ERROR_COLUMNS}
          rows={job.errors.slice(0, 200)}
          rowKey={(error) => `${error.row}-${error.field}-${error.message}`}
          caption="Rows with errors"
        />
      ) : null}
    </Card>
  );
}
