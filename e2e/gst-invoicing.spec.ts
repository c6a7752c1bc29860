import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

/**
 * GST invoicing end to end on the demo company: the owner registers its GSTIN in the tax settings, bills a
 * registered tenant of an office in Karnataka (a tax invoice with CGST + SGST), credits half of it from the invoice
 * dialog, opens the credit note and downloads the month's GSTR-1 as CSV. The demo company's tax settings are put
 * back as they were at the end.
 */

const baseUrl = inject('baseUrl');
const COMPANY_GSTIN = '29AAACS1234F1ZO';
const TENANT_GSTIN = '29AAGCB7383J1Z4';
const RENT = 10_000_000; // ₹1,00,000 a month
/** This month in India's time zone (UTC+05:30), as the GSTR-1 period. */
const businessMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
let browser: Browser;
let staff: { token: string; companyId: string };
let savedSettings: Record<string, unknown> = {};
let tenantName = '';

async function must<T>(promise: Promise<{ status: number; body: { data?: T } }>, what: string): Promise<T> {
  const result = await promise;
  if (result.status >= 300 || result.body.data === undefined) {
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

async function signIn(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO.owner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await login(baseUrl, DEMO.owner.email, DEMO.owner.password);
  const companies = await must<{ _id: string; name: string }[]>(
    api(baseUrl, 'GET', '/companies', { token: owner.token }),
    'companies',
  );
  staff = { token: owner.token, companyId: companies.find((c) => c.name === 'Sunrise Estates')!._id };
  const settings = await must<Record<string, unknown>>(
    api(baseUrl, 'GET', '/tax-settings', staff),
    'settings',
  );
  const { gstin, legalName, address, rate, invoicePrefix, creditNotePrefix, receiptPrefix } = settings;
  savedSettings = { gstin, legalName, address, rate, invoicePrefix, creditNotePrefix, receiptPrefix };
  // Unregistered at the start: the owner types the GSTIN in.
  await must(
    api(baseUrl, 'PUT', '/tax-settings', { ...staff, body: { ...savedSettings, gstin: null } }),
    'unregister',
  );

  // An office in Karnataka let to a GST-registered business.
  const suffix = randomUUID().slice(0, 5);
  const property = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/properties', {
      ...staff,
      body: {
        name: `GST Towers ${suffix}`,
        propertyType: 'commercial',
        address: { line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
      },
    }),
    'property',
  );
  const unit = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/rental-units', {
      ...staff,
      body: { propertyId: property._id, unitNumber: 'O-1', unitType: 'office', pricing: { rent: RENT } },
    }),
    'unit',
  );
  tenantName = `Gstco ${suffix}`;
  const tenant = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/tenants', {
      ...staff,
      body: {
        rentalUnitId: unit._id,
        userId: { email: `gst-tenant-${suffix}@example.test`, firstName: 'Gstco', lastName: suffix },
        occupancyDetails: { moveInDate: '2026-01-01' },
        agreementDetails: {
          rentAmount: RENT,
          rentDueDate: 5,
          leaseStartDate: '2026-01-01',
          leaseEndDate: '2028-12-31',
        },
      },
    }),
    'tenant',
  );
  await must(
    api(baseUrl, 'PUT', `/tenants/${tenant._id}`, {
      ...staff,
      body: {
        gstin: TENANT_GSTIN,
        legalName: `Gstco Services ${suffix} Pvt Ltd`,
        billingAddress: '1 Residency Road, Bengaluru',
      },
    }),
    'tenant billing',
  );
});

afterAll(async () => {
  if (staff) await api(baseUrl, 'PUT', '/tax-settings', { ...staff, body: savedSettings });
  await browser?.close();
});

describe('GST invoicing', () => {
  it('the owner registers the GSTIN, issues a commercial tax invoice and credits half of it', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page);

    await page.goto('/dashboard/companies/tax-settings');
    const gstin = page.getByLabel('GSTIN');
    await gstin.fill('29AAACS1234F1ZX');
    await page.getByText('The GSTIN check character does not match').waitFor();
    await gstin.fill(COMPANY_GSTIN);
    await page.getByTestId('gstin-state').getByText('Karnataka').waitFor();
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await page.getByText('Tax settings saved').first().waitFor();
    await screenshot(page, 'gst-tax-settings');

    await page.goto('/dashboard/payments/create-invoice');
    await page.getByLabel('Find a tenant').fill(tenantName);
    const picker = page.getByTestId('tenant-picker');
    await expect
      .poll(async () =>
        (await picker.locator('option').allTextContents()).some((t) => t.includes(tenantName)),
      )
      .toBe(true);
    const label = (await picker.locator('option').allTextContents()).find((t) => t.includes(tenantName))!;
    await picker.selectOption({ label });
    // Rent from the agreement, CGST + SGST at 9 % each in the preview.
    await expect.poll(async () => page.getByTestId('live-total').textContent()).toBe('₹1,18,000');
    await page.getByTestId('preview-cgst').getByText('₹9,000').waitFor();
    await page.getByTestId('save-send').click();
    await page.waitForURL(/\/dashboard\/payments\/invoices\?invoice=/);
    const detail = page.getByTestId('invoice-detail');
    await detail.getByTestId('document-type').getByText('Tax invoice').waitFor();
    await detail.getByText(TENANT_GSTIN).waitFor();
    await detail.getByTestId('place-of-supply').getByText('29-Karnataka').waitFor();
    await expect.poll(async () => detail.getByTestId('invoice-total').textContent()).toBe('₹1,18,000');

    await page.getByTestId('issue-credit-note').click();
    const credit = page.getByRole('form', { name: 'Issue credit note' });
    await credit.getByLabel('Reason').fill('Half the month: office closed for repairs');
    await credit.getByTestId('credit-lines-mode').check();
    await credit.getByLabel('Description').fill('Rent reduction');
    await credit.locator('input[inputmode="decimal"]').fill('50000');
    await expect.poll(async () => credit.getByTestId('credit-preview-total').textContent()).toBe('₹59,000');
    await page.getByTestId('issue-credit-note-submit').click();
    await expect.poll(async () => detail.getByTestId('invoice-credited').textContent()).toBe('-₹59,000');
    await expect.poll(async () => detail.getByTestId('invoice-balance').textContent()).toBe('₹59,000');
    await screenshot(page, 'gst-invoice-detail');

    await page.goto('/dashboard/payments/credit-notes');
    await page.getByTestId('credit-note-row').first().click();
    await page.getByTestId('credit-note-detail').waitFor();
    await expect.poll(async () => page.getByTestId('credit-note-total').textContent()).toBe('₹59,000');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('credit-note-pdf').click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^CN-\d{2}-\d{2}-\d{5}\.pdf$/);
    await screenshot(page, 'gst-credit-note');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the owner downloads the month's GSTR-1 as CSV", async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page);
    await page.goto(`/dashboard/payments/gst-returns?period=${businessMonth()}`);
    await page.getByTestId('gstr1').getByText(TENANT_GSTIN).first().waitFor();
    await screenshot(page, 'gst-returns');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('gstr1-csv').click(),
    ]);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.split(/\r?\n/)[0]).toMatch(/b2b|GSTIN\/UIN of Recipient/i);
    expect(text).toContain(TENANT_GSTIN);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
