import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO } from './support/api';
import { launchBrowser, newPage, type TrackedPage } from './support/browser';

const baseUrl = inject('baseUrl');

/** The built app runs under the server's Content-Security-Policy without a single violation. */
describe('Content-Security-Policy in Chromium', () => {
  let browser: Browser;
  let tab: TrackedPage;
  const violations: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    tab = await newPage(browser, { baseUrl });
    await tab.page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await tab.page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} blocked ${event.blockedURI} on ${location.pathname}`,
        );
      });
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('public pages, the dashboard (charts, map, chat socket) and the API docs raise no violation', async () => {
    const { page } = tab;
    for (const path of ['/', '/properties', '/pricing', '/auth/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    const headers = (await page.goto('/'))!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");

    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(DEMO.owner.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/dashboard');
    for (const path of [
      '/dashboard',
      '/dashboard/properties',
      '/dashboard/analytics',
      '/dashboard/chat',
      '/dashboard/map-demo',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/api/docs');
    await page.locator('.swagger-ui').first().waitFor({ timeout: 15_000 });
    expect(violations).toEqual([]);
    expect(tab.pageErrors).toEqual([]);
  });
});
