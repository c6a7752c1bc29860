import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login } from './support/api';
import { launchBrowser, newPage, screenshot, type TrackedPage } from './support/browser';

const baseUrl = inject('baseUrl');

async function signIn(page: Page, email: string, password: string, landing = '/dashboard'): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(landing);
}

/** Staff chat: the demo owner and manager talk in real time in two browsers; a tenant is refused. */
describe('staff chat', () => {
  let browser: Browser;
  let ownerTab: TrackedPage;
  let managerTab: TrackedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    ownerTab = await newPage(browser, { baseUrl });
    managerTab = await newPage(browser, { baseUrl, viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('two staff members chat in real time, with the seeded history and unread badges', async () => {
    await signIn(ownerTab.page, DEMO.owner.email, DEMO.owner.password);
    await signIn(managerTab.page, DEMO.manager.email, DEMO.manager.password);
    await ownerTab.page.goto('/dashboard/chat');
    await ownerTab.page.getByRole('heading', { name: 'general' }).waitFor();
    await expect
      .poll(() => ownerTab.page.getByText('Thanks! Sharing it with the front desk.').count())
      .toBe(1);
    // Links in plain text become anchors; nothing the user typed is HTML.
    const link = ownerTab.page.getByRole('link', { name: 'https://example.com/rentora/move-in-checklist' });
    expect(await link.getAttribute('rel')).toContain('noopener');

    // The manager (phone-sized) opens the list, then #general.
    await managerTab.page.goto('/dashboard/chat');
    await managerTab.page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /general/ })
      .click();
    await managerTab.page.getByRole('heading', { name: 'general' }).waitFor();

    const text = `Hello from the owner ${Date.now()}`;
    const composer = ownerTab.page.getByLabel('Message #general');
    await composer.fill(text);
    await composer.press('Enter');
    await managerTab.page.getByText(text).waitFor({ timeout: 10_000 });

    // Typing shows on the other side; Shift+Enter makes a new line instead of sending.
    const managerComposer = managerTab.page.getByLabel('Message #general');
    await managerComposer.press('H');
    await ownerTab.page.getByText(/is typing…/).waitFor({ timeout: 10_000 });
    await managerComposer.fill('Line one');
    await managerComposer.press('Shift+Enter');
    await managerComposer.type('line two');
    await managerComposer.press('Enter');
    await ownerTab.page.getByText(/Line one\s+line two/).waitFor({ timeout: 10_000 });

    // A file goes with a message (checked by content on the server) and reaches the other side as a private link.
    await ownerTab.page.getByLabel('Attach files').setInputFiles({
      name: 'quote.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await ownerTab.page.getByRole('list', { name: 'Files to send' }).getByText('quote.pdf').waitFor();
    await composer.fill('The plumber quote');
    await composer.press('Enter');
    const attachment = managerTab.page.getByRole('link', { name: /quote\.pdf/ });
    await attachment.waitFor({ timeout: 10_000 });
    const href = (await attachment.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/uploads\/chat\/.+\.pdf\?exp=\d+&sig=/);
    const file = await managerTab.page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');

    await screenshot(ownerTab.page, 'chat-owner-desktop');
    await screenshot(managerTab.page, 'chat-manager-phone');
    expect(ownerTab.pageErrors).toEqual([]);
    expect(managerTab.pageErrors).toEqual([]);
  });

  it('refuses a tenant on the API and the page', async () => {
    const tenant = await login(baseUrl, DEMO.tenant.email, DEMO.tenant.password);
    const refused = await api(baseUrl, 'GET', '/chat/channels', { token: tenant.token });
    expect(refused.status).toBe(403);
    const tenantTab = await newPage(browser, { baseUrl });
    await signIn(tenantTab.page, DEMO.tenant.email, DEMO.tenant.password, '/tenant');
    await tenantTab.page.goto('/dashboard/chat');
    await expect
      .poll(() => new URL(tenantTab.page.url()).pathname, { timeout: 10_000 })
      .not.toBe('/dashboard/chat');
    await tenantTab.context.close();
  });
});
