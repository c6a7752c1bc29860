import { createHmac } from 'node:crypto';
import type { NotificationDto, WebhookAttemptDto, WebhookCreated, WebhookDto } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany } from '../../../test/factories';
import { emitEvent } from '../../core/events';
import { webhookEvents } from '../../db/schema';
import { issuedInvoice, makeTenancy } from '../invoices/invoices.testing';
import { isPrivateAddress } from './webhooks.targets';
import { type ReceivedHook, startReceiver } from './webhooks.testing';

let app: FastifyInstance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // The receivers of these tests listen on loopback: only an app that allows private targets may reach them.
  app = await buildTestAppWith({ webhookAllowPrivateTargets: true });
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver.close();
  await app.close();
});

const as = (owner: CompanySession) => ({ token: owner.token, companyId: owner.companyId });

async function newWebhook(
  owner: CompanySession,
  events: string[],
  url = receiver.url,
): Promise<WebhookCreated> {
  const response = await call(app, 'POST', '/api/webhooks', {
    ...as(owner),
    body: { url, events, description: 'Test receiver' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: WebhookCreated }>().data;
}

function verify(
  hook: ReceivedHook,
  secret: string,
): { id: string; type: string; companyId: string; data: Record<string, unknown> } {
  const header = String(hook.headers['x-rentora-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(match, header).not.toBeNull();
  const expected = createHmac('sha256', secret).update(`${match![1]}.${hook.body}`).digest('hex');
  expect(match![2]).toBe(expected);
  expect(Math.abs(Number(match![1]) - Date.now() / 1000)).toBeLessThan(60);
  return JSON.parse(hook.body);
}

const hooksOf = (companyId: string, type?: string) =>
  receiver.received.filter((hook) => {
    const body = JSON.parse(hook.body) as { companyId: string; type: string };
    return body.companyId === companyId && (!type || body.type === type);
  });

async function deliveries(owner: CompanySession, webhookId: string): Promise<WebhookAttemptDto[]> {
  const response = await call(app, 'GET', `/api/webhooks/${webhookId}/deliveries`, as(owner));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: WebhookAttemptDto[] }>().data;
}

describe('outgoing webhooks', () => {
  it('delivers a signed payment.captured (and invoice.paid) after an offline payment is recorded', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const hook = await newWebhook(owner, ['payment.captured', 'invoice.paid']);
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = await call(app, 'GET', '/api/webhooks', as(owner));
    expect(JSON.stringify(listed.json())).not.toContain(hook.secret);

    const { tenantId } = await makeTenancy(app, owner);
    const invoice = await issuedInvoice(app, owner, tenantId);
    const paid = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...as(owner),
      body: { amount: invoice.total, method: 'upi', reference: 'UPI-123' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await app.services.webhooks.dispatch();

    const [captured] = hooksOf(owner.companyId, 'payment.captured');
    expect(captured).toBeDefined();
    const body = verify(captured!, hook.secret);
    expect(captured!.headers['x-rentora-event-id']).toBe(body.id);
    expect(body).toMatchObject({
      type: 'payment.captured',
      companyId: owner.companyId,
      data: { amount: invoice.total, method: 'upi', source: 'offline', referenceId: invoice._id },
    });
    expect(hooksOf(owner.companyId, 'invoice.paid')).toHaveLength(1);
    // Not subscribed: tenant.created was written but not sent here.
    expect(hooksOf(owner.companyId, 'tenant.created')).toHaveLength(0);
    const log = await deliveries(owner, hook._id);
    expect(log.map((attempt) => attempt.statusCode)).toEqual([200, 200]);
    expect(log[0]).toMatchObject({ deliveryStatus: 'succeeded', nextRetryAt: null });
  });

  it('sends nothing for a transaction that rolled back (the outbox row goes with it)', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    await newWebhook(owner, ['lead.created']);
    const marker = `rolled-back-${Date.now()}`;
    await expect(
      app.deps.db.transaction(async (tx) => {
        await emitEvent(tx, { companyId: owner.companyId, type: 'lead.created', data: { marker } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await app.deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, owner.companyId));
    expect(rows).toHaveLength(0);
    await app.services.webhooks.dispatch();
    expect(hooksOf(owner.companyId)).toHaveLength(0);

    // The same write committed is delivered.
    await app.deps.db.transaction((tx) =>
      emitEvent(tx, { companyId: owner.companyId, type: 'lead.created', data: { marker } }),
    );
    await app.services.webhooks.dispatch();
    expect(hooksOf(owner.companyId, 'lead.created')).toHaveLength(1);
  });

  it("retries after a receiver's 500 with backoff, then succeeds; redelivery sends the same event again", async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const hook = await newWebhook(owner, ['maintenance.created']);
    await app.deps.db.transaction((tx) =>
      emitEvent(tx, { companyId: owner.companyId, type: 'maintenance.created', data: { requestId: 'r1' } }),
    );
    receiver.answer(500);
    const now = new Date();
    await app.services.webhooks.dispatch(now);
    let log = await deliveries(owner, hook._id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      statusCode: 500,
      deliveryStatus: 'pending',
      responseExcerpt: 'receiver broke',
    });
    const retryAt = new Date(log[0]!.nextRetryAt!);
    expect(retryAt.getTime() - now.getTime()).toBe(30_000);

    // Not yet due: nothing is sent.
    await app.services.webhooks.dispatch(new Date(now.getTime() + 10_000));
    expect(hooksOf(owner.companyId)).toHaveLength(1);
    await app.services.webhooks.dispatch(retryAt);
    log = await deliveries(owner, hook._id);
    expect(log.map((attempt) => attempt.statusCode)).toEqual([200, 500]);
    expect(log[0]!.deliveryStatus).toBe('succeeded');
    const [first, second] = hooksOf(owner.companyId);
    expect(second!.headers['x-rentora-event-id']).toBe(first!.headers['x-rentora-event-id']);

    const redelivered = await call(
      app,
      'POST',
      `/api/webhooks/deliveries/${log[0]!.deliveryId}/redeliver`,
      as(owner),
    );
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(redelivered.json<{ data: WebhookAttemptDto }>().data.statusCode).toBe(200);
    const all = hooksOf(owner.companyId);
    expect(all).toHaveLength(3);
    expect(verify(all[2]!, hook.secret).id).toBe(first!.headers['x-rentora-event-id']);
    // The log pages newest first with its total.
    const paged = await call(app, 'GET', `/api/webhooks/${hook._id}/deliveries?page=2&limit=2`, as(owner));
    expect(paged.json<{ data: WebhookAttemptDto[]; pagination: { totalCount: number } }>()).toMatchObject({
      data: [{ statusCode: 500 }],
      pagination: { totalCount: 3, hasNext: false },
    });
  });

  it('disables a receiver that has failed for 24 hours and tells the owner', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const hook = await newWebhook(owner, ['tenant.status_changed']);
    await app.deps.db.transaction((tx) =>
      emitEvent(tx, { companyId: owner.companyId, type: 'tenant.status_changed', data: { tenantId: 't1' } }),
    );
    receiver.answer(503, 503);
    const now = new Date();
    await app.services.webhooks.dispatch(now);
    await app.services.webhooks.dispatch(new Date(now.getTime() + 25 * 3_600_000));
    const log = await deliveries(owner, hook._id);
    expect(log.map((attempt) => attempt.statusCode)).toEqual([503, 503]);
    expect(log[0]).toMatchObject({ deliveryStatus: 'failed', nextRetryAt: null });
    const after = await call(app, 'GET', `/api/webhooks/${hook._id}`, as(owner));
    expect(after.json<{ data: WebhookDto }>().data).toMatchObject({ isActive: false });
    const inbox = await call(app, 'GET', '/api/inapp-notifications/user', { token: owner.token });
    expect(inbox.json<{ data: NotificationDto[] }>().data.map((n) => n.type)).toContain('webhook.disabled');
    // Disabled: no redelivery until it is enabled again.
    const refused = await call(
      app,
      'POST',
      `/api/webhooks/deliveries/${log[0]!.deliveryId}/redeliver`,
      as(owner),
    );
    expect(refused.statusCode).toBe(409);
    const enabled = await call(app, 'PUT', `/api/webhooks/${hook._id}`, {
      ...as(owner),
      body: { isActive: true },
    });
    expect(enabled.json<{ data: WebhookDto }>().data).toMatchObject({ isActive: true, disabledAt: null });
  });

  it('sends a test event at once and answers the attempt', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const hook = await newWebhook(owner, ['invoice.issued']);
    const response = await call(app, 'POST', `/api/webhooks/${hook._id}/test`, as(owner));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: WebhookAttemptDto }>().data).toMatchObject({
      eventType: 'webhook.test',
      statusCode: 200,
      deliveryStatus: 'succeeded',
    });
    expect(verify(hooksOf(owner.companyId, 'webhook.test')[0]!, hook.secret).type).toBe('webhook.test');
  });

  it('edits, lists and deletes receivers; validates the body', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const hook = await newWebhook(owner, ['invoice.issued']);
    const edited = await call(app, 'PUT', `/api/webhooks/${hook._id}`, {
      ...as(owner),
      body: { events: ['invoice.issued', 'credit_note.issued'], description: 'Books' },
    });
    expect(edited.json<{ data: WebhookDto }>().data).toMatchObject({
      events: ['invoice.issued', 'credit_note.issued'],
      description: 'Books',
    });
    const bad = await call(app, 'POST', '/api/webhooks', {
      ...as(owner),
      body: { url: receiver.url, events: ['invoice.exploded'], colour: 'red' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    const second = await newWebhook(owner, ['payment.captured']);
    const listed = await call(app, 'GET', '/api/webhooks?page=1&limit=1', as(owner));
    expect(listed.json<{ data: WebhookDto[]; pagination: { totalCount: number } }>()).toMatchObject({
      data: [{ _id: second._id }],
      pagination: { totalCount: 2, hasNext: true },
    });
    const removed = await call(app, 'DELETE', `/api/webhooks/${hook._id}`, as(owner));
    expect(removed.statusCode).toBe(200);
    const left = await call(app, 'GET', '/api/webhooks?page=1&limit=1', as(owner));
    expect(left.json<{ pagination: { totalCount: number; hasNext: boolean } }>().pagination).toMatchObject({
      totalCount: 1,
      hasNext: false,
    });
    expect((await call(app, 'GET', `/api/webhooks/${hook._id}`, as(owner))).statusCode).toBe(404);
  });
});

describe('SSRF: webhook targets', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://10.1.2.3/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://192.168.1.10/hook',
    'https://[::1]/hook',
    'https://[fd00::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
    'http://hooks.example.com/hook',
  ])('refuses %s unless private targets are allowed', async (url) => {
    const { app: strict } = await getTestApp();
    const owner = await createCompany(strict, { plan: 'enterprise' });
    const response = await call(strict, 'POST', '/api/webhooks', {
      token: owner.token,
      companyId: owner.companyId,
      body: { url, events: ['payment.captured'] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ details: { path: string }[] }>().details[0]!.path).toBe('url');
  });

  it('checks the target again at delivery time (a receiver saved while allowed is refused later)', async () => {
    const { app: strict } = await getTestApp();
    const owner = await createCompany(app, { plan: 'enterprise' });
    const hook = await newWebhook(owner, ['booking.created']);
    await app.deps.db.transaction((tx) =>
      emitEvent(tx, { companyId: owner.companyId, type: 'booking.created', data: { bookingId: 'b1' } }),
    );
    await strict.services.webhooks.dispatch();
    const log = await deliveries(owner, hook._id);
    expect(log[0]).toMatchObject({ statusCode: null, deliveryStatus: 'pending' });
    expect(log[0]!.error).toMatch(/must use https|not allowed/);
    expect(hooksOf(owner.companyId)).toHaveLength(0);
  });

  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'ff02::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
