import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login, registerUser } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { waitForLink } from './support/outbox';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('web auth pages', () => {
  it('registers a company, lands on verify-email-pending, verifies from the mailed link and opens the dashboard', async () => {
    const email = `owner-${randomUUID()}@example.test`;
    const { context, page, pageErrors } = await newPage(browser, { baseUrl });
    try {
      await page.goto('/register');
      await page.waitForURL('**/auth/register');
      await expect
        .poll(() => page.getByTestId('auth-headline').textContent())
        .toBe('All-in-one platform for modern property teams');
      await page.getByRole('tab', { name: 'I manage properties' }).click();
      await page.getByRole('button', { name: 'Create company' }).click();
      await page.getByText('Required').first().waitFor();

      await page.getByLabel('Company name').fill('Lakeside Rentals');
      await page.getByLabel('Your first name').fill('Lara');
      await page.getByLabel('Your last name').fill('Lake');
      await page.getByLabel('Work email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Password123!');
      await page.getByLabel('Confirm password').fill('Password124!');
      await page.getByRole('button', { name: 'Create company' }).click();
      await page.getByText('Passwords do not match').waitFor();
      await page.getByLabel('Confirm password').fill('Password123!');
      await page.getByRole('button', { name: 'Create company' }).click();
      await page.waitForURL('**/auth/verify-email-pending');
      await page.getByText(email).waitFor();
      await screenshot(page, 'web-verify-email-pending');

      const link = await waitForLink(dataDir, email, '/auth/verify-email');
      await page.goto(new URL(link).pathname);
      await page.getByRole('heading', { name: 'Email verified' }).waitFor();
      await expect
        .poll(() => page.getByTestId('auth-headline').textContent())
        .toBe('Just one step left to unlock the product');
      await page.getByRole('link', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByText('Lakeside Rentals').first().waitFor();
      expect(await page.getByTestId('user-card').textContent()).toContain('Lara Lake');
      expect(await page.getByTestId('company-label').textContent()).toContain('Lakeside Rentals');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the server error on a failed sign-in and the spec headlines on the auth pages', async () => {
    const { context, page } = await newPage(browser, { baseUrl });
    try {
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill(DEMO.owner.email);
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
      await screenshot(page, 'web-login-error');

      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/auth/forgot-password');
      await expect
        .poll(() => page.getByTestId('auth-headline').textContent())
        .toBe("We'll help you get back in");
      await page.goto('/auth/reset-password/0123456789abcdef');
      await expect
        .poll(() => page.getByTestId('auth-headline').textContent())
        .toBe('Secure your account with a fresh start');
    } finally {
      await context.close();
    }
  });

  it('resets a forgotten password from the mailed link and signs in', async () => {
    const user = await registerUser(baseUrl);
    const { context, page } = await newPage(browser, { baseUrl });
    try {
      await page.goto('/auth/forgot-password');
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      const link = await waitForLink(dataDir, user.email, '/auth/reset-password');
      await page.goto(new URL(link).pathname);
      await page.getByLabel('New password', { exact: true }).fill('BrandNew123!');
      await page.getByLabel('Confirm new password').fill('BrandNew123!');
      await page.getByRole('button', { name: 'Reset password' }).click();
      // A person's account is a tenant: the reset signs in and opens the tenant area.
      await page.waitForURL((url) => url.pathname === '/tenant');
      await login(baseUrl, user.email, 'BrandNew123!');
    } finally {
      await context.close();
    }
  });
});

describe('web contact form and profile', () => {
  it('the contact form stores a lead the super admin can list', async () => {
    const subject = `Upgrade enquiry ${randomUUID().slice(0, 8)}`;
    const { context, page } = await newPage(browser, { baseUrl });
    try {
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Please write at least 10 characters').waitFor();
      await page.getByLabel('Name').fill('Priya Prospect');
      await page.getByLabel('Email').fill('priya@example.test');
      await page.getByLabel('Subject').fill(subject);
      await page.getByLabel('Message').fill('We manage 40 flats and want bookings and payments.');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByRole('heading', { name: 'Thanks, your message is on its way' }).waitFor();
      await screenshot(page, 'web-contact-sent');
    } finally {
      await context.close();
    }
    const superAdmin = await login(baseUrl, DEMO.superAdmin.email, DEMO.superAdmin.password);
    const leads = await api<{ subject: string; source: string }[]>(
      baseUrl,
      'GET',
      `/leads?search=${encodeURIComponent(subject)}`,
      { token: superAdmin.token },
    );
    expect(leads.status).toBe(200);
    expect(leads.body.data).toEqual([expect.objectContaining({ subject, source: 'contact-page' })]);
  });

  it('updates the profile and changes the password for real', async () => {
    const user = await registerUser(baseUrl);
    const { context, page } = await newPage(browser, { baseUrl });
    try {
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/tenant');
      await page.goto('/tenant/profile');
      await page.getByLabel('First name').fill('Renamed');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page
        .locator('[data-toast-type="success"]')
        .getByText('Profile updated', { exact: true })
        .waitFor();
      await page.getByTestId('tenant-welcome').getByText('Renamed').waitFor();

      await page.getByLabel('Current password').fill('not-my-password');
      await page.getByLabel('New password', { exact: true }).fill('Another123!');
      await page.getByLabel('Confirm new password').fill('Another123!');
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('Current password is incorrect').waitFor();

      await page.getByLabel('Current password').fill(user.password);
      await page.getByRole('button', { name: 'Update password' }).click();
      await page
        .locator('[data-toast-type="success"]')
        .getByText('Password changed', { exact: true })
        .waitFor();
      await screenshot(page, 'web-profile');
      const me = await login(baseUrl, user.email, 'Another123!');
      expect(me.user.firstName).toBe('Renamed');
    } finally {
      await context.close();
    }
  });
});
