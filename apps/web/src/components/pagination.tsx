import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/cn';

export interface PaginationInfo {
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** Page numbers to show: the first, the last and a window around the current page, with gaps. */
export function pageWindow(page: number, totalPages: number, radius = 1): (number | 'gap')[] {
  const pages = new Set<number>([1, totalPages]);
  for (let offset = -radius; offset <= radius; offset += 1) {
    const candidate = page + offset;
    if (candidate >= 1 && candidate <= totalPages) pages.add(candidate);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const [index, value] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous > 1) result.push('gap');
    result.push(value);
  }
  return result;
}

export interface PaginationProps {
  pagination: PaginationInfo;
  onPageChange: (page: number) => void;
  /** Noun for the summary, e.g. "properties". */
  itemLabel?: string;
  /** false when totalCount is a lower bound ("1,000+"). */
  exactCount?: boolean;
  className?: string;
}

/** "Showing 13–24 of 57 properties" with previous / numbered / next page buttons. */
export function Pagination({
  pagination,
  onPageChange,
  itemLabel = 'results',
  exactCount = true,
  className,
}: PaginationProps) {
  const { page, limit, totalCount, totalPages, hasNext, hasPrev } = pagination;
  if (totalCount === 0) return null;
  const from = (page - 1) * limit + 1;
  const to = Math.min(page * limit, totalCount);
  const total = `${totalCount.toLocaleString('en-IN')}${exactCount ? '' : '+'}`;
  const button =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border px-2 text-sm font-medium transition disabled:pointer-events-none disabled:opacity-50';
  return (
    <nav
      className={cn('flex flex-col items-center gap-3 sm:flex-row sm:justify-between', className)}
      aria-label="Pagination"
    >
      <p className="text-sm text-slate-500">
        Showing <span className="font-medium text-slate-700">{from.toLocaleString('en-IN')}</span>–
        <span className="font-medium text-slate-700">{to.toLocaleString('en-IN')}</span> of{' '}
        <span className="font-medium text-slate-700">{total}</span> {itemLabel}
      </p>
      {totalPages > 1 ? (
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={cn(button, 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
            disabled={!hasPrev}
            onClick={() => onPageChange(page - 1)}
            aria-label="Previous page"
          >
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </button>
          {pageWindow(page, totalPages).map((entry, index) =>
            entry === 'gap' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
              <span key={`gap-${index}`} className="px-1 text-slate-400" aria-hidden>
                …
              </span>
            ) : (
              <button
                key={entry}
                type="button"
                onClick={() => onPageChange(entry)}
                aria-current={entry === page ? 'page' : undefined}
                aria-label={`Page ${entry}`}
                className={cn(
                  button,
                  'hidden sm:inline-flex',
                  entry === page
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {entry}
              </button>
            ),
          )}
          <span className="px-2 text-sm text-slate-600 sm:hidden">
            {page} / {totalPages}
          </span>
          <button
            type="button"
            className={cn(button, 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
            disabled={!hasNext}
            onClick={() => onPageChange(page + 1)}
            aria-label="Next page"
          >
            <ChevronRight className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ) : null}
    </nav>
  );
}
