import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO } from './support/api';
import { launchBrowser, newPage, screenshot, type TrackedPage } from './support/browser';
import { waitForLink } from './support/outbox';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/**
 * Teams and platform administration, end to end: an owner invites a person by email, the person accepts as a new
 * account and sees only the invited role's pages; the owner removes a permission and the person's sidebar and API
 * access follow without signing in again; the super admin moves the company to a smaller plan and an over-limit
 * invitation opens the upgrade dialog; the contact form makes a lead the super admin sees.
 */

const run = randomUUID().slice(0, 8);
const companyName = `Teams E2E ${run}`;
const owner = {
  email: `owner-${run}@example.test`,
  password: 'Password123!',
  firstName: 'Omar',
  lastName: 'Owner',
};
const person = {
  email: `person-${run}@example.test`,
  password: 'Password123!',
  firstName: 'Pat',
  lastName: 'Person',
};
const smallPlan = `Solo ${run}`;

/** Items the user may open in the sidebar (collapsed groups are expanded first). */
async function accessibleNavItems(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('dashboard-sidebar');
  await sidebar.locator('[data-nav-item]').first().waitFor();
  for (;;) {
    const closed = sidebar.locator('nav[aria-label="Dashboard"] button[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  return sidebar
    .locator('[data-nav-item][data-state="accessible"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-nav-item') ?? ''));
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/dashboard');
}

async function tokenOf(context: BrowserContext): Promise<string> {
  const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
  if (!token) throw new Error('no token cookie');
  return decodeURIComponent(token);
}

