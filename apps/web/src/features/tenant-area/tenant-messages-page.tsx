import type { ChatChannelDto } from '@rentora/shared';
import { Home, MessagesSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useMarkTenancyRead, useTenantConversations } from '../chat/chat.api';
import { Conversation } from '../chat/conversation';
import { useChatSocket } from '../chat/use-chat-socket';

function ConversationButton({
  channel,
  active,
  onSelect,
}: {
  channel: ChatChannelDto;
  active: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex w-full items-start gap-3 rounded-lg px-3 py-2 text-left text-sm',
        active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      <Home className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className={cn('block truncate', channel.unreadCount > 0 && 'font-semibold text-slate-900')}>
          {channel.tenancy?.companyName ?? channel.name}
        </span>
        <span className="block truncate text-xs text-slate-500">
          {channel.tenancy ? `${channel.tenancy.propertyName} · ${channel.tenancy.unitNumber}` : ''}
          {channel.tenancy?.movedOut ? ' · moved out' : ''}
        </span>
      </span>
      {channel.unreadCount > 0 ? (
        <span className="rounded-full bg-brand-600 px-1.5 py-0.5 text-[11px] font-semibold leading-none text-white">
          {channel.unreadCount > 99 ? '99+' : channel.unreadCount}
          <span className="sr-only"> unread</span>
        </span>
      ) : null}
    </button>
  );
}

/** /tenant/messages: the tenant's conversations with their landlords' staff, one per tenancy, live. */
export function TenantMessagesPage() {
  const [params, setParams] = useSearchParams();
  const conversations = useTenantConversations();
  const markRead = useMarkTenancyRead();
  const list = conversations.data ?? [];
  const requested = params.get('tenancy');
  const active =
    list.find((channel) => channel.tenancy?._id === requested) ?? (requested ? undefined : list[0]);
  const activeId = active?._id ?? null;

  const typing = useChatSocket((message) => {
    if (active && message.channelId === activeId && document.visibilityState === 'visible')
      markRead.mutate(active);
  });

  const { mutate: markReadNow } = markRead;
  const activeUnread = active?.unreadCount ?? 0;
  useEffect(() => {
    if (active && activeUnread > 0) markReadNow(active);
  }, [active, activeUnread, markReadNow]);

  if (conversations.isPending) {
    return (
      <div className="mx-auto max-w-5xl">
        <SkeletonList rows={5} />
      </div>
    );
  }
  if (conversations.isError) {
    return (
      <ErrorState
        title={apiErrorMessage(conversations.error, 'Failed to load your conversations')}
        onRetry={() => void conversations.refetch()}
      />
    );
  }
  if (list.length === 0) {
    return (
      <EmptyState
        icon={MessagesSquare}
        title="No conversations yet"
        description="Once you rent a home through Rentora, you can message your landlord or property manager here."
        action={
          <ButtonLink to="/tenant/properties" variant="outline">
            Explore homes
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div className="mx-auto flex h-[calc(100dvh-9rem)] max-w-6xl overflow-hidden rounded-xl border border-slate-200 bg-white">
      {list.length > 1 ? (
        <nav
          aria-label="Your conversations"
          className={cn(
            'w-full shrink-0 overflow-y-auto border-slate-200 bg-slate-50/60 p-2 md:block md:w-64 md:border-r',
            requested ? 'hidden' : 'block',
          )}
        >
          <ul className="flex flex-col gap-1">
            {list.map((channel) => (
              <li key={channel._id}>
                <ConversationButton
                  channel={channel}
                  active={channel._id === activeId}
                  onSelect={() => setParams({ tenancy: channel.tenancy?._id ?? '' })}
                />
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div
        className={cn('min-w-0 flex-1 flex-col md:flex', list.length > 1 && !requested ? 'hidden' : 'flex')}
      >
        {active ? (
          <Conversation
            key={active._id}
            channel={active}
            typing={typing}
            tenantView
            onBack={() => setParams({})}
          />
        ) : (
          <EmptyState icon={MessagesSquare} title="Pick a conversation" />
        )}
      </div>
    </div>
  );
}
