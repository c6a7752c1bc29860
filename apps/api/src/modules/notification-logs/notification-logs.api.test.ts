import type {
  CompanyUserDto,
  NotificationDto,
  NotificationLogDto,
  TestNotificationResult,
} from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import {
  addMember,
  type CompanySession,
  createCompany,
  login,
  type Session,
  signUp,
  superAdmin,
  uniqueEmail,
} from '../../../test/factories';
import { users } from '../../db/schema';

let app: FastifyInstance;
let admin: Session;

beforeAll(async () => {
  ({ app } = await getTestApp());
  admin = await superAdmin(app);
});

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

async function logsFor(query: Record<string, string>): Promise<NotificationLogDto[]> {
  const response = await call(app, 'GET', '/api/notification-logs', { token: admin.token, query });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: NotificationLogDto[] }>().data;
}

describe('notification logs', () => {
  it('records every email with its company, recipient and template', async () => {
    const owner = await createCompany(app);
    const email = uniqueEmail('logged');
    await call(app, 'POST', '/api/invitations/invite', {
      ...as(owner),
      body: { email, role: 'designer' },
    });
    const logs = await logsFor({ companyId: owner.companyId, channel: 'email' });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      companyId: owner.companyId,
      channel: 'email',
      template: 'company_invitation',
      status: 'sent',
      error: null,
      recipient: { email, userId: null },
    });
    expect(logs[0]!.subject).toContain(owner.company.name);

    // Mail sent by other modules is logged too, with the account found by address.
    const person = await signUp(app);
    const verification = await logsFor({ search: person.user.email, template: 'verify_email' });
    expect(verification).toHaveLength(1);
    expect(verification[0]!.recipient).toMatchObject({ userId: person.user._id, name: 'Test User' });
  });

  it('records in-app notifications and filters by user, status and date', async () => {
    const owner = await createCompany(app);
    const manager = await addMember(app, owner, 'manager');
    const sent = await call(app, 'POST', '/api/test-notifications', {
      ...as(owner),
      body: { userId: manager.user._id, channel: 'in_app', title: 'Ping', message: 'Hello from the owner' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<{ data: TestNotificationResult }>().data).toMatchObject({
      channel: 'in_app',
      status: 'sent',
      error: null,
      recipient: { userId: manager.user._id },
    });
    const inbox = await call(app, 'GET', '/api/inapp-notifications/user', as(manager));
    expect(inbox.json<{ data: NotificationDto[] }>().data[0]).toMatchObject({ title: 'Ping', type: 'test' });

    const today = new Date().toISOString().slice(0, 10);
    const logs = await logsFor({
      userId: manager.user._id,
      channel: 'in_app',
      status: 'sent',
      dateFrom: today,
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      companyId: owner.companyId,
      template: 'test',
      subject: 'Ping',
      recipient: { userId: manager.user._id, email: manager.user.email },
    });
    const none = await logsFor({ userId: manager.user._id, dateTo: '2000-01-01' });
    expect(none).toEqual([]);
    const bad = await call(app, 'GET', '/api/notification-logs', {
      token: admin.token,
      query: { channel: 'pigeon' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('counts deliveries and is for the super admin only', async () => {
    const stats = await call(app, 'GET', '/api/notification-logs/stats', { token: admin.token });
    expect(stats.statusCode).toBe(200);
    const data = stats.json<{ data: { total: number; sent: number; failed: number } }>().data;
    expect(data.sent + data.failed).toBe(data.total);
    const owner = await createCompany(app);
    for (const url of ['/api/notification-logs', '/api/notification-logs/stats']) {
      expect((await call(app, 'GET', url, as(owner))).statusCode).toBe(403);
    }
  });
});

describe('POST /api/test-notifications', () => {
  it('lets an owner test a member of their company, by email too', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'accountant');
    const response = await call(app, 'POST', '/api/test-notifications', {
      ...as(owner),
      body: { userId: member.user._id, channel: 'email' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: TestNotificationResult }>().data).toMatchObject({
      channel: 'email',
      status: 'sent',
      recipient: { email: member.user.email },
    });
    const logs = await logsFor({ userId: member.user._id, template: 'test_notification' });
    expect(logs[0]).toMatchObject({
      companyId: owner.companyId,
      status: 'sent',
      subject: 'Test notification',
    });
  });

  it('refuses a user outside the company, an inactive member and a member without notifications_write', async () => {
    const owner = await createCompany(app);
    const outsider = await signUp(app);
    const staff = await addMember(app, owner, 'field_staff');
    const outside = await call(app, 'POST', '/api/test-notifications', {
      ...as(owner),
      body: { userId: outsider.user._id, channel: 'in_app' },
    });
    expect(outside.statusCode).toBe(404);
    const noRight = await call(app, 'POST', '/api/test-notifications', {
      ...as(staff),
      body: { userId: owner.user._id, channel: 'in_app' },
    });
    expect(noRight.statusCode).toBe(403);

    const list = await call(app, 'GET', '/api/company-users', as(owner));
    const staffRecord = list
      .json<{ data: CompanyUserDto[] }>()
      .data.find((m) => m.userId === staff.user._id)!;
    await call(app, 'PUT', `/api/company-users/${staffRecord._id}/deactivate`, as(owner));
    const inactive = await call(app, 'POST', '/api/test-notifications', {
      ...as(owner),
      body: { userId: staff.user._id, channel: 'in_app' },
    });
    expect(inactive.statusCode).toBe(404);
    // An active membership of a deactivated account: not even an email (in-app, the notifier would drop it too).
    const manager = await addMember(app, owner, 'manager');
    const { database } = await getTestApp();
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, manager.user._id));
    const deactivated = await call(app, 'POST', '/api/test-notifications', {
      ...as(owner),
      body: { userId: manager.user._id, channel: 'email' },
    });
    expect(deactivated.statusCode).toBe(404);
    const bad = await call(app, 'POST', '/api/test-notifications', {
      ...as(owner),
      body: { userId: staff.user._id, channel: 'pigeon' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets the super admin test any active account', async () => {
    const person = await signUp(app);
    const response = await call(app, 'POST', '/api/test-notifications', {
      token: admin.token,
      body: { userId: person.user._id, channel: 'in_app' },
    });
    expect(response.statusCode).toBe(200);
    const session = await login(app, person.user.email);
    const inbox = await call(app, 'GET', '/api/inapp-notifications/user', { token: session.token });
    expect(inbox.json<{ data: NotificationDto[] }>().data[0]!.message).toContain('Super Admin');
  });

  describe('when mail cannot be delivered', () => {
    let broken: FastifyInstance;
    beforeAll(async () => {
      // Nothing listens on this port: every SMTP connection is refused.
      broken = await buildTestAppWith({ smtpUrl: 'smtp://127.0.0.1:3499' });
    });
    afterAll(async () => {
      await broken.close();
    });

    it('answers failed and logs the error', async () => {
      const person = await signUp(app);
      const session = await login(broken, admin.user.email);
      const response = await call(broken, 'POST', '/api/test-notifications', {
        token: session.token,
        body: { userId: person.user._id, channel: 'email', title: 'Will bounce' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: TestNotificationResult }>().data).toMatchObject({
        status: 'failed',
        error: expect.any(String),
      });
      const logs = await logsFor({ userId: person.user._id, status: 'failed' });
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ template: 'test_notification', subject: 'Will bounce' });
      expect(logs[0]!.error).toBeTruthy();
    });
  });
});
