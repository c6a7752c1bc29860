import path from 'node:path';
import type { NotificationPreference } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type Session, signUp } from '../../../test/factories';
import { mailsTo } from '../../../test/outbox';
import { sendMail } from '../../core/mail-delivery';

let app: FastifyInstance;
let person: Session;
let outboxDir: string;

const prefs = (session: Session) =>
  call(app, 'GET', '/api/me/notification-preferences', { token: session.token });

beforeAll(async () => {
  const testApp = await getTestApp();
  app = testApp.app;
  outboxDir = path.join(testApp.config.dataDir, 'outbox');
  person = await signUp(app);
});

describe('GET/PUT /api/me/notification-preferences', () => {
  it('starts with every kind on, saves a change and keeps the other kinds', async () => {
    const first = await prefs(person);
    expect(first.statusCode).toBe(200);
    const all = first.json<{ data: NotificationPreference[] }>().data;
    expect(all.map((row) => row.kind)).toEqual([
      'billing',
      'maintenance',
      'messages',
      'bookings',
      'announcements',
    ]);
    expect(all.every((row) => row.inApp && row.email)).toBe(true);
    const saved = await call(app, 'PUT', '/api/me/notification-preferences', {
      token: person.token,
      body: { preferences: [{ kind: 'maintenance', inApp: false, email: true }] },
    });
    expect(saved.statusCode).toBe(200);
    const again = await call(app, 'PUT', '/api/me/notification-preferences', {
      token: person.token,
      body: { preferences: [{ kind: 'billing', inApp: true, email: false }] },
    });
    const rows = again.json<{ data: NotificationPreference[] }>().data;
    expect(rows.find((row) => row.kind === 'maintenance')).toEqual({
      kind: 'maintenance',
      inApp: false,
      email: true,
    });
    expect(rows.find((row) => row.kind === 'billing')).toEqual({
      kind: 'billing',
      inApp: true,
      email: false,
    });
  });

  it('refuses a bad body (400) and an anonymous caller (401)', async () => {
    const bad = await call(app, 'PUT', '/api/me/notification-preferences', {
      token: person.token,
      body: { preferences: [{ kind: 'spam', inApp: false, email: false }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const twice = await call(app, 'PUT', '/api/me/notification-preferences', {
      token: person.token,
      body: {
        preferences: [
          { kind: 'billing', inApp: false, email: false },
          { kind: 'billing', inApp: true, email: true },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
    expect((await call(app, 'GET', '/api/me/notification-preferences')).statusCode).toBe(401);
  });

  it('does not send a kind turned off on that channel (in-app by the notifier, email by sendMail)', async () => {
    const { notifier, mailer } = app.deps;
    const maintenance = await notifier.notifyUser(person.user._id, {
      category: 'maintenance',
      type: 'maintenance.updated',
      title: 'Silenced',
      message: 'in-app off for maintenance',
    });
    expect(maintenance).toBeNull();
    const payment = await notifier.notifyUser(person.user._id, {
      category: 'payment',
      type: 'invoice.issued',
      title: 'Delivered',
      message: 'in-app on for billing',
    });
    expect(payment?.title).toBe('Delivered');
    const account = await notifier.notifyUser(person.user._id, {
      category: 'account',
      type: 'account.notice',
      title: 'Always',
      message: 'account notices are never silenced',
    });
    expect(account).not.toBeNull();

    const billingMail = await sendMail(
      mailer,
      { to: person.user.email, subject: 'Invoice silenced', text: 'x', template: 'invoice' },
      { userId: person.user._id, kind: 'billing' },
    );
    expect(billingMail).toMatchObject({ delivered: false, skipped: true });
    const maintenanceMail = await sendMail(
      mailer,
      { to: person.user.email, subject: 'Maintenance mailed', text: 'x', template: 'maintenance' },
      { userId: person.user._id, kind: 'maintenance' },
    );
    expect(maintenanceMail.skipped).toBeUndefined();
    const mails = mailsTo(outboxDir, person.user.email).join('\n');
    expect(mails).toContain('Maintenance mailed');
    expect(mails).not.toContain('Invoice silenced');
  });
});
