import path from 'node:path';
import type {
  CollectionSettingsDto,
  CollectionTemplateDto,
  ContactPreferences,
  NotificationLogDto,
  ReminderDto,
} from '@rentora/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, createCompany, superAdmin } from '../../../test/factories';
import { mailsTo } from '../../../test/outbox';
import { notificationLogs, notifications } from '../../db/schema';
import { payInvoiceInSandbox } from '../invoices/invoices.testing';
import {
  as,
  collectionsWith,
  dueInvoice,
  putSettings,
  registerTextTemplates,
  runDay,
  textsTo,
} from './collections.testing';

let app: FastifyInstance;
let outbox: string;

const isReminder = (mail: string) => /Subject: (Rent due|Overdue)/.test(mail);
const nameOf = (person: { user: { firstName: string; lastName: string } }) =>
  `${person.user.firstName} ${person.user.lastName}`;

beforeAll(async () => {
  ({ app } = await getTestApp());
  outbox = path.join(app.deps.config.dataDir, 'outbox');
}, 600_000);

describe('collections settings and templates', () => {
  it('answers the defaults, then the saved schedule', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    const initial = await call(app, 'GET', '/api/collections/settings', as(owner));
    expect(initial.json<{ data: CollectionSettingsDto }>().data).toEqual({
      reminderDays: [-5, 0, 3, 7],
      channels: ['email'],
      quietHours: { from: '21:00', to: '08:00' },
    });
    const saved = await call(app, 'PUT', '/api/collections/settings', {
      ...as(owner),
      body: {
        reminderDays: [7, -3, 0],
        channels: ['whatsapp', 'sms'],
        quietHours: { from: '22:00', to: '07:30' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: CollectionSettingsDto }>().data.reminderDays).toEqual([-3, 0, 7]);
    const bad = await call(app, 'PUT', '/api/collections/settings', {
      ...as(owner),
      body: { reminderDays: [1, 1], channels: ['fax'], quietHours: { from: '25:00', to: '07:00' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
  });

  it('edits a template, previews it for an invoice and refuses unknown variables', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    const { invoice, tenancy } = await dueInvoice(app, owner, '2026-03-10');
    const list = await call(app, 'GET', '/api/collections/templates', as(owner));
    const templates = list.json<{ data: CollectionTemplateDto[] }>().data;
    expect(templates).toHaveLength(9);
    expect(templates.every((t) => t.isDefault)).toBe(true);

    // SMS needs its DLT id, WhatsApp its approved template name.
    const noDlt = await call(app, 'PUT', '/api/collections/templates/due', {
      ...as(owner),
      body: { channel: 'sms', body: 'Pay {{amount}}' },
    });
    expect(noDlt.statusCode).toBe(400);
    const noName = await call(app, 'PUT', '/api/collections/templates/due', {
      ...as(owner),
      body: { channel: 'whatsapp', body: 'Pay {{amount}}' },
    });
    expect(noName.statusCode).toBe(400);
    const unknown = await call(app, 'PUT', '/api/collections/templates/due', {
      ...as(owner),
      body: { channel: 'email', body: 'Pay {{amount}} to {{bankAccount}}' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('{{bankAccount}}');

    const saved = await call(app, 'PUT', '/api/collections/templates/due', {
      ...as(owner),
      body: { channel: 'sms', body: 'Pay {{amount}} by {{dueDate}}', dltTemplateId: '1107161234567890123' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: CollectionTemplateDto }>().data).toMatchObject({
      key: 'due',
      channel: 'sms',
      dltTemplateId: '1107161234567890123',
      isDefault: false,
    });

    const preview = await call(app, 'POST', '/api/collections/templates/preview', {
      ...as(owner),
      body: {
        body: '{{tenantName}}: {{amount}} for {{invoiceNumber}} due {{dueDate}} to {{companyName}}',
        invoiceId: invoice._id,
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    // ₹15,000 of rent, the date as DD MMM YYYY.
    expect(preview.json<{ data: { text: string } }>().data.text).toBe(
      `${nameOf(tenancy.person)}: ₹15,000 for ${invoice.number} due 10 Mar 2026 to ${owner.company.name}`,
    );
    const badPreview = await call(app, 'POST', '/api/collections/templates/preview', {
      ...as(owner),
      body: { body: 'Hi {{nickname}}', invoiceId: invoice._id },
    });
    expect(badPreview.statusCode).toBe(400);
    expect(badPreview.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    // Another company's invoice is not found.
    const other = await createCompany(app, { plan: 'professional' });
    const foreign = await call(app, 'POST', '/api/collections/templates/preview', {
      ...as(other),
      body: { body: 'Hi {{tenantName}}', invoiceId: invoice._id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('contact preferences', () => {
  it('lets staff and the tenant set the channels; another company sees nothing', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    const { tenancy } = await dueInvoice(app, owner, '2026-03-10');
    const url = `/api/tenants/${tenancy.tenantId}/contact-preferences`;
    const initial = await call(app, 'GET', url, as(owner));
    expect(initial.json<{ data: ContactPreferences }>().data).toEqual({
      email: true,
      sms: true,
      whatsapp: true,
      language: 'en',
    });
    const saved = await call(app, 'PUT', url, {
      ...as(owner),
      body: { email: true, sms: false, whatsapp: true, language: 'hi' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mine = await call(app, 'GET', '/api/collections/contact-preferences/mine', {
      token: tenancy.person.token,
    });
    expect(mine.json<{ data: ContactPreferences }>().data).toMatchObject({ sms: false, language: 'hi' });
    const own = await call(app, 'PUT', '/api/collections/contact-preferences/mine', {
      token: tenancy.person.token,
      body: { email: true, sms: true, whatsapp: false, language: 'en' },
    });
    expect(own.statusCode).toBe(200);
    expect((await call(app, 'GET', url, as(owner))).json<{ data: ContactPreferences }>().data.whatsapp).toBe(
      false,
    );

    const other = await createCompany(app, { plan: 'professional' });
    expect((await call(app, 'GET', url, as(other))).statusCode).toBe(404);
    expect(
      (
        await call(app, 'PUT', url, {
          ...as(other),
          body: { email: false, sms: false, whatsapp: false, language: 'en' },
        })
      ).statusCode,
    ).toBe(404);
    // Someone without tenants_write cannot change them.
    const designer = await addMember(app, owner, 'designer');
    expect(
      (
        await call(app, 'PUT', url, {
          ...as(designer),
          body: { email: false, sms: false, whatsapp: false, language: 'en' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('the reminder schedule', () => {
  it('sends each step once per invoice and channel across repeated runs, with the DLT id on every SMS', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    await putSettings(app, owner, {});
    await registerTextTemplates(app, owner);
    const { tenancy, invoice } = await dueInvoice(app, owner, '2026-03-10', '+91 98765 00001');

    const early = await runDay(app, owner, '2026-03-05');
    expect(early.sent.map((s) => [s.step, s.channel, s.status]).sort()).toEqual([
      [-5, 'email', 'sent'],
      [-5, 'sms', 'sent'],
      [-5, 'whatsapp', 'sent'],
    ]);
    expect(early.charged).toEqual([]);
    const again = await Promise.all([runDay(app, owner, '2026-03-05'), runDay(app, owner, '2026-03-05')]);
    expect(again.flatMap((run) => run.sent)).toEqual([]);
    // A day without a step sends nothing; the due date and three days after each send their step.
    expect((await runDay(app, owner, '2026-03-07')).sent).toEqual([]);
    expect((await runDay(app, owner, '2026-03-10')).sent).toHaveLength(3);
    expect((await runDay(app, owner, '2026-03-13')).sent).toHaveLength(3);
    expect((await runDay(app, owner, '2026-03-13')).sent).toHaveLength(0);

    const sms = textsTo(outbox, 'sms', '919876500001');
    expect(sms).toHaveLength(3);
    expect(sms.every((m) => m.dltTemplateId === '1107161234567890123')).toBe(true);
    expect(String(sms[0]!.text)).toContain('₹15,000');
    expect(String(sms[0]!.text)).toContain('10 Mar 2026');
    const whatsapp = textsTo(outbox, 'whatsapp', '919876500001');
    expect(whatsapp.map((m) => m.whatsappTemplateName)).toEqual([
      'rent_before_due',
      'rent_due',
      'rent_overdue',
    ]);
    expect(whatsapp[0]!.parameters).toEqual([
      nameOf(tenancy.person),
      '₹15,000',
      invoice.number,
      '10 Mar 2026',
      expect.stringContaining('/pay/'),
    ]);
    expect(mailsTo(outbox, tenancy.person.user.email).filter(isReminder)).toHaveLength(3);
    // The in-app notification goes with the email: a due reminder before, an overdue notice after.
    const notes = await app.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, tenancy.person.user._id));
    expect(notes.filter((n) => n.type === 'invoice.due_reminder')).toHaveLength(2);
    expect(notes.filter((n) => n.type === 'invoice.overdue')).toHaveLength(1);

    const list = await call(
      app,
      'GET',
      `/api/collections/reminders?invoiceId=${invoice._id}&channel=sms`,
      as(owner),
    );
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{ data: ReminderDto[]; pagination: { totalCount: number } }>();
    expect(rows.data.map((r) => r.step).sort((a, b) => a - b)).toEqual([-5, 0, 3]);
    expect(
      rows.data.every((r) => r.status === 'sent' && r.provider === 'outbox' && r.to === '919876500001'),
    ).toBe(true);
    // Each SMS and WhatsApp attempt is in the notification log.
    const logs = await app.deps.db
      .select()
      .from(notificationLogs)
      .where(and(eq(notificationLogs.companyId, owner.companyId), eq(notificationLogs.channel, 'sms')));
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.provider === 'outbox' && l.recipientPhone === '919876500001')).toBe(true);
  });

  it('sends nothing for a paid invoice or an opted-out channel, and skips an SMS without its DLT id', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    await putSettings(app, owner, { reminderDays: [0] });
    const paid = await dueInvoice(app, owner, '2026-04-10', '9876500002');
    await (await payInvoiceInSandbox(app, paid.tenancy.person, paid.invoice._id)).verify();
    const optedOut = await dueInvoice(app, owner, '2026-04-10', '9876500003');
    await call(app, 'PUT', `/api/tenants/${optedOut.tenancy.tenantId}/contact-preferences`, {
      ...as(owner),
      body: { email: false, sms: true, whatsapp: false, language: 'en' },
    });
    const run = await runDay(app, owner, '2026-04-10');
    expect(run.sent.filter((s) => s.invoiceId === paid.invoice._id)).toEqual([]);
    const mine = run.sent.filter((s) => s.invoiceId === optedOut.invoice._id);
    // Only SMS is allowed, and the default SMS template has no DLT id yet: nothing goes to the carrier.
    expect(mine.map((s) => [s.channel, s.status])).toEqual([['sms', 'skipped']]);
    expect(textsTo(outbox, 'sms', '919876500003')).toEqual([]);
    expect(textsTo(outbox, 'whatsapp', '919876500003')).toEqual([]);
    expect(mailsTo(outbox, optedOut.tenancy.person.user.email).filter(isReminder)).toEqual([]);
    const list = await call(app, 'GET', '/api/collections/reminders?status=skipped', as(owner));
    expect(list.json<{ data: ReminderDto[] }>().data[0]!.error).toContain('DLT');
  });

  it('never sends in quiet hours: deferred until they end', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    await putSettings(app, owner, { reminderDays: [0], quietHours: { from: '21:00', to: '08:00' } });
    await registerTextTemplates(app, owner);
    const { invoice } = await dueInvoice(app, owner, '2026-05-10', '9876500004');
    // 22:30 in India.
    const night = collectionsWith(app, { now: () => new Date('2026-05-10T17:00:00Z') });
    const run = await night.run('2026-05-10', owner.companyId);
    expect(run.sent.map((s) => s.status)).toEqual(['deferred', 'deferred', 'deferred']);
    expect(textsTo(outbox, 'sms', '919876500004')).toEqual([]);
    // Still night: the job puts it off again.
    for (const s of run.sent) await night.deliverJob({ reminderId: s.reminderId });
    expect(textsTo(outbox, 'whatsapp', '919876500004')).toEqual([]);
    // 08:30 in India: the deferred reminders go out.
    const morning = collectionsWith(app, { now: () => new Date('2026-05-11T03:00:00Z') });
    expect(await morning.deliverDeferred()).toBe(3);
    expect(textsTo(outbox, 'sms', '919876500004')).toHaveLength(1);
    expect(textsTo(outbox, 'whatsapp', '919876500004')).toHaveLength(1);
    const list = await call(app, 'GET', `/api/collections/reminders?invoiceId=${invoice._id}`, as(owner));
    expect(list.json<{ data: ReminderDto[] }>().data.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('keeps the run and the resend to payments_write, and company B off company A', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    const manager = await addMember(app, owner, 'manager');
    expect((await call(app, 'POST', '/api/collections/run?date=2026-03-05', as(manager))).statusCode).toBe(
      403,
    );
    expect(
      (await call(app, 'PUT', '/api/collections/settings', { ...as(manager), body: {} })).statusCode,
    ).toBe(403);
    const accountant = await addMember(app, owner, 'accountant');
    expect((await call(app, 'POST', '/api/collections/run?date=2026-03-05', as(accountant))).statusCode).toBe(
      200,
    );
    expect((await call(app, 'POST', '/api/collections/run?date=tomorrow', as(owner))).statusCode).toBe(400);
    await putSettings(app, owner, { reminderDays: [0], channels: ['email'] });
    const { invoice } = await dueInvoice(app, owner, '2026-06-10');
    const run = await runDay(app, owner, '2026-06-10');
    const other = await createCompany(app, { plan: 'professional' });
    const reminderId = run.sent[0]!.reminderId;
    expect(
      (await call(app, 'POST', `/api/collections/reminders/${reminderId}/resend`, as(other))).statusCode,
    ).toBe(404);
    const foreignList = await call(
      app,
      'GET',
      `/api/collections/reminders?invoiceId=${invoice._id}`,
      as(other),
    );
    expect(foreignList.json<{ data: unknown[] }>().data).toEqual([]);
    // A sent reminder is not sent again.
    expect(
      (await call(app, 'POST', `/api/collections/reminders/${reminderId}/resend`, as(owner))).statusCode,
    ).toBe(409);
    // The super admin sees SMS and WhatsApp attempts in the notification log like emails.
    const admin = await superAdmin(app);
    const logs = await call(app, 'GET', '/api/notification-logs?channel=email', { token: admin.token });
    expect(logs.json<{ data: NotificationLogDto[] }>().data.length).toBeGreaterThan(0);
  });
});
