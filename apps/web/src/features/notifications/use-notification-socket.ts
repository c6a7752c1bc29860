import { CHAT_EVENTS, type NotificationDto, SOCKET_EVENTS, TIMINGS } from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { openSocket } from '../../lib/socket';
import { addIncomingNotification, notificationKeys } from './notifications.api';

/** Live notifications while signed in: notification:new adds to the lists, notification:count reloads them. */
export function useNotificationSocket(enabled = true): void {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useSession().token);

  useEffect(() => {
    if (!enabled || !signedIn) return;
    let cancelled = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let socket: Awaited<ReturnType<typeof openSocket>> | null = null;

    openSocket()
      .then((opened) => {
        if (cancelled) {
          opened.disconnect();
          return;
        }
        socket = opened;
        opened.on(SOCKET_EVENTS.notificationNew, (notification: NotificationDto) => {
          addIncomingNotification(queryClient, notification);
        });
        // Chat messages move the unread counts of both navigations (Chat, Messages).
        opened.on(CHAT_EVENTS.message, () => {
          void queryClient.invalidateQueries({ queryKey: ['chat', 'channels'] });
          void queryClient.invalidateQueries({ queryKey: ['chat', 'tenancies'] });
        });
        opened.on(SOCKET_EVENTS.notificationCount, () => {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        });
        opened.on('connect', () => {
          // Anything missed while disconnected.
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        });
        opened.on('connect_error', (error: Error) => {
          console.warn('Socket connect error', error.message);
          // A refused handshake (expired token) is not retried by socket.io: refresh the session
          // through the API client (a 401 there refreshes), then connect again.
          if (!opened.active && !cancelled) {
            retryTimer = setTimeout(() => {
              api
                .get('/auth/me')
                .then(() => {
                  if (!cancelled) opened.connect();
                })
                .catch(() => undefined);
            }, TIMINGS.socketReconnectDelayMaxMs);
          }
        });
      })
      .catch((error: unknown) => console.warn('Socket connect error', error));

    return () => {
      cancelled = true;
      if (retryTimer) clearTimeout(retryTimer);
      socket?.disconnect();
    };
  }, [enabled, signedIn, queryClient]);
}
