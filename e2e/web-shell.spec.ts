import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/** The ids of every sidebar item the user sees (closed groups are opened first). */
async function sidebarItems(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('dashboard-sidebar');
  await sidebar.locator('[data-nav-item="dashboard"]').waitFor();
  const closed = sidebar.locator('nav[aria-label="Dashboard"] button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return sidebar
    .locator('[data-nav-item]')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.navItem ?? ''));
}

async function itemState(page: Page, id: string): Promise<string | null> {
  return page.getByTestId('dashboard-sidebar').locator(`[data-nav-item="${id}"]`).getAttribute('data-state');
}

describe('web shell: sidebars by role', () => {
  it.each([
    [
      'super admin',
      DEMO.superAdmin,
      [
        'dashboard',
        'profile',
        'properties',
        'virtual-tours',
        'property-map',
        'tenants',
        'bookings',
        'payments',
        'maintenance',
        'analytics',
        'companies',
        'company-users',
        'imports',
        'audit-log',
        'admin-management',
        'plans',
        'notification-logs',
        'test-notifications',
        'leads',
        'notifications',
      ],
    ],
    [
      'owner',
      DEMO.owner,
      [
        'dashboard',
        'profile',
        'properties',
        'tenants',
        'payments',
        'maintenance',
        'analytics',
        'companies',
        'company-users',
        'imports',
        'audit-log',
        'notifications',
      ],
    ],
    [
      'accountant',
      DEMO.accountant,
      ['dashboard', 'profile', 'tenants', 'payments', 'analytics', 'notifications'],
    ],
    ['field staff', DEMO.fieldStaff, ['dashboard', 'profile', 'maintenance', 'notifications']],
  ] as const)('%s sees exactly their items', async (role, account, expected) => {
    const { context, page, pageErrors } = await newPage(browser, { baseUrl });
    try {
      await signIn(page, account);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      expect(await sidebarItems(page)).toEqual(expected);
      await screenshot(page, `web-dashboard-${role.replace(' ', '-')}`);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('web shell: access, upgrade dialog, search, company switch', () => {
  it('a denied route shows the spec text in place of the page', async () => {
    const { context, page } = await newPage(browser, { baseUrl });
    try {
      await signIn(page, DEMO.fieldStaff);
      await page.goto('/dashboard/properties');
      await expect
        .poll(() => page.getByTestId('access-denied').textContent())
        .toContain('You do not have access to Properties.');
      await page.goto('/dashboard/leads');
      await expect
        .poll(() => page.getByTestId('access-denied').textContent())
        .toContain('You do not have access to Leads.');
      await expect.poll(() => page.title()).toBe('Access denied | Rentora');
      await screenshot(page, 'web-access-denied');
    } finally {
      await context.close();
    }
  });

  it('a locked item (held permission, feature missing from the plan) opens the upgrade dialog', async () => {
    const { context, page } = await newPage(browser, { baseUrl });
    try {
      await signIn(page, DEMO.harborOwner);
      await sidebarItems(page);
      expect(await itemState(page, 'payments')).toBe('locked');
      expect(await itemState(page, 'analytics')).toBe('locked');
      await page.getByRole('button', { name: 'Payments (Upgrade required)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unlock Your Full Potential' });
      await dialog.waitFor();
      expect(await page.getByTestId('upgrade-message').textContent()).toBe(
        'The feature "Payments" is not available in your current plan',
      );
      for (const point of ['Unlimited Growth', 'Premium Features', 'Priority Support', 'Enhanced Security']) {
        expect(await dialog.getByText(point).count()).toBe(1);
      }
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
      await screenshot(page, 'web-upgrade-dialog');
      await dialog.getByRole('link', { name: 'Contact Us to Upgrade' }).click();
      await page.waitForURL('**/contact');
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
      await page.getByRole('heading', { name: 'Let’s upgrade your plan' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('Ctrl+K opens the navigation search; arrows and Enter navigate', async () => {
    const { context, page } = await newPage(browser, { baseUrl });
    try {
      await signIn(page, DEMO.owner);
      await page.getByTestId('dashboard-sidebar').locator('[data-nav-item="dashboard"]').waitFor();
      await page.keyboard.press('Control+k');
      const search = page.getByRole('combobox', { name: 'Search navigation' });
      await expect.poll(() => search.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.getByText('Quick Navigation').waitFor();
      await page.keyboard.type('company');
      // Company, Company Users, Import and the Audit Log (all in the Company group).
      await page.getByText('4 results').waitFor();
      await screenshot(page, 'web-nav-search');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/dashboard/company-users');
      await expect.poll(() => page.title()).toBe('Company Users | Rentora');
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Company Users').waitFor();
    } finally {
      await context.close();
    }
  });

  it('switching company goes to /dashboard and reloads the permission context', async () => {
    const { context, page } = await newPage(browser, { baseUrl });
    try {
      await signIn(page, DEMO.owner);
      await page.goto('/dashboard/profile');
      const switcher = page.getByTestId('company-switcher');
      expect(await switcher.textContent()).toContain('Sunrise Estates');
      expect(await itemState(page, 'payments')).toBe('accessible');
      const contextReload = page.waitForResponse(
        (response) => response.url().includes('/api/auth/permission-context') && response.status() === 200,
      );
      await switcher.click();
      await page.getByRole('button', { name: 'Harbor Homes' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const reloaded = await contextReload;
      expect(reloaded.request().headers()['x-company-id']).toBeTruthy();
      // Harbor is on the Starter plan and Olivia is a manager there: payments is held but not in the plan.
      await expect.poll(() => itemState(page, 'payments')).toBe('locked');
      expect(await switcher.textContent()).toContain('Harbor Homes');
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'currentCompanyId')?.value).toBe(
        reloaded.request().headers()['x-company-id'],
      );
      await screenshot(page, 'web-company-switched');
    } finally {
      await context.close();
    }
  });
});

describe('web shell: notifications, tenants, redirects', () => {
  it('a notification sent through the API appears live, without a reload', async () => {
    const owner = await login(baseUrl, DEMO.owner.email, DEMO.owner.password);
    const superAdmin = await login(baseUrl, DEMO.superAdmin.email, DEMO.superAdmin.password);
    const { context, page } = await newPage(browser, { baseUrl });
    try {
      const socketOpened = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io'));
      await signIn(page, DEMO.owner);
      const socket = await socketOpened;
      await new Promise<void>((resolve) => {
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).startsWith('40')) resolve();
        });
      });
      await page.locator('[data-testid="notification-bell"]:visible').waitFor();
      const before = Number(
        (await page.locator('[data-testid="notification-count"]:visible').textContent()) ?? '0',
      );
      const title = `Live ping ${Date.now()}`;
      const sent = await api(baseUrl, 'POST', '/test-notifications', {
        token: superAdmin.token,
        body: { userId: owner.user._id, channel: 'in_app', title, message: 'Sent by the e2e test.' },
      });
      expect(sent.status).toBe(200);
      await expect
        .poll(async () =>
          Number((await page.locator('[data-testid="notification-count"]:visible').textContent()) ?? '0'),
        )
        .toBe(before + 1);
      await page.locator('[data-testid="notification-bell"]:visible').click();
      await page.getByRole('dialog', { name: 'Notifications' }).getByText(title).waitFor();
      await screenshot(page, 'web-notification-live');
      await page.goto('/dashboard/notifications');
      await page.getByText(title).first().waitFor();
      await page.getByRole('button', { name: new RegExp(`^Mark as read\\s*:\\s*${title}$`) }).click();
      await expect
        .poll(async () =>
          Number(
            (await page
              .locator('[data-testid="notification-count"]:visible')
              .textContent()
              .catch(() => '0')) ?? '0',
          ),
        )
        .toBe(before);
    } finally {
      await context.close();
    }
  });

  it('a tenant lands in /tenant and is kept out of staff routes; staff are kept out of /tenant', async () => {
    const tenant = await newPage(browser, { baseUrl });
    try {
      await signIn(tenant.page, DEMO.tenant);
      expect(new URL(tenant.page.url()).pathname).toBe('/tenant');
      await tenant.page.getByTestId('tenant-welcome').getByText('Tara Tenant').waitFor();
      await screenshot(tenant.page, 'web-tenant-home');
      await tenant.page.goto('/dashboard/properties');
      await tenant.page.waitForURL((url) => url.pathname === '/tenant');
      await tenant.page.goto('/tenant/favorites');
      await tenant.page.getByRole('heading', { name: 'Favorites', exact: true }).waitFor();
      expect(tenant.pageErrors).toEqual([]);
    } finally {
      await tenant.context.close();
    }
    const staff = await newPage(browser, { baseUrl });
    try {
      await signIn(staff.page, DEMO.accountant);
      await staff.page.goto('/tenant');
      await staff.page.waitForURL((url) => url.pathname === '/dashboard');
    } finally {
      await staff.context.close();
    }
  });

  it('protected routes send visitors to login and back; /login and /app redirect', async () => {
    const { context, page } = await newPage(browser, { baseUrl });
    try {
      await page.goto('/dashboard/notifications');
      await page.waitForURL('**/auth/login');
      await page.goto('/login');
      await page.waitForURL('**/auth/login');
      expect(await page.getByTestId('auth-headline').textContent()).toBe(
        'Smarter property management starts here',
      );
      await page.goto('/dashboard/notifications');
      await page.waitForURL('**/auth/login');
      await page.getByLabel('Email').fill(DEMO.superAdmin.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.superAdmin.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/dashboard/notifications');
      await page.goto('/app');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.goto('/auth/login');
      await page.waitForURL((url) => url.pathname === '/dashboard');
    } finally {
      await context.close();
    }
  });

  it('an unknown path shows "Page not found" with Go Home', async () => {
    const { context, page, pageErrors } = await newPage(browser, { baseUrl });
    try {
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await expect.poll(() => page.title()).toBe('Page not found | Rentora');
      await screenshot(page, 'web-404');
      await page.getByRole('link', { name: 'Go Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
