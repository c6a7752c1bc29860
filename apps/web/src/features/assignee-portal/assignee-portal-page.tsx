import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AssigneePortalDto,
  canMoveMaintenance,
  MAINTENANCE_STATUS_LABELS,
  type MaintenancePublicRequestDto,
  PORTAL_STATUSES,
  ZPortalStatusBody,
} from '@rentora/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Hammer, MapPin, Pause, Play, RefreshCw, ShieldAlert, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Logo } from '../../components/logo';
import { Skeleton } from '../../components/skeleton';
import { ApiError, type ApiOk, api, apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import {
  CommentForm,
  CommentList,
  MediaGallery,
  MediaUploader,
  OverdueBadge,
  PriorityBadge,
  StatusBadge,
  Timeline,
} from '../maintenance/maintenance-display';
import { uploadMedia } from '../maintenance/upload-media';

type PortalStatus = (typeof PORTAL_STATUSES)[number];
/** The note that goes with a status button; the button gives the status. */
const ZPortalNotes = ZPortalStatusBody.pick({ notes: true });
type PortalNotesInput = z.input<typeof ZPortalNotes>;
type PortalNotes = z.output<typeof ZPortalNotes>;
const STATUS_BUTTONS: Record<PortalStatus, { label: string; icon: typeof Play }> = {
  in_progress: { label: 'Start work', icon: Play },
  on_hold: { label: 'Put on hold', icon: Pause },
  resolved: { label: 'Mark resolved', icon: ThumbsUp },
};

/** /assignee-portal/{assigneeCode}: field staff see and update their requests from a phone, without signing in. */
export function AssigneePortalPage() {
  const { assigneeCode = '' } = useParams();
  const code = encodeURIComponent(assigneeCode);
  const key = ['assignee-portal', assigneeCode];
  const portal = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.getData<AssigneePortalDto>(`/assignee-portal/${code}`, { signal }),
    retry: false,
    refetchInterval: 60_000,
  });
  useDocumentTitle(portal.data ? `My jobs · ${portal.data.company.name}` : 'Assignee portal');

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-10 flex h-14 items-center justify-between border-b border-slate-200 bg-white/95 px-4 backdrop-blur">
        <Logo />
        <Button
          size="icon"
          variant="ghost"
          aria-label="Refresh"
          onClick={() => void portal.refetch()}
          disabled={portal.isFetching}
        >
          <RefreshCw className={cn('h-5 w-5', portal.isFetching && 'animate-spin')} aria-hidden />
        </Button>
      </header>
      <main className="mx-auto max-w-xl px-4 pb-16 pt-4">
        {portal.isLoading ? (
          <div className="space-y-3">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : portal.isError ? (
          <EmptyState
            icon={ShieldAlert}
            title={
              portal.error instanceof ApiError && portal.error.status === 404
                ? 'This link does not work'
                : 'Could not load your jobs'
            }
            description={
              portal.error instanceof ApiError && portal.error.status === 404
                ? 'The link may have been replaced by a new one. Ask your coordinator for your current portal link.'
                : apiErrorMessage(portal.error, 'Please try again.')
            }
            action={
              <Button variant="outline" onClick={() => void portal.refetch()}>
                Try again
              </Button>
            }
          />
        ) : portal.data ? (
          <>
            <h1 className="text-xl font-bold text-slate-900">
              Hello, {portal.data.assignee.name.split(' ')[0]}
            </h1>
            <p className="text-sm text-slate-500">
              {portal.data.company.name} · {portal.data.open.length} open{' '}
              {portal.data.open.length === 1 ? 'job' : 'jobs'}
            </p>
            <section aria-labelledby="open-jobs" className="mt-5 space-y-3">
              <h2 id="open-jobs" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                My open jobs
              </h2>
              {portal.data.open.length === 0 ? (
                <EmptyState
                  icon={Hammer}
                  title="Nothing to do"
                  description="New jobs assigned to you appear here."
                />
              ) : (
                portal.data.open.map((request, index) => (
                  <JobCard
                    key={request._id}
                    request={request}
                    code={code}
                    queryKey={key}
                    defaultOpen={index === 0}
                  />
                ))
              )}
            </section>
            {portal.data.recent.length ? (
              <section aria-labelledby="recent-jobs" className="mt-8 space-y-3">
                <h2 id="recent-jobs" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                  Finished in the last 30 days
                </h2>
                {portal.data.recent.map((request) => (
                  <JobCard key={request._id} request={request} code={code} queryKey={key} />
                ))}
              </section>
            ) : null}
          </>
        ) : null}
      </main>
    </div>
  );
}

