import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

/**
 * Pay links end to end: the demo owner bills a new tenant of the demo company and takes the invoice's pay link
 * (POST /invoices/{id}/pay-link); the tenant opens `/pay/{token}` on a phone-sized window, pays in the sandbox
 * without an account, sees the receipt (its PDF downloads through the signed link), and the link then says paid.
 * The tenant portal by code lists a second invoice with the same Pay button, and pays it.
 */

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const RENT = 2_500_000; // ₹25,000
let browser: Browser;
let staff: { token: string; companyId: string };
let tenantId = '';

async function must<T>(promise: Promise<{ status: number; body: { data?: T } }>, what: string): Promise<T> {
  const result = await promise;
  if (result.status >= 300 || result.body.data === undefined) {
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

async function issuedInvoice(description: string) {
  return must<{ _id: string; number: string; total: number }>(
    api(baseUrl, 'POST', '/invoices', {
      ...staff,
      body: {
        tenantId,
        issueDate: new Date().toISOString().slice(0, 10),
        dueDate: '2099-01-10',
        lineItems: [{ description, quantity: 1, unitPrice: RENT, kind: 'rent' }],
        send: true,
      },
    }),
    'invoice',
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await login(baseUrl, DEMO.owner.email, DEMO.owner.password);
  const companies = await must<{ _id: string; name: string }[]>(
    api(baseUrl, 'GET', '/companies', { token: owner.token }),
    'companies',
  );
  staff = { token: owner.token, companyId: companies.find((c) => c.name === 'Sunrise Estates')!._id };
  const suffix = randomUUID().slice(0, 5);
  const property = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/properties', {
      ...staff,
      body: {
        name: `Pay Link House ${suffix}`,
        propertyType: 'apartment_building',
        address: { line1: '8 Lake Road', city: 'Chennai', state: 'Tamil Nadu', postalCode: '600001' },
      },
    }),
    'property',
  );
  const unit = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/rental-units', {
      ...staff,
      body: {
        propertyId: property._id,
        unitNumber: 'P-1',
        unitType: '1bhk',
        bedrooms: 1,
        pricing: { rent: RENT },
      },
    }),
    'unit',
  );
  const tenant = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/tenants', {
      ...staff,
      body: {
        rentalUnitId: unit._id,
        userId: { email: `pay-link-${suffix}@example.test`, firstName: 'Priya', lastName: `Payer ${suffix}` },
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
  tenantId = tenant._id;
});

afterAll(async () => {
  await browser?.close();
});

describe('collections: paying by link', () => {
  it('a tenant opens the pay link on a phone, pays in the sandbox, gets the receipt, and the link then says paid', async () => {
    const invoice = await issuedInvoice('Rent, pay link e2e');
    const link = await must<{ token: string; url: string }>(
      api(baseUrl, 'POST', `/invoices/${invoice._id}/pay-link`, staff),
      'pay link',
    );
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.url.endsWith(`/pay/${link.token}`)).toBe(true);

    const { page, pageErrors, context } = await newPage(browser, { baseUrl, viewport: PHONE });
    await page.goto(`/pay/${link.token}`);
    await page.getByRole('heading', { name: /Hello Priya/ }).waitFor();
    await page.getByText('Sunrise Estates').first().waitFor();
    await page.getByText('Rent, pay link e2e').waitFor();
    expect(await page.getByTestId('pay-link-balance').textContent()).toBe('₹25,000');
    // Nothing of the gateway is loaded before Pay is pressed.
    expect(await page.locator('[data-testid="sandbox-checkout"]').count()).toBe(0);
    await screenshot(page, 'pay-link-open');

    await page.getByTestId('pay-link-pay').click();
    await page.getByTestId('sandbox-checkout').waitFor();
    await screenshot(page, 'pay-link-checkout');
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
    await page.getByTestId('pay-link-paid').waitFor();
    const receipts = page.getByTestId('pay-link-receipts');
    await receipts.getByText('₹25,000').waitFor();
    await screenshot(page, 'pay-link-paid');

    const href = await receipts.getByRole('link', { name: /Download receipt/ }).getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The link, opened again, says paid and offers no Pay button.
    await page.reload();
    await page.getByTestId('pay-link-paid').waitFor();
    expect(await page.getByTestId('pay-link-pay').count()).toBe(0);
    const order = await api(baseUrl, 'POST', `/public/pay/${link.token}/order`);
    expect(order.status).toBe(410);

    const detail = await must<{ status: string; balance: number; payments: unknown[] }>(
      api(baseUrl, 'GET', `/invoices/${invoice._id}`, staff),
      'invoice detail',
    );
    expect(detail).toMatchObject({ status: 'paid', balance: 0 });
    expect(detail.payments).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('an unknown link says so', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl, viewport: PHONE });
    await page.goto('/pay/AAAAAAAAAAAAAAAAAAAAAA');
    await page.getByTestId('pay-link-dead').getByText('Pay link not found').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the tenant portal by code lists the open invoice with the same Pay button', async () => {
    const invoice = await issuedInvoice('Rent, portal e2e');
    const code = await must<{ tenantCode: string }>(
      api(baseUrl, 'POST', `/tenant-codes/${tenantId}/generate`, staff),
      'tenant code',
    );
    const { page, pageErrors, context } = await newPage(browser, { baseUrl, viewport: PHONE });
    await page.goto(`/tenant-portal/${code.tenantCode}?companyId=${staff.companyId}`);
    const card = page.getByTestId('portal-invoices');
    const row = card.getByRole('listitem').filter({ hasText: invoice.number });
    await row.waitFor();
    await screenshot(page, 'pay-link-portal');
    await row.getByTestId('pay-link-pay').click();
    await page.getByTestId('sandbox-checkout').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Payment received').first().waitFor();
    await expect
      .poll(async () => card.getByRole('listitem').filter({ hasText: invoice.number }).count(), {
        timeout: 30_000,
      })
      .toBe(0);
    await page.getByTestId('pay-link-receipts').getByText(invoice.number).first().waitFor();
    await screenshot(page, 'pay-link-portal-paid');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
