import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser';

const baseUrl = inject('baseUrl');

describe('smoke: the built app served by the real server', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('GET /api/health answers ok on the embedded PGlite database', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { status: 'ok', database: 'pglite' } });
  });

  it('the home page loads in Chromium and the app renders without page errors', async () => {
    const { context, page, pageErrors } = await newPage(browser, { baseUrl });
    try {
      const response = await page.goto('/', { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
      expect(await page.title()).not.toBe('');
      await screenshot(page, 'smoke-home');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a deep link to /dashboard serves the SPA (history fallback), not a 404', async () => {
    const response = await fetch(`${baseUrl}/dashboard`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<div id="root">');

    const { context, page, pageErrors } = await newPage(browser, { baseUrl });
    try {
      await page.goto('/dashboard', { waitUntil: 'load' });
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
      await screenshot(page, 'smoke-dashboard-deep-link');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('unknown /api paths stay JSON 404s and are not swallowed by the SPA fallback', async () => {
    const response = await fetch(`${baseUrl}/api/no-such-route`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
