import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

/**
 * Invoices end to end on the demo data: the demo owner opens the five payment pages, creates and sends an invoice
 * to the demo tenant, the tenant pays it through the sandbox checkout, the owner sees it paid and records a payment
 * from the tracking grid, and the overview lists both payments; the payments ledger shows the tenant's payment and
 * its receipt downloads as a PDF, for the owner and for the tenant.
 */

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

describe('invoices', () => {
  let invoiceId = '';
  let invoiceNumber = '';

  it('the owner opens the payment pages with demo data', async () => {
    const { page, pageErrors, consoleErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, DEMO.owner);
    await page.goto('/dashboard/payments');
    await page.getByRole('heading', { name: 'Payments', exact: true }).waitFor();
    await page.getByTestId('recent-payments').waitFor();
    await screenshot(page, 'invoices-overview');
    await page.goto('/dashboard/payments/invoices');
    await page.getByTestId('invoice-row').first().waitFor();
    await screenshot(page, 'invoices-list');
    await page.getByRole('button', { name: 'Paid', exact: true }).click();
    await page.waitForURL(/status=paid/);
    await page.getByTestId('invoice-row').first().click();
    await page.getByTestId('invoice-detail').waitFor();
    await page.getByRole('button', { name: 'PDF preview' }).click();
    const framed = page.waitForResponse((r) => r.url().includes('/pdf/view?'));
    await page.locator('iframe[title="Invoice PDF"]').waitFor();
    const pdf = await framed;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await page.waitForTimeout(500);
    // The page's policy lets it frame its own PDF (a blob: or foreign frame would be refused).
    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to frame/i.test(e))).toEqual([]);
    await screenshot(page, 'invoices-detail-pdf');
    await page.goto('/dashboard/payments/invoice-templates');
    await page.getByTestId('template-preview').waitFor();
    await screenshot(page, 'invoices-templates');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the owner creates and sends an invoice to the demo tenant', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, DEMO.owner);
    await page.goto('/dashboard/payments/create-invoice');
    await page.getByLabel('Find a tenant').fill('Tara');
    const picker = page.getByTestId('tenant-picker');
    await expect
      .poll(async () =>
        (await picker.locator('option').allTextContents()).some((t) => t.includes('Tara Tenant')),
      )
      .toBe(true);
    const label = (await picker.locator('option').allTextContents()).find((t) => t.includes('Tara Tenant'))!;
    await picker.selectOption({ label });
    // The tenant's agreement fills the rent line.
    await expect
      .poll(async () =>
        page.getByTestId('line-item').first().locator('input[inputmode="decimal"]').last().inputValue(),
      )
      .not.toBe('');
    await page.getByRole('button', { name: 'Add line' }).click();
    const extra = page.getByTestId('line-item').last();
    await extra.getByLabel('Description').fill('Parking, e2e');
    await extra.getByLabel('Type').selectOption('other');
    await extra.locator('input[inputmode="decimal"]').last().fill('750');
    await expect.poll(async () => page.getByTestId('live-total').textContent()).not.toBe('₹0');
    await screenshot(page, 'invoices-create');
    await page.getByTestId('save-send').click();
    await page.waitForURL(/\/dashboard\/payments\/invoices\?invoice=/);
    invoiceId = new URL(page.url()).searchParams.get('invoice') ?? '';
    expect(invoiceId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByTestId('invoice-detail').waitFor();
    await page.getByTestId('invoice-detail').getByText('Sent').waitFor();
    invoiceNumber = ((await page.getByRole('dialog').getByRole('heading').first().textContent()) ?? '')
      .replace('Invoice ', '')
      .trim();
    expect(invoiceNumber).toMatch(/^INV\/\d{2}-\d{2}\/\d{5}$/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the tenant pays it from /tenant/payments through the sandbox checkout', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, DEMO.tenant);
    await page.goto('/tenant/payments');
    const card = page.getByTestId('my-invoices').getByRole('listitem').filter({ hasText: invoiceNumber });
    await card.waitFor();
    await card.getByRole('button', { name: /^Pay / }).click();
    await page.getByTestId('sandbox-checkout').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
    await card.getByText('Paid', { exact: true }).waitFor();
    await screenshot(page, 'invoices-tenant-payments');
    // A second verify of the same Checkout answer records nothing more (the API tests cover it in depth).
    const tenant = await login(baseUrl, DEMO.tenant.email, DEMO.tenant.password);
    const mine = await api<{ _id: string; amountPaid: number; total: number }[]>(
      baseUrl,
      'GET',
      '/invoices/mine',
      {
        token: tenant.token,
      },
    );
    const paid = mine.body.data?.find((i) => i._id === invoiceId);
    expect(paid?.amountPaid).toBe(paid?.total);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the owner sees it paid, records a payment from tracking, and the overview lists them', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, DEMO.owner);
    await page.goto(`/dashboard/payments/invoices?invoice=${invoiceId}`);
    await page.getByTestId('invoice-detail').waitFor();
    await expect.poll(async () => page.getByTestId('invoice-balance').textContent()).toBe('₹0');
    // Exactly one payment, the online one.
    await expect.poll(async () => page.getByTestId('invoice-detail').locator('ul li').count()).toBe(1);
    await page
      .getByTestId('invoice-detail')
      .getByText(/Online/)
      .waitFor();
    await page.goto('/dashboard/payments/payment-tracking');
    const row = page.getByRole('row', { name: /Tara Tenant/ });
    await row.waitFor();
    await screenshot(page, 'invoices-tracking-before');
    await row.getByRole('button', { name: 'Record payment' }).click();
    await page.getByTestId('record-payment-submit').click();
    await row.getByText('Paid', { exact: true }).waitFor();
    await screenshot(page, 'invoices-tracking');
    await page.goto('/dashboard/payments');
    await page.getByTestId('recent-payments').getByText('Tara Tenant').first().waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the ledger shows the payment, and its receipt downloads as a PDF (owner and tenant)', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl });
    await signIn(page, DEMO.owner);
    await page.goto(`/dashboard/payments?q=${invoiceNumber}`);
    const ledger = page.getByTestId('payments-ledger');
    await ledger.waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'payments-ledger-search');
    // The online payment and the one recorded from tracking, both against this invoice.
    await expect.poll(async () => ledger.getByTestId('ledger-row').count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'payments-ledger');
    await ledger.getByTestId('ledger-row').first().click();
    const detail = page.getByTestId('payment-detail');
    await detail.waitFor();
    await detail.getByText(`Invoice ${invoiceNumber}`).waitFor();
    await screenshot(page, 'payments-ledger-detail');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('dialog').getByRole('button', { name: 'Download receipt' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^RCT-\d{2}-\d{2}-\d{5}\.pdf$/);
    const bytes = await readDownload(download);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageErrors).toEqual([]);
    await context.close();

    const tenantPage = await newPage(browser, { baseUrl });
    await signIn(tenantPage.page, DEMO.tenant);
    await tenantPage.page.goto('/tenant/payments');
    const history = tenantPage.page.getByTestId('my-payments');
    await history.getByText(`Invoice ${invoiceNumber}`).first().waitFor();
    await screenshot(tenantPage.page, 'tenant-payment-history');
    const [mine] = await Promise.all([
      tenantPage.page.waitForEvent('download'),
      history.getByRole('button', { name: 'Download receipt' }).first().click(),
    ]);
    expect((await readDownload(mine)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(tenantPage.pageErrors).toEqual([]);
    await tenantPage.context.close();
  });
});

async function readDownload(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
