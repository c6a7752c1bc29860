import { MessageSquarePlus, MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { ChannelList } from './channel-list';
import { CHAT_FALLBACK_MESSAGES, useChatChannels, useMarkChannelRead } from './chat.api';
import { Conversation } from './conversation';
import { NewChannelDialog, NewDirectDialog } from './new-chat-dialogs';
import { useChatSocket } from './use-chat-socket';

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