describe('teams: invitations, permissions, plans and leads', () => {
  let browser: Browser;
  let ownerTab: TrackedPage;
  let personTab: TrackedPage;
  let superTab: TrackedPage;

  beforeAll(async () => {
    const registered = await api(baseUrl, 'POST', '/auth/register-company', {
      body: { company: { name: companyName }, owner },
    });
    expect(registered.status).toBe(201);
    browser = await launchBrowser();
    ownerTab = await newPage(browser, { baseUrl });
    personTab = await newPage(browser, { baseUrl });
    superTab = await newPage(browser, { baseUrl });
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const tabs = { owner: ownerTab, person: personTab, super: superTab };
    for (const [name, tab] of Object.entries(tabs)) {
      if (tab) await screenshot(tab.page, `teams-failure-${name}`).catch(() => undefined);
    }
  });

  afterAll(async () => {
    // The server is shared by every spec: put the company back on the default plan and remove the small plan.
    if (superTab) {
      const token = await tokenOf(superTab.context).catch(() => undefined);
      if (token) {
        const plans = await api<{ _id: string; name: string; isDefault: boolean }[]>(
          baseUrl,
          'GET',
          '/plans/admin',
          {
            token,
          },
        );
        const small = plans.body.data?.find((plan) => plan.name === smallPlan);
        const fallback = plans.body.data?.find((plan) => plan.isDefault);
        const companies = await api<{ _id: string; name: string }[]>(
          baseUrl,
          'GET',
          `/companies?search=${encodeURIComponent(companyName)}`,
          { token },
        );
        const company = companies.body.data?.find((entry) => entry.name === companyName);
        if (company && fallback) {
          await api(baseUrl, 'POST', `/superadmin/companies/${company._id}/subscription/force-update`, {
            token,
            body: { subscriptionId: fallback._id, updateCycle: true },
          });
        }
        const removed = small ? await api(baseUrl, 'DELETE', `/plans/${small._id}`, { token }) : undefined;
        if (removed?.status !== 200)
          console.warn(`teams e2e: the plan "${smallPlan}" was not removed`, removed?.body);
      }
    }
    for (const tab of [ownerTab, personTab, superTab]) await tab?.context.close();
    await browser?.close();
  });

  it('an owner invites a person by email; the person accepts as a new account and sees only the role’s pages', async () => {
    const { page } = ownerTab;
    await signIn(page, owner.email, owner.password);
    await page.goto('/dashboard/company-users');
    await page.getByRole('heading', { name: 'Company Users' }).waitFor();
    await page.getByRole('button', { name: 'Invite user' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByLabel(/^Email/).fill(person.email);
    await dialog.getByLabel('First name').fill(person.firstName);
    await dialog.getByLabel('Last name').fill(person.lastName);
    await dialog.getByLabel('Role').selectOption('manager');
    await screenshot(page, 'teams-invite-dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent', { exact: true }).waitFor();
    await page.getByRole('tab', { name: /Pending invitations/ }).click();
    await page.getByText(person.email).first().waitFor();

    // The mail in the outbox carries the link; the person is new to the platform.
    const link = await waitForLink(dataDir, person.email, '/invitation');
    const invitationPath = new URL(link).pathname;
    const tab = personTab.page;
    await tab.goto(invitationPath);
    await tab.getByRole('heading', { name: `Join ${companyName}` }).waitFor();
    expect(await tab.getByLabel('First name').inputValue()).toBe(person.firstName);
    // Required fields' labels end with a '*'.
    await tab.getByLabel(/^Password/).fill(person.password);
    await screenshot(tab, 'teams-invitation-accept');
    await tab.getByRole('button', { name: 'Create account and join' }).click();
    await expect.poll(() => new URL(tab.url()).pathname, { timeout: 15_000 }).toBe('/dashboard');

    const manager = await accessibleNavItems(tab);
    expect(manager).toEqual(
      expect.arrayContaining(['dashboard', 'properties', 'tenants', 'maintenance', 'company-users']),
    );
    for (const hidden of [
      'admin-management',
      'plans',
      'leads',
      'notification-logs',
      'test-notifications',
      'payments',
    ]) {
      expect(manager).not.toContain(hidden);
    }

    // Signing out and in again with the chosen password gives the same pages.
    await tab.getByRole('button', { name: 'Sign out' }).first().click();
    await expect
      .poll(() => new URL(tab.url()).pathname.startsWith('/dashboard'), { timeout: 15_000 })
      .toBe(false);
    await signIn(tab, person.email, person.password);
    expect(await accessibleNavItems(tab)).toEqual(manager);
    await screenshot(tab, 'teams-person-dashboard');
    expect(personTab.pageErrors).toEqual([]);
  });

  it('the owner removes a permission; the person’s API access and sidebar change without signing in again', async () => {
    const { page } = ownerTab;
    await page.goto('/dashboard/company-users');
    await page.getByRole('link', { name: `${person.firstName} ${person.lastName}` }).click();
    await page.getByRole('heading', { name: `${person.firstName} ${person.lastName}` }).waitFor();
    const permission = page.getByRole('checkbox', { name: 'View Company users' });
    expect(await permission.isChecked()).toBe(true);
    await permission.uncheck();
    await screenshot(page, 'teams-permission-editor');
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await page.getByText('Permissions updated', { exact: true }).waitFor();

    // The API refuses at once.
    const tab = personTab.page;
    const token = await tokenOf(personTab.context);
    const refused = await api(baseUrl, 'GET', '/company-users', { token });
    expect(refused.status).toBe(403);

    // The open tab (never reloaded) follows on the next refused call: the page is denied and the item goes away.
    await tab.evaluate(() => {
      (window as Window & { sameDocument?: boolean }).sameDocument = true;
    });
    await tab.getByTestId('dashboard-sidebar').getByRole('link', { name: 'Company Users' }).click();
    await tab.getByText('You do not have access to Company Users.').waitFor();
    await expect.poll(() => accessibleNavItems(tab), { timeout: 15_000 }).not.toContain('company-users');
    expect(await tab.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await accessibleNavItems(tab)).toContain('properties');
    await screenshot(tab, 'teams-permission-removed');
  });

  it('the super admin moves the company to a smaller plan; an invitation over the user limit opens the upgrade dialog', async () => {
    const { page } = superTab;
    await signIn(page, DEMO.superAdmin.email, DEMO.superAdmin.password);

    await page.goto('/dashboard/plans');
    await page.getByRole('button', { name: 'New plan' }).click();
    const planDialog = page.getByRole('dialog', { name: 'New plan' });
    await planDialog.getByLabel(/^Name/).fill(smallPlan);
    await planDialog.getByLabel(/^Price/).fill('0');
    await planDialog.getByLabel('Properties per company').fill('1');
    await planDialog.getByLabel('Users per company').fill('2');
    await planDialog.getByLabel('Units per property').fill('5');
    await planDialog.getByRole('button', { name: 'Create plan' }).click();
    await page.getByText('Plan created', { exact: true }).waitFor();
    await page.getByRole('heading', { name: smallPlan }).waitFor();

    await page.goto('/dashboard/companies');
    await page.getByRole('searchbox', { name: 'Search companies' }).fill(companyName);
    await page.getByRole('button', { name: `Manage ${companyName}` }).click();
    const manage = page.getByRole('dialog', { name: companyName });
    await manage.getByRole('tab', { name: 'Subscription' }).click();
    const select = manage.getByLabel('New plan');
    await select.locator('option', { hasText: smallPlan }).waitFor({ state: 'attached' });
    const planId = await select.locator('option', { hasText: smallPlan }).getAttribute('value');
    await select.selectOption(planId ?? '');
    await manage.getByRole('button', { name: 'Change plan' }).click();
    await page.getByText('Subscription updated', { exact: true }).waitFor();
    await manage.getByText(smallPlan, { exact: true }).waitFor();
    await screenshot(page, 'teams-company-subscription');

    // Two users on a two-user plan: a third invitation is over the limit.
    const owners = ownerTab.page;
    await owners.goto('/dashboard/company-users');
    await owners.getByRole('button', { name: 'Invite user' }).first().click();
    const dialog = owners.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByLabel(/^Email/).fill(`third-${run}@example.test`);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const message = owners.getByTestId('upgrade-message');
    await message.waitFor();
    expect(await message.textContent()).toBe("You've reached your limit of 2 users");
    await screenshot(owners, 'teams-upgrade-dialog');
    expect(ownerTab.pageErrors).toEqual([]);
  });

  it('the contact form creates a lead that the super admin sees on /dashboard/leads', async () => {
    const visitor = await newPage(browser, { baseUrl });
    const subject = `Pricing for 40 units ${run}`;
    try {
      await visitor.page.goto('/contact');
      await visitor.page.getByLabel(/^Name/).fill('Lena Lead');
      await visitor.page.getByLabel(/^Email/).fill(`lead-${run}@example.test`);
      await visitor.page.getByLabel(/^Subject/).fill(subject);
      await visitor.page.getByLabel(/^Message/).fill('We manage 40 units in Pune and would like a demo.');
      await visitor.page.getByRole('button', { name: 'Send message' }).click();
      await visitor.page.getByText('Thanks, your message is on its way').waitFor();
    } finally {
      await visitor.context.close();
    }

    const { page } = superTab;
    await page.goto('/dashboard/leads');
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(run);
    await page.getByText(subject).first().waitFor();
    await page.getByRole('button', { name: 'Open lead from Lena Lead' }).click();
    const dialog = page.getByRole('dialog', { name: subject });
    await dialog.getByText('We manage 40 units in Pune and would like a demo.').waitFor();
    await screenshot(page, 'teams-leads');
    expect(superTab.pageErrors).toEqual([]);
  });
});
