import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login, registerUser } from './support/api';
import { launchBrowser, newPage, screenshot, type TrackedPage } from './support/browser';

const baseUrl = inject('baseUrl');

interface Summary {
  _id: string;
  name: string;
  company: { name: string };
  availableUnits: number;
}

async function signIn(tab: TrackedPage, email: string, password: string) {
  const { page } = tab;
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/auth/login');
}

/**
 * A visitor books a Sunrise Estates unit, pays in the sandbox dialog and sees it confirmed; staff see it and generate
 * the agreement; the visitor signs it; staff see the signed PDF.
 */
describe('bookings', () => {
  let browser: Browser;
  let visitor: TrackedPage;
  let staff: TrackedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await newPage(browser, { baseUrl });
    staff = await newPage(browser, { baseUrl });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('books, pays in the sandbox and shows the booking to the visitor and the company', async () => {
    const listing = await api<Summary[]>(baseUrl, 'GET', '/public/properties?limit=50');
    const property = (listing.body.data ?? []).find(
      (p) => p.company.name === 'Sunrise Estates' && p.availableUnits > 0,
    );
    expect(property, 'a bookable Sunrise Estates property in the demo data').toBeDefined();
    const account = await registerUser(baseUrl, { firstName: 'Booker', lastName: 'Visitor' });

    await signIn(visitor, account.email, account.password);
    const { page } = visitor;
    await page.goto(`/properties/${property!._id}`);
    await page.getByTestId('book-now').first().click();
    await page.getByTestId('booking-total').waitFor();
    await page.getByLabel('By installments').check();
    await page.getByRole('table', { name: 'Installment schedule' }).waitFor();
    await screenshot(page, 'bookings-wizard');
    await page.getByTestId('booking-continue').click();

    const checkout = page.getByTestId('sandbox-checkout');
    await checkout.waitFor();
    await page.getByRole('tab', { name: 'UPI' }).click();
    await page.getByLabel('UPI ID').waitFor();
    await screenshot(page, 'bookings-sandbox-checkout');
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.getByTestId('booking-confirmation').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('booking-confirmation').textContent())
      .toContain('First installment paid');
    await screenshot(page, 'bookings-confirmed');

    await page.getByRole('link', { name: 'View my bookings' }).click();
    await page.getByTestId('booking-card').first().waitFor();
    expect(await page.getByTestId('booking-card').first().textContent()).toContain('Partially paid');
    await page.getByRole('button', { name: /^Pay installment 2/ }).click();
    await page.getByTestId('sandbox-checkout').waitFor();
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect
      .poll(async () => page.getByTestId('booking-card').first().textContent(), { timeout: 15_000 })
      .toMatch(/#2 .*paid/);
    await screenshot(page, 'bookings-my-bookings');
    expect(visitor.pageErrors).toEqual([]);

    await signIn(staff, DEMO.owner.email, DEMO.owner.password);
    await staff.page.goto('/dashboard/bookings');
    const card = staff.page.getByTestId('booking-card').filter({ hasText: 'Booker Visitor' });
    await card.first().waitFor({ timeout: 15_000 });
    await staff.page.getByRole('region', { name: 'Booking figures' }).getByText('Collected').waitFor();
    // The search narrows the list to this booker.
    await staff.page.getByLabel('Search bookings').fill('Booker Visitor');
    await expect
      .poll(
        async () =>
          (await staff.page.getByTestId('booking-card').allTextContents()).every((t) =>
            t.includes('Booker Visitor'),
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    await screenshot(staff.page, 'bookings-dashboard');

    // The visible filters keep the address in step: a property, then a status chip.
    await staff.page.getByLabel('Property', { exact: true }).selectOption({ label: property!.name });
    await staff.page
      .getByLabel('Unit', { exact: true })
      .locator('option')
      .nth(1)
      .waitFor({ state: 'attached' });
    await staff.page.getByRole('button', { name: 'Partially paid', exact: true }).click();
    await expect.poll(() => new URL(staff.page.url()).searchParams.get('status')).toBe('partially_paid');
    expect(new URL(staff.page.url()).searchParams.get('propertyId')).toBe(property!._id);
    await card.first().waitFor();
    await screenshot(staff.page, 'bookings-dashboard-filters');
    await staff.page.getByRole('button', { name: 'Confirmed', exact: true }).click();
    await expect
      .poll(() => new URL(staff.page.url()).searchParams.get('status'))
      .toBe('partially_paid,confirmed');
    await staff.page.reload();
    await card.first().waitFor({ timeout: 15_000 });
    expect(await staff.page.getByLabel('Property', { exact: true }).inputValue()).toBe(property!._id);

    // The company's agreement template: a custom clause, shown in the live preview, saved.
    await staff.page.getByRole('tab', { name: 'Agreement template' }).click();
    const editor = staff.page.getByTestId('agreement-template');
    await editor.waitFor();
    await editor.getByRole('button', { name: 'Add clause' }).click();
    const clauses = editor.getByTestId('template-clause');
    const last = clauses.last();
    await last.getByPlaceholder('Clause title').fill('Pets');
    await last.getByRole('textbox', { name: /text$/ }).fill('One cat or dog may live in the unit.');
    await staff.page
      .getByTestId('template-preview')
      .getByText('One cat or dog may live in the unit.')
      .waitFor();
    await editor.getByRole('button', { name: 'Save template' }).click();
    await staff.page.getByText('Agreement template saved').first().waitFor({ timeout: 15_000 });
    await screenshot(staff.page, 'bookings-agreement-template');
    const owner = await login(baseUrl, DEMO.owner.email, DEMO.owner.password);
    const companies = await api<{ _id: string; name: string }[]>(baseUrl, 'GET', '/companies', {
      token: owner.token,
    });
    const sunrise = companies.body.data?.find((company) => company.name === 'Sunrise Estates')?._id;
    const saved = await api<{ clauses: { title: string }[] }>(
      baseUrl,
      'GET',
      '/bookings/agreement-template',
      { token: owner.token, companyId: sunrise },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data?.clauses.at(-1)?.title).toBe('Pets');
    await staff.page.getByRole('tab', { name: 'Bookings' }).click();
    await card.first().waitFor();

    // Staff generate the rental agreement from the booking's detail.
    await card.first().getByRole('button', { name: 'Details' }).click();
    const detail = staff.page.getByTestId('booking-detail');
    await detail.waitFor();
    await detail.getByRole('list', { name: 'Timeline' }).waitFor();
    await detail.getByRole('button', { name: 'Generate agreement' }).click();
    await detail.getByText('Awaiting signature').waitFor({ timeout: 15_000 });
    await screenshot(staff.page, 'bookings-detail');

    // The visitor reads and signs it in My bookings.
    await page.reload();
    const mine = page.getByTestId('booking-card').first();
    await mine.getByRole('button', { name: 'Sign agreement' }).click();
    const dialog = page.getByTestId('sign-agreement');
    await dialog.waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Booker Visitor');
    await screenshot(page, 'bookings-sign-agreement');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign agreement' }).click();
    await mine.getByText(/^Signed /).waitFor({ timeout: 15_000 });
    expect(visitor.pageErrors).toEqual([]);

    // Staff see the signed PDF and its audit.
    await staff.page.reload();
    await detail.waitFor();
    await detail.getByText('Booker Visitor (typed name)').waitFor({ timeout: 15_000 });
    const href = await detail.getByRole('link', { name: 'View signed agreement' }).getAttribute('href');
    expect(href).toMatch(/\/agreement\/file\?version=signed/);
    const pdf = await staff.page.request.get(new URL(href!, baseUrl).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await screenshot(staff.page, 'bookings-signed-agreement');
    expect(staff.pageErrors).toEqual([]);
  }, 180_000);
});
