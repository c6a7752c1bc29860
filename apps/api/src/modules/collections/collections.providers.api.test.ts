import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/app';
import { createCompany } from '../../../test/factories';
import { loadConfig } from '../../config';
import { jobs, notificationLogs } from '../../db/schema';
import { COLLECTIONS_DELIVER_JOB } from './collections.service';
import {
  collectionsWith,
  dueInvoice,
  putSettings,
  registerTextTemplates,
  type StandIn,
  startStandIn,
} from './collections.testing';

let app: FastifyInstance;
let msg91: StandIn;
let meta: StandIn;

beforeAll(async () => {
  ({ app } = await getTestApp());
  msg91 = await startStandIn({ type: 'success', message: '3763646c3058373530393138' });
  meta = await startStandIn({
    messaging_product: 'whatsapp',
    contacts: [{ input: '919876511111', wa_id: '919876511111' }],
    messages: [{ id: 'wamid.HBgL' }],
  });
}, 600_000);

afterAll(async () => {
  await msg91?.close();
  await meta?.close();
});

const providers = () =>
  collectionsWith(app, {
    config: {
      sms: {
        provider: 'msg91',
        apiKey: 'msg91-test-key',
        senderId: 'RNTORA',
        dltEntityId: '1201160000000000001',
        apiUrl: `${msg91.url}/api/v2/sendsms`,
      },
      whatsapp: { token: 'wa-test-token', phoneNumberId: '1098765432', apiUrl: `${meta.url}/v21.0` },
    },
  });

describe('configuration', () => {
  it('chooses MSG91 and the WhatsApp Cloud API from the environment, the outbox otherwise', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-config-'));
    const plain = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) });
    expect(plain.sms).toBeUndefined();
    expect(plain.whatsapp).toBeUndefined();
    const set = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(32),
      SMS_PROVIDER: 'msg91',
      SMS_API_KEY: 'key',
      SMS_SENDER_ID: 'RNTORA',
      SMS_DLT_ENTITY_ID: '1201',
      WHATSAPP_TOKEN: 'token',
      WHATSAPP_PHONE_NUMBER_ID: '123',
    });
    expect(set.sms).toEqual({
      provider: 'msg91',
      apiKey: 'key',
      senderId: 'RNTORA',
      dltEntityId: '1201',
      apiUrl: 'https://api.msg91.com/api/v2/sendsms',
    });
    expect(set.whatsapp).toEqual({
      token: 'token',
      phoneNumberId: '123',
      apiUrl: 'https://graph.facebook.com/v21.0',
    });
  });
});

describe('SMS and WhatsApp providers', () => {
  it('sends MSG91 and WhatsApp Cloud API requests of the documented shape', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    await putSettings(app, owner, { reminderDays: [0], channels: ['sms', 'whatsapp'] });
    await registerTextTemplates(app, owner);
    const { invoice } = await dueInvoice(app, owner, '2026-07-10', '9876511111');
    const result = await providers().run('2026-07-10', owner.companyId);
    expect(result.sent.map((s) => s.status)).toEqual(['sent', 'sent']);

    const sms = msg91.requests.find((r) => JSON.stringify(r.body).includes('919876511111'))!;
    expect(sms.method).toBe('POST');
    expect(sms.path).toBe('/api/v2/sendsms');
    expect(sms.headers.authkey).toBe('msg91-test-key');
    expect(sms.headers['content-type']).toContain('application/json');
    expect(sms.body).toEqual({
      sender: 'RNTORA',
      route: '4',
      country: '91',
      unicode: 1,
      DLT_TE_ID: '1107161234567890123',
      PE_ID: '1201160000000000001',
      sms: [{ message: expect.stringContaining(invoice.number!), to: ['919876511111'] }],
    });

    const wa = meta.requests.find((r) => JSON.stringify(r.body).includes('919876511111'))!;
    expect(wa.method).toBe('POST');
    expect(wa.path).toBe('/v21.0/1098765432/messages');
    expect(wa.headers.authorization).toBe('Bearer wa-test-token');
    expect(wa.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876511111',
      type: 'template',
      template: {
        name: 'rent_due',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: expect.any(String) },
              { type: 'text', text: '₹15,000' },
              { type: 'text', text: invoice.number },
              { type: 'text', text: '10 Jul 2026' },
              { type: 'text', text: expect.stringContaining('/pay/test-') },
            ],
          },
        ],
      },
    });
  });

  it('logs a provider failure, queues a retry through the job runner and logs the retry that succeeds', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    await putSettings(app, owner, { reminderDays: [3], channels: ['sms'] });
    await registerTextTemplates(app, owner);
    await dueInvoice(app, owner, '2026-08-10', '9876522222');
    const service = providers();
    msg91.failNext.push(503);
    const result = await service.run('2026-08-13', owner.companyId);
    expect(result.sent).toMatchObject([{ channel: 'sms', status: 'failed', step: 3 }]);
    const reminderId = result.sent[0]!.reminderId;
    // The embedded runner keeps its queue in the `jobs` table (on PostgreSQL pg-boss keeps it in its own schema).
    if (app.deps.driver === 'pglite') {
      const queued = await app.deps.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, COLLECTIONS_DELIVER_JOB), eq(jobs.status, 'queued')));
      expect(queued.some((job) => (job.data as { reminderId?: string }).reminderId === reminderId)).toBe(
        true,
      );
    }

    // The job's attempt fails again: it throws, so that the runner backs off and tries later.
    msg91.failNext.push(500);
    await expect(service.deliverJob({ reminderId })).rejects.toThrow(/HTTP 500/);
    await service.deliverJob({ reminderId });
    // Done: another delivery of the same job sends nothing.
    await service.deliverJob({ reminderId });
    const attempts = msg91.requests.filter((r) => JSON.stringify(r.body).includes('919876522222'));
    expect(attempts).toHaveLength(3);

    const logs = await app.deps.db
      .select()
      .from(notificationLogs)
      .where(and(eq(notificationLogs.companyId, owner.companyId), eq(notificationLogs.channel, 'sms')))
      .orderBy(notificationLogs.createdAt);
    expect(logs.map((l) => [l.channel, l.provider, l.status])).toEqual([
      ['sms', 'msg91', 'failed'],
      ['sms', 'msg91', 'failed'],
      ['sms', 'msg91', 'sent'],
    ]);
    expect(logs[0]!.error).toContain('HTTP 503');
    expect(
      logs.every((l) => l.recipientPhone === '919876522222' && l.template === 'collections_overdue'),
    ).toBe(true);
  });
});
