import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login } from './support/api';
import { launchBrowser, newPage, screenshot, type TrackedPage } from './support/browser';

const baseUrl = inject('baseUrl');

/** The owner sees a permission change in /dashboard/audit-log; a manager is refused the page. */
describe('audit log page', () => {
  let browser: Browser;
  let tab: TrackedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    tab = await newPage(browser, { baseUrl });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the change with its details, for the owner only', async () => {
    const owner = await login(baseUrl, DEMO.owner.email, DEMO.owner.password);
    const context = await api<{ companies: { _id: string; name: string }[] }>(
      baseUrl,
      'GET',
      '/auth/permission-context',
      {
        token: owner.token,
      },
    );
    expect(context.status).toBe(200);
    const companyId = (
      await api<{ _id: string; name: string }[]>(baseUrl, 'GET', '/companies', { token: owner.token })
    ).body.data!.find((company) => company.name === 'Sunrise Estates')!._id;
    const members = await api<{ _id: string; role: string; user: { email: string } }[]>(
      baseUrl,
      'GET',
      `/companies/${companyId}/users`,
      { token: owner.token, companyId },
    );
    const support = members.body.data!.find((member) => member.role === 'customer_support')!;
    const changed = await api(baseUrl, 'PUT', `/company-users/${support._id}/role`, {
      token: owner.token,
      companyId,
      body: { role: 'sales_agent' },
    });
    expect(changed.status).toBe(200);

    const { page } = tab;
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(DEMO.owner.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/dashboard');
    await page.goto('/dashboard/audit-log');
    await page.getByText('company_user.changed').first().waitFor();
    await page.getByRole('button', { name: 'Details' }).first().click();
    await page.getByRole('dialog').getByText('"sales_agent"').waitFor();
    await screenshot(page, 'audit-log-owner');
    await page.keyboard.press('Escape');

    const manager = await newPage(browser, { baseUrl });
    await manager.page.goto('/auth/login');
    await manager.page.getByLabel('Email').fill(DEMO.manager.email);
    await manager.page.getByLabel('Password', { exact: true }).fill(DEMO.manager.password);
    await manager.page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(manager.page.url()).pathname, { timeout: 15_000 }).toBe('/dashboard');
    await manager.page.goto('/dashboard/audit-log');
    await manager.page.getByText('You do not have access to Audit Log.').waitFor();
    expect(tab.pageErrors).toEqual([]);
  });
});
