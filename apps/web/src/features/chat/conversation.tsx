import type { ChatChannelDto, ChatMessageDto } from '@rentora/shared';
import { ArrowLeft, Hash, Home, Lock, MessagesSquare } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import { CHAT_FALLBACK_MESSAGES, messagesPath, useChatMessages, useDeleteMessage } from './chat.api';
import { Composer, EditMessageDialog } from './composer';
import { MessageItem } from './message-item';
import type { TypingState } from './use-chat-socket';

/** The day of a message in the company's zone: Today, Yesterday or "05 Nov 2026". */
function dayLabel(iso: string): string {
  const day = formatDate(iso);
  if (day === formatDate(new Date())) return 'Today';
  if (day === formatDate(new Date(Date.now() - 86_400_000))) return 'Yesterday';
  return day;
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

export function Conversation({
  channel,
  typing,
  onBack,
  tenantView = false,
}: {
  channel: ChatChannelDto;
  typing: TypingState;
  onBack: () => void;
  /** The tenant's side of a tenancy conversation: read by tenancy, no edits, read-only once moved out. */
  tenantView?: boolean;
}) {
  const selfId = useAuth().user?._id;
  const messages = useChatMessages(channel._id, messagesPath(channel, tenantView));
  const readOnly = tenantView && channel.tenancy?.movedOut === true;
  const remove = useDeleteMessage();
  const [editing, setEditing] = useState<ChatMessageDto | null>(null);
  const [deleting, setDeleting] = useState<ChatMessageDto | null>(null);
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
        ) : channel.kind === 'tenancy' ? (
          <Home className="h-4 w-4 text-slate-500" aria-hidden />
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
            description={
              tenantView
                ? 'Ask your landlord or property manager anything about your home.'
                : 'Say hello to get the conversation going.'
            }
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
                      onEdit={tenantView ? undefined : setEditing}
                      onDelete={tenantView ? undefined : setDeleting}
                    />
                  </ul>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <TypingLine typing={typing} channelId={channel._id} selfId={selfId} />
      {readOnly ? (
        <p className="border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-600" role="note">
          You have moved out of this home, so this conversation is read-only. You can still read every
          message.
        </p>
      ) : (
        <Composer
          channel={channel}
          tenantView={tenantView}
          onSend={() => {
            stickToBottom.current = true;
          }}
        />
      )}
      <EditMessageDialog message={editing} onClose={() => setEditing(null)} />
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
