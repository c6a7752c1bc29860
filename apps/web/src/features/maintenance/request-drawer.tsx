import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceRequestDto,
  type MaintenanceStatusBody,
  ZMaintenanceStatusBody,
} from '@rentora/shared';
import { Lock, MessageSquare, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { useScrollLock } from '../../components/dialog';
import { ErrorState } from '../../components/empty-state';
import { Select, Textarea } from '../../components/field';
import { emptyToUndefined } from '../../components/form-values';
import { Skeleton } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, humanize } from '../../lib/format';
import { usePermissions } from '../auth/use-permissions';
import {
  MAINTENANCE_FALLBACKS,
  maintenanceApi,
  useAssignableUsers,
  useMaintenanceRequest,
  useRequestMutation,
} from './maintenance.api';
import {
  CommentForm,
  CommentList,
  MediaGallery,
  MediaUploader,
  OverdueBadge,
  PriorityBadge,
  StatusBadge,
  Timeline,
} from './maintenance-display';

type Section = 'conversation' | 'timeline' | 'media';

/** The request detail as a slide-over: status with notes, assignee, comments vs internal notes, media, timeline. */
export function RequestDrawer({ requestId, onClose }: { requestId: string | null; onClose: () => void }) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const open = Boolean(requestId);
  const request = useMaintenanceRequest(requestId);
  useScrollLock(open);
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-40 flex justify-end">
      <div className="absolute inset-0 bg-slate-900/40" aria-hidden onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        className="relative flex h-full w-full max-w-2xl flex-col overflow-hidden bg-white shadow-2xl outline-none animate-dialog-in"
      >
        <button
          type="button"
          onClick={onClose}
          className="absolute right-3 top-3 z-10 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
          aria-label="Close request"
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
        {request.isLoading ? (
          <div className="space-y-3 p-6">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : request.isError || !request.data ? (
          <div className="p-6">
            <ErrorState
              message={apiErrorMessage(request.error, MAINTENANCE_FALLBACKS.fetchRequest)}
              onRetry={() => void request.refetch()}
            />
          </div>
        ) : (
          <DrawerBody request={request.data} titleId={`${id}-title`} />
        )}
      </div>
    </div>,
    document.body,
  );
}

