import type { Pagination } from '@rentora/shared';
import { useState } from 'react';
import { downloadText, exportFileName, fetchAllPages } from './csv';
import { toast } from './toast';

export interface CsvExportOptions<T> {
  /** One page of the list under the screen's current filters. */
  fetchPage: (page: number, limit: number) => Promise<{ data: T[]; pagination: Pick<Pagination, 'hasNext'> }>;
  toCsv: (rows: readonly T[]) => string;
  /** File name prefix: `tenants` saves `tenants-2025-01-31.csv`. */
  fileName: string;
  /** Singular and plural nouns of the "Export ready" toast. */
  noun: [one: string, many: string];
  /** The error toast's title when the export fails. */
  failureTitle: string;
}

/** A list screen's "Export CSV": every row under the current filters, saved as a file, with a toast. */
export function useCsvExport<T>(options: CsvExportOptions<T>) {
  const [exporting, setExporting] = useState(false);
  async function run() {
    setExporting(true);
    try {
      const rows = await fetchAllPages(options.fetchPage);
      downloadText(exportFileName(options.fileName), options.toCsv(rows));
      toast.success(
        'Export ready',
        `${rows.length} ${rows.length === 1 ? options.noun[0] : options.noun[1]}`,
      );
    } catch (error) {
      toast.apiError(error, options.failureTitle);
    } finally {
      setExporting(false);
    }
  }
  return { exporting, run };
}
