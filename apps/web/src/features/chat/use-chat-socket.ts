import {
  CHAT_EVENTS,
  CHAT_LIMITS,
  type ChatDeleteEvent,
  type ChatMember,
  type ChatMessageDto,
  type ChatTypingEvent,
} from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../lib/session';
import { openSocket } from '../../lib/socket';
import { chatKeys, markMessageDeleted, upsertMessage } from './chat.api';

/** Who is typing where: channel id → members, each until a few seconds after their last keystroke event. */
export type TypingState = Record<string, { user: ChatMember; until: number }[]>;

/**
 * Live chat while the page is open: new, edited and deleted messages update the cached pages, unread badges
 * reload, and typing indicators come and go. `onMessage` lets the page mark the open channel read.
 */
export function useChatSocket(onMessage: (message: ChatMessageDto) => void): TypingState {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useSession().token);
  const [typing, setTyping] = useState<TypingState>({});
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    let socket: Awaited<ReturnType<typeof openSocket>> | null = null;
    openSocket()
      .then((opened) => {
        if (cancelled) {
          opened.disconnect();
          return;
        }
        socket = opened;
        opened.on(CHAT_EVENTS.message, (message: ChatMessageDto) => {
          upsertMessage(queryClient, message);
          setTyping((state) => ({
            ...state,
            [message.channelId]: (state[message.channelId] ?? []).filter(
              (t) => t.user._id !== message.author._id,
            ),
          }));
          void queryClient.invalidateQueries({ queryKey: chatKeys.channels });
          void queryClient.invalidateQueries({ queryKey: chatKeys.tenancies });
          onMessageRef.current(message);
        });
        opened.on(CHAT_EVENTS.edit, (message: ChatMessageDto) => upsertMessage(queryClient, message));
        opened.on(CHAT_EVENTS.delete, ({ channelId, messageId }: ChatDeleteEvent) =>
          markMessageDeleted(queryClient, channelId, messageId),
        );
        opened.on(CHAT_EVENTS.typing, ({ channelId, user }: ChatTypingEvent) => {
          const until = Date.now() + CHAT_LIMITS.typingTtlMs;
          setTyping((state) => ({
            ...state,
            [channelId]: [
              ...(state[channelId] ?? []).filter((t) => t.user._id !== user._id),
              { user, until },
            ],
          }));
        });
        opened.on('connect', () => {
          void queryClient.invalidateQueries({ queryKey: chatKeys.all });
        });
      })
      .catch((error: unknown) => console.warn('Chat socket error', error));
    const sweep = setInterval(() => {
      const now = Date.now();
      setTyping((state) => {
        let changed = false;
        const next: TypingState = {};
        for (const [channelId, list] of Object.entries(state)) {
          const alive = list.filter((entry) => entry.until > now);
          if (alive.length !== list.length) changed = true;
          if (alive.length > 0) next[channelId] = alive;
        }
        return changed ? next : state;
      });
    }, 1000);
    return () => {
      cancelled = true;
      clearInterval(sweep);
      socket?.disconnect();
    };
  }, [signedIn, queryClient]);

  return typing;
}
