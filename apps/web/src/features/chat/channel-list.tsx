import type { ChatChannelDto } from '@rentora/shared';
import { Hash, Home, Lock, Plus } from 'lucide-react';
import { Avatar } from '../../components/avatar';
import { cn } from '../../lib/cn';

function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto rounded-full bg-brand-600 px-1.5 py-0.5 text-[11px] font-semibold leading-none text-white">
      <span className="sr-only">, unread: </span>
      {count >= 100 ? '99+' : count}
    </span>
  );
}

export function ChannelList({
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
  // Conversations with tenants (staff who may read tenants); a tenant starts them from their Messages page.
  const tenancies = channels.filter((c) => c.kind === 'tenancy');
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
      {tenancies.length > 0 ? (
        <div>
          <h2 className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Tenants</h2>
          <ul className="flex flex-col gap-0.5">
            {tenancies.map((channel) => (
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
                  <Home className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                  <span className="truncate">{channel.name}</span>
                  <UnreadBadge count={channel.unreadCount} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
