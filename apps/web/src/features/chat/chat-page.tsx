import {
  CHAT_ATTACHMENTS,
  CHAT_LIMITS,
  type ChatAttachmentDto,
  type ChatChannelDto,
  type ChatMessageDto,
  linkifyChatText,
} from '@rentora/shared';
import {
  ArrowLeft,
  FileText,
  Hash,
  Lock,
  MessageSquarePlus,
  MessagesSquare,
  Paperclip,
  Pencil,
  Plus,
  Trash2,
  X,
} from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, Input, Textarea } from '../../components/field';
import { Skeleton, SkeletonList } from '../../components/skeleton';
import { Switch } from '../../components/switch';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import {
  CHAT_FALLBACK_MESSAGES,
  sendTyping,
  useChatChannels,
  useChatMembers,
  useChatMessages,
  useCreateChannel,
  useDeleteMessage,
  useEditMessage,
  useMarkChannelRead,
  useOpenDirect,
  useSendMessage,
} from './chat.api';
import { type TypingState, useChatSocket } from './use-chat-socket';

const TYPING_THROTTLE_MS = 2500;

function dayLabel(iso: string): string {
  const date = new Date(iso);
  const today = new Date();
  const yesterday = new Date(today);
  yesterday.setDate(today.getDate() - 1);
  if (date.toDateString() === today.toDateString()) return 'Today';
  if (date.toDateString() === yesterday.toDateString()) return 'Yesterday';
  return date.toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

const fileSize = (bytes: number) =>
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

function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto rounded-full bg-brand-600 px-1.5 py-0.5 text-[11px] font-semibold leading-none text-white">
      <span className="sr-only">, unread: </span>
      {count >= 100 ? '99+' : count}
    </span>
  );
}