function JobCard({
  request,
  code,
  queryKey,
  defaultOpen = false,
}: {
  request: MaintenancePublicRequestDto;
  code: string;
  queryKey: string[];
  defaultOpen?: boolean;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(defaultOpen);
  const form = useForm<PortalNotesInput, unknown, PortalNotes>({
    resolver: zodResolver(ZPortalNotes),
    defaultValues: { notes: '' },
  });
  const base = `/assignee-portal/${code}/requests/${request._id}`;
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  const status = useMutation({
    mutationFn: ({ status: next, notes }: { status: PortalStatus; notes?: string }) =>
      api.put<ApiOk<MaintenancePublicRequestDto>>(`${base}/status`, {
        status: next,
        notes: notes || undefined,
      }),
    onSuccess: (answer) => {
      form.reset({ notes: '' });
      refresh();
      toast.success(`${request.requestNumber}: ${MAINTENANCE_STATUS_LABELS[answer.data.status]}`);
    },
    onError: (error) => toast.apiError(error, 'Failed to update request status'),
  });
  const actions = PORTAL_STATUSES.filter((s) => canMoveMaintenance(request.status, s));

  return (
    <article
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      aria-label={`${request.requestNumber} ${request.title}`}
    >
      <button
        type="button"
        className="flex w-full items-start gap-3 p-4 text-left"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <div className="min-w-0 flex-1">
          <p className="text-xs text-slate-500">
            {request.requestNumber} · {request.type?.name ?? 'Request'}
          </p>
          <h3 className="text-base font-semibold text-slate-900">{request.title}</h3>
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden />
            {request.property.name}
            {request.rentalUnit ? ` · Unit ${request.rentalUnit.unitNumber}` : ''}
          </p>
          <div className="mt-2 flex flex-wrap gap-1">
            <StatusBadge status={request.status} />
            <PriorityBadge priority={request.priority} />
            <OverdueBadge overdue={request.overdue} />
            {request.dueDate ? (
              <span className="text-xs text-slate-500">due {formatDate(request.dueDate)}</span>
            ) : null}
          </div>
        </div>
        <ChevronDown
          className={cn('mt-1 h-5 w-5 shrink-0 text-slate-400 transition', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      {open ? (
        <div className="space-y-5 border-t border-slate-100 p-4">
          {request.description ? (
            <p className="whitespace-pre-line text-sm text-slate-700">{request.description}</p>
          ) : null}
          {actions.length ? (
            <form className="space-y-2" noValidate onSubmit={(event) => event.preventDefault()}>
              <textarea
                className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                rows={2}
                placeholder="Optional note for the office"
                aria-label="Note for the office"
                {...form.register('notes')}
              />
              {form.formState.errors.notes ? (
                <p className="text-xs font-medium text-red-600" role="alert">
                  {form.formState.errors.notes.message}
                </p>
              ) : null}
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
                {actions.map((next) => {
                  const { label, icon: Icon } = STATUS_BUTTONS[next];
                  return (
                    <Button
                      key={next}
                      size="lg"
                      variant={next === 'resolved' ? 'primary' : 'outline'}
                      icon={<Icon className="h-5 w-5" aria-hidden />}
                      loading={status.isPending && status.variables?.status === next}
                      disabled={status.isPending}
                      onClick={form.handleSubmit(({ notes }) => status.mutate({ status: next, notes }))}
                    >
                      {label}
                    </Button>
                  );
                })}
              </div>
            </form>
          ) : null}
          <section className="space-y-2" aria-label="Photos">
            <h4 className="text-sm font-semibold text-slate-900">Photos and files</h4>
            <MediaGallery media={request.media} />
            <MediaUploader
              label="Add files"
              onUpload={async (files, onProgress) => {
                try {
                  await uploadMedia(`${base}/media`, { files, onProgress, anonymous: true });
                  toast.success('Uploaded');
                  refresh();
                } catch (error) {
                  toast.apiError(error, 'Failed to add media');
                  throw error;
                }
              }}
            />
          </section>
          <section className="space-y-2" aria-label="Comments">
            <h4 className="text-sm font-semibold text-slate-900">Comments</h4>
            <p className="text-xs text-slate-500">The requester sees these.</p>
            <CommentList comments={request.comments} />
            <CommentForm
              onSubmit={async (text) => {
                try {
                  await api.post(`${base}/comments`, { comment: text });
                  refresh();
                } catch (error) {
                  toast.apiError(error, 'Failed to add comment');
                  throw error;
                }
              }}
            />
          </section>
          <details>
            <summary className="cursor-pointer text-sm font-medium text-slate-600">History</summary>
            <div className="mt-3">
              <Timeline events={request.timeline} />
            </div>
          </details>
        </div>
      ) : null}
    </article>
  );
}
