import { TIMINGS } from '@rentora/shared';
import type { Socket } from 'socket.io-client';
import { session } from './session';

/**
 * Opens the realtime connection (spec 01 §7): same host, websocket with polling fallback, credentials,
 * the access token in the handshake (read at every reconnect, so refreshed tokens are used),
 * reconnection 1 s growing to 5 s, 20 s connection timeout. socket.io-client loads on demand.
 */
export async function openSocket(): Promise<Socket> {
  const { io } = await import('socket.io-client');
  return io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    withCredentials: true,
    auth: (callback) => callback({ token: session.get().token }),
    reconnection: true,
    reconnectionDelay: TIMINGS.socketReconnectDelayMs,
    reconnectionDelayMax: TIMINGS.socketReconnectDelayMaxMs,
    timeout: TIMINGS.socketTimeoutMs,
  });
}