function ChannelList({
  channels,
  activeId,
  onSelect,
  onNewChannel,
  onNewDirect,
}: {
  channels: ChatChannelDto[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onNewChannel: () => void;
  onNewDirect: () => void;
}) {
  const groups = [
    {
      title: 'Channels',
      items: channels.filter((c) => c.kind === 'channel'),
      action: onNewChannel,
      label: 'New channel',
    },
    {
      title: 'Direct messages',
      items: channels.filter((c) => c.kind === 'direct'),
      action: onNewDirect,
      label: 'New message',
    },
  ];
  return (
    <nav aria-label="Conversations" className="flex flex-col gap-5 p-3">
      {groups.map((group) => (
        <div key={group.title}>
          <div className="mb-1 flex items-center justify-between px-2">
            <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{group.title}</h2>
            <button
              type="button"
              onClick={group.action}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label={group.label}
              title={group.label}
            >
              <Plus className="h-4 w-4" />
            </button>
          </div>
          <ul className="flex flex-col gap-0.5">
            {group.items.length === 0 ? (
              <li className="px-2 py-1 text-sm text-slate-400">None yet</li>
            ) : (
              group.items.map((channel) => (
                <li key={channel._id}>
                  <button
                    type="button"
                    onClick={() => onSelect(channel._id)}
                    aria-current={channel._id === activeId ? 'page' : undefined}
                    className={cn(
                      'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm',
                      channel._id === activeId
                        ? 'bg-brand-50 font-medium text-brand-800'
                        : 'text-slate-700 hover:bg-slate-100',
                      channel.unreadCount > 0 && 'font-semibold text-slate-900',
                    )}
                  >
                    {channel.kind === 'direct' ? (
                      <Avatar
                        firstName={channel.peer?.firstName}
                        lastName={channel.peer?.lastName}
                        src={channel.peer?.avatar}
                        size="xs"
                      />
                    ) : channel.isPrivate ? (
                      <Lock className="h-4 w-4 shrink-0 text-slate-400" aria-label="Private" />
                    ) : (
                      <Hash className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                    )}
                    <span className="truncate">{channel.name}</span>
                    <UnreadBadge count={channel.unreadCount} />
                  </button>
                </li>
              ))
            )}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function TypingLine({
  typing,
  channelId,
  selfId,
}: {
  typing: TypingState;
  channelId: string;
  selfId?: string;
}) {
  const names = (typing[channelId] ?? []).filter((t) => t.user._id !== selfId).map((t) => t.user.firstName);
  return (
    <p className="h-5 px-4 text-xs text-slate-500" aria-live="polite">
      {names.length === 0 ? '' : `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} typing…`}
    </p>
  );
}

function MessageItem({
  message,
  own,
  showAuthor,
  onEdit,
  onDelete,
}: {
  message: ChatMessageDto;
  own: boolean;
  showAuthor: boolean;
  onEdit: (message: ChatMessageDto) => void;
  onDelete: (message: ChatMessageDto) => void;
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
      {own && !message.deletedAt ? (
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

function Conversation({
  channel,
  typing,
  onBack,
}: {
  channel: ChatChannelDto;
  typing: TypingState;
  onBack: () => void;
}) {
  const selfId = useAuth().user?._id;
  const messages = useChatMessages(channel._id);
  const send = useSendMessage(channel._id);
  const edit = useEditMessage();
  const remove = useDeleteMessage();
  const [draft, setDraft] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<ChatMessageDto | null>(null);
  const [editDraft, setEditDraft] = useState('');
  const [deleting, setDeleting] = useState<ChatMessageDto | null>(null);
  const lastTyping = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const ordered = useMemo(
    () => (messages.data?.pages.flatMap((page) => page.data) ?? []).slice().reverse(),
    [messages.data],
  );

  // Keep the view at the newest message unless the reader scrolled up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever a message arrives
  useEffect(() => {
    const element = scroller.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [ordered.length]);

  // Infinite scroll upward: the sentinel at the top loads older pages, keeping the reading position.
  useEffect(() => {
    const sentinel = topSentinel.current;
    const element = scroller.current;
    if (!sentinel || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries[0]?.isIntersecting || !messages.hasNextPage || messages.isFetchingNextPage) return;
      const before = element.scrollHeight;
      void messages.fetchNextPage().then(() => {
        requestAnimationFrame(() => {
          element.scrollTop += element.scrollHeight - before;
        });
      });
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [messages.hasNextPage, messages.isFetchingNextPage, messages.fetchNextPage]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const body = draft.trim();
    if ((!body && files.length === 0) || send.isPending) return;
    stickToBottom.current = true;
    send.mutate(
      { body, files },
      {
        onSuccess: () => {
          setDraft('');
          setFiles([]);
        },
        onError: (error) => toast.error(apiErrorMessage(error, CHAT_FALLBACK_MESSAGES.send)),
      },
    );
  }

  function addFiles(list: FileList | null) {
    const picked = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    const tooBig = picked.filter((file) => file.size > CHAT_ATTACHMENTS.maxBytes);
    if (tooBig.length > 0) {
      toast.error(`Files can be at most ${CHAT_ATTACHMENTS.maxBytes / (1024 * 1024)} MB`);
    }
    const next = [...files, ...picked.filter((file) => file.size <= CHAT_ATTACHMENTS.maxBytes)];
    if (next.length > CHAT_ATTACHMENTS.maxFiles) {
      toast.error(`At most ${CHAT_ATTACHMENTS.maxFiles} files per message`);
    }
    setFiles(next.slice(0, CHAT_ATTACHMENTS.maxFiles));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
      return;
    }
    if (Date.now() - lastTyping.current > TYPING_THROTTLE_MS) {
      lastTyping.current = Date.now();
      sendTyping(channel._id);
    }
  }

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={channel.name}>
      <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          onClick={onBack}
          aria-label="Back to conversations"
        >
          <ArrowLeft className="h-4 w-4" />
        </Button>
        {channel.kind === 'direct' ? (
          <Avatar
            firstName={channel.peer?.firstName}
            lastName={channel.peer?.lastName}
            src={channel.peer?.avatar}
            size="sm"
          />
        ) : channel.isPrivate ? (
          <Lock className="h-4 w-4 text-slate-400" aria-hidden />
        ) : (
          <Hash className="h-4 w-4 text-slate-400" aria-hidden />
        )}
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">{channel.name}</h2>
          {channel.description ? (
            <p className="truncate text-xs text-slate-500">{channel.description}</p>
          ) : null}
        </div>
      </header>
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto py-2"
        onScroll={(event) => {
          const element = event.currentTarget;
          stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
        }}
      >
        <div ref={topSentinel} className="h-1" />
        {messages.isFetchingNextPage ? (
          <p className="py-2 text-center text-xs text-slate-400">Loading older messages…</p>
        ) : null}
        {messages.isPending ? (
          <div className="space-y-4 p-4">
            {[1, 2, 3].map((row) => (
              <div key={row} className="flex gap-3">
                <Skeleton className="h-8 w-8 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3 w-32" />
                  <Skeleton className="h-3 w-3/4" />
                </div>
              </div>
            ))}
          </div>
        ) : messages.isError ? (
          <ErrorState
            title={apiErrorMessage(messages.error, CHAT_FALLBACK_MESSAGES.messages)}
            onRetry={() => void messages.refetch()}
          />
        ) : ordered.length === 0 ? (
          <EmptyState
            icon={MessagesSquare}
            title="No messages yet"
            description="Say hello to get the conversation going."
          />
        ) : (
          <ol aria-label="Messages">
            {ordered.map((message, index) => {
              const previous = ordered[index - 1];
              const newDay = !previous || dayLabel(previous.createdAt) !== dayLabel(message.createdAt);
              const showAuthor =
                newDay ||
                previous?.author._id !== message.author._id ||
                new Date(message.createdAt).getTime() - new Date(previous.createdAt).getTime() > 5 * 60_000;
              return (
                <li key={message._id} className="list-none">
                  {newDay ? (
                    <div className="my-3 flex items-center gap-3 px-4">
                      <hr className="flex-1 border-slate-200" />
                      <span className="text-xs font-medium text-slate-500">
                        {dayLabel(message.createdAt)}
                      </span>
                      <hr className="flex-1 border-slate-200" />
                    </div>
                  ) : null}
                  <ul>
                    <MessageItem
                      message={message}
                      own={message.author._id === selfId}
                      showAuthor={showAuthor}
                      onEdit={(target) => {
                        setEditing(target);
                        setEditDraft(target.body);
                      }}
                      onDelete={setDeleting}
                    />
                  </ul>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <TypingLine typing={typing} channelId={channel._id} selfId={selfId} />
      {files.length > 0 ? (
        <ul className="flex flex-wrap gap-2 border-t border-slate-200 px-3 pt-2" aria-label="Files to send">
          {files.map((file, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be picked twice
              key={`${file.name}-${index}`}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-xs text-slate-700"
            >
              <span className="max-w-[10rem] truncate">{file.name}</span>
              <span className="text-slate-400">{fileSize(file.size)}</span>
              <button
                type="button"
                onClick={() => setFiles((current) => current.filter((_, position) => position !== index))}
                className="rounded-full p-0.5 hover:bg-slate-200"
                aria-label={`Remove ${file.name}`}
              >
                <X className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        onSubmit={submit}
        className={cn('flex items-end gap-2 p-3', files.length === 0 && 'border-t border-slate-200')}
      >
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={CHAT_ATTACHMENTS.accept}
          className="hidden"
          aria-label="Attach files"
          onChange={(event) => addFiles(event.target.files)}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={() => fileInput.current?.click()}
          disabled={files.length >= CHAT_ATTACHMENTS.maxFiles}
          aria-label="Attach photos, videos or PDFs"
          title="Attach photos, videos or PDFs"
        >
          <Paperclip className="h-4 w-4" />
        </Button>
        <label htmlFor="chat-composer" className="sr-only">
          Message {channel.kind === 'direct' ? channel.name : `#${channel.name}`}
        </label>
        <Textarea
          id="chat-composer"
          rows={1}
          value={draft}
          maxLength={CHAT_LIMITS.bodyMax}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Message ${channel.kind === 'direct' ? channel.name : `#${channel.name}`}`}
          title="Enter sends, Shift+Enter starts a new line"
          className="max-h-40 min-h-[2.5rem] flex-1 resize-none"
        />
        <Button type="submit" disabled={(!draft.trim() && files.length === 0) || send.isPending}>
          Send
        </Button>
      </form>

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title="Edit message"
        footer={
          <>
            <Button variant="outline" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button
              disabled={!editDraft.trim() || edit.isPending}
              onClick={() =>
                editing &&
                edit.mutate(
                  { id: editing._id, body: editDraft.trim() },
                  {
                    onSuccess: () => setEditing(null),
                    onError: (error) => toast.error(apiErrorMessage(error, CHAT_FALLBACK_MESSAGES.edit)),
                  },
                )
              }
            >
              Save
            </Button>
          </>
        }
      >
        <Textarea
          aria-label="Message"
          rows={4}
          value={editDraft}
          maxLength={CHAT_LIMITS.bodyMax}
          onChange={(event) => setEditDraft(event.target.value)}
          data-autofocus
        />
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this message?"
        description="It is removed for everyone in the conversation."
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => setDeleting(null),
            onError: (error) => toast.error(apiErrorMessage(error, CHAT_FALLBACK_MESSAGES.delete)),
          })
        }
      />
    </section>
  );
}

function NewChannelDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const create = useCreateChannel();
  const members = useChatMembers(open);
  const selfId = useAuth().user?._id;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    create.mutate(
      { name, description: description || undefined, isPrivate, memberIds: isPrivate ? memberIds : [] },
      {
        onSuccess: (channel) => {
          toast.success('Channel created', `#${channel.name}`);
          setName('');
          setDescription('');
          setMemberIds([]);
          onCreated(channel._id);
        },
        onError: (failure) => setError(apiErrorMessage(failure, CHAT_FALLBACK_MESSAGES.create)),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New channel"
      description="Channels are where your team talks about a topic."
    >
      <form onSubmit={submit} className="space-y-4">
        <Field label="Name" required error={error ?? undefined} hint="Lowercase letters, digits, - and _">
          {(control) => (
            <Input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. maintenance-team"
              data-autofocus
            />
          )}
        </Field>
        <Field label="Description">
          {(control) => (
            <Input
              {...control}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={200}
            />
          )}
        </Field>
        <Switch
          checked={isPrivate}
          onChange={setIsPrivate}
          label="Private channel"
          text="Private: only the members you pick can see it"
        />
        {isPrivate ? (
          <fieldset className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
            <legend className="px-1 text-sm font-medium text-slate-700">Members</legend>
            {(members.data ?? [])
              .filter((member) => member._id !== selfId)
              .map((member) => (
                <label
                  key={member._id}
                  className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-slate-50"
                >
                  <input
                    type="checkbox"
                    checked={memberIds.includes(member._id)}
                    onChange={(event) =>
                      setMemberIds((ids) =>
                        event.target.checked ? [...ids, member._id] : ids.filter((id) => id !== member._id),
                      )
                    }
                  />
                  <Avatar
                    firstName={member.firstName}
                    lastName={member.lastName}
                    src={member.avatar}
                    size="xs"
                  />
                  {member.firstName} {member.lastName}
                </label>
              ))}
          </fieldset>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim() || create.isPending}>
            Create channel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function NewDirectDialog({
  open,
  onClose,
  onOpened,
}: {
  open: boolean;
  onClose: () => void;
  onOpened: (id: string) => void;
}) {
  const members = useChatMembers(open);
  const openDirect = useOpenDirect();
  const selfId = useAuth().user?._id;
  const [filter, setFilter] = useState('');
  const visible = (members.data ?? []).filter(
    (member) =>
      member._id !== selfId &&
      `${member.firstName} ${member.lastName}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New message"
      description="Start a conversation with someone in your company."
    >
      <Input
        aria-label="Find a person"
        placeholder="Find a person"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        data-autofocus
      />
      <ul className="mt-3 max-h-72 space-y-1 overflow-y-auto">
        {members.isPending ? (
          <SkeletonList rows={3} />
        ) : visible.length === 0 ? (
          <li className="px-2 py-3 text-sm text-slate-500">Nobody matches.</li>
        ) : (
          visible.map((member) => (
            <li key={member._id}>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-100"
                disabled={openDirect.isPending}
                onClick={() =>
                  openDirect.mutate(member._id, {
                    onSuccess: (channel) => onOpened(channel._id),
                    onError: (error) => toast.error(apiErrorMessage(error, CHAT_FALLBACK_MESSAGES.direct)),
                  })
                }
              >
                <Avatar
                  firstName={member.firstName}
                  lastName={member.lastName}
                  src={member.avatar}
                  size="sm"
                />
                {member.firstName} {member.lastName}
              </button>
            </li>
          ))
        )}
      </ul>
    </Dialog>
  );
}

/** /dashboard/chat: company channels and direct messages, live over the socket. */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const channels = useChatChannels();
  const markRead = useMarkChannelRead();
  const [dialog, setDialog] = useState<'channel' | 'direct' | null>(null);
  const requested = params.get('channel');
  const list = channels.data ?? [];
  const active =
    list.find((channel) => channel._id === requested) ??
    (requested ? undefined : list.find((c) => c.name === 'general'));
  const activeId = active?._id ?? null;
  const showListOnMobile = !requested;

  const typing = useChatSocket((message) => {
    if (message.channelId === activeId && document.visibilityState === 'visible')
      markRead.mutate(message.channelId);
  });

  const select = (id: string) => setParams({ channel: id });

  // Opening a conversation reads it.
  const { mutate: markReadNow } = markRead;
  const activeUnread = active?.unreadCount ?? 0;
  useEffect(() => {
    if (activeId && activeUnread > 0) markReadNow(activeId);
  }, [activeId, activeUnread, markReadNow]);

  return (
    <div className="-m-4 flex h-[calc(100dvh-4rem)] overflow-hidden border-slate-200 bg-white sm:-m-6 md:m-0 md:h-[calc(100dvh-8rem)] md:rounded-xl md:border">
      <aside
        className={cn(
          'w-full shrink-0 overflow-y-auto border-slate-200 bg-slate-50/60 md:block md:w-64 md:border-r',
          showListOnMobile ? 'block' : 'hidden',
        )}
      >
        <div className="flex items-center justify-between px-4 pt-4">
          <h1 className="text-lg font-bold text-slate-900">Chat</h1>
          <Button size="sm" variant="outline" onClick={() => setDialog('direct')}>
            <MessageSquarePlus className="h-4 w-4" /> New
          </Button>
        </div>
        {channels.isPending ? (
          <div className="p-4">
            <SkeletonList rows={5} />
          </div>
        ) : channels.isError ? (
          <ErrorState
            title={apiErrorMessage(channels.error, CHAT_FALLBACK_MESSAGES.channels)}
            onRetry={() => void channels.refetch()}
          />
        ) : (
          <ChannelList
            channels={list}
            activeId={activeId}
            onSelect={select}
            onNewChannel={() => setDialog('channel')}
            onNewDirect={() => setDialog('direct')}
          />
        )}
      </aside>
      <div className={cn('min-w-0 flex-1 flex-col md:flex', showListOnMobile ? 'hidden' : 'flex')}>
        {active ? (
          <Conversation key={active._id} channel={active} typing={typing} onBack={() => setParams({})} />
        ) : channels.isPending ? (
          <div className="p-6">
            <SkeletonList rows={6} />
          </div>
        ) : (
          <EmptyState
            icon={MessagesSquare}
            title="Pick a conversation"
            description="Choose a channel or start a direct message."
          />
        )}
      </div>
      <NewChannelDialog
        open={dialog === 'channel'}
        onClose={() => setDialog(null)}
        onCreated={(id) => {
          setDialog(null);
          select(id);
        }}
      />
      <NewDirectDialog
        open={dialog === 'direct'}
        onClose={() => setDialog(null)}
        onOpened={(id) => {
          setDialog(null);
          select(id);
        }}
      />
    </div>
  );
}
