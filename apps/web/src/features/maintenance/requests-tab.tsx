import {
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_PRIORITY_LABELS,
  MAINTENANCE_SOURCES,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_STATUSES,
  type MaintenanceListFilters,
  type MaintenancePriority,
  type MaintenanceRequestListItemDto,
  type MaintenanceSource,
  type MaintenanceStatus,
} from '@rentora/shared';
import { Bookmark, ClipboardList, Search, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import type { DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Input, Select } from '../../components/field';
import { SortSelect } from '../../components/filter-selects';
import { ListView, listState, NoMatchState, tableRows } from '../../components/list-view';
import { formatDate, humanize } from '../../lib/format';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import {
  MAINTENANCE_FALLBACKS,
  useAssignableUsers,
  useMaintenanceRequests,
  useMaintenanceTypes,
} from './maintenance.api';
import { CommentsCount, OverdueBadge, PriorityBadge, StatusBadge } from './maintenance-display';
import { RequestDrawer } from './request-drawer';

const FILTER_KEYS = [
  'search',
  'status',
  'priority',
  'type',
  'assignee',
  'source',
  'overdue',
  'sort',
  'request',
] as const;
const SORTS = {
  newest: { label: 'Newest first', sortBy: 'createdAt', sortOrder: 'desc' },
  oldest: { label: 'Oldest first', sortBy: 'createdAt', sortOrder: 'asc' },
  due: { label: 'Due soonest', sortBy: 'dueDate', sortOrder: 'asc' },
  priority: { label: 'Highest priority', sortBy: 'priority', sortOrder: 'desc' },
  updated: { label: 'Recently updated', sortBy: 'updatedAt', sortOrder: 'desc' },
} as const;
type SortKey = keyof typeof SORTS;
const VIEWS_KEY = 'maintenanceSavedViews';

interface SavedView {
  name: string;
  query: string;
}

function readViews(): SavedView[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(VIEWS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as SavedView[]).filter((v) => typeof v?.name === 'string') : [];
  } catch {
    return [];
  }
}

export const pagePaginationInfo = (p: {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
}) => ({
  page: p.currentPage,
  limit: p.itemsPerPage,
  totalCount: p.totalItems,
  totalPages: p.totalPages,
  hasNext: p.currentPage < p.totalPages,
  hasPrev: p.currentPage > 1,
});

