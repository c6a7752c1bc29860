import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { apiErrorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { Button } from './button';
import { Card } from './card';
import { DataTable, type DataTableProps } from './data-table';
import { EmptyState, ErrorState } from './empty-state';
import { Input, Select } from './field';
import { Pagination, type PaginationInfo } from './pagination';

/** What a list screen's query answers (a TanStack Query result of a paged list fits; a one-page list has no pagination). */
export interface ListQueryState<T> {
  data: { data: readonly T[]; pagination?: PaginationInfo } | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListBodyState {
  /** The first page is loading: show placeholder rows. */
  loading: boolean;
  /** Another page or filter is loading: dim the rows. */
  fetching: boolean;
}

export interface ListViewProps<T> {
  list: ListQueryState<T>;
  /** The error state's title; also the message when the server gives none (unless `errorFallback`). */
  errorTitle: string;
  /** The error state's message when the server gives none; null: the title alone (it already holds the message). */
  errorFallback?: string | null;
  /** Shown when the list is empty without filters. */
  empty: ReactNode;
  /** Shown when the list is empty under filters (defaults to `empty`). */
  noMatch?: ReactNode;
  hasFilters?: boolean;
  /** The rows as a table or cards; called while loading too (rows empty, `loading` true). */
  children: (rows: readonly T[], state: ListBodyState) => ReactNode;
  onPageChange: (page: number) => void;
  /** Noun of the pagination summary, e.g. "tenants". */
  itemLabel?: string;
  /** false when the total is a lower bound. */
  exactCount?: boolean;
  /** Leave out the pagination (lists that show one page only). */
  hidePagination?: boolean;
  paginationClassName?: string;
}

/**
 * The body of a list screen: the error state with a retry, the empty states (none yet / none under the filters),
 * the rows (table or cards, rendered by the screen) and the pagination.
 */
export function ListView<T>({
  list,
  errorTitle,
  errorFallback = errorTitle,
  empty,
  noMatch,
  hasFilters = false,
  children,
  onPageChange,
  itemLabel,
  exactCount,
  hidePagination = false,
  paginationClassName = 'mt-4',
}: ListViewProps<T>) {
  if (list.isError) {
    return (
      <ErrorState
        title={errorTitle}
        message={errorFallback === null ? undefined : apiErrorMessage(list.error, errorFallback)}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (!list.isPending && list.data && list.data.data.length === 0) {
    return <>{hasFilters && noMatch ? noMatch : empty}</>;
  }
  return (
    <>
      {children(list.data?.data ?? [], {
        loading: list.isPending,
        fetching: list.isFetching && !list.isPending,
      })}
      {list.data?.pagination && !hidePagination ? (
        <Pagination
          className={paginationClassName}
          pagination={list.data.pagination}
          onPageChange={onPageChange}
          itemLabel={itemLabel}
          exactCount={exactCount}
        />
      ) : null}
    </>
  );
}

/**
 * A query whose answer holds its rows in another shape (a report's rows, a one-page list, pagination under other
 * names) as the list state `ListView` reads.
 */
export function listState<D, T>(
  query: Omit<ListQueryState<T>, 'data'> & { data: D | undefined },
  select: (data: D) => { data: readonly T[]; pagination?: PaginationInfo },
): ListQueryState<T> {
  return {
    data: query.data === undefined ? undefined : select(query.data),
    isPending: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

/** The usual "nothing under these filters" state with a button that clears them. */
export function NoMatchState({
  title,
  description = 'Try another search or clear the filters.',
  onClear,
}: {
  title: string;
  description?: string;
  onClear: () => void;
}) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={description}
      action={
        <Button variant="outline" onClick={onClear}>
          Clear filters
        </Button>
      }
    />
  );
}

/** The filter bar above a list: a card holding the search box and the filter controls. */
export function ListFilters({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Card className="mb-5 p-3 sm:p-4">
      <div className={cn('grid gap-3', className)}>{children}</div>
    </Card>
  );
}

/** The usual body of a `ListView`: its rows as a `DataTable` (placeholder rows while loading, dimmed while fetching). */
export function tableRows<T>(table: Omit<DataTableProps<T>, 'rows' | 'loading' | 'fetching'>) {
  return (rows: readonly T[], state: ListBodyState) => (
    <DataTable {...table} rows={rows} loading={state.loading} fetching={state.fetching} />
  );
}

/** A date filter of the filter bar with its label beside the box ("Due from", "Due until"). */
export function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-xs font-medium text-slate-500">
        {label}
      </label>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** The "All statuses / Active / Inactive" filter of account lists; `null` is all. */
export function ActiveFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      aria-label="Filter by status"
      value={value}
      onChange={(event) => onChange(event.target.value === 'all' ? null : event.target.value)}
    >
      <option value="all">All statuses</option>
      <option value="true">Active</option>
      <option value="false">Inactive</option>
    </Select>
  );
}
