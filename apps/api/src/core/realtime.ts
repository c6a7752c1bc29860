import type {
  ChatDeleteEvent,
  ChatMessageDto,
  ChatTypingEvent,
  NotificationCountEvent,
  NotificationDto,
} from '@rentora/shared';
import { CHAT_EVENTS, SOCKET_EVENTS } from '@rentora/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type ExtendedError, Server, type Socket } from 'socket.io';
import type { Db } from '../db/client';
import { companies, companyUsers, sessions, users } from '../db/schema';
import { loadAuthContext } from './access';
import { AppError } from './errors';
import type { TokenService } from './tokens';

export const SOCKET_PATH = '/socket.io';

export const userRoom = (userId: string) => `user:${userId}`;
export const companyRoom = (companyId: string) => `company:${companyId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const COMPANY_ROOM_PREFIX = 'company:';

/** Events the server sends; a domain that adds one declares it here so that every emit is typed. */
export interface ServerToClientEvents {
  [SOCKET_EVENTS.notificationNew]: (notification: NotificationDto) => void;
  [SOCKET_EVENTS.notificationCount]: (payload: NotificationCountEvent) => void;
  [CHAT_EVENTS.message]: (message: ChatMessageDto) => void;
  [CHAT_EVENTS.edit]: (message: ChatMessageDto) => void;
  [CHAT_EVENTS.delete]: (payload: ChatDeleteEvent) => void;
  [CHAT_EVENTS.typing]: (payload: ChatTypingEvent) => void;
}
/** Clients send nothing; everything they do goes through the REST API. */
type ClientToServerEvents = Record<string, never>;
type InterServerEvents = Record<string, never>;
export interface SocketData {
  userId: string;
  sessionId: string;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type EventName = keyof ServerToClientEvents;

export interface Realtime {
  readonly io: RealtimeServer;
  /** Sends an event to every open socket of a user (on every API process when Redis is configured). */
  emitToUser<E extends EventName>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Sends an event to every open socket of the active members of a company. */
  emitToCompany<E extends EventName>(
    companyId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Closes every open socket of a user (account deactivated, removed, all sessions revoked). */
  disconnectUser(userId: string): Promise<void>;
  /** Closes the sockets opened with one session's tokens (logout of that session). */
  disconnectSession(sessionId: string): Promise<void>;
  /**
   * Re-checks a user's open sockets against the database: closes them all when the account is gone or inactive,
   * closes those whose session is revoked, and moves the rest to the `company:{id}` rooms of the user's current
   * active memberships (leaving companies where the membership was deactivated or removed).
   */
  refreshMemberships(userId: string): Promise<void>;
}

export interface RealtimeOptions {
  db: Db;
  tokens: TokenService;
  redisUrl?: string;
}

function handshakeToken(socket: RealtimeSocket): string | undefined {
  const fromAuth: unknown = socket.handshake.auth?.token;
  const raw =
    typeof fromAuth === 'string' && fromAuth
      ? fromAuth
      : typeof socket.handshake.headers.authorization === 'string'
        ? socket.handshake.headers.authorization
        : undefined;
  if (!raw) return undefined;
  const [first, second] = raw.trim().split(/\s+/);
  if (second !== undefined) return first?.toLowerCase() === 'bearer' ? second : undefined;
  return first || undefined;
}

/** The connect_error a client sees: `err.message` and `err.data.code` (UNAUTHORIZED, TOKEN_EXPIRED, INTERNAL_ERROR). */
function connectError(error: unknown, log: FastifyBaseLogger): ExtendedError {
  if (error instanceof AppError) {
    const refused: ExtendedError = new Error(error.message);
    refused.data = { code: error.code };
    return refused;
  }
  log.error({ err: error }, 'socket handshake failed');
  const failed: ExtendedError = new Error('Something went wrong');
  failed.data = { code: 'INTERNAL_ERROR' };
  return failed;
}

async function activeCompanyIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ companyId: companyUsers.companyId })
    .from(companyUsers)
    .innerJoin(companies, and(eq(companies.id, companyUsers.companyId), eq(companies.isActive, true)))
    .where(and(eq(companyUsers.userId, userId), eq(companyUsers.isActive, true)));
  return rows.map((row) => row.companyId);
}

/**
 * socket.io on the app's own HTTP server (path /socket.io). The engine intercepts its own path before Fastify
 * routes anything, so the same port serves REST, the SPA and websockets; until the app listens, emits reach nobody.
 * The handshake is authenticated exactly like an HTTP request (core/access.ts `loadAuthContext`).
 */
export async function createRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<Realtime> {
  const { db, tokens } = options;
  const log = app.log;
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // The web client waits up to 20 s to connect.
    connectTimeout: 20_000,
  });

  const redisClients: { close(): Promise<void> }[] = [];
  if (options.redisUrl) {
    // Loaded only when Redis is configured (about 35 MB and half a second of CPU that a single process never needs).
    const [{ createClient }, { createAdapter }] = await Promise.all([
      import('redis'),
      import('@socket.io/redis-adapter'),
    ]);
    const pubClient = createClient({ url: options.redisUrl });
    const subClient = pubClient.duplicate();
    for (const client of [pubClient, subClient]) {
      client.on('error', (error: unknown) => log.error({ err: error }, 'realtime redis client error'));
    }
    await Promise.all([pubClient.connect(), subClient.connect()]);
    redisClients.push(pubClient, subClient);
    io.adapter(createAdapter(pubClient, subClient, { key: 'rentora:socket.io' }));
  }

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    if (!token) {
      next(connectError(new AppError('UNAUTHORIZED', 'Authentication required'), log));
      return;
    }
    (async () => {
      const claims = tokens.verifyAccess(token);
      const ctx = await loadAuthContext(db, claims, null);
      socket.data = { userId: ctx.userId, sessionId: ctx.sessionId };
      const companyIds = await activeCompanyIds(db, ctx.userId);
      await socket.join([userRoom(ctx.userId), sessionRoom(ctx.sessionId), ...companyIds.map(companyRoom)]);
    })().then(
      () => next(),
      (error: unknown) => next(connectError(error, log)),
    );
  });

  // Open connections hold the HTTP server open: close them before Fastify closes the server. Closing the transports
  // (not a socket.io disconnect) makes clients see 'transport close' and reconnect, e.g. to another process.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      io.close(() => resolve());
    });
    await Promise.allSettled(redisClients.map((client) => client.close()));
  });

  return {
    io,
    emitToUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    emitToCompany(companyId, event, ...args) {
      io.to(companyRoom(companyId)).emit(event, ...args);
    },
    async disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    async disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    async refreshMemberships(userId) {
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      if (sockets.length === 0) return;
      const [account] = await db
        .select({ isActive: users.isActive })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!account?.isActive) {
        io.in(userRoom(userId)).disconnectSockets(true);
        return;
      }
      const sessionIds = [...new Set(sockets.map((socket) => socket.data.sessionId))];
      const [revoked, companyIds] = await Promise.all([
        db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(eq(sessions.userId, userId), inArray(sessions.id, sessionIds), isNotNull(sessions.revokedAt)),
          ),
        activeCompanyIds(db, userId),
      ]);
      for (const { id } of revoked) io.in(sessionRoom(id)).disconnectSockets(true);
      const wanted = companyIds.map(companyRoom);
      const revokedIds = new Set(revoked.map((row) => row.id));
      for (const socket of sockets) {
        if (revokedIds.has(socket.data.sessionId)) continue;
        const stale = [...socket.rooms].filter(
          (room) => room.startsWith(COMPANY_ROOM_PREFIX) && !wanted.includes(room),
        );
        if (stale.length) io.in(socket.id).socketsLeave(stale);
      }
      if (wanted.length) io.in(userRoom(userId)).socketsJoin(wanted);
    },
  };
}