function DrawerBody({ request, titleId }: { request: MaintenanceRequestDto; titleId: string }) {
  const permissions = usePermissions();
  const canWork = permissions.canUseAny(['maintenance_write', 'maintenance_update']);
  const canAssign = permissions.canUseFeature('maintenance_assign');
  const people = useAssignableUsers(canAssign);
  const [section, setSection] = useState<Section>('conversation');
  const assign = useRequestMutation(
    (userId: string | null) => maintenanceApi.assign(request._id, userId),
    MAINTENANCE_FALLBACKS.assignRequest,
    'Assignee updated',
  );
  const comment = useRequestMutation(
    (text: string) => maintenanceApi.comment(request._id, text),
    MAINTENANCE_FALLBACKS.addComment,
    'Comment added',
  );
  const note = useRequestMutation(
    (text: string) => maintenanceApi.note(request._id, text),
    MAINTENANCE_FALLBACKS.addNote,
    'Internal note added',
  );
  const media = useRequestMutation(
    (args: { files: File[]; onProgress: (p: number) => void }) =>
      maintenanceApi.media(request._id, args.files, args.onProgress),
    MAINTENANCE_FALLBACKS.addMedia,
    'Files added',
  );

  return (
    <div className="flex-1 overflow-y-auto">
      <header className="border-b border-slate-200 px-6 pb-4 pt-6">
        <p className="text-xs font-medium text-slate-500">
          {request.requestNumber} · {request.type?.name ?? 'No type'} · from {humanize(request.source)}
        </p>
        <h2 id={titleId} className="mt-1 pr-8 text-xl font-semibold text-slate-900">
          {request.title}
        </h2>
        <div className="mt-2 flex flex-wrap gap-1.5">
          <StatusBadge status={request.status} />
          <PriorityBadge priority={request.priority} />
          <OverdueBadge overdue={request.overdue} />
        </div>
        {request.description ? (
          <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{request.description}</p>
        ) : null}
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <Detail label="Property">{request.property.name}</Detail>
          <Detail label="Unit">{request.rentalUnit?.unitNumber ?? 'Common area'}</Detail>
          <Detail label="Due">{request.dueDate ? formatDate(request.dueDate) : '—'}</Detail>
          <Detail label="Requester">
            {request.requester.name}
            {request.requester.phone ? (
              <span className="block text-xs text-slate-500">{request.requester.phone}</span>
            ) : null}
          </Detail>
          <Detail label="Watchers">{request.watchers.map((w) => w.name).join(', ') || '—'}</Detail>
          <Detail label="Filed">{formatDate(request.createdAt)}</Detail>
        </dl>
      </header>

      <section className="grid gap-4 border-b border-slate-200 px-6 py-4 sm:grid-cols-2" aria-label="Actions">
        <div className="space-y-2">
          <label htmlFor={`${titleId}-assignee`} className="block text-sm font-medium text-slate-700">
            Assignee
          </label>
          <Select
            id={`${titleId}-assignee`}
            value={request.assignee?._id ?? ''}
            disabled={
              !canAssign || assign.isPending || ['resolved', 'closed', 'cancelled'].includes(request.status)
            }
            onChange={(e) => assign.mutate(e.target.value || null)}
          >
            <option value="">Unassigned</option>
            {request.assignee && !(people.data ?? []).some((p) => p._id === request.assignee!._id) ? (
              <option value={request.assignee._id}>{request.assignee.name}</option>
            ) : null}
            {(people.data ?? []).map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </Select>
        </div>
        <StatusForm request={request} titleId={titleId} canWork={canWork} />
      </section>

      <div className="px-6 pt-4">
        <Tabs
          tabs={[
            {
              id: 'conversation',
              label: 'Comments & notes',
              count: request.comments.length + request.internalNotes.length,
            },
            { id: 'timeline', label: 'Timeline', count: request.timeline.length },
            { id: 'media', label: 'Media', count: request.media.length },
          ]}
          value={section}
          onChange={setSection}
          label="Request sections"
        />
      </div>
      <div className="px-6 py-4">
        {section === 'conversation' ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <section aria-labelledby={`${titleId}-comments`} className="space-y-3">
              <h3
                id={`${titleId}-comments`}
                className="flex items-center gap-1.5 text-sm font-semibold text-slate-900"
              >
                <MessageSquare className="h-4 w-4 text-brand-600" aria-hidden />
                Public comments
              </h3>
              <p className="text-xs text-slate-500">
                Seen by the requester, the tenant and the assignee portal.
              </p>
              <CommentList comments={request.comments} />
              {canWork ? <CommentForm onSubmit={(text) => comment.mutateAsync(text)} /> : null}
            </section>
            <section aria-labelledby={`${titleId}-notes`} className="space-y-3 rounded-xl bg-amber-50/60 p-3">
              <h3
                id={`${titleId}-notes`}
                className="flex items-center gap-1.5 text-sm font-semibold text-amber-900"
              >
                <Lock className="h-4 w-4" aria-hidden />
                Internal notes
              </h3>
              <p className="text-xs text-amber-800">
                Staff only: never shown to tenants, portals or public tracking.
              </p>
              <CommentList comments={request.internalNotes} internal empty="No internal notes." />
              {canWork ? (
                <CommentForm
                  onSubmit={(text) => note.mutateAsync(text)}
                  placeholder="Write an internal note…"
                  buttonLabel="Add note"
                  internal
                />
              ) : null}
            </section>
          </div>
        ) : null}
        {section === 'timeline' ? <Timeline events={request.timeline} /> : null}
        {section === 'media' ? (
          <div className="space-y-4">
            <MediaGallery media={request.media} />
            {canWork ? (
              <MediaUploader onUpload={(files, onProgress) => media.mutateAsync({ files, onProgress })} />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="mt-0.5 truncate text-slate-700">{children}</dd>
    </div>
  );
}

/** Move the request to one of its allowed next statuses, with optional notes for the team. */
function StatusForm({
  request,
  titleId,
  canWork,
}: {
  request: MaintenanceRequestDto;
  titleId: string;
  canWork: boolean;
}) {
  const form = useForm<z.input<typeof ZMaintenanceStatusBody>, unknown, MaintenanceStatusBody>({
    resolver: zodResolver(ZMaintenanceStatusBody),
    defaultValues: { notes: '' },
  });
  const nextStatus = form.watch('status');
  const status = useRequestMutation(
    (body: MaintenanceStatusBody) => maintenanceApi.status(request._id, body.status, body.notes ?? ''),
    MAINTENANCE_FALLBACKS.updateStatus,
    'Status updated',
  );
  const submit = form.handleSubmit((body) =>
    status.mutate(body, { onSuccess: () => form.reset({ status: undefined, notes: '' }) }),
  );
  return (
    <form className="space-y-2" onSubmit={submit} noValidate>
      <label htmlFor={`${titleId}-status`} className="block text-sm font-medium text-slate-700">
        Change status
      </label>
      <div className="flex gap-2">
        <Select
          id={`${titleId}-status`}
          disabled={!canWork || request.allowedStatuses.length === 0}
          {...form.register('status', { setValueAs: emptyToUndefined })}
        >
          <option value="">{request.allowedStatuses.length ? 'Move to…' : 'No further status'}</option>
          {request.allowedStatuses.map((s) => (
            <option key={s} value={s}>
              {MAINTENANCE_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Button type="submit" loading={status.isPending} disabled={!nextStatus}>
          Update
        </Button>
      </div>
      {nextStatus ? (
        <Textarea
          rows={2}
          placeholder="Notes for the team (staff only)"
          aria-label="Status notes"
          {...form.register('notes')}
        />
      ) : null}
    </form>
  );
}
