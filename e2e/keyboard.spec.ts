import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

/**
 * Issue 28: the main flows with the keyboard only (Tab, Shift+Tab, Enter, Space, arrow keys; no mouse click):
 * sign in, add a tenant, record a payment, create a maintenance request. Every control reached shows a visible focus
 * indicator. A company of its own (the demo companies stay as seeded).
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
const suffix = randomUUID().slice(0, 6);
const owner = {
  email: `e2e-keys-${suffix}@example.test`,
  password: 'Password123!',
  firstName: 'Kiran',
  lastName: 'Keys',
};
let auth = { token: '', companyId: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await api<{ token: string; company: { _id: string } }>(
    baseUrl,
    'POST',
    '/auth/register-company',
    { body: { company: { name: `Keyboard Co ${suffix}` }, owner } },
  );
  expect(registered.status).toBe(201);
  auth = { token: registered.body.data!.token, companyId: registered.body.data!.company._id };
  // Invoices come with the Professional plan: the super admin moves the new company onto it.
  const admin = await login(baseUrl, DEMO.superAdmin.email, DEMO.superAdmin.password);
  const plans = await api<{ _id: string; slug: string }[]>(baseUrl, 'GET', '/plans', { token: admin.token });
  const professional = plans.body.data?.find((plan) => plan.slug === 'professional');
  const moved = await api(
    baseUrl,
    'POST',
    `/superadmin/companies/${auth.companyId}/subscription/force-update`,
    {
      token: admin.token,
      body: { subscriptionId: professional?._id, updateCycle: true },
    },
  );
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const property = await api<{ _id: string }>(baseUrl, 'POST', '/properties', {
    ...auth,
    body: {
      name: `Keys Court ${suffix}`,
      propertyType: 'apartment_building',
      address: { line1: '1 Lake Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
    },
  });
  expect(property.status).toBe(201);
  const unit = await api(baseUrl, 'POST', '/rental-units', {
    ...auth,
    body: {
      propertyId: property.body.data!._id,
      unitNumber: `K-${suffix.slice(0, 3).toUpperCase()}`,
      unitType: '1bhk',
      bedrooms: 1,
      pricing: { rent: 1_500_000 },
    },
  });
  expect(unit.status).toBe(201);
  const types = await api(baseUrl, 'POST', '/maintenance/types/create-defaults', {
    ...auth,
    body: { companyId: auth.companyId },
  });
  expect(types.status, JSON.stringify(types.body)).toBeLessThan(300);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

/** The accessible name of the focused element, roughly as a screen reader says it (aria-label, label, text). */
function focusedName(page: Page): Promise<{ name: string; ringVisible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: '', ringVisible: false };
    const labelledBy = element.getAttribute('aria-labelledby');
    const byId = labelledBy
      ? labelledBy
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
    const field = /^(INPUT|SELECT|TEXTAREA)$/.test(element.tagName);
    const name = [
      element.getAttribute('aria-label'),
      byId,
      labels.map((label) => label.textContent).join(' '),
      field ? '' : element.textContent,
    ]
      .filter(Boolean)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const style = getComputedStyle(element);
    const ringVisible =
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== 'none' && style.boxShadow !== '');
    return { name, ringVisible };
  });
}

/**
 * Opens a page as a keyboard user does: after a full load the workspace restores the session first ("Loading your
 * workspace…"), and Tab presses before the page is there only cycle the document body.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches; asserts its focus ring is visible. */
async function tabTo(
  page: Page,
  name: RegExp,
  options: { back?: boolean; max?: number } = {},
): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < (options.max ?? 80); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const focused = await focusedName(page);
    seen.push(focused.name);
    if (name.test(focused.name)) {
      expect(focused.ringVisible, `focus ring on "${focused.name}"`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${name}; focus went through: ${seen.slice(-25).join(' | ')}`);
}

async function type(page: Page, name: RegExp, text: string): Promise<void> {
  await tabTo(page, name);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** A native select: the arrow key picks the next option (the first real one after the placeholder). */
async function choose(page: Page, name: RegExp, presses = 1): Promise<void> {
  await tabTo(page, name);
  // Options that come from the API may still be loading: wait for a real one after the placeholder.
  await page.waitForFunction((count) => {
    const select = document.activeElement;
    return select instanceof HTMLSelectElement && select.options.length > count;
  }, presses);
  for (let i = 0; i < presses; i++) await page.keyboard.press('ArrowDown');
  await expect
    .poll(() => page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.value ?? ''))
    .not.toBe('');
}

describe('keyboard only', () => {
  let tenantId = '';

  it('signs in and adds a tenant', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await page.goto('/auth/login');
    await type(page, /^Email/, owner.email);
    await type(page, /^Password/, owner.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));

    await open(page, '/dashboard/tenants');
    await tabTo(page, /^Add tenant$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/tenants/new');
    await choose(page, /Rental unit/);
    await tabTo(page, /^Next$/);
    await page.keyboard.press('Enter');
    await type(page, /^Email/, `e2e-keys-tenant-${suffix}@example.test`);
    await type(page, /^First name/, 'Tanvi');
    await type(page, /^Last name/, 'Tabkey');
    await tabTo(page, /^Next$/);
    await page.keyboard.press('Enter');
    await type(page, /Rent due day/, '5');
    await tabTo(page, /^Next$/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^Add tenant$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/tenants\/[0-9a-f-]{36}$/);
    tenantId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('heading', { name: 'Tanvi Tabkey' }).waitFor();
    await screenshot(page, 'keyboard-tenant-added');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);

  it('records a payment against an invoice', async () => {
    expect(tenantId).not.toBe('');
    const invoice = await api<{ _id: string }>(baseUrl, 'POST', '/invoices', {
      ...auth,
      body: {
        tenantId,
        issueDate: '2026-04-01',
        dueDate: '2099-04-05',
        lineItems: [{ description: 'Rent', quantity: 1, unitPrice: 1_500_000, kind: 'rent' }],
        send: true,
      },
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await page.goto('/auth/login');
    await type(page, /^Email/, owner.email);
    await type(page, /^Password/, owner.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await open(page, `/dashboard/payments/invoices?invoice=${invoice.body.data!._id}`);
    await page.getByTestId('invoice-detail').waitFor();
    await tabTo(page, /^Record payment$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Record payment' }).waitFor();
    // The amount starts at the balance; the method is chosen with the arrow keys.
    await choose(page, /^Method/);
    await tabTo(page, /^Record ₹/);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => page.getByTestId('invoice-balance').textContent(), { timeout: 20_000 })
      .toBe('₹0');
    await screenshot(page, 'keyboard-payment-recorded');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);

  it('creates a maintenance request', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await page.goto('/auth/login');
    await type(page, /^Email/, owner.email);
    await type(page, /^Password/, owner.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await open(page, '/dashboard/maintenance/requests');
    await tabTo(page, /^New request$/);
    await page.keyboard.press('Space');
    await page.getByRole('dialog', { name: /New (maintenance )?request/i }).waitFor();
    await type(page, /^Title/, `Leaking tap ${suffix}`);
    await choose(page, /^Type/);
    await choose(page, /^Property/);
    await tabTo(page, /^Create request$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /New (maintenance )?request/i }).waitFor({ state: 'detached' });
    await page.getByText(`Leaking tap ${suffix}`).first().waitFor();
    await screenshot(page, 'keyboard-maintenance-request');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
