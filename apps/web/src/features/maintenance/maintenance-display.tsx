import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAINTENANCE_MEDIA_UPLOAD,
  MAINTENANCE_PRIORITY_LABELS,
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceCommentDto,
  type MaintenanceMediaDto,
  type MaintenancePriority,
  type MaintenancePublicEventDto,
  type MaintenanceStatus,
  ZMaintenanceCommentBody,
} from '@rentora/shared';
import { Camera, FileText, Film, Lock, MessageSquare, Paperclip, Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { Textarea } from '../../components/field';
import { ProgressBar } from '../../components/progress-bar';
import { cn } from '../../lib/cn';
import { formatDate, timeAgo } from '../../lib/format';

export const STATUS_TONES: Record<MaintenanceStatus, BadgeTone> = {
  open: 'info',
  assigned: 'brand',
  in_progress: 'warning',
  on_hold: 'neutral',
  resolved: 'success',
  closed: 'neutral',
  cancelled: 'danger',
};

export const PRIORITY_TONES: Record<MaintenancePriority, BadgeTone> = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  urgent: 'danger',
};

export function StatusBadge({ status }: { status: MaintenanceStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} className="whitespace-nowrap">
      {MAINTENANCE_STATUS_LABELS[status]}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: MaintenancePriority }) {
  return (
    <Badge tone={PRIORITY_TONES[priority]} className="whitespace-nowrap">
      {MAINTENANCE_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

export function OverdueBadge({ overdue }: { overdue: boolean }) {
  return overdue ? <Badge tone="danger">Overdue</Badge> : null;
}

const statusLabel = (status: string | null) =>
  status && status in MAINTENANCE_STATUS_LABELS
    ? MAINTENANCE_STATUS_LABELS[status as MaintenanceStatus]
    : status;

/** One line describing a timeline entry. */
export function describeEvent(
  event: Pick<MaintenancePublicEventDto, 'kind' | 'author' | 'fromStatus' | 'toStatus'>,
): string {
  const who = event.author.name;
  switch (event.kind) {
    case 'created':
      return `${who} filed the request`;
    case 'status':
      return `${who} changed the status from ${statusLabel(event.fromStatus)} to ${statusLabel(event.toStatus)}`;
    case 'assigned':
      return event.author.type === 'system' ? 'Assigned automatically' : `${who} changed the assignee`;
    case 'comment':
      return `${who} commented`;
    case 'note':
      return `${who} added an internal note`;
    case 'media':
      return `${who} added files`;
    case 'watchers':
      return `${who} changed the watchers`;
    default:
      return `${who} updated the request`;
  }
}

export function Timeline({
  events,
}: {
  events: readonly (MaintenancePublicEventDto & {
    visibility?: 'public' | 'internal';
    data?: Record<string, unknown> | null;
  })[];
}) {
  if (events.length === 0) return <p className="text-sm text-slate-500">Nothing has happened yet.</p>;
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5">
      {events.map((event) => (
        <li key={event._id} className="relative">
          <span
            className={cn(
              'absolute -left-[25px] top-1 h-2.5 w-2.5 rounded-full ring-4 ring-white',
              event.visibility === 'internal' ? 'bg-amber-500' : 'bg-brand-500',
            )}
            aria-hidden
          />
          <p className="text-sm text-slate-700">
            {describeEvent(event)}
            {event.visibility === 'internal' ? (
              <Badge tone="warning" className="ml-2">
                Internal
              </Badge>
            ) : null}
          </p>
          {event.text && event.kind !== 'comment' && event.kind !== 'note' ? (
            <p className="mt-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{event.text}</p>
          ) : null}
          <time
            className="text-xs text-slate-400"
            dateTime={event.createdAt}
            title={formatDate(event.createdAt)}
          >
            {timeAgo(event.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}

export function CommentList({
  comments,
  internal = false,
  empty = 'No comments yet.',
}: {
  comments: readonly MaintenanceCommentDto[];
  internal?: boolean;
  empty?: string;
}) {
  if (comments.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="space-y-3">
      {comments.map((comment) => (
        <li
          key={comment._id}
          className={cn(
            'rounded-xl border px-3 py-2',
            internal ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-white',
          )}
        >
          <div className="flex items-center justify-between gap-2 text-xs text-slate-500">
            <span className="font-medium text-slate-700">
              {comment.author.name}
              {comment.author.type !== 'staff' ? (
                <span className="ml-1 font-normal text-slate-400">({comment.author.type})</span>
              ) : null}
            </span>
            <time dateTime={comment.createdAt} title={formatDate(comment.createdAt)}>
              {timeAgo(comment.createdAt)}
            </time>
          </div>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{comment.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function MediaGallery({ media }: { media: readonly MaintenanceMediaDto[] }) {
  if (media.length === 0) return <p className="text-sm text-slate-500">No photos or files yet.</p>;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {media.map((item) => (
        <li key={item._id}>
          <a
            href={item.url}
            target="_blank"
            rel="noreferrer"
            className="group block aspect-square overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
            title={item.fileName}
          >
            {item.kind === 'image' ? (
              <img
                src={item.url}
                alt={item.fileName}
                loading="lazy"
                className="h-full w-full object-cover transition group-hover:scale-105"
              />
            ) : (
              <span className="flex h-full flex-col items-center justify-center gap-1 p-2 text-center text-xs text-slate-600">
                {item.kind === 'video' ? (
                  <Film className="h-6 w-6" aria-hidden />
                ) : (
                  <FileText className="h-6 w-6" aria-hidden />
                )}
                <span className="line-clamp-2 break-all">{item.fileName}</span>
              </span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Picks photos (the phone camera too), short videos or PDFs and uploads them with a progress bar. */
export function MediaUploader({
  onUpload,
  label = 'Add photos or files',
  compact = false,
}: {
  onUpload: (files: File[], onProgress: (percent: number) => void) => Promise<unknown>;
  label?: string;
  compact?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function handle(list: FileList | null) {
    const files = [...(list ?? [])].slice(0, MAINTENANCE_MEDIA_UPLOAD.maxFilesPerRequest);
    if (files.length === 0) return;
    setProgress(0);
    try {
      await onUpload(files, (percent) => setProgress(percent));
    } catch {
      // The caller shows the error.
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
      if (camera.current) camera.current.value = '';
    }
  }

  return (
    <div className="space-y-2">
      <div className={cn('flex flex-wrap gap-2', compact && 'gap-1')}>
        <Button
          type="button"
          variant="outline"
          size={compact ? 'sm' : 'md'}
          icon={<Paperclip className="h-4 w-4" aria-hidden />}
          onClick={() => input.current?.click()}
          disabled={progress !== null}
        >
          {label}
        </Button>
        <Button
          type="button"
          variant="outline"
          size={compact ? 'sm' : 'md'}
          icon={<Camera className="h-4 w-4" aria-hidden />}
          onClick={() => camera.current?.click()}
          disabled={progress !== null}
        >
          Take photo
        </Button>
      </div>
      <input
        id={id}
        ref={input}
        type="file"
        className="sr-only"
        multiple
        accept={MAINTENANCE_MEDIA_UPLOAD.mimeTypes.join(',')}
        onChange={(event) => void handle(event.target.files)}
        aria-label={label}
        data-testid="media-input"
      />
      <input
        ref={camera}
        type="file"
        className="sr-only"
        accept="image/*"
        capture="environment"
        onChange={(event) => void handle(event.target.files)}
        aria-label="Take a photo"
        tabIndex={-1}
      />
      {progress !== null ? (
        <div aria-live="polite">
          <ProgressBar value={progress} label="Uploading" />
        </div>
      ) : null}
    </div>
  );
}

export function CommentForm({
  onSubmit,
  placeholder = 'Write a comment…',
  buttonLabel = 'Comment',
  internal = false,
}: {
  onSubmit: (text: string) => Promise<unknown>;
  placeholder?: string;
  buttonLabel?: string;
  internal?: boolean;
}) {
  const form = useForm({ resolver: zodResolver(ZMaintenanceCommentBody), defaultValues: { comment: '' } });
  const text = form.watch('comment') ?? '';
  const error = form.formState.errors.comment?.message;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values.comment);
      form.reset({ comment: '' });
    } catch {
      // The caller shows the error.
    }
  });
  return (
    <form onSubmit={submit} className="space-y-2">
      <Textarea
        {...form.register('comment')}
        placeholder={placeholder}
        rows={2}
        aria-label={placeholder}
        aria-invalid={Boolean(error)}
        className={internal ? 'border-amber-300 bg-amber-50/50' : undefined}
      />
      {error ? (
        <p className="text-xs font-medium text-red-600" role="alert">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button
          type="submit"
          size="sm"
          variant={internal ? 'secondary' : 'primary'}
          loading={form.formState.isSubmitting}
          disabled={!text.trim()}
          icon={
            internal ? <Lock className="h-4 w-4" aria-hidden /> : <Send className="h-4 w-4" aria-hidden />
          }
        >
          {buttonLabel}
        </Button>
      </div>
    </form>
  );
}

export function CommentsCount({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-500">
      <MessageSquare className="h-3.5 w-3.5" aria-hidden />
      {count}
    </span>
  );
}
