import type { Pagination } from '@rentora/shared';

/** A CSV field: quoted when it holds a comma, quote or line break; formula starts are neutralised. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A text file (CSV by default, with a BOM so spreadsheets read UTF-8) saved through a temporary object URL. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([`\ufeff${text}`], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The pages a list export reads: 100 rows each, at most 50 pages (5,000 rows). */
export const EXPORT_PAGE_SIZE = 100;
export const EXPORT_MAX_PAGES = 50;

/** Every row of a filtered list, page by page, up to the export bound. */
export async function fetchAllPages<T>(
  fetchPage: (page: number, limit: number) => Promise<{ data: T[]; pagination: Pick<Pagination, 'hasNext'> }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= EXPORT_MAX_PAGES; page += 1) {
    const answer = await fetchPage(page, EXPORT_PAGE_SIZE);
    rows.push(...answer.data);
    if (!answer.pagination.hasNext) break;
  }
  return rows;
}

/** Today's date for export file names, e.g. `tenants-2025-01-31.csv`. */
export function exportFileName(prefix: string): string {
  return `${prefix}-${new Date().toISOString().slice(0, 10)}.csv`;
}
