import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login } from './support/api';
import { launchBrowser, newPage, screenshot, signIn } from './support/browser';

/**
 * The integrations done-when path: on the shared demo server (global-setup allows loopback webhook targets), the demo owner creates an
 * API key and a webhook to a receiver started here, records a payment, receives the signed `payment.captured`
 * delivery and sees it in the delivery log.
 */

const server = { baseUrl: inject('baseUrl') };
let browser: Browser;
let receiver: Server;
let receiverUrl = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rentora`;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('integrations', () => {
  it('API key and signed payment.captured webhook for the demo owner', async () => {
    const { page, pageErrors } = await newPage(browser, { baseUrl: server.baseUrl });
    await signIn(page, DEMO.owner);
    await page.goto('/dashboard/companies/integrations');
    await page.getByRole('heading', { name: 'Integrations', exact: true }).waitFor();

    // An API key with one permission, shown once.
    await page.getByRole('button', { name: 'New API key' }).click();
    await page.getByLabel('Name').fill('Website');
    await page.getByRole('checkbox', { name: /properties_read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('revealed-secret').textContent()) ?? '';
    expect(key).toMatch(/^rk_live_/);
    await page.getByRole('button', { name: 'Done' }).click();
    const properties = await fetch(`${server.baseUrl}/api/properties`, { headers: { 'x-api-key': key } });
    expect(properties.status).toBe(200);

    // A webhook to the receiver (payment.captured is ticked by default), its secret shown once.
    await page.getByRole('button', { name: 'New webhook' }).click();
    await page.getByLabel('URL').fill(receiverUrl);
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const secret = (await page.getByTestId('revealed-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await screenshot(page, 'integrations-page');

    // The owner records a payment on an open invoice.
    const owner = await login(server.baseUrl, DEMO.owner.email, DEMO.owner.password);
    // The company the page works in (the owner's demo company), as the API calls' x-company-id.
    const companies = await api<{ _id: string; name: string }[]>(server.baseUrl, 'GET', '/companies', {
      token: owner.token,
    });
    const companyId = companies.body.data?.find((c) => c.name === 'Sunrise Estates')?._id;
    expect(companyId).toBeDefined();
    const open = await api<
      { _id: string; status: string; total: number; amountPaid: number; creditedAmount: number }[]
    >(server.baseUrl, 'GET', '/invoices?limit=50', { token: owner.token, companyId });
    const invoice = open.body.data?.find(
      (i) =>
        ['sent', 'partially_paid', 'overdue'].includes(i.status) &&
        i.total - i.amountPaid - i.creditedAmount > 100_00,
    );
    expect(invoice, JSON.stringify(open.body)).toBeDefined();
    const recorded = await api(server.baseUrl, 'POST', `/invoices/${invoice!._id}/payments`, {
      token: owner.token,
      companyId,
      body: { amount: 100_00, method: 'bank_transfer', reference: 'NEFT-E2E-1' },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);

    await expect
      .poll(() => received.find((hook) => JSON.parse(hook.body).type === 'payment.captured'), {
        timeout: 90_000,
      })
      .toBeDefined();
    const hook = received.find((entry) => JSON.parse(entry.body).type === 'payment.captured')!;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(String(hook.headers['x-rentora-signature'])) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${hook.body}`).digest('hex'));
    const body = JSON.parse(hook.body) as { id: string; data: { amount: number; referenceId: string } };
    expect(hook.headers['x-rentora-event-id']).toBe(body.id);
    expect(body.data).toMatchObject({ amount: 100_00, referenceId: invoice!._id });

    // The delivery log shows it.
    await page.reload();
    await page.getByRole('button', { name: 'Deliveries' }).first().click();
    await page.getByTestId('delivery-row').first().waitFor();
    await expect
      .poll(() => page.getByTestId('delivery-row').first().textContent())
      .toContain('payment.captured');
    await screenshot(page, 'integrations-deliveries');
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
