import type { ChatChannelDto, FavoriteDto, NotificationPreference } from '@rentora/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login, must, type Session } from './support/api';
import { launchBrowser, newPage, screenshot, signIn, type TrackedPage } from './support/browser';

const baseUrl = inject('baseUrl');

/** The tenant area finished: favorites from the public listing, messages with staff in real time, preferences. */
describe('tenant area', () => {
  let browser: Browser;
  let tenantTab: TrackedPage;
  let ownerTab: TrackedPage;
  let tenant: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    tenantTab = await newPage(browser, { baseUrl });
    ownerTab = await newPage(browser, { baseUrl });
    tenant = await login(baseUrl, DEMO.tenant.email, DEMO.tenant.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('saves a unit from the public listing and finds it in Favorites', async () => {
    await signIn(tenantTab.page, DEMO.tenant);
    const properties = await must<{ _id: string }[]>(api(baseUrl, 'GET', '/public/properties'), 'listing');
    await tenantTab.page.goto(`/tenant/properties/${properties[0]!._id}`);
    const heart = tenantTab.page.getByTestId('favorite-toggle').first();
    await expect.poll(() => heart.isEnabled(), { timeout: 15_000 }).toBe(true);
    if ((await heart.getAttribute('aria-pressed')) === 'true') {
      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    }
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await screenshot(tenantTab.page, 'tenant-area-heart');

    await tenantTab.page.getByRole('link', { name: 'Favorites' }).click();
    await tenantTab.page.getByRole('heading', { name: 'Favorites', exact: true }).waitFor();
    await tenantTab.page.getByTestId('favorite-card').first().waitFor({ timeout: 15_000 });
    const saved = await must<FavoriteDto[]>(
      api(baseUrl, 'GET', '/favorites', { token: tenant.token }),
      'favorites',
    );
    expect(saved.length).toBeGreaterThan(0);
    await screenshot(tenantTab.page, 'tenant-area-favorites');
    expect(tenantTab.pageErrors).toEqual([]);
  });

  it('sends a message that staff receive in real time, and reads the reply live', async () => {
    const conversations = await must<ChatChannelDto[]>(
      api(baseUrl, 'GET', '/chat/tenancies', { token: tenant.token }),
      'conversations',
    );
    const open = conversations.find((channel) => !channel.tenancy?.movedOut);
    expect(open).toBeDefined();
    await tenantTab.page.goto(`/tenant/messages?tenancy=${open!.tenancy!._id}`);
    const tenantComposer = tenantTab.page.getByLabel(/^Message /);
    await tenantComposer.waitFor({ timeout: 15_000 });

    await signIn(ownerTab.page, DEMO.owner);
    await ownerTab.page.goto(`/dashboard/chat?channel=${open!._id}`);
    const ownerComposer = ownerTab.page.getByLabel(/^Message /);
    await ownerComposer.waitFor({ timeout: 15_000 });

    const question = `Is the water tank cleaned this week? ${Date.now()}`;
    await tenantComposer.fill(question);
    await tenantComposer.press('Enter');
    await ownerTab.page.getByText(question).waitFor({ timeout: 15_000 });

    const answer = `Yes, on Thursday morning ${Date.now()}`;
    await ownerComposer.fill(answer);
    await ownerComposer.press('Enter');
    await tenantTab.page.getByText(answer).waitFor({ timeout: 15_000 });
    await screenshot(tenantTab.page, 'tenant-area-messages');
    await screenshot(ownerTab.page, 'tenant-area-staff-chat');
    expect(tenantTab.pageErrors).toEqual([]);
    expect(ownerTab.pageErrors).toEqual([]);
  });

  it('changes a notification preference that stays changed', async () => {
    await tenantTab.page.goto('/tenant/settings');
    const email = tenantTab.page.getByRole('switch', { name: 'Messages: Email' });
    await email.waitFor({ timeout: 15_000 });
    const before = await email.getAttribute('aria-checked');
    await email.click();
    const after = before === 'true' ? 'false' : 'true';
    await expect.poll(() => email.getAttribute('aria-checked')).toBe(after);
    await expect
      .poll(async () => {
        const rows = await must<NotificationPreference[]>(
          api(baseUrl, 'GET', '/me/notification-preferences', { token: tenant.token }),
          'preferences',
        );
        return String(rows.find((row) => row.kind === 'messages')?.email);
      })
      .toBe(after);
    await tenantTab.page.reload();
    await expect
      .poll(() =>
        tenantTab.page.getByRole('switch', { name: 'Messages: Email' }).getAttribute('aria-checked'),
      )
      .toBe(after);
    await tenantTab.page.getByRole('heading', { name: 'Connected sessions' }).waitFor();
    await tenantTab.page.getByText('This device').waitFor();
    await screenshot(tenantTab.page, 'tenant-area-settings');
    // Put the demo tenant back as found.
    await api(baseUrl, 'PUT', '/me/notification-preferences', {
      token: tenant.token,
      body: { preferences: [{ kind: 'messages', inApp: true, email: true }] },
    });
    expect(tenantTab.pageErrors).toEqual([]);
  });
});
