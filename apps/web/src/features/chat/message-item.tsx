import { type ChatAttachmentDto, type ChatMessageDto, linkifyChatText } from '@rentora/shared';
import { FileText, Pencil, Trash2 } from 'lucide-react';
import { Avatar } from '../../components/avatar';
import { cn } from '../../lib/cn';
import { formatTime } from '../../lib/format';

const timeOf = (iso: string) => formatTime(iso);

export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A message's files: photos as thumbnails, videos with controls, PDFs as links (all through signed URLs). */
function Attachments({ files }: { files: ChatAttachmentDto[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-2" aria-label="Attachments">
      {files.map((file) => (
        <li key={file._id}>
          {file.kind === 'image' ? (
            <a href={file.url} target="_blank" rel="noreferrer" className="block">
              <img
                src={file.url}
                alt={file.fileName}
                loading="lazy"
                className="h-32 max-w-[16rem] rounded-lg border border-slate-200 object-cover"
              />
            </a>
          ) : file.kind === 'video' ? (
            // biome-ignore lint/a11y/useMediaCaption: staff clips have no caption track
            <video
              src={file.url}
              controls
              preload="metadata"
              className="h-40 max-w-[18rem] rounded-lg border border-slate-200"
              aria-label={file.fileName}
            />
          ) : (
            <a
              href={file.url}
              target="_blank"
              rel="noreferrer"
              className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 hover:bg-slate-50"
            >
              <FileText className="h-4 w-4 text-red-500" aria-hidden />
              <span className="max-w-[12rem] truncate">{file.fileName}</span>
              <span className="text-xs text-slate-400">{fileSize(file.size)}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Plain text with http(s) links as anchors; the user's text is never parsed as HTML. */
export function MessageText({ text }: { text: string }) {
  let offset = 0;
  const parts = linkifyChatText(text).map((part) => {
    const at = offset;
    offset += part.text.length;
    return { ...part, at };
  });
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
      {parts.map((part) =>
        part.href ? (
          <a
            key={part.at}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-brand-700 underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={part.at}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export function MessageItem({
  message,
  own,
  showAuthor,
  onEdit,
  onDelete,
}: {
  message: ChatMessageDto;
  own: boolean;
  showAuthor: boolean;
  /** Absent: the message cannot be changed here (the tenant's side). */
  onEdit?: (message: ChatMessageDto) => void;
  onDelete?: (message: ChatMessageDto) => void;
}) {
  return (
    <li className={cn('group relative flex gap-3 px-4 py-1 hover:bg-slate-50', showAuthor && 'mt-2')}>
      <div className="w-8 shrink-0">
        {showAuthor ? (
          <Avatar
            firstName={message.author.firstName}
            lastName={message.author.lastName}
            src={message.author.avatar}
            size="sm"
          />
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        {showAuthor ? (
          <p className="text-sm">
            <span className="font-semibold text-slate-900">
              {message.author.firstName} {message.author.lastName}
            </span>{' '}
            <time dateTime={message.createdAt} className="text-xs text-slate-400">
              {timeOf(message.createdAt)}
            </time>
          </p>
        ) : null}
        {message.deletedAt ? (
          <p className="text-sm italic text-slate-400">This message was deleted</p>
        ) : (
          <>
            {message.body ? <MessageText text={message.body} /> : null}
            {message.editedAt ? <span className="text-xs text-slate-400">(edited)</span> : null}
            {message.attachments.length > 0 ? <Attachments files={message.attachments} /> : null}
          </>
        )}
      </div>
      {own && !message.deletedAt && onEdit && onDelete ? (
        <div className="absolute right-3 top-0 hidden gap-1 rounded-md border border-slate-200 bg-white p-0.5 shadow-sm group-focus-within:flex group-hover:flex">
          <button
            type="button"
            onClick={() => onEdit(message)}
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Edit message"
          >
            <Pencil className="h-3.5 w-3.5" />
          </button>
          <button
            type="button"
            onClick={() => onDelete(message)}
            className="rounded p-1 text-red-500 hover:bg-red-50"
            aria-label="Delete message"
          >
            <Trash2 className="h-3.5 w-3.5" />
          </button>
        </div>
      ) : null}
    </li>
  );
}
