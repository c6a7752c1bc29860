import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, login, registerUser } from './support/api';
import { launchBrowser, newPage, screenshot, type TrackedPage } from './support/browser';

const baseUrl = inject('baseUrl');

/**
 * Two-factor sign-in, end to end: the owner requires it for managers on the company page; the manager is taken to
 * the set-up at sign-in, turns it on with a code from the secret (computed here, as an authenticator app would),
 * then signs in again through the code step and reaches the dashboard.
 */

const run = randomUUID().slice(0, 8);
const owner = {
  email: `owner-2fa-${run}@example.test`,
  password: 'Password123!',
  firstName: 'Olga',
  lastName: 'Owner',
};

/** The app's code for `secret`, `stepsAhead` 30-second steps from now (a code is accepted once). */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const pathOf = (page: Page) => () => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('two-factor sign-in', () => {
  let browser: Browser;
  let ownerTab: TrackedPage;
  let managerTab: TrackedPage;
  let manager: { email: string; password: string };
  let secret = '';

  beforeAll(async () => {
    const registered = await api<{ company: { _id: string } }>(baseUrl, 'POST', '/auth/register-company', {
      body: { company: { name: `Two-factor E2E ${run}` }, owner },
    });
    expect(registered.status).toBe(201);
    const companyId = registered.body.data!.company._id;
    const person = await registerUser(baseUrl, { firstName: 'Mona', lastName: 'Manager' });
    manager = { email: person.email, password: person.password };
    const session = await login(baseUrl, owner.email, owner.password);
    const added = await api(baseUrl, 'POST', `/companies/${companyId}/users`, {
      token: session.token,
      companyId,
      body: { email: manager.email, role: 'manager' },
    });
    expect(added.status).toBe(201);
    browser = await launchBrowser();
    ownerTab = await newPage(browser, { baseUrl });
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const [name, tab] of Object.entries({ owner: ownerTab, manager: managerTab })) {
      if (tab) await screenshot(tab.page, `two-factor-failure-${name}`).catch(() => undefined);
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the owner requires two-factor sign-in for managers', async () => {
    const { page } = ownerTab;
    await passwordStep(page, owner.email, owner.password);
    await expect.poll(pathOf(page), { timeout: 15_000 }).toBe('/dashboard');
    await page.goto('/dashboard/companies');
    const settings = page.getByRole('form', { name: 'Company security settings' });
    await settings.getByLabel('Manager', { exact: true }).check();
    await settings.getByRole('button', { name: 'Save security settings' }).click();
    await page.getByText('Security settings saved', { exact: true }).waitFor();
    await screenshot(page, 'two-factor-company-security');
  });

  it('takes the manager to the set-up, which turns on with a code from the secret', async () => {
    managerTab = await newPage(browser, { baseUrl });
    const { page } = managerTab;
    await passwordStep(page, manager.email, manager.password);
    await expect.poll(pathOf(page), { timeout: 20_000 }).toBe('/dashboard/profile?setup=2fa');
    await page
      .getByText('Your company requires two-factor sign-in for your role.', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByAltText('QR code to add Rentora to your authenticator app').waitFor();
    secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await screenshot(page, 'two-factor-setup');
    await page.getByLabel('6-digit code from the app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('region', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await screenshot(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).waitFor();
    expect(managerTab.pageErrors).toEqual([]);
  });

  it('signs the manager in with a code at the next sign-in', async () => {
    const fresh = await newPage(browser, { baseUrl });
    managerTab = fresh;
    const { page } = fresh;
    await passwordStep(page, manager.email, manager.password);
    await expect.poll(pathOf(page), { timeout: 15_000 }).toBe('/auth/login/2fa');
    await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await page.getByLabel('Remember this device for 30 days').check();
    await screenshot(page, 'two-factor-code-step');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(pathOf(page), { timeout: 15_000 }).toBe('/dashboard');
    const cookies = await fresh.context.cookies();
    expect(cookies.some((cookie) => cookie.name.startsWith('rentora_mfa_device_') && cookie.httpOnly)).toBe(
      true,
    );
    expect(fresh.pageErrors).toEqual([]);
  });
});
