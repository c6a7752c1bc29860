import type { MarkReadResult, NotificationDto, NotificationStats, Pagination } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { createCompany, type Session, signUp } from '../../../test/factories';
import type { NotifyInput } from './notifications.notifier';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await getTestApp());
});

interface ListBody {
  success: true;
  data: NotificationDto[];
  unreadCount: number;
  pagination: Pagination;
}

const base: NotifyInput = { category: 'system', type: 'test.message', title: 'Hello', message: 'A message' };

async function notify(session: Session, overrides: Partial<NotifyInput> = {}): Promise<NotificationDto> {
  const created = await app.deps.notifier.notifyUser(session.user._id, { ...base, ...overrides });
  if (!created) throw new Error('not created');
  return created;
}

async function list(session: Session, query: Record<string, string> = {}) {
  const response = await call(app, 'GET', '/api/inapp-notifications/user', { token: session.token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListBody>();
}

async function markRead(session: Session, body: unknown) {
  return call(app, 'PUT', '/api/inapp-notifications/mark-read', { token: session.token, body });
}

describe('GET /api/inapp-notifications/user', () => {
  it("lists only the caller's own notifications, newest first, with the unread count", async () => {
    const ada = await signUp(app);
    const bob = await signUp(app);
    const first = await notify(ada, { title: 'First', link: '/tenant', data: { unitId: 'u-1' } });
    const second = await notify(ada, { title: 'Second', category: 'payment', priority: 'high' });
    const bobs = await notify(bob, { title: 'Bob only' });

    const body = await list(ada);
    expect(body.success).toBe(true);
    expect(body.data.map((n) => n._id)).toEqual([second._id, first._id]);
    expect(body.unreadCount).toBe(2);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 20,
      totalCount: 2,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
    expect(body.data[1]).toEqual({
      _id: first._id,
      userId: ada.user._id,
      companyId: null,
      category: 'system',
      type: 'test.message',
      title: 'First',
      message: 'A message',
      link: '/tenant',
      priority: 'normal',
      status: 'unread',
      readAt: null,
      createdAt: expect.any(String),
      data: { unitId: 'u-1' },
    });
    expect(body.data[0]).toMatchObject({ category: 'payment', priority: 'high', link: null, data: null });
    expect(JSON.stringify(body)).not.toContain(bobs._id);
  });

  it('paginates with page and limit (default 20) and keeps unreadCount over all pages', async () => {
    const ada = await signUp(app);
    const ids: string[] = [];
    for (let i = 0; i < 25; i += 1) ids.push((await notify(ada, { title: `N${i}` }))._id);
    expect(ids).toHaveLength(25);

    const firstPage = await list(ada);
    expect(firstPage.data).toHaveLength(20);
    expect(firstPage.pagination).toMatchObject({
      page: 1,
      limit: 20,
      totalCount: 25,
      totalPages: 2,
      hasNext: true,
    });

    const pageThree = await list(ada, { page: '3', limit: '10' });
    expect(pageThree.data).toHaveLength(5);
    expect(pageThree.pagination).toMatchObject({ page: 3, totalPages: 3, hasNext: false, hasPrev: true });
    expect(pageThree.unreadCount).toBe(25);

    const all = [...(await list(ada, { limit: '100' })).data];
    const paged = [
      ...(await list(ada, { limit: '10' })).data,
      ...(await list(ada, { limit: '10', page: '2' })).data,
      ...pageThree.data,
    ];
    expect(paged.map((n) => n._id)).toEqual(all.map((n) => n._id));
    const times = all.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by status and category; unreadCount stays the total unread', async () => {
    const ada = await signUp(app);
    const payment = await notify(ada, { category: 'payment' });
    const booking = await notify(ada, { category: 'booking' });
    await notify(ada, { category: 'payment' });
    expect((await markRead(ada, { notificationId: payment._id })).statusCode).toBe(200);

    const unread = await list(ada, { status: 'unread' });
    expect(unread.data.map((n) => n.status)).toEqual(['unread', 'unread']);
    expect(unread.unreadCount).toBe(2);
    const read = await list(ada, { status: 'read' });
    expect(read.data.map((n) => n._id)).toEqual([payment._id]);
    expect(read.data[0]!.readAt).toEqual(expect.any(String));
    const payments = await list(ada, { category: 'payment' });
    expect(payments.pagination.totalCount).toBe(2);
    expect(payments.unreadCount).toBe(2);
    const unreadBookings = await list(ada, { category: 'booking', status: 'unread', _t: '123' });
    expect(unreadBookings.data.map((n) => n._id)).toEqual([booking._id]);
  });

  it('is the same list whatever company is selected: notifications belong to their recipient', async () => {
    const owner = await createCompany(app);
    const other = await createCompany(app);
    const mine = await app.deps.notifier.notifyCompany(owner.companyId, { ...base, category: 'company' });
    expect(mine).toHaveLength(1);
    const response = await call(app, 'GET', '/api/inapp-notifications/user', {
      token: owner.token,
      companyId: owner.companyId,
    });
    expect(response.json<ListBody>().data.map((n) => n._id)).toEqual([mine[0]!._id]);
    expect(response.json<ListBody>().data[0]!.companyId).toBe(owner.companyId);
    const otherList = await list(other);
    expect(otherList.data).toEqual([]);
    expect(otherList.unreadCount).toBe(0);
  });

  it('answers 400 VALIDATION_ERROR to a bad status, category, page or limit', async () => {
    const ada = await signUp(app);
    const queries: Record<string, string>[] = [
      { status: 'archived' },
      { category: 'gossip' },
      { page: '0' },
      { limit: '0' },
      { limit: '101' },
      { limit: 'lots' },
    ];
    for (const query of queries) {
      const response = await call(app, 'GET', '/api/inapp-notifications/user', { token: ada.token, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 401 without a token', async () => {
    const response = await call(app, 'GET', '/api/inapp-notifications/user');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/inapp-notifications/stats', () => {
  it("counts the caller's notifications by status and category", async () => {
    const ada = await signUp(app);
    const bob = await signUp(app);
    const payment = await notify(ada, { category: 'payment' });
    await notify(ada, { category: 'payment' });
    await notify(ada, { category: 'maintenance' });
    await notify(bob, { category: 'maintenance' });
    await markRead(ada, { notificationId: payment._id });

    const response = await call(app, 'GET', '/api/inapp-notifications/stats', { token: ada.token });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: NotificationStats }>().data).toEqual({
      total: 3,
      unread: 2,
      read: 1,
      byCategory: { payment: { total: 2, unread: 1 }, maintenance: { total: 1, unread: 1 } },
    });

    const empty = await call(app, 'GET', '/api/inapp-notifications/stats', {
      token: (await signUp(app)).token,
    });
    expect(empty.json<{ data: NotificationStats }>().data).toEqual({
      total: 0,
      unread: 0,
      read: 0,
      byCategory: {},
    });
  });
});

describe('PUT /api/inapp-notifications/mark-read', () => {
  it('marks one of the caller’s notifications read and answers the new unread count', async () => {
    const ada = await signUp(app);
    const first = await notify(ada);
    await notify(ada);

    const response = await markRead(ada, { notificationId: first._id });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: MarkReadResult; message: string }>();
    expect(body.message).toBe('Notification marked as read');
    expect(body.data.updatedCount).toBe(1);
    expect(body.data.unreadCount).toBe(1);
    expect(body.data.notification).toMatchObject({
      _id: first._id,
      status: 'read',
      readAt: expect.any(String),
    });

    const again = await markRead(ada, { notificationId: first._id });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: MarkReadResult }>().data).toMatchObject({
      updatedCount: 0,
      unreadCount: 1,
      notification: { _id: first._id, status: 'read', readAt: body.data.notification!.readAt },
    });
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const ada = await signUp(app);
    const bob = await signUp(app);
    const bobs = await notify(bob);

    const response = await markRead(ada, { notificationId: bobs._id });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    expect(response.body).not.toContain(bobs._id);
    const bobsList = await list(bob);
    expect(bobsList.data[0]).toMatchObject({ _id: bobs._id, status: 'unread' });
    expect(bobsList.unreadCount).toBe(1);

    const unknown = await markRead(ada, { notificationId: uuidv7() });
    expect(unknown.statusCode).toBe(404);
  });

  it('marks all of the caller’s notifications read, or only those of one category', async () => {
    const ada = await signUp(app);
    const bob = await signUp(app);
    await notify(ada, { category: 'payment' });
    await notify(ada, { category: 'payment' });
    const booking = await notify(ada, { category: 'booking' });
    await notify(bob, { category: 'payment' });

    const payments = await markRead(ada, { markAll: true, category: 'payment' });
    expect(payments.statusCode).toBe(200);
    expect(payments.json<{ data: MarkReadResult; message: string }>()).toMatchObject({
      message: 'All notifications marked as read',
      data: { updatedCount: 2, unreadCount: 1, notification: null },
    });
    expect((await list(ada, { status: 'unread' })).data.map((n) => n._id)).toEqual([booking._id]);

    const all = await markRead(ada, { markAll: true });
    expect(all.json<{ data: MarkReadResult }>().data).toMatchObject({ updatedCount: 1, unreadCount: 0 });
    expect((await list(ada)).unreadCount).toBe(0);
    // Bob's notification is untouched.
    expect((await list(bob)).unreadCount).toBe(1);
  });

  it('answers 400 VALIDATION_ERROR to a body that names neither one notification nor all', async () => {
    const ada = await signUp(app);
    for (const body of [
      {},
      { notificationId: 'not-an-id' },
      { markAll: false },
      { markAll: 'yes' },
      { markAll: true, category: 'gossip' },
      [],
    ]) {
      const response = await markRead(ada, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 401 without a token', async () => {
    const response = await call(app, 'PUT', '/api/inapp-notifications/mark-read', {
      body: { markAll: true },
    });
    expect(response.statusCode).toBe(401);
  });
});
