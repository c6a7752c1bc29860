import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login, must } from './support/api';
import { launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { waitForToken } from './support/outbox';

/**
 * Deposits and rent receipts end to end on the demo company: the owner settles the deposit of the moved-out demo
 * tenant (Kavya Menon) with a damage deduction, finalizes it and records the refund; Kavya sets a password from the
 * mailed link and downloads her settlement statement; the demo tenant downloads the year's HRA rent receipt, signed
 * in and from the tenant portal by code.
 */

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const KAVYA = { email: 'kavya.menon@tenants.rentora.test', password: 'Kavya-Password-123!' };
let browser: Browser;
let staff: { token: string; companyId: string };
let kavyaId = '';

async function pdfOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await login(baseUrl, DEMO.owner.email, DEMO.owner.password);
  const companies = await must<{ _id: string; name: string }[]>(
    api(baseUrl, 'GET', '/companies', { token: owner.token }),
    'companies',
  );
  staff = { token: owner.token, companyId: companies.find((c) => c.name === 'Sunrise Estates')!._id };
  const tenants = await must<{ _id: string; status: string }[]>(
    api(baseUrl, 'GET', '/tenants?search=Kavya', staff),
    'tenants',
  );
  kavyaId = tenants.find((t) => t.status === 'moved_out')!._id;
});

afterAll(async () => {
  await browser?.close();
});

describe('Deposit settlement and HRA receipts', () => {
  it("the owner settles the moved-out tenant's deposit with a damage deduction and records the refund", async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, DEMO.owner);
    await page.goto(`/dashboard/tenants/${kavyaId}`);
    await page.getByRole('tab', { name: /Deposit/ }).click();
    await page.getByRole('button', { name: 'Settle deposit' }).click();

    const form = page.getByRole('form', { name: 'Settle deposit' });
    await form.getByRole('button', { name: 'Add deduction' }).click();
    await form.getByLabel('Reason').selectOption('damage');
    await form.getByLabel('Description').fill('Broken wardrobe door');
    await form.getByLabel('Amount').fill('2000');
    await expect.poll(async () => form.getByTestId('settlement-deductions').textContent()).toBe('₹2,000');
    await form.getByLabel(/Deduct the tenant's open invoices/).uncheck();
    await screenshot(page, 'deposits-settlement-draft');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Settlement saved').first().waitFor();

    await page.getByText('Broken wardrobe door').waitFor();
    await page.getByRole('button', { name: 'Finalize', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Finalize' }).click();
    await page.getByText('Settlement finalized').first().waitFor();

    const refund = page.getByRole('form', { name: 'Record refund' });
    await refund.getByLabel('Refund method').selectOption('bank_transfer');
    await refund.getByLabel('Reference').fill('NEFT-E2E-0001');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await page
      .getByRole('status')
      .getByText(/NEFT-E2E-0001/)
      .waitFor();
    await screenshot(page, 'deposits-settlement-refunded');

    const statement = await pdfOf(page, () =>
      page.getByRole('button', { name: 'Download statement' }).click(),
    );
    expect(statement.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it('the moved-out tenant sets a password and downloads the settlement statement', async () => {
    const forgot = await api(baseUrl, 'POST', '/auth/forgot-password', { body: { email: KAVYA.email } });
    expect(forgot.status).toBe(200);
    const token = await waitForToken(dataDir, KAVYA.email, '/auth/reset-password');
    const reset = await api(baseUrl, 'PUT', `/auth/reset-password/${token}`, {
      body: { password: KAVYA.password },
    });
    expect(reset.status).toBe(200);

    const kavya = await login(baseUrl, KAVYA.email, KAVYA.password);
    const mine = await must<{ settlement: { tenantId: string; status: string; refundStatus: string } }[]>(
      api(baseUrl, 'GET', '/deposits/mine', { token: kavya.token }),
      'my deposits',
    );
    const settled = mine.find((m) => m.settlement.tenantId === kavyaId);
    expect(settled?.settlement).toMatchObject({ status: 'finalized', refundStatus: 'refunded' });

    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, KAVYA);
    await page.goto('/tenant/payments');
    const section = page.getByRole('region', { name: 'Security deposit' });
    await section.getByText(/Refund paid/).waitFor();
    await screenshot(page, 'deposits-tenant-statement');
    const statement = await pdfOf(page, () =>
      section.getByRole('button', { name: 'Statement' }).first().click(),
    );
    expect(statement.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it("the demo tenant downloads the year's HRA rent receipt", async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, DEMO.tenant);
    await page.goto('/tenant');
    await page.getByTestId('my-unit-link').first().click();
    await page.getByRole('heading', { name: 'Rent receipts (HRA)' }).waitFor();
    const download = page.getByRole('button', { name: 'Download PDF' });
    await expect.poll(async () => download.isEnabled(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'hra-rent-receipts');
    const receipt = await pdfOf(page, () => download.click());
    expect(receipt.name).toMatch(/^rent-statement-\d{4}-\d{2}\.pdf$/);
    expect(receipt.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it('the demo tenant downloads the HRA receipt from the tenant portal by code, without signing in', async () => {
    const tenants = await must<{ _id: string; status: string }[]>(
      api(baseUrl, 'GET', '/tenants?search=Tara', staff),
      'tenants',
    );
    const tara = tenants.find((t) => t.status === 'active' || t.status === 'notice_given')!;
    const { portalUrl } = await must<{ portalUrl: string }>(
      api(baseUrl, 'GET', `/tenant-codes/${tara._id}`, staff),
      'tenant code',
    );
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    const url = new URL(portalUrl);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole('heading', { name: 'Rent receipts (HRA)' }).waitFor();
    const download = page.getByRole('button', { name: 'Download PDF' });
    await expect.poll(async () => download.isEnabled(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'hra-tenant-portal');
    const receipt = await pdfOf(page, () => download.click());
    expect(receipt.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);
});
