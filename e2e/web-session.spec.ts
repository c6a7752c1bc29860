import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** A server of its own with access tokens that expire after 3 seconds. */
const TTL_MS = 3000;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { ACCESS_TOKEN_TTL: '3s' } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO.owner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByTestId('dashboard-sidebar').locator('[data-nav-item="notifications"]').waitFor();
}

function track(page: Page) {
  const calls: { url: string; status: number; authorization?: string }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/'))
      calls.push({
        url: response.url(),
        status: response.status(),
        authorization: response.request().headers().authorization,
      });
  });
  return calls;
}

describe('web session: expired access tokens', () => {
  it('refreshes once and replays the failed request after the access token expires', async () => {
    const { context, page, pageErrors } = await newPage(browser, { baseUrl: server.baseUrl });
    try {
      await signIn(page);
      const tokenBefore = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
      await new Promise((resolve) => setTimeout(resolve, TTL_MS + 1000));
      const calls = track(page);

      // Client-side navigation: the notifications list is fetched with the expired token.
      await page.getByTestId('dashboard-sidebar').getByRole('link', { name: 'Notifications' }).click();
      await page.waitForURL('**/dashboard/notifications');
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await expect
        .poll(
          () =>
            calls.filter((call) => call.url.includes('/inapp-notifications/user') && call.status === 200)
              .length,
        )
        .toBeGreaterThan(0);

      const refreshes = calls.filter((call) => call.url.includes('/api/auth/refresh-token'));
      expect(refreshes.map((call) => call.status)).toEqual([200]);
      const listCalls = calls.filter((call) => call.url.includes('/inapp-notifications/user'));
      expect(listCalls[0]?.status).toBe(401);
      expect(listCalls.at(-1)?.status).toBe(200);
      expect(listCalls[0]?.authorization).not.toBe(listCalls.at(-1)?.authorization);
      const tokenAfter = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
      expect(tokenAfter).toBeTruthy();
      expect(tokenAfter).not.toBe(tokenBefore);
      expect(new URL(page.url()).pathname).toBe('/dashboard/notifications');

      // A full reload after another expiry: /auth/me fails, one refresh, the shell loads.
      await new Promise((resolve) => setTimeout(resolve, TTL_MS + 1000));
      calls.length = 0;
      await page.goto('/dashboard/profile');
      await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
      expect(
        calls.filter((call) => call.url.includes('/api/auth/refresh-token')).map((call) => call.status),
      ).toEqual([200]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a refresh that fails clears the session, says Session Expired and goes to the login page', async () => {
    const { context, page } = await newPage(browser, { baseUrl: server.baseUrl });
    try {
      await signIn(page);
      const url = new URL(server.baseUrl);
      await context.addCookies([
        { name: 'refreshToken', value: 'not-a-valid-refresh-token', domain: url.hostname, path: '/' },
      ]);
      await new Promise((resolve) => setTimeout(resolve, TTL_MS + 1000));
      await page.getByTestId('dashboard-sidebar').getByRole('link', { name: 'Notifications' }).click();
      const toast = page.locator('[data-toast-type="error"]');
      await toast.getByText('Session Expired').waitFor();
      expect(await toast.textContent()).toContain('Please log in again to continue.');
      await page.waitForURL('**/auth/login');
      await screenshot(page, 'web-session-expired');
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'token')).toBeUndefined();
      expect(cookies.find((cookie) => cookie.name === 'refreshToken')).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
