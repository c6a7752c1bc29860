import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { waitForToken } from './support/outbox';

/**
 * Tenants end to end: an owner adds a tenant with a document through the wizard, the tenant sets a password,
 * signs in and sees the unit; the owner gives out a portal code, which opens the tenant portal without a login;
 * the owner moves the tenant out and the code stops working. Also: sign out from a dashboard page lands on /.
 */

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

const suffix = randomUUID().slice(0, 6);
const owner = {
  email: `e2e-tenants-${suffix}@example.test`,
  password: 'Password123!',
  firstName: 'Olu',
  lastName: 'Owner',
};
const tenant = {
  email: `e2e-renter-${suffix}@example.test`,
  firstName: 'Rhea',
  lastName: 'Renter',
  password: 'Tenant123!pass',
};
let ownerToken = '';
let companyId = '';
let unitNumber = '';

/** A one-page PDF: documents are checked by their first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await api<{ token: string; company: { _id: string } }>(
    baseUrl,
    'POST',
    '/auth/register-company',
    {
      body: { company: { name: `Renters Co ${suffix}` }, owner },
    },
  );
  expect(registered.status).toBe(201);
  ownerToken = registered.body.data?.token ?? '';
  companyId = registered.body.data?.company._id ?? '';
  const auth = { token: ownerToken, companyId };
  const property = await api<{ _id: string }>(baseUrl, 'POST', '/properties', {
    ...auth,
    body: {
      name: `Tenant Court ${suffix}`,
      propertyType: 'apartment_building',
      address: { line1: '1 Lake Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
    },
  });
  expect(property.status).toBe(201);
  unitNumber = `T-${suffix.slice(0, 3).toUpperCase()}`;
  const unit = await api(baseUrl, 'POST', '/rental-units', {
    ...auth,
    body: {
      propertyId: property.body.data!._id,
      unitNumber,
      unitType: '1bhk',
      bedrooms: 1,
      pricing: { rent: 1_800_000 },
    },
  });
  expect(unit.status).toBe(201);
}, 60_000);

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

describe('tenants', () => {
  let tenantPath = '';
  let code = '';

  it('the owner adds a tenant with a document through the wizard', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, owner);
    await page.goto('/dashboard/tenants');
    await page.getByText('No tenants yet').waitFor();
    await page.getByTestId('add-tenant').click();
    await page.waitForURL('**/dashboard/tenants/new');
    await page.getByLabel('Rental unit').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Email').fill(tenant.email);
    await page.getByLabel('First name').fill(tenant.firstName);
    await page.getByLabel('Last name').fill(tenant.lastName);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Rent due day (1–28)').fill('5');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Document type').selectOption('aadhaar');
    await page
      .getByTestId('tenant-document-input')
      .setInputFiles({ name: 'aadhaar.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('aadhaar.pdf').waitFor();
    await screenshot(page, 'tenants-wizard-documents');
    await page.getByRole('button', { name: 'Add tenant' }).click();
    await page.waitForURL(/\/dashboard\/tenants\/[0-9a-f-]{36}$/);
    tenantPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: `${tenant.firstName} ${tenant.lastName}` }).waitFor();
    await page.getByRole('tab', { name: /Documents/ }).click();
    await page.getByRole('link', { name: 'Aadhaar' }).waitFor();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Generate code' }).click();
    code = (await page.getByTestId('tenant-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    await screenshot(page, 'tenants-detail');
    await page.goto('/dashboard/tenants');
    await page
      .getByRole('link', { name: new RegExp(tenant.firstName) })
      .first()
      .waitFor();
    await screenshot(page, 'tenants-list');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it('the tenant sets a password, signs in and sees the unit', async () => {
    const token = await waitForToken(dataDir, tenant.email, '/auth/reset-password');
    const reset = await api(baseUrl, 'PUT', `/auth/reset-password/${token}`, {
      body: { password: tenant.password },
    });
    expect(reset.status).toBe(200);
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, tenant);
    await page.goto('/tenant');
    const unitLink = page.getByTestId('my-unit-link');
    await unitLink.waitFor();
    expect(await unitLink.textContent()).toContain(unitNumber);
    await screenshot(page, 'tenants-tenant-dashboard');
    await unitLink.click();
    await page.getByRole('heading', { name: new RegExp(`Unit ${unitNumber}`) }).waitFor();
    await page.getByRole('link', { name: 'Aadhaar' }).waitFor();
    await screenshot(page, 'tenants-tenant-unit');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 60_000);

  it('opens the tenant portal by code without a login; a wrong code says "Invalid tenant code"', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await page.goto(`/tenant-portal/${code}?companyId=${companyId}`);
    await page.getByRole('heading', { name: `Hello ${tenant.firstName}` }).waitFor();
    await page.getByText(`Unit ${unitNumber}`, { exact: false }).first().waitFor();
    await screenshot(page, 'tenants-portal');
    await page.goto('/tenant-portal/WRONGCODE2');
    await page.getByLabel('Tenant code').waitFor();
    await page.getByRole('button', { name: 'Open my portal' }).click();
    await page.getByText('Invalid tenant code').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 60_000);

  it('staff move the tenant out; the unit is free again and the code stops working', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, owner);
    await page.goto(tenantPath);
    await page.getByRole('button', { name: 'Move out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move out' }).click();
    await page.getByText('Moved out', { exact: true }).first().waitFor();
    await page.getByRole('tab', { name: /History/ }).click();
    await page.getByText('Active → Moved out').waitFor();
    await screenshot(page, 'tenants-moved-out');
    const portal = await api(baseUrl, 'POST', '/tenant-codes/validate', {
      body: { tenantCode: code, companyId },
    });
    expect(portal.status).toBe(404);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 60_000);

  it('sign out from a dashboard page goes to / (not /auth/login)', async () => {
    const { page, context } = await newPage(browser, { baseUrl });
    await signIn(page, owner);
    await page.goto('/dashboard/properties');
    await page.getByRole('heading', { name: 'Properties' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  }, 60_000);
});