/** The requests table: filters in the URL, saved views, a detail drawer (`?request=<id>`). */
export function RequestsTab() {
  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const [searchText, setSearchText] = useSearchBox(values.search, (search) => set({ search }));
  const [views, setViews] = useState<SavedView[]>(readViews);
  const types = useMaintenanceTypes();
  const people = useAssignableUsers();
  const sort = SORTS[(values.sort in SORTS ? values.sort : 'newest') as SortKey];
  const filters: MaintenanceListFilters = {
    page,
    limit: 20,
    search: values.search || undefined,
    status: values.status ? (values.status.split(',') as MaintenanceStatus[]) : undefined,
    priority: values.priority ? (values.priority.split(',') as MaintenancePriority[]) : undefined,
    type: values.type || undefined,
    assignee: values.assignee || undefined,
    source: (values.source || undefined) as MaintenanceSource | undefined,
    overdue: values.overdue === 'true' ? 'true' : undefined,
    sortBy: sort.sortBy,
    sortOrder: sort.sortOrder,
  };
  const list = useMaintenanceRequests(filters);
  const hasFilters = Boolean(
    values.search ||
      values.status ||
      values.priority ||
      values.type ||
      values.assignee ||
      values.source ||
      values.overdue,
  );

  function saveView() {
    const name = window.prompt('Name this view', 'My view')?.trim();
    if (!name) return;
    const params = new URLSearchParams(window.location.search);
    params.delete('request');
    params.delete('page');
    const next = [...views.filter((v) => v.name !== name), { name, query: params.toString() }].slice(-8);
    setViews(next);
    localStorage.setItem(VIEWS_KEY, JSON.stringify(next));
  }

  function applyView(view: SavedView) {
    const params = new URLSearchParams(view.query);
    clear();
    set(Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key)])));
  }

  function removeView(name: string) {
    const next = views.filter((v) => v.name !== name);
    setViews(next);
    localStorage.setItem(VIEWS_KEY, JSON.stringify(next));
  }

  const columns: DataTableColumn<MaintenanceRequestListItemDto>[] = [
    {
      id: 'request',
      header: 'Request',
      cell: (row) => (
        <button type="button" className="text-left" onClick={() => set({ request: row._id, page })}>
          <span className="block font-medium text-slate-900 hover:text-brand-700">{row.title}</span>
          <span className="text-xs text-slate-500">
            {row.requestNumber} · {row.type?.name ?? 'No type'}
          </span>
        </button>
      ),
    },
    { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    {
      id: 'priority',
      header: 'Priority',
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-1">
          <PriorityBadge priority={row.priority} />
          <OverdueBadge overdue={row.overdue} />
        </span>
      ),
    },
    {
      id: 'where',
      header: 'Where',
      cell: (row) => (
        <span className="text-sm">
          {row.property.name}
          {row.rentalUnit ? <span className="text-slate-500"> · {row.rentalUnit.unitNumber}</span> : null}
        </span>
      ),
    },
    {
      id: 'assignee',
      header: 'Assignee',
      cell: (row) => row.assignee?.name ?? <span className="text-slate-400">Unassigned</span>,
    },
    {
      id: 'due',
      header: 'Due',
      cell: (row) => (row.dueDate ? formatDate(row.dueDate) : '—'),
    },
    {
      id: 'source',
      header: 'From',
      cell: (row) => (
        <span className="flex items-center gap-2 text-sm text-slate-600">
          {humanize(row.source)}
          <CommentsCount count={row.commentsCount} />
        </span>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2 [&>select]:w-auto [&>select]:min-w-[9.5rem] [&>select]:flex-1 sm:[&>select]:flex-none">
        <div className="relative min-w-[16rem] flex-[2]">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            className="pl-9"
            placeholder="Search title, requester or MR number"
            aria-label="Search requests"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </div>
        <Select aria-label="Status" value={values.status} onChange={(e) => set({ status: e.target.value })}>
          <option value="">All statuses</option>
          <option value="open,assigned,in_progress,on_hold">All open</option>
          {MAINTENANCE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {MAINTENANCE_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Priority"
          value={values.priority}
          onChange={(e) => set({ priority: e.target.value })}
        >
          <option value="">All priorities</option>
          <option value="high,urgent">High and urgent</option>
          {MAINTENANCE_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {MAINTENANCE_PRIORITY_LABELS[p]}
            </option>
          ))}
        </Select>
        <Select aria-label="Type" value={values.type} onChange={(e) => set({ type: e.target.value })}>
          <option value="">All types</option>
          {(types.data ?? []).map((t) => (
            <option key={t._id} value={t.key}>
              {t.name}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Assignee"
          value={values.assignee}
          onChange={(e) => set({ assignee: e.target.value })}
        >
          <option value="">Anyone</option>
          <option value="unassigned">Unassigned</option>
          {(people.data ?? []).map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </Select>
        <Select aria-label="Source" value={values.source} onChange={(e) => set({ source: e.target.value })}>
          <option value="">Any source</option>
          {MAINTENANCE_SOURCES.map((s) => (
            <option key={s} value={s}>
              {humanize(s)}
            </option>
          ))}
        </Select>
        <SortSelect
          label="Sort"
          value={values.sort || 'newest'}
          sorts={SORTS}
          onChange={(sort) => set({ sort })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300"
            checked={values.overdue === 'true'}
            onChange={(e) => set({ overdue: e.target.checked ? 'true' : '' })}
          />
          Overdue only
        </label>
        <span className="mx-2 h-4 w-px bg-slate-200" aria-hidden />
        {views.map((view) => (
          <span
            key={view.name}
            className="inline-flex items-center rounded-full bg-slate-100 text-xs text-slate-700"
          >
            <button type="button" className="px-3 py-1 hover:text-brand-700" onClick={() => applyView(view)}>
              {view.name}
            </button>
            <button
              type="button"
              className="rounded-full p-1 text-slate-400 hover:text-red-600"
              aria-label={`Remove view ${view.name}`}
              onClick={() => removeView(view.name)}
            >
              <X className="h-3 w-3" aria-hidden />
            </button>
          </span>
        ))}
        <Button
          size="sm"
          variant="ghost"
          icon={<Bookmark className="h-4 w-4" aria-hidden />}
          onClick={saveView}
          disabled={!hasFilters}
        >
          Save view
        </Button>
        {hasFilters ? (
          <Button size="sm" variant="ghost" onClick={clear}>
            Clear filters
          </Button>
        ) : null}
      </div>

      <ListView
        list={listState(list, (answer) => ({
          data: answer.data,
          pagination: pagePaginationInfo(answer.pagination),
        }))}
        errorTitle="Something went wrong"
        errorFallback={MAINTENANCE_FALLBACKS.fetchRequests}
        hasFilters={hasFilters}
        noMatch={<NoMatchState title="No requests match" description="Try other filters." onClear={clear} />}
        empty={
          <EmptyState
            icon={ClipboardList}
            title="No maintenance requests yet"
            description="Requests from staff, tenants and your public forms appear here."
          />
        }
        onPageChange={(next) => set({ page: next, request: values.request })}
        itemLabel="requests"
        paginationClassName=""
      >
        {tableRows({ columns, rowKey: (row) => row._id, caption: 'Maintenance requests' })}
      </ListView>
      <RequestDrawer requestId={values.request || null} onClose={() => set({ request: null, page })} />
    </div>
  );
}
