import {
  canMoveMaintenance,
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceRequestListItemDto,
  type MaintenanceStatus,
} from '@rentora/shared';
import { type DragEvent, useState } from 'react';
import { ErrorState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-filters';
import { usePermissions } from '../auth/use-permissions';
import {
  MAINTENANCE_FALLBACKS,
  maintenanceApi,
  useMaintenanceRequests,
  useRequestMutation,
} from './maintenance.api';
import { OverdueBadge, PriorityBadge } from './maintenance-display';
import { RequestDrawer } from './request-drawer';

const COLUMNS: MaintenanceStatus[] = ['open', 'assigned', 'in_progress', 'on_hold', 'resolved'];
const DRAG_TYPE = 'application/x-maintenance-request';

function canDrop(request: MaintenanceRequestListItemDto, to: MaintenanceStatus): boolean {
  if (request.status === to || !canMoveMaintenance(request.status, to)) return false;
  return to !== 'assigned' || request.assignee !== null;
}

/**
 * The kanban board of open work: drag a card to another column to change its status (native drag and drop), or
 * use the card's "Move to" menu (keyboard and touch). Columns accept only allowed transitions.
 */
export function BoardTab() {
  const { values, set } = useUrlFilters(['request'] as const);
  const permissions = usePermissions();
  const canWork = permissions.canUseAny(['maintenance_write', 'maintenance_update']);
  const list = useMaintenanceRequests({ limit: 100, status: COLUMNS, sortBy: 'priority', sortOrder: 'desc' });
  const [dragged, setDragged] = useState<MaintenanceRequestListItemDto | null>(null);
  const [over, setOver] = useState<MaintenanceStatus | null>(null);
  const move = useRequestMutation(
    (args: { id: string; status: MaintenanceStatus }) => maintenanceApi.status(args.id, args.status),
    MAINTENANCE_FALLBACKS.updateStatus,
    'Status updated',
  );

  if (list.isError) {
    return (
      <ErrorState
        message={apiErrorMessage(list.error, MAINTENANCE_FALLBACKS.fetchRequests)}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const rows = list.data?.data ?? [];

  function onDrop(event: DragEvent, status: MaintenanceStatus) {
    event.preventDefault();
    setOver(null);
    const id = event.dataTransfer.getData(DRAG_TYPE);
    const request = rows.find((row) => row._id === id);
    setDragged(null);
    if (request && canDrop(request, status)) move.mutate({ id, status });
  }

  return (
    <div>
      <p className="mb-3 text-sm text-slate-500">
        Drag a card to change its status, or use its “Move to” menu. Closed and cancelled requests are in the
        Requests tab.
      </p>
      {/* The board scrolls sideways: keyboard users scroll it too (axe scrollable-region-focusable). */}
      <section
        className="flex gap-3 overflow-x-auto pb-4"
        aria-label="Board columns"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-busy={list.isFetching || move.isPending}
      >
        {COLUMNS.map((status) => {
          const cards = rows.filter((row) => row.status === status);
          const droppable = dragged ? canDrop(dragged, status) : false;
          return (
            <section
              key={status}
              aria-label={`${MAINTENANCE_STATUS_LABELS[status]} (${cards.length})`}
              data-status={status}
              onDragOver={(event) => {
                if (!droppable) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setOver(status);
              }}
              onDragLeave={() => setOver((current) => (current === status ? null : current))}
              onDrop={(event) => onDrop(event, status)}
              className={cn(
                'flex w-72 shrink-0 flex-col rounded-2xl border bg-slate-50 p-3 transition',
                dragged && droppable ? 'border-brand-300 bg-brand-50/40' : 'border-slate-200',
                over === status && 'ring-2 ring-brand-400',
                dragged && !droppable && dragged.status !== status && 'opacity-60',
              )}
            >
              <h3 className="mb-3 flex items-center justify-between text-sm font-semibold text-slate-700">
                {MAINTENANCE_STATUS_LABELS[status]}
                <span className="rounded-full bg-white px-2 text-xs text-slate-500">{cards.length}</span>
              </h3>
              <ul className="flex min-h-24 flex-col gap-2">
                {list.isLoading
                  ? [0, 1].map((n) => (
                      <li key={n}>
                        <Skeleton className="h-20 w-full" />
                      </li>
                    ))
                  : cards.map((card) => (
                      <li
                        key={card._id}
                        draggable={canWork}
                        onDragStart={(event) => {
                          event.dataTransfer.setData(DRAG_TYPE, card._id);
                          event.dataTransfer.effectAllowed = 'move';
                          setDragged(card);
                        }}
                        onDragEnd={() => {
                          setDragged(null);
                          setOver(null);
                        }}
                        className={cn(
                          'rounded-xl border border-slate-200 bg-white p-3 shadow-sm',
                          canWork && 'cursor-grab active:cursor-grabbing',
                        )}
                        data-request={card.requestNumber}
                      >
                        <button
                          type="button"
                          className="block w-full text-left"
                          onClick={() => set({ request: card._id })}
                        >
                          <span className="text-xs text-slate-500">{card.requestNumber}</span>
                          <span className="block text-sm font-medium text-slate-900">{card.title}</span>
                          <span className="mt-1 block text-xs text-slate-500">
                            {card.property.name}
                            {card.rentalUnit ? ` · ${card.rentalUnit.unitNumber}` : ''}
                          </span>
                        </button>
                        <div className="mt-2 flex flex-wrap items-center gap-1">
                          <PriorityBadge priority={card.priority} />
                          <OverdueBadge overdue={card.overdue} />
                          {card.dueDate ? (
                            <span className="text-[11px] text-slate-400">due {formatDate(card.dueDate)}</span>
                          ) : null}
                        </div>
                        <div className="mt-2 flex items-center justify-between gap-2">
                          <span className="truncate text-xs text-slate-600">
                            {card.assignee?.name ?? 'Unassigned'}
                          </span>
                          {canWork ? (
                            <select
                              aria-label={`Move ${card.requestNumber} to`}
                              className="rounded-md border border-slate-200 bg-white px-1 py-0.5 text-xs text-slate-600"
                              value=""
                              onChange={(event) => {
                                const to = event.target.value as MaintenanceStatus;
                                if (to) move.mutate({ id: card._id, status: to });
                              }}
                            >
                              <option value="">Move to…</option>
                              {(
                                [
                                  'open',
                                  'assigned',
                                  'in_progress',
                                  'on_hold',
                                  'resolved',
                                  'closed',
                                  'cancelled',
                                ] as const
                              )
                                .filter((to) => canDrop(card, to))
                                .map((to) => (
                                  <option key={to} value={to}>
                                    {MAINTENANCE_STATUS_LABELS[to]}
                                  </option>
                                ))}
                            </select>
                          ) : null}
                        </div>
                      </li>
                    ))}
                {!list.isLoading && cards.length === 0 ? (
                  <li className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-xs text-slate-400">
                    Nothing here
                  </li>
                ) : null}
              </ul>
            </section>
          );
        })}
      </section>
      <RequestDrawer requestId={values.request || null} onClose={() => set({ request: null })} />
    </div>
  );
}
