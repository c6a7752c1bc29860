import type { AddressInfo } from 'node:net';
import type { NotificationCountEvent, NotificationDto } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import {
  type Socket as ClientSocket,
  io as connectClient,
  type ManagerOptions,
  type SocketOptions,
} from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call } from '../../../test/app';
import { addMember, createCompany, type Session, signUp } from '../../../test/factories';
import { users } from '../../db/schema';

const base = {
  category: 'system' as const,
  type: 'test.live',
  title: 'Live',
  message: 'Pushed over the socket',
};
const open: ClientSocket[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function socketTo(url: string, options: Partial<ManagerOptions & SocketOptions>): ClientSocket {
  const socket = connectClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
    ...options,
  });
  open.push(socket);
  return socket;
}

/** Resolves once connected; rejects with the server's connect_error. */
function connect(url: string, options: Partial<ManagerOptions & SocketOptions>): Promise<ClientSocket> {
  const socket = socketTo(url, options);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function refusal(url: string, options: Partial<ManagerOptions & SocketOptions>) {
  return connect(url, options).then(
    () => {
      throw new Error('the connection was accepted');
    },
    (error: Error & { data?: { code?: string } }) => ({ message: error.message, code: error.data?.code }),
  );
}

/** The next `event` on `socket`, or a rejection after a few seconds. */
function nextEvent<T>(socket: ClientSocket, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Every event a socket receives, in order. */
function record(socket: ClientSocket): { event: string; payload: unknown }[] {
  const events: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  return events;
}

function claimsOf(token: string): { sub: string; sid: string; role: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});

describe('socket.io on the API server', () => {
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    app = await buildTestAppWith({});
    url = await listen(app);
  });

  afterAll(async () => {
    await app.close();
  });

  it('pushes notification:new to the recipient, and to nobody else; no count event follows it', async () => {
    const ada = await signUp(app);
    const bob = await signUp(app);
    const adaSocket = await connect(url, { auth: { token: ada.token } });
    const bobSocket = await connect(url, { auth: { token: bob.token } });
    const adaEvents = record(adaSocket);
    const bobEvents = record(bobSocket);

    const received = nextEvent<NotificationDto>(adaSocket, 'notification:new');
    const created = await app.deps.notifier.notifyUser(ada.user._id, base);
    expect(await received).toEqual(created);

    // Bob's own events arrive after anything meant for Ada would have: he saw only his notification, and Ada's
    // socket got nothing after hers but the count of her marking it read.
    const bobsArrived = nextEvent(bobSocket, 'notification:new');
    const bobs = await app.deps.notifier.notifyUser(bob.user._id, base);
    await bobsArrived;
    const counted = nextEvent<NotificationCountEvent>(adaSocket, 'notification:count');
    await call(app, 'PUT', '/api/inapp-notifications/mark-read', {
      token: ada.token,
      body: { notificationId: created!._id },
    });
    expect(await counted).toEqual({ unreadCount: 0 });
    expect(adaEvents).toEqual([
      { event: 'notification:new', payload: created },
      { event: 'notification:count', payload: { unreadCount: 0 } },
    ]);
    expect(bobEvents).toEqual([{ event: 'notification:new', payload: bobs }]);
  });

  it('takes the token from an Authorization: Bearer header too, over long-polling through the same port', async () => {
    const ada = await signUp(app);
    const socket = await connect(url, {
      transports: ['polling'],
      extraHeaders: { Authorization: `Bearer ${ada.token}` },
    });
    const received = nextEvent<NotificationDto>(socket, 'notification:new');
    const created = await app.deps.notifier.notifyUser(ada.user._id, { ...base, data: { a: 1 } });
    expect(await received).toEqual(created);
    // REST still answers on the same server.
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBeLessThan(500);
  });

  it('pushes the new unread count when notifications are marked read, to every tab of the user', async () => {
    const ada = await signUp(app);
    const first = await app.deps.notifier.notifyUser(ada.user._id, base);
    await app.deps.notifier.notifyUser(ada.user._id, base);
    const tabOne = await connect(url, { auth: { token: ada.token } });
    const tabTwo = await connect(url, { auth: { token: ada.token } });

    const one = nextEvent<NotificationCountEvent>(tabOne, 'notification:count');
    const two = nextEvent<NotificationCountEvent>(tabTwo, 'notification:count');
    const response = await call(app, 'PUT', '/api/inapp-notifications/mark-read', {
      token: ada.token,
      body: { notificationId: first!._id },
    });
    expect(response.statusCode).toBe(200);
    expect(await one).toEqual({ unreadCount: 1 });
    expect(await two).toEqual({ unreadCount: 1 });

    const afterAll = nextEvent<NotificationCountEvent>(tabOne, 'notification:count');
    await call(app, 'PUT', '/api/inapp-notifications/mark-read', {
      token: ada.token,
      body: { markAll: true },
    });
    expect(await afterAll).toEqual({ unreadCount: 0 });
  });

  it('refuses a handshake without a token, with a garbage token or with an expired one', async () => {
    const ada = await signUp(app);
    expect(await refusal(url, {})).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });
    expect(await refusal(url, { auth: { token: 'garbage.token.here' } })).toEqual({
      message: 'Invalid token',
      code: 'UNAUTHORIZED',
    });
    expect(await refusal(url, { extraHeaders: { Authorization: 'Basic abc' } })).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const claims = claimsOf(ada.token);
    const forged = createSigner({ key: 'another-secret-another-secret-another-secret', expiresIn: '15m' })({
      sub: claims.sub,
      sid: claims.sid,
      role: claims.role,
    });
    expect(await refusal(url, { auth: { token: forged } })).toMatchObject({ code: 'UNAUTHORIZED' });
    const expired = createSigner({ key: app.deps.config.jwtSecret })({
      sub: claims.sub,
      sid: claims.sid,
      role: claims.role,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    expect(await refusal(url, { auth: { token: expired } })).toEqual({
      message: 'Access token expired',
      code: 'TOKEN_EXPIRED',
    });
  });

  it('refuses the token of a session that has logged out, and closes that session’s open sockets', async () => {
    const ada = await signUp(app);
    const socket = await connect(url, { auth: { token: ada.token } });
    const disconnected = nextEvent<string>(socket, 'disconnect');

    const logout = await call(app, 'POST', '/api/auth/logout', { token: ada.token, body: {} });
    expect(logout.statusCode).toBe(200);
    expect(await refusal(url, { auth: { token: ada.token } })).toEqual({
      message: 'Session has ended, please sign in again',
      code: 'UNAUTHORIZED',
    });
    await app.deps.realtime.disconnectSession(claimsOf(ada.token).sid);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('refuses a deactivated account and disconnectUser closes its open sockets', async () => {
    const ada = await signUp(app);
    const first = await connect(url, { auth: { token: ada.token } });
    const second = await connect(url, { auth: { token: ada.token }, transports: ['polling'] });
    const closed = Promise.all([
      nextEvent<string>(first, 'disconnect'),
      nextEvent<string>(second, 'disconnect'),
    ]);

    await app.deps.db.update(users).set({ isActive: false }).where(eq(users.id, ada.user._id));
    await app.deps.realtime.disconnectUser(ada.user._id);
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await refusal(url, { auth: { token: ada.token } })).toEqual({
      message: 'This account is deactivated',
      code: 'UNAUTHORIZED',
    });
  });

  it('joins company:{id} of each active membership; refreshMemberships leaves a deactivated one', async () => {
    const owner = await createCompany(app);
    const manager = await addMember(app, owner, 'manager');
    const otherCompany = await createCompany(app);
    const socket = await connect(url, { auth: { token: manager.token } });
    const events = record(socket);

    app.deps.realtime.emitToCompany(owner.companyId, 'notification:count', { unreadCount: 41 });
    app.deps.realtime.emitToCompany(otherCompany.companyId, 'notification:count', { unreadCount: 99 });
    expect(await nextEvent(socket, 'notification:count')).toEqual({ unreadCount: 41 });

    const deactivate = await call(app, 'PUT', `/api/companies/${owner.companyId}/users/${manager.user._id}`, {
      token: owner.token,
      companyId: owner.companyId,
      body: { isActive: false },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    await app.deps.realtime.refreshMemberships(manager.user._id);

    // The company event is sent first; the user event after it arrives only if the company one did not.
    app.deps.realtime.emitToCompany(owner.companyId, 'notification:count', { unreadCount: 42 });
    app.deps.realtime.emitToUser(manager.user._id, 'notification:count', { unreadCount: 7 });
    await nextEvent(socket, 'notification:count');
    expect(events.map((e) => e.payload)).toEqual([{ unreadCount: 41 }, { unreadCount: 7 }]);
    expect(socket.connected).toBe(true);

    // Reactivated: the open socket rejoins without reconnecting.
    await call(app, 'PUT', `/api/companies/${owner.companyId}/users/${manager.user._id}`, {
      token: owner.token,
      companyId: owner.companyId,
      body: { isActive: true },
    });
    await app.deps.realtime.refreshMemberships(manager.user._id);
    app.deps.realtime.emitToCompany(owner.companyId, 'notification:count', { unreadCount: 43 });
    expect(await nextEvent(socket, 'notification:count')).toEqual({ unreadCount: 43 });
  });

  it('refreshMemberships closes the sockets of a revoked session and keeps the others', async () => {
    const ada: Session = await signUp(app);
    const otherSession = await call(app, 'POST', '/api/auth/login', {
      body: { email: ada.user.email, password: 'Password123!' },
    });
    const secondToken = otherSession.json<{ data: { token: string } }>().data.token;
    const revoked = await connect(url, { auth: { token: ada.token } });
    const kept = await connect(url, { auth: { token: secondToken } });
    const closed = nextEvent<string>(revoked, 'disconnect');

    await call(app, 'POST', '/api/auth/logout', { token: ada.token, body: {} });
    await app.deps.realtime.refreshMemberships(ada.user._id);
    expect(await closed).toBe('io server disconnect');
    const received = nextEvent(kept, 'notification:new');
    const created = await app.deps.notifier.notifyUser(ada.user._id, base);
    expect(await received).toEqual(created);
  });
});

describe('closing the app', () => {
  it('closes open sockets so that app.close() does not wait on them', async () => {
    const app = await buildTestAppWith({});
    const url = await listen(app);
    const ada = await signUp(app);
    const socket = await connect(url, { auth: { token: ada.token } });
    const closed = nextEvent<string>(socket, 'disconnect');
    await app.close();
    expect(await closed).toBe('transport close');
    expect(app.server.listening).toBe(false);
  });
});

describe('socket.io across API processes through Redis', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  let sender: FastifyInstance;
  let receiver: FastifyInstance;
  let receiverUrl: string;

  beforeAll(async () => {
    sender = await buildTestAppWith({ redisUrl });
    receiver = await buildTestAppWith({ redisUrl });
    receiverUrl = await listen(receiver);
  });

  afterAll(async () => {
    await Promise.all([sender?.close(), receiver?.close()]);
  });

  it('delivers a notification created on one process to a socket connected to another', async () => {
    const ada = await signUp(receiver);
    const socket = await connect(receiverUrl, { auth: { token: ada.token } });
    const events = record(socket);
    const received = nextEvent(socket, 'notification:new');

    const created = await sender.deps.notifier.notifyUser(ada.user._id, base);
    expect(await received).toEqual(created);
    // The count of a mark-read on the sender's process crosses too, and nothing else came before it.
    const counted = nextEvent(socket, 'notification:count');
    await call(sender, 'PUT', '/api/inapp-notifications/mark-read', {
      token: ada.token,
      body: { markAll: true },
    });
    expect(await counted).toEqual({ unreadCount: 0 });
    expect(events).toEqual([
      { event: 'notification:new', payload: created },
      { event: 'notification:count', payload: { unreadCount: 0 } },
    ]);
  });

  it('applies refreshMemberships and disconnectUser of one process to sockets on another', async () => {
    const owner = await createCompany(receiver);
    const manager = await addMember(receiver, owner, 'manager');
    const socket = await connect(receiverUrl, { auth: { token: manager.token } });
    const events = record(socket);

    await call(receiver, 'PUT', `/api/companies/${owner.companyId}/users/${manager.user._id}`, {
      token: owner.token,
      companyId: owner.companyId,
      body: { isActive: false },
    });
    await sender.deps.realtime.refreshMemberships(manager.user._id);
    sender.deps.realtime.emitToCompany(owner.companyId, 'notification:count', { unreadCount: 5 });
    sender.deps.realtime.emitToUser(manager.user._id, 'notification:count', { unreadCount: 6 });
    await nextEvent(socket, 'notification:count');
    expect(events.map((e) => e.payload)).toEqual([{ unreadCount: 6 }]);

    const closed = nextEvent<string>(socket, 'disconnect');
    await sender.deps.realtime.disconnectUser(manager.user._id);
    expect(await closed).toBe('io server disconnect');
  });
});
