import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Skeleton } from './skeleton';

export interface DataTableColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes of the header and body cells (width, alignment). */
  className?: string;
  /** Left out of the stacked mobile card (e.g. a column already shown in the card's title). */
  hideOnMobile?: boolean;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Accessible name of the table. */
  caption: string;
  /** Title line of a row's mobile card (defaults to the first column). */
  mobileTitle?: (row: T) => ReactNode;
  /** Right-aligned actions of a row, shown in the last column and beside the mobile card's title. */
  actions?: (row: T) => ReactNode;
  /** Placeholder rows while the first page loads. */
  loading?: boolean;
  loadingRows?: number;
  /** Dim the rows while a new page or filter is being fetched. */
  fetching?: boolean;
  className?: string;
}

/**
 * A list as a table from the `sm` breakpoint and as stacked cards below it, so that wide lists stay usable
 * on a phone. Rendering only: sorting, filters and pagination belong to the page.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  mobileTitle,
  actions,
  loading = false,
  loadingRows = 5,
  fetching = false,
  className,
}: DataTableProps<T>) {
  const [first, ...rest] = columns;
  const cardColumns = mobileTitle ? columns : rest;
  return (
    <div
      className={cn('overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm', className)}
      aria-busy={loading || fetching || undefined}
    >
      {/* Focusable so keyboard users can scroll a wide table (axe scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="hidden overflow-x-auto md:block" tabIndex={0} aria-label={caption}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cn(
                    'whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500',
                    column.className,
                  )}
                >
                  {column.header}
                </th>
              ))}
              {actions ? (
                <th scope="col" className="px-4 py-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody
            className={cn('divide-y divide-slate-100 transition-opacity', fetching && 'opacity-60')}
            aria-busy={fetching || undefined}
          >
            {loading
              ? Array.from({ length: loadingRows }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                  <tr key={index}>
                    {columns.map((column) => (
                      <td key={column.id} className="px-4 py-4">
                        <Skeleton className="h-4 w-3/4" />
                      </td>
                    ))}
                    {actions ? <td className="px-4 py-4" /> : null}
                  </tr>
                ))
              : rows.map((row) => (
                  <tr key={rowKey(row)} className="hover:bg-slate-50/70">
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        className={cn('px-4 py-3 align-middle text-slate-700', column.className)}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                    {actions ? (
                      <td className="whitespace-nowrap px-4 py-3 text-right">
                        <div className="flex items-center justify-end gap-1">{actions(row)}</div>
                      </td>
                    ) : null}
                  </tr>
                ))}
          </tbody>
        </table>
      </section>
      <ul
        className={cn('divide-y divide-slate-100 md:hidden', fetching && 'opacity-60')}
        aria-busy={fetching || undefined}
        aria-label={caption}
      >
        {loading
          ? Array.from({ length: Math.min(loadingRows, 3) }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <li key={index} className="space-y-2 p-4">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-3/4" />
              </li>
            ))
          : rows.map((row) => (
              <li key={rowKey(row)} className="p-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0 flex-1">{mobileTitle ? mobileTitle(row) : first?.cell(row)}</div>
                  {actions ? (
                    <div className="flex shrink-0 flex-wrap justify-end gap-1">{actions(row)}</div>
                  ) : null}
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  {cardColumns
                    .filter((column) => !column.hideOnMobile)
                    .map((column) => (
                      <div key={column.id} className="min-w-0">
                        <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-400">
                          {column.header}
                        </dt>
                        <dd className="mt-0.5 min-w-0 text-slate-700">{column.cell(row)}</dd>
                      </div>
                    ))}
                </dl>
              </li>
            ))}
      </ul>
    </div>
  );
}
