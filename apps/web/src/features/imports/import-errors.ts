import type { ImportJobDto } from '@rentora/shared';
import { csvField, downloadText } from '../../lib/csv';

/** Saves a job's row errors as a CSV (row, column, message). */
export function downloadImportErrors(job: ImportJobDto) {
  const lines = [
    ['Row', 'Column', 'Problem'],
    ...job.errors.map((error) => [error.row === 0 ? 'file' : String(error.row), error.field, error.message]),
  ];
  const text = `${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
  downloadText(`import-errors-${job.kind}-${job.createdAt.slice(0, 10)}.csv`, text);
}

export const IMPORT_STATUS_LABELS: Record<ImportJobDto['status'], string> = {
  queued: 'Queued',
  validating: 'Checking rows',
  ready: 'Ready to import',
  importing: 'Importing',
  done: 'Done',
  failed: 'Failed',
};

export const IMPORT_STATUS_TONES = {
  queued: 'neutral',
  validating: 'info',
  ready: 'brand',
  importing: 'info',
  done: 'success',
  failed: 'danger',
} as const satisfies Record<ImportJobDto['status'], string>;
